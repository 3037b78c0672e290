import type { BudgetLine } from '@contract/expenses';
import { formatMoney } from '@/shared/lib/format';

/** Whether `amount` goes beyond what remains of the line (a line without actuals is never exceeded). */
export function exceedsBudgetLine(line: BudgetLine | null | undefined, amount: number): boolean {
  return !!line && line.remaining !== null && line.remaining !== undefined && amount > line.remaining;
}

/**
 * What remains of the chosen budget line (decision 0021), and a warning when the request would go beyond
 * it: on the add-expense screen and in the approval block.
 */
export function BudgetLineRemaining({
  line,
  amount,
}: {
  line: BudgetLine | null | undefined;
  amount: number;
}) {
  if (!line || line.remaining === null || line.remaining === undefined) return null;
  const over = exceedsBudgetLine(line, amount);
  return (
    <div className="space-y-1 text-sm">
      <p className="text-slate-600">
        Reste sur la ligne « {line.budgetItemTemplate.name} » ({line.year}) :{' '}
        <strong className="tabular-nums">{formatMoney(line.remaining)}</strong> sur {formatMoney(line.amount)}
      </p>
      {over && (
        <p role="alert" className="rounded-md bg-amber-50 p-2 text-amber-900">
          Cette demande ({formatMoney(amount)}) dépasse le reste de la ligne budgétaire de{' '}
          {formatMoney(amount - line.remaining)}.
        </p>
      )}
    </div>
  );
}
