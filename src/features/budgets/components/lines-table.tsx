import type { BudgetCategory, BudgetDetail } from '@contract/budgets';
import { Money } from '@/shared/ui/money';
import { SimpleTable } from '@/shared/ui/simple-table';
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

/** The rows of a budget's lines. */
export const budgetLineRows = (lines: NonNullable<BudgetDetail['lines']>): LineRow[] =>
  lines.map((l) => ({
    key: l.id,
    name: l.name,
    category: l.category,
    amount: l.amount,
    actual: l.actual,
    archived: l.archived,
  }));

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
        const total = BUDGET_CATEGORY_LABELS[category].toLowerCase();
        return (
          // scrolls sideways on a phone: reachable and named for the keyboard
          <SimpleTable
            key={category}
            scroll={{
              label: BUDGET_CATEGORY_LABELS[category],
              className: 'overflow-x-auto rounded-lg border border-slate-200 bg-white',
            }}
            caption={BUDGET_CATEGORY_LABELS[category]}
            captionClassName="px-3 pt-3 pb-2 text-left text-base font-semibold text-slate-900"
            className="w-full min-w-[36rem] text-sm"
            headClassName="bg-slate-50 text-xs uppercase text-slate-500"
            bodyClassName="divide-y divide-slate-100"
            footClassName="bg-slate-50 font-semibold"
            cellClassName="px-3 py-2"
            rows={group}
            rowKey={(row) => row.key}
            columns={[
              {
                key: 'name',
                header: 'Rubrique',
                className: 'text-left',
                rowHeader: true,
                cellClassName: 'font-normal text-slate-800',
                cell: (row) => (
                  <>
                    {row.name}
                    {row.archived && <span className="ml-2 text-xs text-slate-600">(archivée)</span>}
                  </>
                ),
                footerHeader: true,
                footer: `Total ${total}`,
              },
              {
                key: 'planned',
                header: 'Prévu',
                className: 'text-right',
                cell: (row) => <Money amount={row.amount} />,
                footer: <Money amount={planned} />,
              },
              withActuals && {
                key: 'actual',
                header: category === 'INCOME' ? 'Reçu' : 'Réalisé',
                className: 'text-right',
                cell: (row) => (row.actual === null ? '—' : <Money amount={row.actual} />),
                footer: followed ? <Money amount={actual} /> : '—',
              },
              withActuals && {
                key: 'rest',
                header: 'Reste',
                className: 'text-right',
                cellClassName: (row) =>
                  row.actual !== null && row.amount - row.actual < 0 && category === 'EXPENSE'
                    ? 'text-red-700'
                    : undefined,
                cell: (row) => (row.actual === null ? '—' : <Money amount={row.amount - row.actual} />),
                footer: followed ? <Money amount={planned - actual} /> : '—',
              },
              withActuals && {
                key: 'used',
                header: 'Utilisé',
                headerClassName: 'text-left',
                cell: (row) => (
                  <UsageBar
                    percent={usedPercent(row.actual, row.amount)}
                    category={category}
                    label={`Utilisation de ${row.name}`}
                  />
                ),
                footer: (
                  <UsageBar
                    percent={followed ? usedPercent(actual, planned) : null}
                    category={category}
                    label={`Utilisation totale des ${total}`}
                  />
                ),
              },
            ]}
          />
        );
      })}
    </div>
  );
}
