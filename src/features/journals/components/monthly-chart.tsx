import { formatMoney } from '@/shared/lib/format';

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

/** 'YYYY-MM' -> 'mars 26' */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-');
  return `${MONTHS[Number(m) - 1]} ${year.slice(2)}`;
}

const RECEIPTS = '#059669';
const EXPENSES = '#dc2626';

/**
 * Receipts against expenses per month, drawn by hand in SVG (no chart library): two bars per month, a
 * few grid lines, the values in each bar's tooltip and in a table for screen readers.
 */
export function MonthlyChart({
  months,
}: {
  months: { month: string; receipts: number; expenses: number }[];
}) {
  const max = Math.max(1, ...months.flatMap((m) => [m.receipts, m.expenses]));
  // wide slots for a short period, 40 units each past 14 months (the frame scrolls sideways then)
  const slot = Math.max(40, Math.min(96, Math.floor(560 / Math.max(1, months.length))));
  const bar = Math.min(24, Math.floor(slot * 0.3));
  const height = 180;
  const top = 10;
  const left = 8;
  const width = left + months.length * slot;
  const y = (value: number) => top + height - (Math.max(0, value) / max) * height;
  const grid = [0, 0.25, 0.5, 0.75, 1];
  return (
    <figure className="space-y-2">
      <div className="overflow-x-auto">
        <svg
          role="img"
          aria-label="Recettes et dépenses par mois"
          viewBox={`0 0 ${width} ${top + height + 24}`}
          width={width}
          height={top + height + 24}
          className="max-w-none"
        >
          {grid.map((g) => (
            <line
              key={g}
              x1={0}
              x2={width}
              y1={y(max * g)}
              y2={y(max * g)}
              stroke="#e2e8f0"
              strokeWidth={1}
            />
          ))}
          {months.map((m, i) => {
            const x = left + i * slot + (slot - 2 * bar - 4) / 2;
            return (
              <g key={m.month}>
                <rect
                  x={x}
                  y={y(m.receipts)}
                  width={bar}
                  height={top + height - y(m.receipts)}
                  fill={RECEIPTS}
                  rx={2}
                >
                  <title>{`${monthLabel(m.month)} : recettes ${formatMoney(m.receipts)}`}</title>
                </rect>
                <rect
                  x={x + bar + 4}
                  y={y(m.expenses)}
                  width={bar}
                  height={top + height - y(m.expenses)}
                  fill={EXPENSES}
                  rx={2}
                >
                  <title>{`${monthLabel(m.month)} : dépenses ${formatMoney(m.expenses)}`}</title>
                </rect>
                <text
                  x={left + i * slot + slot / 2}
                  y={top + height + 16}
                  textAnchor="middle"
                  fontSize={10}
                  fill="#475569"
                >
                  {monthLabel(m.month)}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      <figcaption className="flex flex-wrap gap-4 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1">
          <span
            aria-hidden="true"
            className="inline-block h-3 w-3 rounded-sm"
            style={{ background: RECEIPTS }}
          />
          Recettes
        </span>
        <span className="inline-flex items-center gap-1">
          <span
            aria-hidden="true"
            className="inline-block h-3 w-3 rounded-sm"
            style={{ background: EXPENSES }}
          />
          Dépenses
        </span>
        <span>Échelle : {formatMoney(max)} au plus haut</span>
      </figcaption>
    </figure>
  );
}
