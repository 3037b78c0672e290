import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TREASURY_KIND_LABELS } from '@contract/values/accounts';
import type { AccountAdmin } from '@contract/accounts';
import { errorMessage } from '@/shared/lib/errors';
import { usePageTitle } from '@/shared/level/page-title';
import { usePermissions } from '@/shared/permissions/use-permissions';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { CheckboxField } from '@/shared/ui/checkbox-field';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table';
import { FormError } from '@/shared/ui/form-error';
import { MaybeLink } from '@/shared/ui/maybe-link';
import { SearchField } from '@/shared/ui/text-field';
import { notify } from '@/shared/ui/toast';
import { useAccountList, useCreateAccount } from '../api/accounts';
import { AccountForm } from '../components/account-form';
import { accountClass, emptyAccountForm, toAccountBody } from '../lib/form';

/** 'comptes-operation': the chart of operation accounts, searched, with the archived ones apart. */
export function AccountListPage() {
  const paths = useSpacePaths();
  usePageTitle("Comptes d'opération", { back: paths.here });
  const navigate = useNavigate();
  const [archived, setArchived] = useState(false);
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const list = useAccountList(archived);
  const create = useCreateAccount();
  const can = usePermissions(['operation_account:create']);
  const needle = search.trim().toLowerCase();
  const rows = list.data?.filter(
    (a) => !needle || a.name.toLowerCase().includes(needle) || a.code.startsWith(needle),
  );

  const columns: DataTableColumn<AccountAdmin>[] = [
    {
      key: 'code',
      header: 'Numéro',
      className: 'whitespace-nowrap',
      cell: (row) => {
        return <MaybeLink to={paths.page('accounts.detail', { id: row.id })}>{row.code}</MaybeLink>;
      },
    },
    { key: 'name', header: 'Nom', mobile: 'title', cell: (row) => row.name },
    { key: 'class', header: 'Classe', cell: (row) => accountClass(row.code) },
    { key: 'category', header: 'Catégorie', cell: (row) => row.category },
    {
      key: 'kind',
      header: 'Type',
      cell: (row) =>
        row.journal_type
          ? `${TREASURY_KIND_LABELS[row.journal_type]}${row.operator ? ` (${row.operator})` : ''}`
          : '—',
    },
    {
      key: 'status',
      header: 'Statut',
      cell: (row) => (row.active ? <Badge tone="green">Actif</Badge> : <Badge tone="gray">Archivé</Badge>),
    },
  ];

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-full max-w-md">
          <SearchField placeholder="Nom ou début du numéro…" value={search} onChange={setSearch} />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <CheckboxField
            label="Comptes archivés"
            checked={archived}
            onChange={(event) => setArchived(event.target.checked)}
          />
          {paths.page('accounts.authorizations') && (
            <Button variant="secondary" onClick={() => navigate(paths.page('accounts.authorizations')!)}>
              Autorisations
            </Button>
          )}
          {can.has('operation_account:create') && !adding && (
            <Button onClick={() => setAdding(true)}>Nouveau compte</Button>
          )}
        </div>
      </div>
      {adding && (
        <Card title="Nouveau compte">
          <AccountForm
            initial={emptyAccountForm}
            submitLabel="Créer le compte"
            onCancel={() => setAdding(false)}
            onSubmit={async (values) => {
              await create.mutateAsync(toAccountBody(values));
              notify.success('Compte créé.');
              setAdding(false);
            }}
          />
        </Card>
      )}
      {list.isError ? (
        <FormError message={errorMessage(list.error)} />
      ) : (
        <DataTable
          caption="Plan des comptes d'opération"
          columns={columns}
          rows={rows}
          loading={list.isPending}
          emptyText="Aucun compte"
        />
      )}
    </div>
  );
}
