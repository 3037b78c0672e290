import { useState } from 'react';
import type { AccountAdmin } from '@contract/accounts';
import type { EntityType } from '@contract/common';
import { useAuthorizedAccounts } from '@/shared/api/authorized-accounts';
import { errorMessage } from '@/shared/lib/errors';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { usePageTitle } from '@/shared/level/page-title';
import { KIND_OF, useEntitySearch } from '@/shared/org/entities';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Badge } from '@/shared/ui/badge';
import { Combobox } from '@/shared/ui/combobox';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table';
import { FormError } from '@/shared/ui/form-error';
import { Select } from '@/shared/ui/select';
import { useAccountList } from '../api/accounts';

const LEVELS: Array<{ value: EntityType; label: string }> = [
  { value: 'NATIONAL_OFFICE', label: 'Bureau national' },
  { value: 'REGION', label: 'Région' },
  { value: 'SECTION', label: 'Section' },
  { value: 'CHURCH', label: 'Église' },
];

/**
 * 'comptes-operation/autorisations': which accounts an entity may use, as every picker and money write
 * reads them (GET /operation-accounts/authorized): the active chart, less what its office forbids.
 */
export function AuthorizationsPage() {
  const paths = useSpacePaths();
  usePageTitle('Autorisations des comptes', { back: paths.page('accounts.list') ?? paths.home });
  const [level, setLevel] = useState<EntityType>('NATIONAL_OFFICE');
  const [entityId, setEntityId] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const entities = useEntitySearch<{ id: number; name: string }>(KIND_OF[level], {
    search: debounced,
    limit: 10,
  });
  const chart = useAccountList(false);
  const entity = entityId === null ? null : { entityType: level, entityId };
  const authorized = useAuthorizedAccounts(entity);
  const allowed = new Set((authorized.data ?? []).map((a) => a.id));

  const columns: DataTableColumn<AccountAdmin>[] = [
    { key: 'code', header: 'Numéro', className: 'whitespace-nowrap', cell: (row) => row.code },
    { key: 'name', header: 'Nom', mobile: 'title', cell: (row) => row.name },
    { key: 'category', header: 'Catégorie', cell: (row) => row.category },
    {
      key: 'allowed',
      header: 'Autorisation',
      cell: (row) =>
        allowed.has(row.id) ? <Badge tone="green">Autorisé</Badge> : <Badge tone="red">Interdit</Badge>,
    },
  ];

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label="Niveau"
          options={LEVELS}
          value={level}
          onChange={(value) => {
            setLevel(value as EntityType);
            setEntityId(null);
          }}
        />
        <Combobox<number>
          label="Entité"
          options={(entities.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
          value={entityId}
          onChange={(value) => setEntityId(value)}
          onSearchChange={setSearch}
          loading={entities.isFetching}
          emptyText="Aucune entité"
          placeholder="Rechercher…"
        />
      </div>
      {entity === null ? (
        <p className="text-sm text-slate-700">
          Choisissez une entité pour voir les comptes qu’elle peut utiliser.
        </p>
      ) : chart.isError || authorized.isError ? (
        <FormError message={errorMessage(chart.error ?? authorized.error)} />
      ) : (
        <DataTable
          caption="Comptes autorisés à l'entité"
          columns={columns}
          rows={authorized.data ? chart.data : undefined}
          loading={chart.isPending || authorized.isPending}
          emptyText="Aucun compte"
        />
      )}
    </div>
  );
}
