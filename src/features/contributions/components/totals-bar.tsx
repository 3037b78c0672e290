import type { ContributionTotals } from '@contract/contributions';
import { Money } from '@/shared/ui/money';
import { CONTRIBUTION_TYPE_LABELS } from '../labels';

const plural = (n: number) => `${n} contribution${n > 1 ? 's' : ''}`;
const validCount = (n: number) => `${plural(n)} valide${n > 1 ? 's' : ''}`;

/**
 * The totals of the filtered set (valid contributions): overall and by type. With `listed` (the
 * list's count, cancelled receipts included) a line says why the two counts differ.
 */
export function TotalsBar({ totals, listed }: { totals: ContributionTotals; listed?: number }) {
  const cancelled = listed !== undefined ? listed - totals.count : 0;
  return (
    <section aria-label="Totaux" className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
      <div className="col-span-2 rounded-lg border border-brand-200 bg-brand-50 p-3 sm:col-span-1 lg:col-span-2">
        <p className="text-xs font-medium uppercase tracking-wide text-brand-700">Total</p>
        <p className="text-xl font-bold tabular-nums text-slate-900" data-testid="total-amount">
          <Money amount={totals.amount} wrap />
        </p>
        <p className="text-xs text-slate-600">
          {listed === undefined ? plural(totals.count) : validCount(totals.count)}
        </p>
        {cancelled > 0 && (
          <p className="text-xs text-slate-600">
            La liste compte aussi {cancelled} reçu{cancelled > 1 ? 's' : ''} annulé{cancelled > 1 ? 's' : ''},
            hors totaux.
          </p>
        )}
      </div>
      {totals.by_type.map((row) => (
        <div key={row.type} className="min-w-0 rounded-lg border border-slate-200 bg-white p-3">
          <p className="text-xs text-slate-600">{CONTRIBUTION_TYPE_LABELS[row.type]}</p>
          <p className="text-sm font-semibold sm:text-base">
            <Money amount={row.amount} wrap />
          </p>
          <p className="text-xs text-slate-600">{plural(row.count)}</p>
        </div>
      ))}
    </section>
  );
}
