import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/routing/page-route';

/*
 * The 'faithful' pages (ROUTES.md, feature 'faithful'): the list, the create and edit forms, the
 * detail and the transfer page, written once. Each space says which of them it shows at a Level.
 * ('fideles/:faithfullId/contributions' belongs to the contributions feature.)
 */

/** The feature's pages, by name (`PageId`); every one is mounted by a space. */
export const PAGES = [
  'faithful.list',
  'faithful.new',
  'faithful.transfer',
  'faithful.detail',
  'faithful.edit',
] as const;

declare module '@/shared/routing/page-route' {
  interface FeaturePages {
    faithful: typeof PAGES;
  }
}

const form = () => import('./pages/faithful-form-page');

export type FaithfulRoutesOptions = {
  /** 'fideles/nouveau' */
  add?: boolean;
  /** 'fideles/:faithfullId'; without it, rows open the faithful's page under their church */
  detail?: boolean;
  /** 'fideles/:faithfullId/modifier' */
  edit?: boolean;
  /** 'fideles/transfert' */
  transfer?: boolean;
};

/** The Level's faithful at 'fideles', and the pages below it that the space shows there. */
export function faithfulRoutes(options: FaithfulRoutesOptions = {}): RouteObject[] {
  return [
    pageRoute('fideles', 'faithful.list', () =>
      import('./pages/faithful-list-page').then((m) => m.FaithfulListPage),
    ),
    ...(options.add
      ? [pageRoute('fideles/nouveau', 'faithful.new', () => form().then((m) => m.FaithfulCreatePage))]
      : []),
    ...(options.transfer
      ? [
          pageRoute('fideles/transfert', 'faithful.transfer', () =>
            import('./pages/faithful-transfer-page').then((m) => m.FaithfulTransferPage),
          ),
        ]
      : []),
    ...(options.detail
      ? [
          pageRoute('fideles/:faithfullId', 'faithful.detail', () =>
            import('./pages/faithful-detail-page').then((m) => m.FaithfulDetailPage),
          ),
        ]
      : []),
    ...(options.edit
      ? [
          pageRoute('fideles/:faithfullId/modifier', 'faithful.edit', () =>
            form().then((m) => m.FaithfulEditPage),
          ),
        ]
      : []),
  ];
}
