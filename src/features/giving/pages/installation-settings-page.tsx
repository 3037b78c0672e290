import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { errorMessage } from '@/shared/lib/errors';
import { formatDateTime } from '@/shared/lib/format';
import { usePageTitle } from '@/shared/level/page-title';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { FormError, LoadError } from '@/shared/ui/form-error';
import { BlockSpinner } from '@/shared/ui/spinner';
import { TextField } from '@/shared/ui/text-field';
import { notify } from '@/shared/ui/toast';
import { useInstallationSettings, useUpdateInstallation } from '../api/giving';
import { installationFormSchema, type InstallationFormValues } from '../lib/forms';

/**
 * 'Paramètres de paiement' of the administrator (/admin/parametres-paiement): the denomination's own
 * LigdiCash merchant account, through which the churches that collect centrally take their gifts.
 * Stored encrypted, never shown again.
 */
export function InstallationSettingsPage() {
  usePageTitle('Paramètres de paiement');
  const settings = useInstallationSettings();
  const update = useUpdateInstallation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<InstallationFormValues>({
    resolver: zodResolver(installationFormSchema),
    defaultValues: { api_key: '', api_token: '' },
  });
  const { register, handleSubmit, formState, reset } = form;
  const save = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await update.mutateAsync(values);
      reset({ api_key: '', api_token: '' });
      notify.success('Compte marchand de la dénomination enregistré.');
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  const clear = async () => {
    setFailure(null);
    try {
      await update.mutateAsync({ clear_keys: true });
      notify.success('Clé effacée.');
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  if (settings.isPending) return <BlockSpinner />;
  if (settings.isError) return <LoadError error={settings.error} />;
  const s = settings.data;
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <Card
        title="Compte marchand de la dénomination"
        description="Les églises qui encaissent par la dénomination reçoivent leurs dons en ligne par ce compte LigdiCash."
      >
        <dl className="space-y-1 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-slate-500">Clé enregistrée</dt>
            <dd className="font-medium">{s.has_key ? `••••${s.key_hint}` : 'aucune'}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-500">Églises qui encaissent par ce compte</dt>
            <dd className="font-medium tabular-nums">{s.churches}</dd>
          </div>
          {s.updated_at && (
            <div className="flex justify-between gap-4">
              <dt className="text-slate-500">Modifié le</dt>
              <dd className="font-medium">{formatDateTime(s.updated_at)}</dd>
            </div>
          )}
        </dl>
        {s.simulator && (
          <p className="mt-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
            Ce serveur paie par le simulateur LigdiCash intégré (LIGDICASH_API_URL vide) : la clé sert une
            fois LigdiCash configuré.
          </p>
        )}
      </Card>
      <form onSubmit={save} noValidate aria-label="Clé LigdiCash de la dénomination" className="space-y-4">
        <Card title={s.has_key ? 'Remplacer la clé' : 'Enregistrer la clé'}>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField
              label="Clé API"
              type="password"
              autoComplete="off"
              required
              {...register('api_key')}
              error={formState.errors.api_key}
            />
            <TextField
              label="Jeton API"
              type="password"
              autoComplete="off"
              required
              {...register('api_token')}
              error={formState.errors.api_token}
            />
          </div>
        </Card>
        <FormError message={failure} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {s.has_key && (
            <Button variant="secondary" onClick={() => void clear()} disabled={update.isPending}>
              Effacer la clé
            </Button>
          )}
          <Button type="submit" loading={formState.isSubmitting}>
            Enregistrer
          </Button>
        </div>
      </form>
    </div>
  );
}

export default InstallationSettingsPage;
