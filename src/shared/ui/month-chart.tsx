import { formatMoney } from '@/shared/lib/format';
import { SimpleTable } from './simple-table';

/** One month ('AAAA-MM') of receipts and (paid) expenses, in F CFA. */
export type MonthPoint = { month: string; receipts: number; expenses: number };

const MONTHS = [
  'janv.',
  'févr.',
  'mars',
  'avr.',
  'mai',
  'juin',
  'juil.',
  'août',
  'sept.',
  'oct.',
  'nov.',
  'déc.',
];
/** 'AAAA-MM' -> 'janv. 26'. */
export const monthLabel = (month: string) => {
  const [year, m] = month.split('-');
  return `${MONTHS[Number(m) - 1]} ${year.slice(2)}`;
};

const RECEIPTS = '#059669';
const EXPENSES = '#dc2626';
const GRID = [0.25, 0.5, 0.75, 1];

type MonthChartProps = {
  points: readonly MonthPoint[];
  /** Names the figures' table that screen readers get instead of the bars. */
  title: string;
  /**
   * For a period of any length (the financial report): the year under each month ('nov. 26'), the
   * bars at least `minSlot` px a month, the chart scrolling sideways in its own focusable region past
   * the box's width, quarter grid lines and the top of the scale in the legend. Without it (the
   * dashboards' twelve months): the month alone, the chart scaled to its box.
   */
  period?: { minSlot: number };
};

/**
 * Receipts and expenses per month as paired bars (hand-written SVG, no library: decision 0026), the one
 * month chart of the app: the level dashboards, the department dashboard (decision 0028) and the
 * financial report of the accounting documents. Each bar tells its month and figure on hover; screen
 * readers get the table below it instead, named by `title`.
 */
export function MonthChart({ points, title, period }: MonthChartProps) {
  const max = Math.max(1, ...points.flatMap((p) => [p.receipts, p.expenses]));
  const width = Math.max(600, period ? points.length * period.minSlot : 0);
  const height = 200;
  const bottom = 20;
  const slot = width / Math.max(1, points.length);
  const natural = Math.max(2, slot / 2 - 4);
  // a short period's bars keep a bar's width, centred in their month
  const bar = period ? Math.min(natural, 32) : natural;
  const y = (value: number) => ((height - bottom) * Math.max(0, value)) / max;
  const svg = (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full"
      style={period ? { minWidth: points.length * period.minSlot } : undefined}
      aria-hidden="true"
      focusable="false"
    >
      {period &&
        GRID.map((g) => (
          <line
            key={g}
            x1={0}
            x2={width}
            y1={height - bottom - y(max * g)}
            y2={height - bottom - y(max * g)}
            stroke="#e2e8f0"
          />
        ))}
      <line x1={0} x2={width} y1={height - bottom} y2={height - bottom} stroke="#cbd5e1" />
      {points.map((p, i) => {
        const x = i * slot + 2 + (natural - bar);
        const label = monthLabel(p.month);
        return (
          <g key={p.month} data-month={p.month}>
            <rect
              x={x}
              y={height - bottom - y(p.receipts)}
              width={bar}
              height={y(p.receipts)}
              fill={RECEIPTS}
            >
              <title>{`${label} : recettes ${formatMoney(p.receipts)}`}</title>
            </rect>
            <rect
              x={x + bar + 2}
              y={height - bottom - y(p.expenses)}
              width={bar}
              height={y(p.expenses)}
              fill={EXPENSES}
            >
              <title>{`${label} : dépenses ${formatMoney(p.expenses)}`}</title>
            </rect>
            <text x={x + bar} y={height - 5} textAnchor="middle" fontSize={11} fill="#334155">
              {period ? label : label.split(' ')[0]}
            </text>
          </g>
        );
      })}
    </svg>
  );
  return (
    <figure className="space-y-2">
      {period ? (
        <div role="region" aria-label={`${title} (graphique)`} tabIndex={0} className="overflow-x-auto">
          {svg}
        </div>
      ) : (
        svg
      )}
      <figcaption className="flex flex-wrap gap-4 text-xs text-slate-700">
        <span className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-emerald-600" /> Recettes
        </span>
        <span className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-red-600" /> Dépenses
        </span>
        {period && <span>Échelle : {formatMoney(max)} au plus haut</span>}
      </figcaption>
      {/* a table sizes to its content: the hidden box is a div around it, so nothing overflows on a phone */}
      <div className="sr-only">
        <SimpleTable
          caption={title}
          captionClassName=""
          rows={points}
          rowKey={(p) => p.month}
          columns={[
            { key: 'month', header: 'Mois', rowHeader: true, cell: (p) => monthLabel(p.month) },
            { key: 'receipts', header: 'Recettes', cell: (p) => formatMoney(p.receipts) },
            { key: 'expenses', header: 'Dépenses', cell: (p) => formatMoney(p.expenses) },
          ]}
        />
      </div>
    </figure>
  );
}
