import { NavLink } from 'react-router';
import type { NavItem } from '@/shared/routing/space';
import { cn } from '@/shared/lib/cn';
import { NavIcon } from '@/spaces/common/nav-icon';

type SpaceNavProps = {
  items: NavItem[];
  home: string;
  label: string;
  onNavigate?: () => void;
};

/** The list of a space's sections (the sidebar on a desktop, the drawer on a phone). */
export function SpaceNav({ items, home, label, onNavigate }: SpaceNavProps) {
  return (
    <nav aria-label={label}>
      <ul className="space-y-1">
        {items.map((item) => (
          <li key={item.path}>
            <NavLink
              to={item.path}
              end={item.path === home}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
                  isActive
                    ? 'bg-brand-50 text-brand-800'
                    : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                )
              }
            >
              <NavIcon name={item.icon} className="h-5 w-5 shrink-0" />
              <span className="truncate">{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
