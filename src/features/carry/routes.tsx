import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/routing/page-route';

/* The 'carry' pages (ROUTES.md): year-end closings and carry-forwards of the Level. */
export function carryRoutes(): RouteObject[] {
  return [
    pageRoute('reports-a-nouveau', 'carry.list', () =>
      import('./pages/closing-list-page').then((m) => m.ClosingListPage),
    ),
    pageRoute('reports-a-nouveau/:id', 'carry.detail', () =>
      import('./pages/closing-detail-page').then((m) => m.ClosingDetailPage),
    ),
  ];
}
