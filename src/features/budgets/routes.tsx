import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/routing/page-route';

/*
 * The 'budgets' pages (ROUTES.md, feature 'budgets'), mounted by the church, section, region and
 * national office spaces at their Level, and the templates by the admin space.
 */

/** The feature's pages, by name (`PageId`); every one is mounted by a space. */
export const PAGES = ['budgets.current', 'budgets.list', 'budgets.detail', 'budgets.templates'] as const;

declare module '@/shared/routing/page-route' {
  interface FeaturePages {
    budgets: typeof PAGES;
  }
}

const current = () => import('./pages/current-budget-page').then((m) => m.CurrentBudgetPage);
const list = () => import('./pages/budget-list-page').then((m) => m.BudgetListPage);
const detail = () => import('./pages/budget-detail-page').then((m) => m.BudgetDetailPage);
const templates = () => import('./pages/templates-page').then((m) => m.TemplatesPage);

/** The Level's budgets: 'budget' (the current one against actual), 'budgets', 'budgets/:budgetId'. */
export function budgetRoutes(): RouteObject[] {
  return [
    pageRoute('budget', 'budgets.current', current),
    pageRoute('budgets', 'budgets.list', list),
    pageRoute('budgets/:budgetId', 'budgets.detail', detail),
  ];
}

/** The denomination's budget templates ('modeles-budget', admin). */
export const budgetTemplatesRoute = () => pageRoute('modeles-budget', 'budgets.templates', templates);
