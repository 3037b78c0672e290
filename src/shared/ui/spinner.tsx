import { cn } from '@/shared/lib/cn';

type SpinnerProps = {
  className?: string;
  /** read by screen readers; shown beside the wheel with `showLabel` */
  label?: string;
  showLabel?: boolean;
};

/** An accessible busy indicator; `label` is read by screen readers. */
export function Spinner({ className, label = 'Chargement', showLabel = false }: SpinnerProps) {
  const wheel = (
    <svg className="h-4 w-4 shrink-0 animate-spin" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
  if (showLabel) {
    return (
      <span role="status" className={cn('inline-flex items-center gap-2', className)}>
        {wheel}
        <span>{label}</span>
      </span>
    );
  }
  return (
    <span role="status" aria-label={label} className={cn('inline-flex', className)}>
      {wheel}
    </span>
  );
}

/** A spinner alone in its block, while a part of the page loads. */
export function BlockSpinner() {
  return (
    <div className="flex justify-center py-6">
      <Spinner />
    </div>
  );
}
