import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { EXPENSE_REQUEST_SORTS, EXPENSE_REQUEST_STATUSES } from '@contract/values/expenses';
import type { ExpenseRequestListItem } from '@contract/expenses';
import { useLeadsDepartment } from '@/shared/auth/account-store';
import { levelEntity, useLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { permissionEntity } from '@/shared/level/wire';
import { usePermissions } from '@/shared/permissions/use-permissions';
import { useListSort } from '@/shared/routing/use-list-sort';
import { errorMessage } from '@/shared/lib/errors';
import { ExportButton } from '@/shared/ui/print';
import { exportToXlsx } from '@/shared/lib/export-xlsx';
import { formatDate, toApiDate } from '@/shared/lib/format';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { useMediaQuery } from '@/shared/lib/use-media-query';
import { DataTable, Pager, type DataTableColumn, type DataTablePagination } from '@/shared/ui/data-table';
import { DateRangeField } from '@/shared/ui/date-range-field';
import type { DateRangeValue } from '@/shared/ui/date-range';
import { FormError } from '@/shared/ui/form-error';
import { MaybeLink } from '@/shared/ui/maybe-link';
import { Money } from '@/shared/ui/money';
import { Select } from '@/shared/ui/select';
import { Spinner } from '@/shared/ui/spinner';
import { SearchField } from '@/shared/ui/text-field';
import { EXPENSE_PAGE_SIZE, useExpenseBalance, useExpenseList } from '../api/expense-requests';
import { RequestStatusBadge } from '../components/status-badge';
import { ENTITY_TYPE_LABELS, EXPENSE_REQUEST_STATUS_LABELS } from '../lib/labels';

/** The code the server asks to create an expense request (POST /expense-requests). */
const EXPENSE_CREATE_CODE = 'expense_request:create';

export { EXPENSE_PAGE_SIZE };
const ALL_STATUSES = 'all';

const statusOptions = [
  { value: ALL_STATUSES, label: 'Tous les statuts' },
  ...EXPENSE_REQUEST_STATUSES.map((status) => ({
    value: status,
    label: EXPENSE_REQUEST_STATUS_LABELS[status],
  })),
];

const entityName = (row: ExpenseRequestListItem) =>
  row.entity?.name ?? `${ENTITY_TYPE_LABELS[row.entity_type] ?? row.entity_type} ${row.entity_id}`;

/** The Level's expense requests ('depenses'). */
export function ExpenseListPage() {
  return <ExpenseList mine={false} />;
}

/** The requests the signed-in user created (/mes-requetes). */
export function MyExpensesPage() {
  return <ExpenseList mine />;
}

/**
 * The expense requests of the Level (or the user's own): server-side pages, a 500 ms debounced
 * search, status and period filters, the totals of /expense-requests-balance and an xlsx export of
 * the rows shown. Rows open their details where the space shows them (at this Level or above).
 */
function ExpenseList({ mine }: { mine: boolean }) {
  const paths = useSpacePaths();
  const heading = mine ? 'Mes requêtes' : 'Dépenses';
  usePageTitle(heading, { back: paths.here });
  const level = useLevel();
  const phone = useMediaQuery('(max-width: 639px)');

  const [search, setSearch] = useState('');
  const [status, setStatus] = useState(ALL_STATUSES);
  const [period, setPeriod] = useState<DateRangeValue | undefined>(undefined);
  const debounced = useDebouncedValue(search.trim(), 500);
  const sorting = useListSort(EXPENSE_REQUEST_SORTS, { sort: 'date', order: 'desc' });

  const filters = {
    search: debounced,
    status: status === ALL_STATUSES ? '' : status,
    from: period?.from ? toApiDate(period.from) : '',
    to: period?.to ? toApiDate(period.to) : '',
    mine,
  };
  // A page belongs to one set of filters and one order: changing them starts again at page 1.
  const filterKey = JSON.stringify([filters, sorting.query]);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;

  const list = useExpenseList(level, { ...filters, ...sorting.query, page, limit: EXPENSE_PAGE_SIZE });
  const balance = useExpenseBalance(level, filters);
  const rows = list.data?.data;
  const showEntity = mine || level.entityType === 'GLOBAL';

  const detailPath = (row: ExpenseRequestListItem) => paths.record('expenses.detail', { expenseId: row.id });
  // the server asks expense_request:create on the entity the request is written for (the Level's), or
  // a department's leader asks for its expenses (decision 0047)
  const entity = levelEntity(level);
  const department = level.entityType === 'ACTIVITY_GROUP' ? (entity?.entityId ?? null) : null;
  const leads = useLeadsDepartment(department);
  const addPage = mine ? null : paths.page('expenses.add');
  const mayAdd = usePermissions(addPage && !leads ? [EXPENSE_CREATE_CODE] : [], permissionEntity(entity)).has(
    EXPENSE_CREATE_CODE,
  );
  const addPath = addPage && (leads || mayAdd) ? addPage : null;

  const titleCell = (row: ExpenseRequestListItem) => (
    <MaybeLink
      to={detailPath(row)}
      className="font-medium text-brand-700 hover:text-brand-900 hover:underline"
      textClassName="font-medium"
    >
      {row.title}
    </MaybeLink>
  );

  const columns: DataTableColumn<ExpenseRequestListItem>[] = [
    {
      key: 'date',
      header: 'Date',
      sortKey: 'date',
      sortFirst: 'desc',
      cell: (row) => formatDate(row.made_at),
      className: 'whitespace-nowrap',
    },
    {
      key: 'reference',
      header: 'Référence',
      sortKey: 'reference',
      cell: (row) => row.reference,
      className: 'whitespace-nowrap',
    },
    { key: 'title', header: 'Titre', sortKey: 'title', cell: titleCell },
    ...(showEntity ? [{ key: 'entity', header: 'Entité', cell: entityName }] : []),
    { key: 'creator', header: 'Créée par', cell: (row) => row.createdByUser.fullname },
    {
      key: 'amount',
      header: 'Montant',
      align: 'right',
      sortKey: 'amount',
      sortFirst: 'desc',
      cell: (row) => <Money amount={row.amount} />,
    },
    {
      key: 'paid',
      header: 'Payé',
      align: 'right',
      sortKey: 'paid',
      sortFirst: 'desc',
      cell: (row) => <Money amount={row.amount_validated} />,
    },
    {
      key: 'status',
      header: 'Statut',
      sortKey: 'status',
      cell: (row) => <RequestStatusBadge status={row.status} />,
    },
  ];

  const exportRows = async () => {
    if (!rows?.length) return;
    await exportToXlsx({
      fileName: mine ? 'mes-requetes' : 'depenses',
      sheetName: 'Dépenses',
      rows,
      columns: [
        { header: 'Date', value: (row) => formatDate(row.made_at) },
        { header: 'Référence', value: (row) => row.reference },
        { header: 'Titre', value: (row) => row.title },
        { header: 'Entité', value: entityName },
        { header: 'Créée par', value: (row) => row.createdByUser.fullname },
        { header: 'Montant (F CFA)', value: (row) => row.amount },
        { header: 'Payé (F CFA)', value: (row) => row.amount_validated },
        { header: 'Statut', value: (row) => EXPENSE_REQUEST_STATUS_LABELS[row.status] },
      ],
    });
  };

  const totals = balance.data;
  const pagination = {
    page,
    limit: list.data?.meta.limit ?? EXPENSE_PAGE_SIZE,
    total: list.data?.meta.total ?? 0,
    onPageChange: (next: number) => setPaging({ key: filterKey, page: next }),
  };

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <section aria-label="Totaux" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Total label="Demandes" value={totals ? String(totals.count) : null} />
        <Total label="Montant total" value={totals ? <Money amount={totals.amount} wrap /> : null} />
        <Total label="Payé" value={totals ? <Money amount={totals.paid} wrap /> : null} />
        <Total label="Reste à payer" value={totals ? <Money amount={totals.remaining} wrap /> : null} />
      </section>

      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-end">
        <SearchField placeholder="Titre, description, référence…" value={search} onChange={setSearch} />
        <Select label="Statut" options={statusOptions} value={status} onChange={setStatus} />
        <DateRangeField label="Période" value={period} onChange={setPeriod} placeholder="Toutes les dates" />
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-1">
          <ExportButton disabled={!rows?.length} onExport={exportRows} />
          {addPath && (
            <Link
              to={addPath}
              className="inline-flex h-10 items-center justify-center rounded-md bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
            >
              Ajouter une dépense
            </Link>
          )}
        </div>
      </div>

      {list.isError ? (
        <FormError message={errorMessage(list.error)} />
      ) : phone ? (
        <PhoneList
          rows={rows}
          loading={list.isPending}
          detailPath={detailPath}
          showEntity={showEntity}
          pagination={pagination}
        />
      ) : (
        <DataTable
          caption={`Liste : ${heading}`}
          columns={columns}
          rows={rows}
          loading={list.isPending}
          emptyText="Aucun résultat"
          pagination={pagination}
          sorting={sorting.table}
        />
      )}
    </div>
  );
}

