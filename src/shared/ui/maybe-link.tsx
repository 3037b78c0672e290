import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A link where there is a place to go, else the same text: `to` is what `useSpacePaths()` answered,
 * null where the space shows no such page (then no link is drawn).
 */
export function MaybeLink({
  to,
  children,
  className = 'font-medium text-brand-700 hover:underline',
  textClassName,
  'aria-label': label,
}: {
  to: string | null | undefined;
  children: ReactNode;
  /** the link's classes */
  className?: string;
  /** without a link, the text is a span of these classes ('' : a bare span); none: the bare text */
  textClassName?: string;
  'aria-label'?: string;
}) {
  if (!to)
    return textClassName === undefined ? (
      <>{children}</>
    ) : (
      <span className={textClassName || undefined}>{children}</span>
    );
  return (
    <Link to={to} className={className} aria-label={label}>
      {children}
    </Link>
  );
}
