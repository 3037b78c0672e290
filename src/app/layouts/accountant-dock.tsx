import { NavLink } from 'react-router';
import type { NavItem } from '@/shared/routing/space';
import { cn } from '@/shared/lib/cn';
import { NavIcon } from '@/spaces/common/nav-icon';

/** The accountant space's bottom dock (SPEC.md section 2). */
export function BottomDock({ items }: { items: NavItem[] }) {
  return (
    <nav
      aria-label="Raccourcis"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 backdrop-blur lg:left-1/2 lg:right-auto lg:bottom-4 lg:-translate-x-1/2 lg:rounded-full lg:border lg:shadow-lg"
    >
      <ul className="flex items-stretch justify-around lg:gap-2 lg:px-3">
        {items.map((item) => (
          <li key={item.path}>
            <NavLink
              to={item.path}
              end
              className={({ isActive }) =>
                cn(
                  'flex min-w-20 flex-col items-center gap-0.5 px-4 py-2 text-xs font-medium',
                  isActive ? 'text-brand-700' : 'text-slate-600 hover:text-slate-900',
                )
              }
            >
              <NavIcon name={item.icon} />
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
