import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/routing/page-route';
import type { SubscriptionListPageProps } from './pages/subscription-list-page';

/*
 * The 'subscriptions' pages (ROUTES.md, feature 'subscriptions'), mounted by every space that shows
 * them at the Level it gives them: 'souscriptions' and 'souscriptions/:subscriptionId'. The pay form
 * is part of the detail page; creating subscriptions and managing the types are part of the list.
 */

/** The feature's pages, by name (`PageId`); every one is mounted by a space. */
export const PAGES = ['subscriptions.list', 'subscriptions.detail'] as const;

declare module '@/shared/routing/page-route' {
  interface FeaturePages {
    subscriptions: typeof PAGES;
  }
}

const list = () => import('./pages/subscription-list-page').then((m) => m.SubscriptionListPage);
const detail = () => import('./pages/subscription-detail-page').then((m) => m.SubscriptionDetailPage);

/** The Level's subscriptions and their details. */
export function subscriptionRoutes(options: SubscriptionListPageProps = {}): RouteObject[] {
  return [
    pageRoute('souscriptions', 'subscriptions.list', list, options),
    pageRoute('souscriptions/:subscriptionId', 'subscriptions.detail', detail),
  ];
}
