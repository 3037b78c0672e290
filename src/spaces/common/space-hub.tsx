import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAccount } from '@/shared/auth/account-store';
import { roleLabel, spacesOf } from '@/shared/auth/roles';
import { usePageTitle } from '@/shared/level/page-title';
import { registeredNav, useSpace } from '@/shared/routing/space';
import { AccountSummary } from './account-summary';
import { NavIcon } from './nav-icon';

/**
 * A space's home: its dashboard (`children`, decision 0026), cards to the sections of the space whose pages
 * exist, the user's own record, and their other spaces.
 */
export function SpaceHub({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string | null;
  children?: ReactNode;
}) {
  usePageTitle(title);
  const space = useSpace();
  const account = useAccount();
  if (!space || !account) return null;
  const sections = registeredNav(space).filter((item) => item.path !== space.home);
  const others = spacesOf(account).filter((other) => other.key !== space.key);

  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <section aria-labelledby="hub-welcome">
        <h2 id="hub-welcome" className="text-xl font-semibold text-slate-900">
          Bonjour {account.firstname}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {roleLabel(account)}
          {subtitle ? ` · ${subtitle}` : ''}
        </p>
      </section>

      {children}

      {sections.length > 0 && (
        <section aria-labelledby="hub-sections" className="space-y-3">
          <h2 id="hub-sections" className="text-lg font-semibold text-slate-900">
            Rubriques
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {sections.map((item) => (
              <li key={item.path}>
                <Link
                  to={item.path}
                  className="flex h-full items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-300 hover:shadow"
                >
                  <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-md bg-brand-50 text-brand-700">
                    <NavIcon name={item.icon} />
                  </span>
                  <span className="min-w-0">
                    <span className="block font-semibold text-slate-900">{item.label}</span>
                    {item.description && (
                      <span className="mt-0.5 block text-sm text-slate-500">{item.description}</span>
                    )}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <AccountSummary account={account} />

      {others.length > 0 && (
        <section aria-labelledby="hub-spaces" className="space-y-3">
          <h2 id="hub-spaces" className="text-lg font-semibold text-slate-900">
            Mes autres espaces
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {others.map((other) => (
              <li key={other.key}>
                <Link
                  to={other.path}
                  className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-300 hover:shadow"
                >
                  <span className="font-semibold text-slate-900">{other.label}</span>
                  {other.detail && <span className="mt-0.5 text-sm text-slate-500">{other.detail}</span>}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
