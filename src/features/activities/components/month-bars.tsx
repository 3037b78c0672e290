import { formatMoney } from '@/shared/lib/format';

const SHORT = [
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
const label = (month: string) => `${SHORT[Number(month.slice(5, 7)) - 1]} ${month.slice(2, 4)}`;

/** Receipts against paid expenses per month: two bars a month, and the same figures as a table for screen readers. */
export function MonthBars({
  months,
}: {
  months: ReadonlyArray<{ month: string; contributions: number; expenses: number }>;
}) {
  const max = Math.max(1, ...months.flatMap((m) => [m.contributions, m.expenses]));
  return (
    <figure className="space-y-2">
      <div aria-hidden="true" className="flex h-40 items-end gap-2">
        {months.map((m) => (
          <div key={m.month} className="flex flex-1 flex-col items-center gap-1">
            <div className="flex h-32 w-full items-end justify-center gap-0.5">
              <div
                className="w-1/2 max-w-4 rounded-t bg-emerald-600"
                style={{ height: `${(m.contributions / max) * 100}%` }}
                title={`Recettes : ${formatMoney(m.contributions)}`}
              />
              <div
                className="w-1/2 max-w-4 rounded-t bg-red-600"
                style={{ height: `${(m.expenses / max) * 100}%` }}
                title={`Dépenses : ${formatMoney(m.expenses)}`}
              />
            </div>
            <span className="text-xs text-slate-600">{label(m.month)}</span>
          </div>
        ))}
      </div>
      <figcaption className="flex flex-wrap gap-4 text-xs text-slate-700">
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-2 w-2 rounded-sm bg-emerald-600" /> Recettes
        </span>
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-2 w-2 rounded-sm bg-red-600" /> Dépenses
        </span>
      </figcaption>
      <table className="sr-only">
        <caption>Recettes et dépenses par mois</caption>
        <thead>
          <tr>
            <th scope="col">Mois</th>
            <th scope="col">Recettes</th>
            <th scope="col">Dépenses</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{label(m.month)}</th>
              <td>{formatMoney(m.contributions)}</td>
              <td>{formatMoney(m.expenses)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
