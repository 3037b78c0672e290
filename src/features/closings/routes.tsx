import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/routing/page-route';

/* The 'closings' pages (ROUTES.md's 'carry'): year-end closings and carry-forwards of the Level. */

/** The feature's pages, by name (`PageId`); every one is mounted by a space. */
export const PAGES = ['closings.list', 'closings.detail'] as const;

declare module '@/shared/routing/page-route' {
  interface FeaturePages {
    closings: typeof PAGES;
  }
}

/** 'reports-a-nouveau' and 'reports-a-nouveau/:closingId' (not ':id': the accountant's church is 'eglise/:id'). */
export function closingRoutes(): RouteObject[] {
  return [
    pageRoute('reports-a-nouveau', 'closings.list', () =>
      import('./pages/closing-list-page').then((m) => m.ClosingListPage),
    ),
    pageRoute('reports-a-nouveau/:closingId', 'closings.detail', () =>
      import('./pages/closing-detail-page').then((m) => m.ClosingDetailPage),
    ),
  ];
}
