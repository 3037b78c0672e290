import type { ReactNode } from 'react';
import { cn } from '@/shared/lib/cn';

export type BadgeTone = 'gray' | 'pink' | 'green' | 'red' | 'amber' | 'blue';

const tones: Record<BadgeTone, string> = {
  gray: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  pink: 'bg-pink-50 text-pink-700 ring-pink-600/20',
  green: 'bg-green-50 text-green-700 ring-green-600/20',
  red: 'bg-red-50 text-red-700 ring-red-600/20',
  amber: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  blue: 'bg-blue-50 text-blue-700 ring-blue-600/20',
};

/** A short status label, e.g. a request's state or a role. */
export function Badge({
  tone = 'gray',
  className,
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      data-tone={tone}
      className={cn(
        // on a phone a long label (a church's name) wraps inside the screen rather than widening the page
        'inline-flex max-w-full items-center whitespace-normal break-words rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset sm:whitespace-nowrap',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
