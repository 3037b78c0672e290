import type { RouteObject } from 'react-router';
import { myContributionsQuery } from '@contract/values/first-screens';
import { queryClient } from '@/shared/api/query-client';
import { levelEntity } from '@/shared/level/level-context';
import { pageRoute, type PagePrefetch } from '@/shared/routing/page-route';
// what follows a receipt sent from the device's outbox (its lists asked again, a toast): registered
// with the routes, loaded with every space, so that it runs whatever page is open when they go
import './lib/outbox';
import {
  CONTRIBUTION_PAGE_SIZE,
  contributionListOptions,
  contributionSummaryOptions,
} from './api/contributions';

/*
 * The 'contributions' pages (ROUTES.md, features 'contributions' and, for 'comptes-de-recettes',
 * 'accounts'), written once; each space mounts them where it shows them. A receipt opens in a dialog
 * over its list (`?recu={id}`); /receipt/:id is a root route (src/app/routes.tsx).
 */

/** The feature's pages, by name (`PageId`); every one is mounted by a space. */
export const PAGES = [
  'contributions.list',
  'contributions.new',
  'contributions.faithful',
  'contributions.accounts',
  'contributions.mine',
  'contributions.my-receipt',
] as const;

declare module '@/shared/routing/page-route' {
  interface FeaturePages {
    contributions: typeof PAGES;
  }
}

const list = () => import('./pages/contribution-list-page').then((m) => m.ContributionListPage);
const create = () => import('./pages/contribution-create-page').then((m) => m.ContributionCreatePage);

// The first data of the pages, asked for with their code (decision 0039): the same queries as the pages'.
const prefetchList: PagePrefetch = ({ level }) => {
  const entity = levelEntity(level);
  if (entity)
    void queryClient.prefetchQuery(
      contributionListOptions({ kind: 'entity', ...entity }, { page: 1, limit: CONTRIBUTION_PAGE_SIZE }),
    );
};
const prefetchMine: PagePrefetch = () => {
  void queryClient.prefetchQuery(contributionSummaryOptions());
  // the page opens on the latest year of the summary: this year, for a member who gives
  void queryClient.prefetchQuery(
    contributionListOptions({ kind: 'mine' }, myContributionsQuery(new Date().getFullYear())),
  );
};

/** The Level's receipts: 'recettes' and, unless `create` is false, 'recettes/nouvelle'. */
export function contributionRoutes(options: { create?: boolean } = {}): RouteObject[] {
  return [
    pageRoute('recettes', 'contributions.list', list, undefined, prefetchList),
    ...(options.create === false ? [] : [contributionCreateRoute('recettes/nouvelle')]),
  ];
}

/** The form recording a contribution for the Level's entity, at `path`. */
export const contributionCreateRoute = (path: string) => pageRoute(path, 'contributions.new', create);

/** A department's contributions ('contributions'). */
export const departmentContributionsRoute = () =>
  pageRoute('contributions', 'contributions.list', list, { title: 'Contributions' });

/** One faithful's contributions ('fideles/:faithfullId/contributions'), back to the faithful's page. */
export const faithfulContributionsRoute = () =>
  pageRoute('fideles/:faithfullId/contributions', 'contributions.faithful', () =>
    import('./pages/contribution-list-page').then((m) => m.FaithfulContributionsPage),
  );

/** The Level's receipt accounts with their totals ('comptes-de-recettes'). */
export const receiptAccountsRoute = () =>
  pageRoute('comptes-de-recettes', 'contributions.accounts', () =>
    import('./pages/receipt-accounts-page').then((m) => m.ReceiptAccountsPage),
  );

/** The signed-in member's own giving: 'mes-contributions' and one receipt. */
export function myContributionsRoutes(): RouteObject[] {
  return [
    pageRoute(
      'mes-contributions',
      'contributions.mine',
      () => import('./pages/my-contributions-page').then((m) => m.MyContributionsPage),
      undefined,
      prefetchMine,
    ),
    pageRoute('mes-contributions/:id', 'contributions.my-receipt', () =>
      import('./pages/my-contribution-page').then((m) => m.MyContributionPage),
    ),
  ];
}
