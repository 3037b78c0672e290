import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/routing/page-route';
import { BlockSpinner } from '@/shared/ui/spinner';

/*
 * The dashboards (ROUTES.md feature 'dashboard'). A space's home keeps its hub (in the space's chunk)
 * and shows the dashboard through one of these slots: the dashboard's code, chart included, is a chunk
 * of its own, loaded when the home is opened, never with the space's shell (decision 0031).
 */

/** The feature's pages, by name (`PageId`); every one is mounted by a space. */
export const PAGES = ['dashboard.accounting'] as const;

declare module '@/shared/routing/page-route' {
  interface FeaturePages {
    dashboard: typeof PAGES;
  }
}

const Entity = lazy(() =>
  import('./components/entity-dashboard').then((m) => ({ default: m.EntityDashboard })),
);
const Personal = lazy(() =>
  import('./components/personal-dashboard').then((m) => ({ default: m.PersonalDashboard })),
);
const Admin = lazy(() => import('./components/admin-dashboard').then((m) => ({ default: m.AdminDashboard })));

/** The dashboard of the Level's entity (church, section, region, national office homes). */
export function EntityDashboardSlot() {
  return (
    <Suspense fallback={<BlockSpinner />}>
      <Entity />
    </Suspense>
  );
}

/** The member's own giving (the personal space's /dashboard). */
export function PersonalDashboardSlot() {
  return (
    <Suspense fallback={<BlockSpinner />}>
      <Personal />
    </Suspense>
  );
}

/** The administrator's home (/admin). */
export function AdminDashboardSlot() {
  return (
    <Suspense fallback={<BlockSpinner />}>
      <Admin />
    </Suspense>
  );
}

const overview = () => import('./pages/accounting-overview-page').then((m) => m.AccountingOverviewPage);

/** The accounting overview at the space's Level: mounted as `prefixed('espace-comptable', ...)`. */
export function accountingOverviewRoute(): RouteObject {
  return pageRoute('', 'dashboard.accounting', overview);
}
