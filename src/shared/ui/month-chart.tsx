import { formatMoney } from '@/shared/lib/format';

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
const monthLabel = (month: string) => {
  const [year, m] = month.split('-');
  return `${MONTHS[Number(m) - 1]} ${year.slice(2)}`;
};

/**
 * Receipts and expenses per month as paired bars (hand-written SVG, no library: decision 0026), shared
 * by the level dashboards and the department dashboard (decision 0028). It scales to its box, so it
 * reads at 360 px; screen readers get the table below it instead, named by `title`.
 */
export function MonthChart({ points, title }: { points: readonly MonthPoint[]; title: string }) {
  const max = Math.max(1, ...points.flatMap((p) => [p.receipts, p.expenses]));
  const width = 600;
  const height = 200;
  const bottom = 20;
  const slot = width / Math.max(1, points.length);
  const bar = Math.max(2, slot / 2 - 4);
  const y = (value: number) => ((height - bottom) * Math.max(0, value)) / max;
  return (
    <figure className="space-y-2">
      <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" aria-hidden="true" focusable="false">
        <line x1={0} x2={width} y1={height - bottom} y2={height - bottom} stroke="#cbd5e1" />
        {points.map((p, i) => {
          const x = i * slot + 2;
          return (
            <g key={p.month}>
              <rect
                x={x}
                y={height - bottom - y(p.receipts)}
                width={bar}
                height={y(p.receipts)}
                fill="#059669"
              />
              <rect
                x={x + bar + 2}
                y={height - bottom - y(p.expenses)}
                width={bar}
                height={y(p.expenses)}
                fill="#dc2626"
              />
              <text x={x + bar} y={height - 5} textAnchor="middle" fontSize={11} fill="#334155">
                {monthLabel(p.month).split(' ')[0]}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-xs text-slate-700">
        <span className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-emerald-600" /> Recettes
        </span>
        <span className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-red-600" /> Dépenses
        </span>
      </figcaption>
      {/* a table sizes to its content: the hidden box is a div around it, so nothing overflows on a phone */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Mois</th>
              <th scope="col">Recettes</th>
              <th scope="col">Dépenses</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.month}>
                <th scope="row">{monthLabel(p.month)}</th>
                <td>{formatMoney(p.receipts)}</td>
                <td>{formatMoney(p.expenses)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
