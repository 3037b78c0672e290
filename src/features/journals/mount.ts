import type { RouteObject } from 'react-router';
import { lazyRoute, type FeatureMount } from '@/spaces/common/feature-mount';
import type { DocumentPlace } from './lib/document-entity';

/** The four documents below a base path ('pieces-comptables' of a level), plus their index. */
function documentRoutes(path: string, base: string, back: string): RouteObject {
  const place: DocumentPlace = 'level';
  return {
    path,
    children: [
      lazyRoute(
        { index: true },
        () => import('./pages/documents-index-page'),
        (m) => m.DocumentsIndexPage,
        {
          base,
          back,
        },
      ),
      lazyRoute(
        { path: 'journaux' },
        () => import('./pages/general-journal-page'),
        (m) => m.GeneralJournalPage,
        {
          place,
          back: base,
        },
      ),
      lazyRoute(
        { path: 'journaux-dun-compte' },
        () => import('./pages/account-journal-page'),
        (m) => m.AccountJournalPage,
        { place, back: base },
      ),
      lazyRoute(
        { path: 'journal-de-tresorerie' },
        () => import('./pages/treasury-journal-page'),
        (m) => m.TreasuryJournalPage,
        { place, back: base },
      ),
      lazyRoute(
        { path: 'rapport-financier' },
        () => import('./pages/financial-report-page'),
        (m) => m.FinancialReportPage,
        { place, back: base },
      ),
    ],
  };
}

const ACCOUNTANT = '/espace-comptable';
const chosen: DocumentPlace = 'accountant-choose';

/** Where the 'journals' pages hang in the spaces (ROUTES.md, feature 'journals'). */
export const mount: FeatureMount = {
  routes: {
    church: [documentRoutes('pieces-comptables', '/mon-eglise/pieces-comptables', '/mon-eglise')],
    'national-office': [
      documentRoutes(
        'espace-comptable/pieces-comptables',
        '/mon-bureau-national/espace-comptable/pieces-comptables',
        '/mon-bureau-national',
      ),
    ],
    accountant: [
      lazyRoute(
        { path: 'journaux' },
        () => import('./pages/general-journal-page'),
        (m) => m.GeneralJournalPage,
        {
          place: chosen,
          back: ACCOUNTANT,
        },
      ),
      lazyRoute(
        { path: 'journaux-dun-compte' },
        () => import('./pages/account-journal-page'),
        (m) => m.AccountJournalPage,
        { place: chosen, back: ACCOUNTANT },
      ),
      lazyRoute(
        { path: 'journal-de-tresorerie/:id' },
        () => import('./pages/treasury-journal-page'),
        (m) => m.TreasuryJournalPage,
        { place: 'accountant-param' as DocumentPlace },
      ),
      lazyRoute(
        { path: 'rapport-financier' },
        () => import('./pages/financial-report-page'),
        (m) => m.FinancialReportPage,
        { place: chosen, back: ACCOUNTANT },
      ),
    ],
  },
};
