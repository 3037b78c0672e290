import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { SpaceKey, SpaceLink } from '@/shared/auth/roles';
import { cn } from '@/shared/lib/cn';

type SpaceSwitcherProps = {
  spaces: SpaceLink[];
  current: SpaceKey;
};

/** The menu of the user's spaces; nothing when there is only one. */
export function SpaceSwitcher({ spaces, current }: SpaceSwitcherProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (spaces.length < 2) return null;
  const active = spaces.find((space) => space.key === current);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex h-9 items-center gap-1 rounded-md border border-slate-300 bg-white px-2 text-sm font-medium text-slate-700 hover:bg-slate-50 sm:px-3"
      >
        <span className="sr-only">Changer d’espace, espace actuel :</span>
        {/* On a phone the icon alone, so that the page title keeps the room. */}
        <svg
          viewBox="0 0 24 24"
          className="h-5 w-5 sm:hidden"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          aria-hidden="true"
        >
          <path d="m16 3 4 4-4 4M20 7H4M8 21l-4-4 4-4M4 17h16" />
        </svg>
        <span className="sr-only sm:not-sr-only sm:max-w-[12rem] sm:truncate">
          {active?.label ?? 'Mes espaces'}
        </span>
        <svg
          viewBox="0 0 24 24"
          className="hidden h-4 w-4 sm:block"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          aria-hidden="true"
        >
          <path d="m6 9 6 6 6-6" />
        </svg>
      </button>
      {open && (
        <nav
          id={menuId}
          aria-label="Mes espaces"
          className="absolute right-0 z-40 mt-2 w-64 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <SpaceLinks spaces={spaces} current={current} onNavigate={() => setOpen(false)} withDetails />
        </nav>
      )}
    </div>
  );
}

/** The user's spaces as links, the current one marked: the header's menu and the phone's drawer. */
export function SpaceLinks({
  spaces,
  current,
  onNavigate,
  withDetails = false,
  className,
}: {
  spaces: SpaceLink[];
  current?: SpaceKey;
  onNavigate: () => void;
  /** each space's line of detail under its name (the church of a role...) */
  withDetails?: boolean;
  className?: string;
}) {
  return (
    <ul className={className}>
      {spaces.map((space) => (
        <li key={space.key}>
          <Link
            to={space.path}
            onClick={onNavigate}
            aria-current={space.key === current ? 'page' : undefined}
            className={cn(
              'block rounded-md px-3 py-2 text-sm hover:bg-slate-100',
              space.key === current ? 'bg-brand-50 font-semibold text-brand-800' : 'text-slate-700',
            )}
          >
            {space.label}
            {withDetails && space.detail && (
              <span className="block text-xs font-normal text-slate-500">{space.detail}</span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
