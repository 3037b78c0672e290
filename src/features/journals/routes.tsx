import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/routing/page-route';

/*
 * The four accounting documents ('pièces comptables', ROUTES.md feature 'journals'), written once.
 * Each reads its entity from the Level the space gives it: the level of the space, the church of a
 * URL parameter, or the church the accountant chooses.
 */

/** The feature's pages, by name (`PageId`); every one is mounted by a space. */
export const PAGES = [
  'journals.general',
  'journals.account',
  'journals.report',
  'journals.treasury',
  'journals.index',
] as const;

declare module '@/shared/routing/page-route' {
  interface FeaturePages {
    journals: typeof PAGES;
  }
}

const general = () => import('./pages/general-journal-page').then((m) => m.GeneralJournalPage);
const account = () => import('./pages/account-journal-page').then((m) => m.AccountJournalPage);
const treasury = () => import('./pages/treasury-journal-page').then((m) => m.TreasuryJournalPage);
const report = () => import('./pages/financial-report-page').then((m) => m.FinancialReportPage);

/** The documents without the treasury journal, at the Level: 'journaux', 'journaux-dun-compte', 'rapport-financier'. */
export function documentRoutes(): RouteObject[] {
  return [
    pageRoute('journaux', 'journals.general', general),
    pageRoute('journaux-dun-compte', 'journals.account', account),
    pageRoute('rapport-financier', 'journals.report', report),
  ];
}

/** The treasury journal of the Level's entity, at `path` (the accountant's 'journal-de-tresorerie/:id' sets it). */
export const treasuryJournalRoute = (path: string | { index: true }) =>
  pageRoute(path, 'journals.treasury', treasury);

/** 'pieces-comptables': the index of the four documents of the Level, and the documents below it. */
export function accountingDocumentsRoutes(): RouteObject[] {
  return [
    {
      path: 'pieces-comptables',
      children: [
        pageRoute({ index: true }, 'journals.index', () =>
          import('./pages/documents-index-page').then((m) => m.DocumentsIndexPage),
        ),
        ...documentRoutes(),
        treasuryJournalRoute('journal-de-tresorerie'),
      ],
    },
  ];
}
