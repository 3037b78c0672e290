import { useState } from 'react';
import type { Subscription } from '@contract/subscriptions';
import { SUBSCRIPTION_SORTS } from '@contract/values/subscriptions';
import { levelEntity, RouteNotFoundError, useLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { permissionEntity } from '@/shared/level/wire';
import { formatDate } from '@/shared/lib/format';
import { usePermission } from '@/shared/permissions/use-permissions';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { useListSort } from '@/shared/routing/use-list-sort';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table';
import { FormError } from '@/shared/ui/form-error';
import { MaybeLink } from '@/shared/ui/maybe-link';
import { Money } from '@/shared/ui/money';
import { errorMessage } from '@/shared/lib/errors';
import { SUBSCRIPTION_PAGE_SIZE, useSubscriptionList } from '../api/subscriptions';
import { CreateSubscriptionDialog } from '../components/create-subscription-dialog';
import { PaidBadge } from '../components/paid-badge';
import { SubscriptionTypesCard } from '../components/subscription-types-card';
import { periodLabel } from '../lib/forms';

export type SubscriptionListPageProps = {
  /** 'Nouvelle souscription' for whoever holds `subscription:create` (the admin, the national office) */
  create?: boolean;
  /** the admin's management of the subscription types */
  manageTypes?: boolean;
};

/**
 * The subscriptions of the Level's group (SPEC.md section 2): date, billed period, amount, paid badge,
 * newest first, paginated by the server. Rows open 'Détails de la souscription'.
 */
export function SubscriptionListPage({ create = false, manageTypes = false }: SubscriptionListPageProps) {
  const paths = useSpacePaths();
  usePageTitle('Souscriptions', { back: paths.here });
  const level = useLevel();
  const entity = levelEntity(level);
  if (!entity) throw new RouteNotFoundError();
  const sorting = useListSort(SUBSCRIPTION_SORTS, { sort: 'date', order: 'desc' });
  // a page belongs to one order: a new sort starts again at page 1
  const sortKey = JSON.stringify(sorting.query);
  const [paging, setPaging] = useState({ key: '{}', page: 1 });
  const page = paging.key === sortKey ? paging.page : 1;
  const list = useSubscriptionList(entity, page, sorting.query);
  const canCreate = usePermission('subscription:create', permissionEntity(entity));

  const detail = (row: Subscription) => paths.record('subscriptions.detail', { subscriptionId: row.id });
  const columns: DataTableColumn<Subscription>[] = [
    {
      key: 'date',
      header: 'Date',
      sortKey: 'date',
      sortFirst: 'desc',
      className: 'whitespace-nowrap',
      cell: (row) => {
        const text = formatDate(row.start_date);
        return (
          <MaybeLink
            to={detail(row)}
            aria-label={`Souscription du ${text}`}
            className="font-medium text-brand-700 hover:text-brand-900 hover:underline"
          >
            {text}
          </MaybeLink>
        );
      },
    },
    { key: 'period', header: 'Période', cell: (row) => periodLabel(row.start_date, row.end_date) },
    { key: 'type', header: 'Type', sortKey: 'type', cell: (row) => row.subscription_type.name },
    {
      key: 'amount',
      header: 'Montant',
      align: 'right',
      sortKey: 'amount',
      sortFirst: 'desc',
      cell: (row) => <Money amount={row.amount} />,
    },
    { key: 'paid', header: 'Statut', sortKey: 'paid', cell: (row) => <PaidBadge paid={row.paid} /> },
  ];

  return (
    <div className="mx-auto max-w-5xl space-y-4">
      {create && canCreate.allowed && (
        <div className="flex justify-end">
          <CreateSubscriptionDialog group={entity} />
        </div>
      )}
      {list.isError && <FormError message={errorMessage(list.error)} />}
      <DataTable
        caption="Liste des souscriptions"
        columns={columns}
        rows={list.data?.data}
        loading={list.isPending}
        emptyText="Aucune souscription"
        pagination={{
          page,
          limit: list.data?.meta.limit ?? SUBSCRIPTION_PAGE_SIZE,
          total: list.data?.meta.total ?? 0,
          onPageChange: (next) => setPaging({ key: sortKey, page: next }),
        }}
        sorting={sorting.table}
      />
      {manageTypes && <SubscriptionTypesCard />}
    </div>
  );
}
