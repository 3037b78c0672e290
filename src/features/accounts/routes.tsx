import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/routing/page-route';

/*
 * The 'accounts' pages (ROUTES.md): the chart of operation accounts in the admin space, and the accounts
 * forbidden to a national office (under 'bureaux-nationaux/:id').
 */

/** The feature's pages, by name (`PageId`); every one is mounted by a space. */
export const PAGES = [
  'accounts.list',
  'accounts.authorizations',
  'accounts.detail',
  'accounts.forbidden',
] as const;

declare module '@/shared/routing/page-route' {
  interface FeaturePages {
    accounts: typeof PAGES;
  }
}

export function accountAdminRoutes(): RouteObject[] {
  return [
    pageRoute('comptes-operation', 'accounts.list', () =>
      import('./pages/account-list-page').then((m) => m.AccountListPage),
    ),
    pageRoute('comptes-operation/autorisations', 'accounts.authorizations', () =>
      import('./pages/authorizations-page').then((m) => m.AuthorizationsPage),
    ),
    pageRoute('comptes-operation/:id', 'accounts.detail', () =>
      import('./pages/account-detail-page').then((m) => m.AccountDetailPage),
    ),
  ];
}

export const forbiddenAccountsRoute = () =>
  pageRoute('comptes-interdits', 'accounts.forbidden', () =>
    import('./pages/forbidden-accounts-page').then((m) => m.ForbiddenAccountsPage),
  );