function Total({ label, value }: { label: string; value: ReactNode | null }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
      <p className="mt-1 text-base font-semibold text-slate-900 sm:text-lg">{value ?? '—'}</p>
    </div>
  );
}

/** On phones, a list of cards instead of a wide table. */
function PhoneList({
  rows,
  loading,
  detailPath,
  showEntity,
  pagination,
}: {
  rows: ExpenseRequestListItem[] | undefined;
  loading: boolean;
  detailPath: (row: ExpenseRequestListItem) => string | null;
  showEntity: boolean;
  pagination: DataTablePagination;
}) {
  if (loading) return <Spinner label="Patientez" showLabel className="justify-center py-8" />;
  return (
    <div>
      {!rows?.length ? (
        <p className="rounded-lg border border-slate-200 bg-white px-3 py-8 text-center text-sm text-slate-500">
          Aucun résultat
        </p>
      ) : (
        <ul aria-label="Liste des dépenses" className="space-y-2">
          {rows.map((row) => {
            const to = detailPath(row);
            const body = (
              <>
                <div className="flex items-start justify-between gap-2">
                  <p className="min-w-0 font-medium text-slate-900">{row.title}</p>
                  <RequestStatusBadge status={row.status} />
                </div>
                <p className="mt-1 text-xs text-slate-500">
                  {formatDate(row.made_at)} · {row.reference}
                  {showEntity ? ` · ${entityName(row)}` : ''}
                </p>
                <p className="mt-1 text-sm">
                  <Money amount={row.amount} className="font-semibold" />{' '}
                  <span className="text-xs text-slate-500">
                    (payé <Money amount={row.amount_validated} />)
                  </span>
                </p>
              </>
            );
            return (
              <li key={row.id}>
                {to ? (
                  <Link
                    to={to}
                    className="block rounded-lg border border-slate-200 bg-white p-3 shadow-sm hover:bg-brand-50"
                  >
                    {body}
                  </Link>
                ) : (
                  <div className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Pager pagination={pagination} live={false} />
    </div>
  );
}

export default ExpenseListPage;
