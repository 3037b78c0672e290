import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ASSET_DISPOSAL_KIND_LABELS, FIXED_ASSET_SORTS } from '@contract/values/fixed-assets';
import type { FixedAsset } from '@contract/fixed-assets';
import { errorMessage } from '@/shared/lib/errors';
import { formatDate } from '@/shared/lib/format';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { levelEntity, useLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { usePermissions } from '@/shared/permissions/use-permissions';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { useListSort } from '@/shared/routing/use-list-sort';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table';
import { FormError } from '@/shared/ui/form-error';
import { Badge } from '@/shared/ui/badge';
import { MaybeLink } from '@/shared/ui/maybe-link';
import { Money } from '@/shared/ui/money';
import { SearchField } from '@/shared/ui/text-field';
import { ASSET_PAGE_SIZE, useAssetList, useAssetStatistics } from '../api/fixed-assets';
import { ASSET_WRITE_CODE, assetPermissionEntity } from '../lib/labels';

type AccountRow = {
  operation_account_id: number | null;
  name: string;
  count: number;
  total_cost: number;
  net_book_value: number;
};

/** 'immobilisations': the Level's register of fixed assets, its totals by asset account, searched and paged. */
export function AssetListPage() {
  const paths = useSpacePaths();
  usePageTitle('Immobilisations', { back: paths.here });
  const level = useLevel();
  const entity = levelEntity(level);
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 500);
  const sorting = useListSort(FIXED_ASSET_SORTS, { sort: 'date', order: 'desc' });
  // a page belongs to one search and one order: changing either starts again at page 1
  const pagingKey = JSON.stringify([debounced, sorting.query]);
  const [paging, setPaging] = useState({ key: JSON.stringify(['', {}]), page: 1 });
  const page = paging.key === pagingKey ? paging.page : 1;
  const list = useAssetList(entity, debounced, page, sorting.query);
  const stats = useAssetStatistics(entity);
  const permissions = usePermissions([ASSET_WRITE_CODE], assetPermissionEntity(level));
  const addPath = paths.page('fixed-assets.new');

  const columns: DataTableColumn<FixedAsset>[] = [
    {
      key: 'name',
      header: 'Désignation',
      sortKey: 'name',
      mobile: 'title',
      cell: (row) => {
        return <MaybeLink to={paths.page('fixed-assets.detail', { assetId: row.id })}>{row.name}</MaybeLink>;
      },
    },
    { key: 'account', header: 'Compte', cell: (row) => row.operationAccount?.name ?? '—' },
    {
      key: 'date',
      header: "Date d'achat",
      sortKey: 'date',
      sortFirst: 'desc',
      className: 'whitespace-nowrap',
      cell: (row) => (row.purchase_date ? formatDate(row.purchase_date) : '—'),
    },
    {
      key: 'cost',
      header: 'Coût total',
      align: 'right',
      sortKey: 'cost',
      sortFirst: 'desc',
      className: 'whitespace-nowrap',
      cell: (row) => <Money amount={row.total_cost} />,
    },
    {
      key: 'depreciation',
      header: 'Amortissement',
      cell: (row) =>
        row.depreciable
          ? row.annual_depreciation_rate !== null
            ? `${String(row.annual_depreciation_rate).replace('.', ',')} % par an`
            : `${row.useful_life_years} an${(row.useful_life_years ?? 0) > 1 ? 's' : ''}`
          : 'Non amortissable',
    },
    {
      key: 'status',
      header: 'Statut',
      sortKey: 'status',
      cell: (row) =>
        row.disposal ? (
          <Badge tone="gray">
            {ASSET_DISPOSAL_KIND_LABELS[row.disposal.kind]} le {formatDate(row.disposal.date)}
          </Badge>
        ) : (
          'En service'
        ),
    },
  ];

  const accountColumns: DataTableColumn<AccountRow>[] = [
    { key: 'name', header: 'Catégorie', mobile: 'title', cell: (row) => row.name },
    { key: 'count', header: 'Nombre', align: 'right', cell: (row) => row.count },
    {
      key: 'gross',
      header: 'Valeur brute',
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (row) => <Money amount={row.total_cost} />,
    },
    {
      key: 'net',
      header: 'Valeur nette',
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (row) => <Money amount={row.net_book_value} />,
    },
  ];

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      {stats.isError ? (
        <FormError message={errorMessage(stats.error)} />
      ) : (
        <Card title="Statistiques">
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <div>
              <dt className="text-xs text-slate-600">Immobilisations</dt>
              <dd className="text-lg font-semibold">{stats.data?.count ?? '…'}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">Valeur brute</dt>
              <dd className="text-lg font-semibold">
                {stats.data ? <Money amount={stats.data.total_cost} wrap /> : '…'}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">Valeur nette comptable</dt>
              <dd className="text-lg font-semibold">
                {stats.data ? <Money amount={stats.data.net_book_value} wrap /> : '…'}
              </dd>
            </div>
          </dl>
          {stats.data && stats.data.by_account.length > 0 && (
            <div className="mt-4">
              <DataTable
                caption="Valeurs par catégorie"
                columns={accountColumns}
                rows={stats.data.by_account}
                getRowKey={(row) => row.operation_account_id ?? 0}
              />
            </div>
          )}
        </Card>
      )}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-full max-w-md">
          <SearchField placeholder="Nom, référence ou fournisseur…" value={search} onChange={setSearch} />
        </div>
        {addPath && permissions.has(ASSET_WRITE_CODE) && (
          <Button onClick={() => navigate(addPath)}>Nouvelle immobilisation</Button>
        )}
      </div>
      {list.isError ? (
        <FormError message={errorMessage(list.error)} />
      ) : (
        <DataTable
          caption="Liste des immobilisations"
          columns={columns}
          rows={list.data?.data}
          loading={list.isPending}
          emptyText={debounced ? `Aucune immobilisation pour « ${debounced} »` : 'Aucune immobilisation'}
          pagination={{
            page,
            limit: list.data?.meta.limit ?? ASSET_PAGE_SIZE,
            total: list.data?.meta.total ?? 0,
            onPageChange: (next) => setPaging({ key: pagingKey, page: next }),
          }}
          sorting={sorting.table}
        />
      )}
    </div>
  );
}
