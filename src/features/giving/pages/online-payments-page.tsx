import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import type { Checkout, Reconciliation, ReconciliationLine } from '@contract/giving';
import { GIVING_MESSAGES, GIVING_PERMISSIONS } from '@contract/values/giving';
import { errorMessage } from '@/shared/lib/errors';
import { exportToXlsx } from '@/shared/lib/export-xlsx';
import { formatDate, formatDateTime, formatMoney, toApiDate } from '@/shared/lib/format';
import { levelEntity, useLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { permissionEntity } from '@/shared/level/wire';
import { usePermissions } from '@/shared/permissions/use-permissions';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table';
import { DateRangeField } from '@/shared/ui/date-range-field';
import type { DateRangeValue } from '@/shared/ui/date-range';
import { FormError } from '@/shared/ui/form-error';
import { ExportButton } from '@/shared/ui/print';
import { Select } from '@/shared/ui/select';
import { notify } from '@/shared/ui/toast';
import {
  CHECKOUT_PAGE_SIZE,
  fetchCheckouts,
  useCheckoutList,
  useReconcile,
  useVerifyCheckout,
  type CheckoutFilters,
} from '../api/giving';
import {
  CHECKOUT_STATUS_LABELS,
  CONTRIBUTION_TYPE_LABELS,
  KIND_TONES,
  RECONCILIATION_KIND_LABELS,
  STATUS_OPTIONS,
  STATUS_TONES,
} from '../lib/labels';
import { paymentOperatorLabel } from '@contract/values/subscriptions';

const ALL = 'all';
const OPEN = new Set(['started', 'pending', 'expired']);

function Total({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <p className="text-xs uppercase tracking-wide text-slate-500">{label}</p>
      <p className="text-lg font-semibold tabular-nums text-slate-900">{value}</p>
      {detail && <p className="text-xs text-slate-500">{detail}</p>}
    </div>
  );
}

/** The provider's statement against the product: every line with what was found, the totals, xlsx. */
function ReconciliationReport({
  report,
  canVerify,
  onVerify,
  verifying,
}: {
  report: Reconciliation;
  canVerify: boolean;
  onVerify: (id: number) => void;
  verifying: number | null;
}) {
  const columns: DataTableColumn<ReconciliationLine>[] = [
    {
      key: 'kind',
      header: 'Résultat',
      mobile: 'title',
      cell: (l) => <Badge tone={KIND_TONES[l.kind]}>{RECONCILIATION_KIND_LABELS[l.kind]}</Badge>,
    },
    { key: 'line', header: 'Ligne', cell: (l) => l.line ?? '—' },
    { key: 'date', header: 'Date', cell: (l) => (l.date ? formatDate(l.date) : '—') },
    {
      key: 'reference',
      header: 'Référence',
      cell: (l) => <span className="break-all font-mono text-xs">{l.reference ?? l.external_id ?? '—'}</span>,
    },
    { key: 'amount', header: 'Montant', align: 'right', cell: (l) => formatMoney(l.amount) },
    { key: 'receipt', header: 'Reçu', cell: (l) => l.contribution?.receipt_number ?? '—' },
    {
      key: 'note',
      header: 'Constat',
      cell: (l) => (
        <span className="block space-y-1">
          <span className="block text-sm text-slate-700">{l.note}</span>
          {canVerify && l.kind === 'missing' && l.checkout && OPEN.has(l.checkout.status) && (
            <Button
              size="sm"
              variant="secondary"
              loading={verifying === l.checkout.id}
              onClick={() => onVerify(l.checkout!.id)}
            >
              Vérifier auprès de LigdiCash
            </Button>
          )}
        </span>
      ),
    },
  ];
  const exportReport = () =>
    exportToXlsx({
      fileName: 'rapprochement-ligdicash',
      sheetName: 'Rapprochement',
      rows: report.lines,
      columns: [
        { header: 'Résultat', value: (l) => RECONCILIATION_KIND_LABELS[l.kind] },
        { header: 'Ligne du relevé', value: (l) => l.line },
        { header: 'Date', value: (l) => l.date },
        { header: 'Référence LigdiCash', value: (l) => l.reference },
        { header: 'Identifiant externe', value: (l) => l.external_id },
        { header: 'Montant (F CFA)', value: (l) => l.amount },
        { header: 'Frais (F CFA)', value: (l) => l.fee },
        { header: 'Reçu', value: (l) => l.contribution?.receipt_number },
        { header: 'Constat', value: (l) => l.note },
      ],
    });
  return (
    <div className="space-y-3">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Total
          label="Rapprochés"
          value={formatMoney(report.totals.matched.amount)}
          detail={`${report.totals.matched.count} ligne(s)`}
        />
        <Total
          label="Absents du produit"
          value={formatMoney(report.totals.missing.amount)}
          detail={`${report.totals.missing.count} ligne(s) : à vérifier puis enregistrer`}
        />
        <Total
          label="Inconnus de LigdiCash"
          value={formatMoney(report.totals.unknown.amount)}
          detail={`${report.totals.unknown.count} don(s) : à examiner`}
        />
        <Total label="Lignes non abouties" value={String(report.totals.ignored)} detail="ignorées" />
      </div>
      {report.period.from && (
        <p className="text-sm text-slate-600">
          Relevé du {formatDate(report.period.from)} au {formatDate(report.period.to)}
        </p>
      )}
      <div className="flex justify-end">
        <ExportButton onExport={exportReport} disabled={report.lines.length === 0} />
      </div>
      <DataTable
        caption="Rapprochement du relevé LigdiCash"
        columns={columns}
        rows={report.lines}
        getRowKey={(l, i) => `${l.kind}-${l.line ?? 'p'}-${l.checkout?.id ?? i}`}
        emptyText="Aucune ligne à rapprocher"
      />
    </div>
  );
}

/**
 * 'Paiements en ligne' (/mon-eglise/paiements-en-ligne): every checkout of the church beside the
 * contribution it became, the pending ones checked with LigdiCash, the totals, the xlsx export, and the
 * reconciliation of the provider's statement (CSV).
 */
export function OnlinePaymentsPage() {
  usePageTitle('Paiements en ligne');
  const paths = useSpacePaths();
  const entity = levelEntity(useLevel());
  const churchId = entity?.entityId ?? 0;
  const permissions = usePermissions([GIVING_PERMISSIONS.MANAGE], permissionEntity(entity));
  const canManage = permissions.has(GIVING_PERMISSIONS.MANAGE);
  const [status, setStatus] = useState<string>(ALL);
  const [period, setPeriod] = useState<DateRangeValue | undefined>();
  const [page, setPage] = useState(1);
  const filters: CheckoutFilters = useMemo(
    () => ({
      ...(status !== ALL ? { status: status as CheckoutFilters['status'] } : {}),
      ...(period?.from ? { from_date: toApiDate(period.from) } : {}),
      ...(period?.to ? { to_date: toApiDate(period.to) } : {}),
    }),
    [status, period],
  );
  const list = useCheckoutList(churchId, filters, page);
  const verify = useVerifyCheckout();
  const [verifying, setVerifying] = useState<number | null>(null);
  const reconcile = useReconcile();
  const [statementError, setStatementError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const receiptsPage = paths.page('contributions.list');
  const runVerify = async (id: number) => {
    setVerifying(id);
    try {
      const checkout = await verify.mutateAsync(id);
      notify.success(`Paiement vérifié : ${CHECKOUT_STATUS_LABELS[checkout.status].toLowerCase()}.`);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setVerifying(null);
    }
  };

  const onStatement = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setStatementError(null);
    if (!file) return setStatementError(GIVING_MESSAGES.statementRequired);
    try {
      await reconcile.mutateAsync({ church_id: churchId, csv: await file.text() });
    } catch (error) {
      setStatementError(errorMessage(error));
    }
  };

  const columns: DataTableColumn<Checkout>[] = [
    {
      key: 'date',
      header: 'Date',
      cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.created_at)}</span>,
    },
    { key: 'giver', header: 'Donateur', mobile: 'title', cell: (c) => c.giver },
    {
      key: 'what',
      header: 'Don',
      cell: (c) => (
        <span>
          {CONTRIBUTION_TYPE_LABELS[c.type]}
          {c.entity.entity_type === 'ACTIVITY_GROUP' && (
            <span className="block text-xs text-slate-500">{c.entity.name}</span>
          )}
        </span>
      ),
    },
    {
      key: 'amount',
      header: 'Montant',
      align: 'right',
      cell: (c) => <span className="tabular-nums">{formatMoney(c.amount)}</span>,
    },
    {
      key: 'fee',
      header: 'Frais',
      align: 'right',
      cell: (c) => <span className="tabular-nums">{c.fee === null ? '—' : formatMoney(c.fee)}</span>,
    },
    { key: 'operator', header: 'Moyen', cell: (c) => paymentOperatorLabel(c.operator) ?? '—' },
    {
      key: 'status',
      header: 'Statut',
      cell: (c) => (
        <span className="block space-y-1">
          <Badge tone={STATUS_TONES[c.status]}>{CHECKOUT_STATUS_LABELS[c.status]}</Badge>
          {c.failure_reason && <span className="block text-xs text-slate-500">{c.failure_reason}</span>}
        </span>
      ),
    },
    {
      key: 'contribution',
      header: 'Reçu',
      cell: (c) =>
        c.contribution ? (
          receiptsPage ? (
            <Link
              to={`${receiptsPage}?recu=${c.contribution.id}`}
              className="font-mono text-xs text-brand-700 underline"
            >
              {c.contribution.receipt_number}
            </Link>
          ) : (
            <span className="font-mono text-xs">{c.contribution.receipt_number}</span>
          )
        ) : canManage && OPEN.has(c.status) ? (
          <Button
            size="sm"
            variant="secondary"
            loading={verifying === c.id}
            onClick={() => void runVerify(c.id)}
          >
            Vérifier
          </Button>
        ) : (
          '—'
        ),
    },
  ];

  const exportAll = async () => {
    const rows: Checkout[] = [];
    for (let p = 1; ; p++) {
      const batch = await fetchCheckouts(churchId, filters, p, 1000);
      rows.push(...batch.data);
      if (rows.length >= batch.meta.total || batch.data.length === 0) break;
    }
    await exportToXlsx({
      fileName: 'paiements-en-ligne',
      sheetName: 'Paiements en ligne',
      rows,
      columns: [
        { header: 'Date', value: (c) => formatDateTime(c.created_at) },
        { header: 'Donateur', value: (c) => c.giver },
        { header: 'Téléphone', value: (c) => c.phone },
        { header: 'Type', value: (c) => CONTRIBUTION_TYPE_LABELS[c.type] },
        { header: 'Bénéficiaire', value: (c) => c.entity.name },
        { header: 'Montant (F CFA)', value: (c) => c.amount },
        { header: 'Frais (F CFA)', value: (c) => c.fee },
        { header: 'Moyen de paiement', value: (c) => paymentOperatorLabel(c.operator) },
        { header: 'Statut', value: (c) => CHECKOUT_STATUS_LABELS[c.status] },
        { header: 'Référence LigdiCash', value: (c) => c.provider_reference },
        { header: 'Identifiant externe', value: (c) => c.transaction_id },
        { header: 'Reçu', value: (c) => c.contribution?.receipt_number },
        { header: 'Motif', value: (c) => c.failure_reason },
      ],
    });
  };

  const totals = list.data?.totals;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <section aria-label="Totaux" className="grid grid-cols-2 gap-2 lg:grid-cols-4">
        <Total
          label="Payés"
          value={formatMoney(totals?.paid.amount ?? 0)}
          detail={
            totals
              ? `${totals.paid.count} don(s) · frais ${formatMoney(totals.paid.fees)} · reçu net ${formatMoney(totals.paid.amount - totals.paid.fees)}`
              : undefined
          }
        />
        <Total
          label="En attente"
          value={formatMoney((totals?.pending.amount ?? 0) + (totals?.started.amount ?? 0))}
          detail={totals ? `${totals.pending.count + totals.started.count} paiement(s)` : undefined}
        />
        <Total
          label="Échoués"
          value={formatMoney(totals?.failed.amount ?? 0)}
          detail={totals ? `${totals.failed.count} paiement(s)` : undefined}
        />
        <Total
          label="Expirés"
          value={formatMoney(totals?.expired.amount ?? 0)}
          detail={totals ? `${totals.expired.count} paiement(s)` : undefined}
        />
      </section>

      <section aria-labelledby="checkouts-title" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="checkouts-title" className="text-lg font-semibold text-slate-900">
            Paiements
          </h2>
          <ExportButton onExport={exportAll} disabled={!list.data || list.data.meta.total === 0} />
        </div>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Select
            label="Statut"
            value={status}
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
            options={[{ value: ALL, label: 'Tous les statuts' }, ...STATUS_OPTIONS]}
          />
          <DateRangeField
            label="Période"
            value={period}
            onChange={(value) => {
              setPeriod(value);
              setPage(1);
            }}
            placeholder="Toutes les dates"
          />
        </div>
        {list.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(list.error)}
          </p>
        ) : (
          <DataTable
            caption="Paiements en ligne"
            columns={columns}
            rows={list.data?.data}
            loading={list.isPending}
            emptyText="Aucun paiement en ligne"
            pagination={
              list.data
                ? { page, limit: CHECKOUT_PAGE_SIZE, total: list.data.meta.total, onPageChange: setPage }
                : undefined
            }
          />
        )}
      </section>

      {canManage && (
        <section aria-labelledby="reconciliation-title" className="space-y-3">
          <h2 id="reconciliation-title" className="text-lg font-semibold text-slate-900">
            Rapprochement avec LigdiCash
          </h2>
          <p className="text-sm text-slate-600">
            Importez le relevé de transactions exporté de votre espace marchand LigdiCash (fichier CSV :
            référence ou identifiant externe, montant, statut, date, frais). Chaque ligne est comparée aux
            dons enregistrés.
          </p>
          <input
            ref={fileInput}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            aria-label="Relevé LigdiCash (CSV)"
            onChange={(event) => void onStatement(event)}
          />
          <Button
            variant="secondary"
            loading={reconcile.isPending}
            onClick={() => fileInput.current?.click()}
          >
            Importer le relevé (CSV)
          </Button>
          <FormError message={statementError} />
          {reconcile.data && (
            <ReconciliationReport
              report={reconcile.data}
              canVerify={canManage}
              verifying={verifying}
              onVerify={(id) => void runVerify(id)}
            />
          )}
        </section>
      )}
    </div>
  );
}

export default OnlinePaymentsPage;
