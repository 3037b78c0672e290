import { cn } from '@/shared/lib/cn';

/** A determinate progress bar (0–100), e.g. an upload's progress. */
export function ProgressBar({
  value,
  label = 'Progression',
  className,
}: {
  value: number;
  label?: string;
  className?: string;
}) {
  const percent = Math.round(Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0)));
  return (
    <div className={cn('w-full', className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent} %`}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-1 text-right text-xs text-slate-500 tabular-nums" aria-hidden="true">
        {percent} %
      </p>
    </div>
  );
}
