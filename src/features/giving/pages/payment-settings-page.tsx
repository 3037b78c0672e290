import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { GivingSettings } from '@contract/giving';
import { ACCOUNT_CATEGORIES } from '@contract/values/accounts';
import { useAuthorizedAccounts } from '@/shared/api/authorized-accounts';
import { errorMessage } from '@/shared/lib/errors';
import { formatDateTime } from '@/shared/lib/format';
import { levelEntity, useLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { CheckboxField } from '@/shared/ui/checkbox-field';
import { FormError, LoadError } from '@/shared/ui/form-error';
import { Select } from '@/shared/ui/select';
import { BlockSpinner } from '@/shared/ui/spinner';
import { TextField } from '@/shared/ui/text-field';
import { notify } from '@/shared/ui/toast';
import { useGivingSettings, useUpdateSettings } from '../api/giving';
import { GivingPoster, PosterPrintStyles } from '../components/giving-poster';
import { settingsDefaults, settingsFormSchema, toSettingsBody, type SettingsFormValues } from '../lib/forms';
import { GIVING_COLLECTION_LABELS, givingPageUrl } from '../lib/labels';

function Line({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 border-b border-slate-100 py-1.5 text-sm last:border-0">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
    </div>
  );
}

/** What a reader of the settings sees (the pastor): no form. */
function SettingsSummary({ settings }: { settings: GivingSettings }) {
  return (
    <Card
      title="Don en ligne"
      description="Lecture seule : seuls les trésoriers de l’église modifient ces paramètres."
    >
      <dl>
        <Line label="Dons en ligne" value={settings.enabled ? 'Acceptés' : 'Fermés'} />
        <Line label="Compte de réception" value={settings.payment_account?.name ?? '—'} />
        <Line label="Compte marchand" value={GIVING_COLLECTION_LABELS[settings.collection]} />
        <Line
          label="Clé LigdiCash"
          value={settings.has_key ? `enregistrée (••••${settings.key_hint})` : 'aucune'}
        />
      </dl>
    </Card>
  );
}

function SettingsForm({ settings }: { settings: GivingSettings }) {
  const churchId = settings.church.id;
  const accounts = useAuthorizedAccounts(
    { entityType: 'CHURCH', entityId: churchId },
    ACCOUNT_CATEGORIES.TREASURY,
  );
  const electronic = (accounts.data ?? []).filter((a) => a.journal_type === 'ELECTRONIK');
  const update = useUpdateSettings();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SettingsFormValues>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: settingsDefaults(settings),
  });
  const { control, register, handleSubmit, formState, reset } = form;
  const collection = useWatch({ control, name: 'collection' });
  useEffect(() => reset(settingsDefaults(settings)), [settings, reset]);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await update.mutateAsync(toSettingsBody(churchId, settingsFormSchema.parse(values)));
      notify.success('Paramètres de paiement enregistrés.');
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Paramètres du don en ligne" className="space-y-4">
      <Card title="Don en ligne">
        <div className="space-y-4">
          <CheckboxField
            label="Accepter les dons en ligne (mobile money et carte)"
            hint="Les fidèles donnent depuis « Mes contributions », les visiteurs depuis la page publique de l’église."
            {...register('enabled')}
          />
          <Controller
            control={control}
            name="payment_account_id"
            render={({ field }) => (
              <Select
                label="Compte de trésorerie qui reçoit les dons (Électronique)"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                placeholder={accounts.isPending ? 'Chargement…' : 'Choisir un compte'}
                options={electronic.map((a) => ({ value: String(a.id), label: `${a.code} — ${a.name}` }))}
                error={formState.errors.payment_account_id}
              />
            )}
          />
        </div>
      </Card>
      <Card
        title="Compte marchand LigdiCash"
        description={
          settings.simulator
            ? 'Ce serveur paie par le simulateur LigdiCash intégré (LIGDICASH_API_URL vide) : aucune clé n’est nécessaire pour essayer.'
            : 'La clé API et le jeton de votre projet LigdiCash : chiffrés dans la base, jamais réaffichés.'
        }
      >
        <div className="space-y-4">
          <Controller
            control={control}
            name="collection"
            render={({ field }) => (
              <Select
                label="Les dons sont encaissés par"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                options={(['church', 'central'] as const).map((value) => ({
                  value,
                  label: GIVING_COLLECTION_LABELS[value],
                }))}
                hint={
                  collection === 'central' && !settings.central_available
                    ? 'La dénomination n’a pas encore enregistré son compte marchand.'
                    : undefined
                }
              />
            )}
          />
          {collection === 'church' && (
            <>
              <p className="text-sm text-slate-600">
                {settings.has_key ? `Clé enregistrée : ••••${settings.key_hint}` : 'Aucune clé enregistrée.'}
              </p>
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                <TextField
                  label={settings.has_key ? 'Nouvelle clé API' : 'Clé API'}
                  type="password"
                  autoComplete="off"
                  {...register('api_key')}
                  error={formState.errors.api_key}
                />
                <TextField
                  label={settings.has_key ? 'Nouveau jeton API' : 'Jeton API'}
                  type="password"
                  autoComplete="off"
                  {...register('api_token')}
                  error={formState.errors.api_token}
                />
              </div>
              {settings.has_key && (
                <CheckboxField label="Effacer la clé enregistrée" {...register('clear_keys')} />
              )}
            </>
          )}
        </div>
      </Card>
      <FormError message={failure} />
      <div className="flex justify-end">
        <Button type="submit" loading={formState.isSubmitting}>
          Enregistrer
        </Button>
      </div>
    </form>
  );
}

/**
 * 'Paramètres de paiement' (/mon-eglise/parametres-paiement): whether the church takes gifts online, the
 * electronic account they land on, its LigdiCash merchant account (its own key, or the denomination's),
 * and its public giving page with the printable A4 poster.
 */
export function PaymentSettingsPage() {
  usePageTitle('Paramètres de paiement');
  const entity = levelEntity(useLevel());
  const settings = useGivingSettings(entity?.entityId ?? 0);
  if (settings.isPending) return <BlockSpinner />;
  if (settings.isError) return <LoadError error={settings.error} />;
  const s = settings.data;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="space-y-4 print:hidden">
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <Badge tone={s.enabled ? 'green' : 'gray'}>
            {s.enabled ? 'Dons en ligne acceptés' : 'Dons en ligne fermés'}
          </Badge>
          {s.updated_at && <span>Modifié le {formatDateTime(s.updated_at)}</span>}
        </p>
        {s.can_manage ? <SettingsForm settings={s} /> : <SettingsSummary settings={s} />}
      </div>
      {s.code && (
        <section aria-labelledby="poster-title" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
            <h2 id="poster-title" className="text-lg font-semibold text-slate-900">
              Page publique et affiche
            </h2>
            <Button variant="secondary" onClick={() => window.print()} disabled={!s.enabled}>
              Imprimer l’affiche (A4)
            </Button>
          </div>
          <p className="text-sm text-slate-600 print:hidden">
            Les visiteurs et les fidèles sans compte donnent sur{' '}
            <a href={givingPageUrl(s.code)} className="break-all text-brand-700 underline">
              {givingPageUrl(s.code)}
            </a>
            {s.enabled ? '.' : ' (fermée tant que les dons en ligne ne sont pas acceptés).'}
          </p>
          <PosterPrintStyles />
          <GivingPoster churchName={s.church.name} code={s.code} />
        </section>
      )}
    </div>
  );
}

export default PaymentSettingsPage;
