import { useFaithfulSearch } from '@/shared/api/faithful-search';
import { useAuthorizedAccounts } from '@/shared/api/authorized-accounts';
import { useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ACCOUNT_CATEGORIES } from '@contract/values/accounts';
import { paymentOperatorLabel } from '@contract/values/subscriptions';
import { CONTRIBUTION_SORTS } from '@contract/values/contributions';
import type { Contribution, ContributionType } from '@contract/contributions';
import { errorMessage } from '@/shared/lib/errors';
import { ExportButton } from '@/shared/ui/print';
import { exportToXlsx } from '@/shared/lib/export-xlsx';
import { formatDate, formatDateTime, formatMoney, toApiDate } from '@/shared/lib/format';
import { slugify } from '@/shared/lib/slug';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { levelEntity, parseIdParam, useLevel } from '@/shared/level/level-context';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { useListSort } from '@/shared/routing/use-list-sort';
import { usePageTitle } from '@/shared/level/page-title';
import { usePermissions } from '@/shared/permissions/use-permissions';
import { permissionEntity } from '@/shared/level/wire';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { Combobox } from '@/shared/ui/combobox';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table';
import type { DateRangeValue } from '@/shared/ui/date-range';
import { DateRangeField } from '@/shared/ui/date-range-field';
import { Select } from '@/shared/ui/select';
import {
  CONTRIBUTION_PAGE_SIZE,
  fetchContributions,
  useContributionList,
  type ContributionFilters,
  type ContributionScope,
} from '../api/contributions';
import { OutboxSection } from '../components/outbox-section';
import { ReceiptDialog } from '../components/receipt-panel';
import { TotalsBar } from '../components/totals-bar';
import {
  CONTRIBUTION_STATUS_LABELS,
  CONTRIBUTION_TYPE_LABELS,
  contributorName,
  PERMISSION_CODES,
  STATUS_TONES,
  TYPE_OPTIONS,
} from '../labels';
import { FormError } from '@/shared/ui/form-error';
import { SearchField } from '@/shared/ui/text-field';

export { CONTRIBUTION_PAGE_SIZE };
const EXPORT_PAGE_SIZE = 1000;
const ALL = 'all';

const COLUMNS: DataTableColumn<Contribution>[] = [
  {
    key: 'date',
    header: 'Date',
    sortKey: 'date',
    sortFirst: 'desc',
    cell: (row) => <span className="whitespace-nowrap">{formatDateTime(row.occurred_at)}</span>,
  },
  {
    key: 'number',
    header: 'N° reçu',
    sortKey: 'receipt_number',
    cell: (row) => <span className="whitespace-nowrap font-mono text-xs">{row.receipt_number}</span>,
  },
  {
    key: 'contributor',
    header: 'Contributeur',
    sortKey: 'contributor',
    cell: (row) => contributorName(row),
    mobile: 'title',
  },
  { key: 'type', header: 'Type', sortKey: 'type', cell: (row) => CONTRIBUTION_TYPE_LABELS[row.type] },
  { key: 'account', header: 'Compte de recette', cell: (row) => row.receipt_account.name },
  {
    key: 'payment',
    header: 'Paiement',
    className: 'whitespace-nowrap',
    cell: (row) => (
      <span className="inline-flex items-center gap-1">
        {row.payment_account.name}
        {row.online && <Badge tone="blue">En ligne</Badge>}
      </span>
    ),
  },
  {
    key: 'amount',
    header: 'Montant',
    align: 'right',
    sortKey: 'amount',
    sortFirst: 'desc',
    cell: (row) => (
      <span
        className={row.status === 'cancelled' ? 'tabular-nums text-slate-500 line-through' : 'tabular-nums'}
      >
        {formatMoney(row.amount)}
      </span>
    ),
  },
  {
    key: 'status',
    header: 'Statut',
    sortKey: 'status',
    cell: (row) => <Badge tone={STATUS_TONES[row.status]}>{CONTRIBUTION_STATUS_LABELS[row.status]}</Badge>,
  },
];

/** The contributions ('recettes') of the Level's entity. */
export function ContributionListPage({ title }: { title?: string }) {
  const level = levelEntity(useLevel());
  const scope: ContributionScope | null = level ? { kind: 'entity', ...level } : null;
  return <ContributionList scope={scope} title={title} />;
}

/** One faithful's contributions (':faithfullId/contributions'), back to the faithful's page. */
export function FaithfulContributionsPage() {
  const userId = parseIdParam(useParams().faithfullId);
  return <ContributionList scope={{ kind: 'user', userId }} />;
}

