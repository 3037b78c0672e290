import type { RouteObject } from 'react-router';
import { queryClient } from '@/shared/api/query-client';
import { pageRoute, type PagePrefetch } from '@/shared/routing/page-route';
import { prefetchExpenseList } from './api/expense-requests';

/*
 * The 'expenses' pages (ROUTES.md, feature 'expenses'), written once and mounted by every space that
 * shows them, at the Level the space gives them. Paths are relative to where the space mounts them.
 */

/** The feature's pages, by name (`PageId`); every one is mounted by a space. */
export const PAGES = ['expenses.list', 'expenses.add', 'expenses.detail', 'expenses.mine'] as const;

declare module '@/shared/routing/page-route' {
  interface FeaturePages {
    expenses: typeof PAGES;
  }
}

const list = () => import('./pages/expense-list-page').then((m) => m.ExpenseListPage);
const add = () => import('./pages/expense-add-page').then((m) => m.ExpenseAddPage);
const detail = () => import('./pages/expense-detail-page').then((m) => m.ExpenseDetailPage);
// the list's first page and totals, asked for with its code (decision 0039)
const prefetchList: PagePrefetch = ({ level }) => prefetchExpenseList(queryClient, level, false);

export type ExpenseRoutesOptions = {
  /** 'depenses/nouveau': the Level's add-expense screen (default true) */
  add?: boolean;
  /** 'depenses/:expenseId': without it, rows open the details shown at a Level above (default true) */
  detail?: boolean;
};

/** The Level's expense requests: 'depenses', 'depenses/nouveau', 'depenses/:expenseId'. */
export function expenseRoutes(options: ExpenseRoutesOptions = {}): RouteObject[] {
  return [
    pageRoute('depenses', 'expenses.list', list, undefined, prefetchList),
    ...(options.add === false ? [] : [pageRoute('depenses/nouveau', 'expenses.add', add)]),
    ...(options.detail === false ? [] : [pageRoute('depenses/:expenseId', 'expenses.detail', detail)]),
  ];
}

/** The add-expense screen at another path of the Level (the region's 'creer-une-depense'). */
export const expenseAddRoute = (path: string) => pageRoute(path, 'expenses.add', add);

/** The requests the signed-in user created ('mes-requetes'). */
export const myExpensesRoute = (path: string) =>
  pageRoute(path, 'expenses.mine', () => import('./pages/expense-list-page').then((m) => m.MyExpensesPage));
