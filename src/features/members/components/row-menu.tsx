import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@/shared/lib/cn';

export type RowMenuItem =
  | { kind: 'link'; label: string; to: string }
  | { kind: 'href'; label: string; href: string }
  | { kind: 'action'; label: string; onSelect: () => void; danger?: boolean };

const itemClass = (danger?: boolean) =>
  cn(
    'block w-full px-3 py-2 text-left text-sm hover:bg-slate-100 focus:bg-slate-100 focus:outline-none',
    danger ? 'text-red-700' : 'text-slate-800',
  );

/** A row's actions menu (a button opening a list of links and actions); Escape or a click outside closes it. */
export function RowMenu({ label, items }: { label: string; items: readonly RowMenuItem[] }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    const entries = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = entries.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      entries[(index + 1) % entries.length]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      entries[(index - 1 + entries.length) % entries.length]?.focus();
    }
  };

  const wrap = (key: string, node: ReactNode) => (
    <li key={key} role="none">
      {node}
    </li>
  );

  return (
    <div ref={root} className="relative inline-block text-left" onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <span aria-hidden="true" className="text-lg leading-none">
          ⋮
        </span>
      </button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          aria-label={label}
          className="absolute right-0 z-20 mt-1 w-56 overflow-hidden rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          {items.map((item) =>
            item.kind === 'link'
              ? wrap(
                  item.label,
                  <Link role="menuitem" to={item.to} className={itemClass()} onClick={() => setOpen(false)}>
                    {item.label}
                  </Link>,
                )
              : item.kind === 'href'
                ? wrap(
                    item.label,
                    <a
                      role="menuitem"
                      href={item.href}
                      className={itemClass()}
                      onClick={() => setOpen(false)}
                    >
                      {item.label}
                    </a>,
                  )
                : wrap(
                    item.label,
                    <button
                      type="button"
                      role="menuitem"
                      className={itemClass(item.danger)}
                      onClick={() => {
                        // the menu's button takes the focus back before the action opens a dialog: the
                        // dialog returns it there when it closes (the menu item is gone by then)
                        close();
                        item.onSelect();
                      }}
                    >
                      {item.label}
                    </button>,
                  ),
          )}
        </ul>
      )}
    </div>
  );
}