/**
 * The contributions of an entity or of one faithful: server-side pages, filters, the totals of the
 * filtered set, xlsx export, and each receipt in a dialog.
 */
function ContributionList({ scope: resolved, title }: { scope: ContributionScope | null; title?: string }) {
  const paths = useSpacePaths();
  const entity = resolved?.kind === 'entity' ? resolved : null;
  const back =
    resolved?.kind === 'user' ? paths.page('faithful.detail', { faithfullId: resolved.userId }) : paths.here;
  const createPath = entity ? paths.page('contributions.new') : null;
  const [params, setParams] = useSearchParams();
  const receiptId = Number(params.get('recu')) || null;

  const [period, setPeriod] = useState<DateRangeValue | undefined>();
  const [type, setType] = useState<string>(ALL);
  const [receiptAccount, setReceiptAccount] = useState<string>(ALL);
  const [paymentAccount, setPaymentAccount] = useState<string>(ALL);
  const [member, setMember] = useState<number | null>(null);
  const [memberSearch, setMemberSearch] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // On a phone the filters fold behind one button; from `sm` they are always shown.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const debouncedSearch = useDebouncedValue(search.trim(), 500);
  const debouncedMember = useDebouncedValue(memberSearch.trim(), 500);
  const sorting = useListSort(CONTRIBUTION_SORTS, { sort: 'date', order: 'desc' });

  const filters: ContributionFilters = useMemo(
    () => ({
      from_date: period?.from ? toApiDate(period.from) : undefined,
      to_date: period?.to ? toApiDate(period.to) : undefined,
      type: type === ALL ? undefined : (type as ContributionType),
      receipt_account_id: receiptAccount === ALL ? undefined : Number(receiptAccount),
      payment_account_id: paymentAccount === ALL ? undefined : Number(paymentAccount),
      user_id: member ?? undefined,
      search: debouncedSearch || undefined,
    }),
    [period, type, receiptAccount, paymentAccount, member, debouncedSearch],
  );
  // Any filter or sort change starts again at page 1.
  const filterKey = JSON.stringify([filters, sorting.query]);
  const [pageOf, setPageOf] = useState(filterKey);
  const currentPage = pageOf === filterKey ? page : 1;

  const list = useContributionList(resolved, {
    ...filters,
    ...sorting.query,
    page: currentPage,
    limit: CONTRIBUTION_PAGE_SIZE,
  });
  const receiptAccounts = useAuthorizedAccounts(entity, ACCOUNT_CATEGORIES.RECEIPT);
  const paymentAccounts = useAuthorizedAccounts(entity, ACCOUNT_CATEGORIES.TREASURY);
  const members = useFaithfulSearch(debouncedMember, {
    enabled: entity !== null,
    churchId: entity?.entityType === 'CHURCH' ? entity.entityId : null,
  });
  const permissions = usePermissions([PERMISSION_CODES.CREATE], permissionEntity(entity));

  const firstRow = list.data?.data[0];
  const heading =
    title ??
    (resolved?.kind === 'user'
      ? firstRow?.contributor
        ? `Contributions de ${contributorName(firstRow)}`
        : 'Contributions du fidèle'
      : 'Recettes');
  usePageTitle(heading, { back });

  const openReceipt = (row: Contribution) => {
    const next = new URLSearchParams(params);
    next.set('recu', String(row.id));
    setParams(next);
  };
  const closeReceipt = () => {
    const next = new URLSearchParams(params);
    next.delete('recu');
    setParams(next, { replace: true });
  };

  const exportAll = async () => {
    if (!resolved) return;
    const rows: Contribution[] = [];
    for (let p = 1; p <= 50; p++) {
      const answer = await fetchContributions(resolved, {
        ...filters,
        ...sorting.query,
        page: p,
        limit: EXPORT_PAGE_SIZE,
      });
      rows.push(...answer.data);
      if (rows.length >= answer.meta.total || answer.data.length === 0) break;
    }
    const subject = entity && firstRow ? firstRow.entity_name : heading;
    await exportToXlsx({
      fileName: slugify(`recettes ${subject} ${toApiDate(new Date())}`),
      sheetName: 'Recettes',
      columns: [
        { header: 'Date', value: (r) => formatDate(r.occurred_at) },
        { header: 'Heure', value: (r) => formatDateTime(r.occurred_at).slice(11) },
        { header: 'N° reçu', value: (r) => r.receipt_number },
        { header: 'Entité', value: (r) => r.entity_name },
        { header: 'Contributeur', value: (r) => contributorName(r) },
        { header: 'Matricule', value: (r) => (r.is_anonymous ? '' : r.contributor?.registration_number) },
        { header: 'Type', value: (r) => CONTRIBUTION_TYPE_LABELS[r.type] },
        { header: 'Compte de recette', value: (r) => r.receipt_account.name },
        { header: 'Compte de paiement', value: (r) => r.payment_account.name },
        {
          header: 'En ligne',
          value: (r) =>
            r.online ? `${paymentOperatorLabel(r.online.operator) ?? 'LigdiCash'} ${r.online.reference}` : '',
        },
        { header: 'Montant (F CFA)', value: (r) => r.amount },
        { header: 'Statut', value: (r) => CONTRIBUTION_STATUS_LABELS[r.status] },
        { header: 'Notes', value: (r) => r.notes },
      ],
      rows,
    });
  };

  const accountOptions = (accounts: { id: number; name: string }[] | undefined, all: string) => [
    { value: ALL, label: all },
    ...(accounts ?? []).map((account) => ({ value: String(account.id), label: account.name })),
  ];

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        {entity && firstRow ? (
          <p className="text-sm text-slate-600">
            <span className="font-medium text-slate-900">{firstRow.entity_name}</span>
          </p>
        ) : (
          <span />
        )}
        <div className="flex flex-wrap gap-2">
          <ExportButton disabled={!resolved || !list.data?.meta.total} onExport={exportAll} />
          {createPath && permissions.has(PERMISSION_CODES.CREATE) && (
            <Link
              to={createPath}
              className="inline-flex h-10 items-center rounded-md bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
            >
              Nouvelle recette
            </Link>
          )}
        </div>
      </div>

      <Button
        type="button"
        variant="secondary"
        className="w-full sm:hidden"
        aria-expanded={filtersOpen}
        aria-controls="contribution-filters"
        onClick={() => setFiltersOpen((open) => !open)}
      >
        {filtersOpen ? 'Masquer les filtres' : 'Filtres'}
      </Button>
      <div
        id="contribution-filters"
        className={`${filtersOpen ? 'grid' : 'hidden'} grid-cols-1 gap-3 sm:grid sm:grid-cols-2 lg:grid-cols-4`}
      >
        <DateRangeField label="Période" value={period} onChange={setPeriod} placeholder="Toutes les dates" />
        <Select
          label="Type"
          value={type}
          onChange={setType}
          options={[{ value: ALL, label: 'Tous les types' }, ...TYPE_OPTIONS]}
        />
        {entity && (
          <>
            <Select
              label="Compte de recette"
              value={receiptAccount}
              onChange={setReceiptAccount}
              options={accountOptions(receiptAccounts.data, 'Tous les comptes')}
            />
            <Select
              label="Compte de paiement"
              value={paymentAccount}
              onChange={setPaymentAccount}
              options={accountOptions(paymentAccounts.data, 'Tous les comptes')}
            />
            <Combobox<number>
              label="Fidèle"
              value={member}
              onChange={(value) => setMember(value)}
              onSearchChange={setMemberSearch}
              loading={members.isFetching}
              options={(members.data ?? []).map((m) => ({
                value: m.id,
                label: `${m.firstname} ${m.lastname}`,
                description: m.registration_number ?? undefined,
              }))}
              emptyText="Aucun fidèle trouvé"
              placeholder="Rechercher un fidèle…"
              clearable
            />
          </>
        )}
        <SearchField placeholder="N° de reçu ou nom" value={search} onChange={setSearch} />
      </div>

      {entity && <OutboxSection entity={entity} />}

      {list.data && <TotalsBar totals={list.data.totals} listed={list.data.meta.total} />}

      {list.isError ? (
        <FormError message={errorMessage(list.error)} />
      ) : (
        <DataTable
          caption={`Liste : ${heading}`}
          columns={COLUMNS}
          rows={list.data?.data}
          loading={list.isPending}
          emptyText="Aucun résultat"
          onRowClick={openReceipt}
          sorting={sorting.table}
          pagination={{
            page: currentPage,
            limit: CONTRIBUTION_PAGE_SIZE,
            total: list.data?.meta.total ?? 0,
            onPageChange: (next) => {
              setPageOf(filterKey);
              setPage(next);
            },
          }}
        />
      )}
      <ReceiptDialog id={receiptId} onClose={closeReceipt} />
    </div>
  );
}

export default ContributionListPage;
