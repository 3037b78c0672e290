import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/routing/page-route';

/* The 'notifications' page (ROUTES.md): the signed-in user's own, mounted by every space. */

/** The feature's pages, by name (`PageId`); every one is mounted by a space. */
export const PAGES = ['notifications.list'] as const;

declare module '@/shared/routing/page-route' {
  interface FeaturePages {
    notifications: typeof PAGES;
  }
}

const list = () => import('./pages/notifications-page').then((m) => m.NotificationsPage);

/** 'notifications' of a space (the personal space mounts it at '/notifications'). */
export function notificationRoutes(): RouteObject[] {
  return [pageRoute('notifications', 'notifications.list', list)];
}
