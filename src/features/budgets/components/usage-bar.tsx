import { cn } from '@/shared/lib/cn';
import { formatPercent } from '../lib/labels';

/**
 * How much of a line is used: a bar to 100 % (red beyond it for an expense, green for an income that
 * reached its target), and the percentage as text for screen readers and print.
 */
export function UsageBar({
  percent,
  category,
  label,
}: {
  percent: number | null;
  category: 'INCOME' | 'EXPENSE';
  label: string;
}) {
  if (percent === null) return <span className="text-xs text-slate-600">Non suivi</span>;
  const width = Math.min(100, Math.max(0, percent));
  const over = percent > 100;
  const tone =
    category === 'EXPENSE'
      ? over
        ? 'bg-red-600'
        : percent >= 90
          ? 'bg-amber-500'
          : 'bg-brand-600'
      : percent >= 100
        ? 'bg-green-600'
        : 'bg-brand-600';
  return (
    <div className="flex min-w-28 items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(width)}
        aria-valuetext={formatPercent(percent)}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200 print:border print:border-slate-400"
      >
        <div className={cn('h-full rounded-full', tone)} style={{ width: `${width}%` }} />
      </div>
      <span
        className={cn(
          'w-16 whitespace-nowrap text-right text-xs tabular-nums',
          over && category === 'EXPENSE' && 'font-semibold text-red-700',
        )}
      >
        {formatPercent(percent)}
      </span>
    </div>
  );
}
