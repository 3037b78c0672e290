import type { ContributionTotals } from '@contract/contributions';
import { formatMoney } from '@/shared/lib/format';
import { CONTRIBUTION_TYPE_LABELS } from '../labels';

const plural = (n: number) => `${n} contribution${n > 1 ? 's' : ''}`;

/** The totals of the filtered set (valid contributions): overall and by type. */
export function TotalsBar({ totals }: { totals: ContributionTotals }) {
  return (
    <section aria-label="Totaux" className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
      <div className="col-span-2 rounded-lg border border-brand-200 bg-brand-50 p-3 sm:col-span-1 lg:col-span-2">
        <p className="text-xs font-medium uppercase tracking-wide text-brand-700">Total</p>
        <p className="text-xl font-bold tabular-nums text-slate-900" data-testid="total-amount">
          {formatMoney(totals.amount)}
        </p>
        <p className="text-xs text-slate-600">{plural(totals.count)}</p>
      </div>
      {totals.by_type.map((row) => (
        <div key={row.type} className="min-w-0 rounded-lg border border-slate-200 bg-white p-3">
          <p className="text-xs text-slate-500">{CONTRIBUTION_TYPE_LABELS[row.type]}</p>
          <p className="text-sm font-semibold tabular-nums [overflow-wrap:anywhere] sm:text-base">
            {formatMoney(row.amount)}
          </p>
          <p className="text-xs text-slate-500">{plural(row.count)}</p>
        </div>
      ))}
    </section>
  );
}
