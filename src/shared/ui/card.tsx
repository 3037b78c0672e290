import { useId, type ReactNode } from 'react';
import { cn } from '@/shared/lib/cn';

/** A white panel; with a title it becomes a labelled region (a dashboard tile, a detail block). */
export function Card({
  title,
  description,
  actions,
  className,
  children,
}: {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  const titleId = useId();
  const hasHeader = Boolean(title || description || actions);
  const Panel = title ? 'section' : 'div';
  return (
    <Panel
      aria-labelledby={title ? titleId : undefined}
      className={cn('rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5', className)}
    >
      {hasHeader && (
        <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            {title && (
              <h3 id={titleId} className="text-base font-semibold text-slate-900">
                {title}
              </h3>
            )}
            {description && <p className="mt-0.5 text-sm text-slate-500">{description}</p>}
          </div>
          {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
        </div>
      )}
      {children}
    </Panel>
  );
}
