import type { BudgetCategory } from '@contract/budgets';
import { Money } from '@/shared/ui/money';
import { BUDGET_CATEGORY_LABELS, usedPercent } from '../lib/labels';
import { UsageBar } from './usage-bar';

/** One row of the tables: a budget line, or an item of the consolidated view. */
export type LineRow = {
  key: string | number;
  name: string;
  category: BudgetCategory;
  amount: number;
  actual: number | null;
  archived?: boolean;
};

const CATEGORIES: BudgetCategory[] = ['INCOME', 'EXPENSE'];

/**
 * The lines grouped by category (receipts, then expenses), each group with its subtotal; with
 * `withActuals`, planned / actual / remaining / % used and a bar per line.
 */
export function LinesTable({ rows, withActuals }: { rows: LineRow[]; withActuals: boolean }) {
  return (
    <div className="space-y-6">
      {CATEGORIES.map((category) => {
        const group = rows.filter((row) => row.category === category);
        if (group.length === 0) return null;
        const planned = group.reduce((sum, row) => sum + row.amount, 0);
        const actual = group.reduce((sum, row) => sum + (row.actual ?? 0), 0);
        const followed = group.some((row) => row.actual !== null);
        return (
          // scrolls sideways on a phone: reachable and named for the keyboard
          <div
            key={category}
            role="region"
            aria-label={BUDGET_CATEGORY_LABELS[category]}
            tabIndex={0}
            className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
          >
            <table className="w-full min-w-[36rem] text-sm">
              <caption className="px-3 pt-3 pb-2 text-left text-base font-semibold text-slate-900">
                {BUDGET_CATEGORY_LABELS[category]}
              </caption>
              <thead className="bg-slate-50 text-xs uppercase text-slate-500">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left">
                    Rubrique
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Prévu
                  </th>
                  {withActuals && (
                    <>
                      <th scope="col" className="px-3 py-2 text-right">
                        {category === 'INCOME' ? 'Reçu' : 'Réalisé'}
                      </th>
                      <th scope="col" className="px-3 py-2 text-right">
                        Reste
                      </th>
                      <th scope="col" className="px-3 py-2 text-left">
                        Utilisé
                      </th>
                    </>
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {group.map((row) => (
                  <tr key={row.key}>
                    <th scope="row" className="px-3 py-2 text-left font-normal text-slate-800">
                      {row.name}
                      {row.archived && <span className="ml-2 text-xs text-slate-600">(archivée)</span>}
                    </th>
                    <td className="px-3 py-2 text-right">
                      <Money amount={row.amount} />
                    </td>
                    {withActuals && (
                      <>
                        <td className="px-3 py-2 text-right">
                          {row.actual === null ? '—' : <Money amount={row.actual} />}
                        </td>
                        <td
                          className={`px-3 py-2 text-right ${row.actual !== null && row.amount - row.actual < 0 && category === 'EXPENSE' ? 'text-red-700' : ''}`}
                        >
                          {row.actual === null ? '—' : <Money amount={row.amount - row.actual} />}
                        </td>
                        <td className="px-3 py-2">
                          <UsageBar
                            percent={usedPercent(row.actual, row.amount)}
                            category={category}
                            label={`Utilisation de ${row.name}`}
                          />
                        </td>
                      </>
                    )}
                  </tr>
                ))}
              </tbody>
              <tfoot className="bg-slate-50 font-semibold">
                <tr>
                  <th scope="row" className="px-3 py-2 text-left">
                    Total {BUDGET_CATEGORY_LABELS[category].toLowerCase()}
                  </th>
                  <td className="px-3 py-2 text-right">
                    <Money amount={planned} />
                  </td>
                  {withActuals && (
                    <>
                      <td className="px-3 py-2 text-right">{followed ? <Money amount={actual} /> : '—'}</td>
                      <td className="px-3 py-2 text-right">
                        {followed ? <Money amount={planned - actual} /> : '—'}
                      </td>
                      <td className="px-3 py-2">
                        <UsageBar
                          percent={followed ? usedPercent(actual, planned) : null}
                          category={category}
                          label={`Utilisation totale des ${BUDGET_CATEGORY_LABELS[category].toLowerCase()}`}
                        />
                      </td>
                    </>
                  )}
                </tr>
              </tfoot>
            </table>
          </div>
        );
      })}
    </div>
  );
}
