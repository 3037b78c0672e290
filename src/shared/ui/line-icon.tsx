import type { ReactNode } from 'react';

/** A 24-unit line icon in the text's colour, hidden from screen readers (its control says what it does). */
export function LineIcon({ children, className = 'h-4 w-4' }: { children: ReactNode; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      {children}
    </svg>
  );
}
