import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { EntityRef } from '@contract/common';
import type { ExternalAccountant } from '@contract/members';
import { errorMessage } from '@/shared/lib/errors';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { usePageTitle } from '@/shared/level/page-title';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { Combobox } from '@/shared/ui/combobox';
import { DataTable } from '@/shared/ui/data-table';
import { Dialog } from '@/shared/ui/dialog';
import { FormActions } from '@/shared/ui/form-actions';
import { SearchField, TextField } from '@/shared/ui/text-field';
import { notify } from '@/shared/ui/toast';
import {
  ACCOUNTANTS_PAGE_SIZE,
  useChurchSearch,
  useCreateAccountant,
  useEditManagedChurches,
  useExternalAccountants,
} from '../api/members-api';
import { FormError } from '@/shared/ui/form-error';

/** Churches chosen one by one from a search (the managed churches of an accountant). */
function ChurchPicker({
  value,
  onChange,
}: {
  value: EntityRef[];
  onChange: (churches: EntityRef[]) => void;
}) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 500);
  const churches = useChurchSearch(debounced);
  const chosen = new Set(value.map((c) => c.id));
  return (
    <div className="space-y-2">
      <Combobox<number>
        label="Ajouter une église"
        placeholder="Rechercher une église…"
        options={(churches.data ?? []).map((c) => ({
          value: c.id,
          label: c.name,
          disabled: chosen.has(c.id),
        }))}
        value={null}
        onChange={(_id, option) => option && onChange([...value, { id: option.value, name: option.label }])}
        onSearchChange={setSearch}
        loading={churches.isFetching}
        emptyText="Aucune église"
      />
      {value.length === 0 ? (
        <p className="text-sm text-slate-500">Aucune église</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Églises gérées">
          {value.map((church) => (
            <li key={church.id}>
              <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pl-3 pr-1 text-sm text-slate-800">
                {church.name}
                <button
                  type="button"
                  aria-label={`Retirer ${church.name}`}
                  className="rounded-full px-2 text-slate-500 hover:bg-slate-200"
                  onClick={() => onChange(value.filter((c) => c.id !== church.id))}
                >
                  ×
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const accountantFormSchema = z.object({
  firstname: z.string().trim().min(1, 'Le prénom est requis.'),
  lastname: z.string().trim().min(1, 'Le nom est requis.'),
  email: z.string().trim().min(1, "L'e-mail est requis.").pipe(z.email('Format email invalide')),
  phone: z
    .string()
    .trim()
    .regex(/^(\+?[0-9 ]{6,30})?$/, 'Numéro de téléphone invalide.'),
  password: z.string().min(8, 'Le mot de passe doit contenir au moins 8 caractères.'),
});
type AccountantForm = z.infer<typeof accountantFormSchema>;

function CreateAccountantDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateAccountant();
  const [churches, setChurches] = useState<EntityRef[]>([]);
  const form = useForm<AccountantForm>({
    resolver: zodResolver(accountantFormSchema),
    defaultValues: { firstname: '', lastname: '', email: '', phone: '', password: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    create.mutate(
      { ...values, phone: values.phone || undefined, church_ids: churches.map((c) => c.id) },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          form.reset();
          setChurches([]);
          onClose();
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    ),
  );
  return (
    <Dialog
      open={open}
      onOpenChange={(value) => !value && onClose()}
      title="Nouveau comptable externe"
      size="lg"
    >
      <form noValidate onSubmit={submit} className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Prénom" required {...form.register('firstname')} error={errors.firstname} />
          <TextField label="Nom" required {...form.register('lastname')} error={errors.lastname} />
          <TextField label="E-mail" type="email" required {...form.register('email')} error={errors.email} />
          <TextField label="Téléphone" type="tel" {...form.register('phone')} error={errors.phone} />
          <TextField
            label="Mot de passe"
            type="password"
            required
            autoComplete="new-password"
            {...form.register('password')}
            error={errors.password}
          />
        </div>
        <ChurchPicker value={churches} onChange={setChurches} />
        <FormActions
          saving={create.isPending}
          submitLabel="Créer"
          onCancel={onClose}
          cancelDisabled={false}
        />
      </form>
    </Dialog>
  );
}

function ManagedChurchesDialog({
  accountant,
  onClose,
}: {
  accountant: ExternalAccountant | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={accountant !== null}
      onOpenChange={(value) => !value && onClose()}
      title="Églises gérées"
      description={accountant ? `${accountant.firstname} ${accountant.lastname}` : undefined}
    >
      {accountant && <ManagedChurchesForm accountant={accountant} onClose={onClose} />}
    </Dialog>
  );
}

function ManagedChurchesForm({
  accountant,
  onClose,
}: {
  accountant: ExternalAccountant;
  onClose: () => void;
}) {
  const [churches, setChurches] = useState<EntityRef[]>(accountant.managedChurches);
  const edit = useEditManagedChurches();
  return (
    <div className="space-y-4">
      <ChurchPicker value={churches} onChange={setChurches} />
      <FormActions
        saving={edit.isPending}
        onConfirm={() =>
          edit.mutate(
            { userId: accountant.id, churchIds: churches.map((c) => c.id) },
            {
              onSuccess: (answer) => {
                notify.success(answer.message);
                onClose();
              },
              onError: (error) => notify.error(errorMessage(error)),
            },
          )
        }
        onCancel={onClose}
        cancelDisabled={false}
      />
    </div>
  );
}

/** /admin/comptables-externes: the external accountants and the churches each manages. */
export function ExternalAccountantsPage() {
  const back = useSpacePaths().here;
  usePageTitle('Comptables externes', { back });
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 500);
  const [paging, setPaging] = useState({ search: '', page: 1 });
  const page = paging.search === debounced ? paging.page : 1;
  const list = useExternalAccountants(debounced, page);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ExternalAccountant | null>(null);

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <Card>
        <div className="mb-3 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div className="w-full sm:max-w-sm">
            <SearchField placeholder="Rechercher un comptable..." value={search} onChange={setSearch} />
          </div>
          <Button type="button" onClick={() => setCreating(true)}>
            Nouveau comptable externe
          </Button>
        </div>
        {list.isError ? (
          <FormError message={errorMessage(list.error)} />
        ) : (
          <DataTable
            caption="Comptables externes"
            rows={list.data?.data}
            loading={list.isPending}
            emptyText="Aucun résultat"
            columns={[
              {
                key: 'name',
                header: 'Nom',
                cell: (a) => (
                  <div>
                    <div className="font-medium text-slate-900">
                      {a.firstname} {a.lastname}
                    </div>
                    <div className="text-xs text-slate-500">{a.email ?? 'Non renseigné'}</div>
                  </div>
                ),
              },
              { key: 'phone', header: 'Téléphone', cell: (a) => a.phone || 'Non renseigné' },
              {
                key: 'churches',
                header: 'Églises gérées',
                cell: (a) =>
                  a.managedChurches.length === 0 ? (
                    <span className="text-slate-500">Aucune église</span>
                  ) : (
                    <div className="flex flex-wrap gap-1">
                      {a.managedChurches.map((c) => (
                        <Badge key={c.id}>{c.name}</Badge>
                      ))}
                    </div>
                  ),
              },
              {
                key: 'actions',
                header: <span className="sr-only">Actions</span>,
                align: 'right',
                cell: (a) => (
                  <Button variant="secondary" size="sm" onClick={() => setEditing(a)}>
                    Choisir les églises
                  </Button>
                ),
              },
            ]}
            pagination={{
              page,
              limit: list.data?.meta.limit ?? ACCOUNTANTS_PAGE_SIZE,
              total: list.data?.meta.total ?? 0,
              onPageChange: (next) => setPaging({ search: debounced, page: next }),
            }}
          />
        )}
      </Card>
      <CreateAccountantDialog open={creating} onClose={() => setCreating(false)} />
      <ManagedChurchesDialog accountant={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
