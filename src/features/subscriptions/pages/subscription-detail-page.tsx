import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import type { PaymentAttempt } from '@contract/subscriptions';
import { loadSession } from '@/shared/auth/session';
import { parseIdParam } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { errorMessage } from '@/shared/lib/errors';
import { formatDate, formatDateTime } from '@/shared/lib/format';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table';
import { FormError } from '@/shared/ui/form-error';
import { Money } from '@/shared/ui/money';
import { Spinner } from '@/shared/ui/spinner';
import { useAttemptStatus, useSubscriptionDetail } from '../api/subscriptions';
import { AttemptBadge, PaidBadge } from '../components/paid-badge';
import { PayForm } from '../components/pay-form';
import { printReceipt } from '../components/receipt';
import { periodLabel } from '../lib/forms';
import { paymentOperatorLabel } from '@contract/values/subscriptions';

/**
 * 'Détails de la souscription' (SPEC.md section 2): billing date, billed period, amount, paid badge;
 * the payment once paid (and its A4 receipt); the payment attempts; 'Payer' for whoever may pay it.
 * Back from LigdiCash (`?paiement=<attempt>`), the attempt is followed until it is settled.
 */
export function SubscriptionDetailPage() {
  const id = parseIdParam(useParams().subscriptionId);
  const paths = useSpacePaths();
  usePageTitle('Détails de la souscription', { back: paths.page('subscriptions.list') ?? paths.here });
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const returning = Number(search.get('paiement')) || null;
  const detail = useSubscriptionDetail(id);
  const [paying, setPaying] = useState(false);

  if (detail.isPending) return <Spinner label="Chargement de la souscription" />;
  if (detail.isError) return <FormError message={errorMessage(detail.error)} />;
  const s = detail.data;

  return (
    <div className="mx-auto max-w-4xl space-y-4">
      {returning !== null && <PaymentFollowUp subscriptionId={id} attemptId={returning} />}
      <Card title={s.subscription_type.name} description={s.group.name} actions={<PaidBadge paid={s.paid} />}>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          <Item label="Date de facturation">{formatDate(s.created_at)}</Item>
          <Item label="Période facturée">{periodLabel(s.start_date, s.end_date)}</Item>
          <Item label="Montant">
            <Money amount={s.amount} />
          </Item>
          <Item label="Statut">
            <PaidBadge paid={s.paid} />
          </Item>
        </dl>
        {s.can_pay && !paying && (
          <div className="mt-4 flex justify-end">
            <Button onClick={() => setPaying(true)}>Payer</Button>
          </div>
        )}
      </Card>

      {s.can_pay && paying && (
        <PayForm subscriptionId={id} returnPath={pathname} onCancel={() => setPaying(false)} />
      )}

      {s.payment && (
        <Card
          title="Paiement"
          actions={
            <Button variant="secondary" size="sm" onClick={() => printReceipt(s)}>
              Imprimer le reçu
            </Button>
          }
        >
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            <Item label="Date du paiement">{formatDateTime(s.payment.paid_at)}</Item>
            <Item label="Moyen de paiement">{paymentOperatorLabel(s.payment.method) ?? '—'}</Item>
            <Item label="Référence">{s.payment.reference ?? '—'}</Item>
            <Item label="Payé par">{s.payment.payer?.name ?? '—'}</Item>
          </dl>
        </Card>
      )}

      <AttemptHistory attempts={s.attempts} />
    </div>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function AttemptHistory({ attempts }: { attempts: PaymentAttempt[] }) {
  const columns: DataTableColumn<PaymentAttempt>[] = [
    {
      key: 'date',
      header: 'Date',
      cell: (a) => formatDateTime(a.created_at),
      className: 'whitespace-nowrap',
    },
    { key: 'payer', header: 'Payeur', cell: (a) => a.payer.name },
    { key: 'operator', header: 'Moyen', cell: (a) => paymentOperatorLabel(a.operator) ?? '—' },
    { key: 'status', header: 'Statut', cell: (a) => <AttemptBadge status={a.status} /> },
    { key: 'reason', header: 'Détail', cell: (a) => a.failure_reason ?? a.provider_reference ?? '' },
  ];
  return (
    <Card title="Tentatives de paiement">
      <DataTable
        caption="Tentatives de paiement"
        columns={columns}
        rows={attempts}
        emptyText="Aucune tentative de paiement"
      />
    </Card>
  );
}

/**
 * Back from the payment page: 'Paiement en cours de vérification' while the server re-checks the
 * attempt with LigdiCash, then the result. Once paid, the account is read again (GET /me): the billing
 * gate lifts without signing in again.
 */
function PaymentFollowUp({ subscriptionId, attemptId }: { subscriptionId: number; attemptId: number }) {
  const status = useAttemptStatus(subscriptionId, attemptId);
  const state = status.data?.attempt.status;
  const paid = state === 'completed';

  useEffect(() => {
    if (paid) void loadSession();
  }, [paid]);

  if (status.isError) return <Banner tone="red">{errorMessage(status.error)}</Banner>;
  if (!status.data || state === 'pending')
    return (
      <Banner tone="amber">
        <span className="inline-flex items-center gap-2">
          <Spinner label="Vérification" /> Paiement en cours de vérification…
        </span>
      </Banner>
    );
  if (state === 'completed')
    return <Banner tone="green">Paiement confirmé. Merci ! La souscription est réglée.</Banner>;
  return (
    <Banner tone="red">
      Le paiement n’a pas abouti
      {status.data.attempt.failure_reason ? ` : ${status.data.attempt.failure_reason}` : '.'} Aucun montant
      n’a été enregistré ; vous pouvez réessayer.
    </Banner>
  );
}

const BANNER = {
  amber: 'border-amber-200 bg-amber-50 text-amber-900',
  green: 'border-green-200 bg-green-50 text-green-900',
  red: 'border-red-200 bg-red-50 text-red-900',
};

function Banner({ tone, children }: { tone: keyof typeof BANNER; children: ReactNode }) {
  return (
    <div role="status" className={`rounded-lg border p-4 text-sm ${BANNER[tone]}`}>
      {children}
    </div>
  );
}
