import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/routing/page-route';

/*
 * The 'giving' pages (online giving, decision 0043), each space mounting the fragment it shows: the
 * member's 'Donner' and its follow-up below /mes-contributions (personal space), the church's 'Paiements
 * en ligne' and 'Paramètres de paiement' (church space), the denomination's merchant account (admin), and
 * the public giving page /donner/:code with its follow-up (root routes, outside every space, like
 * /receipt/:id).
 */

export { GiveLink } from './components/give-link';

/** The feature's pages, by name (`PageId`); every one is mounted by a space. */
export const PAGES = [
  'giving.give',
  'giving.status',
  'giving.payments',
  'giving.settings',
  'giving.installation',
] as const;

declare module '@/shared/routing/page-route' {
  interface FeaturePages {
    giving: typeof PAGES;
  }
}

/** The member's gift: 'mes-contributions/donner' and 'mes-contributions/donner/:checkoutId'. */
export function myGivingRoutes(): RouteObject[] {
  return [
    pageRoute('mes-contributions/donner', 'giving.give', () =>
      import('./pages/give-page').then((m) => m.GivePage),
    ),
    pageRoute('mes-contributions/donner/:checkoutId', 'giving.status', () =>
      import('./pages/give-status-page').then((m) => m.GiveStatusPage),
    ),
  ];
}

/** The church's online payments and settings: 'paiements-en-ligne', 'parametres-paiement'. */
export function churchGivingRoutes(): RouteObject[] {
  return [
    pageRoute('paiements-en-ligne', 'giving.payments', () =>
      import('./pages/online-payments-page').then((m) => m.OnlinePaymentsPage),
    ),
    pageRoute('parametres-paiement', 'giving.settings', () =>
      import('./pages/payment-settings-page').then((m) => m.PaymentSettingsPage),
    ),
  ];
}

/** The denomination's merchant account (administrator): 'parametres-paiement'. */
export const installationGivingRoute = () =>
  pageRoute('parametres-paiement', 'giving.installation', () =>
    import('./pages/installation-settings-page').then((m) => m.InstallationSettingsPage),
  );

/** The public pages: /donner/:code and /donner/:code/merci/:publicId (no session). */
export function publicGivingRoutes(): RouteObject[] {
  return [
    {
      path: 'donner/:code',
      lazy: async () => ({ Component: (await import('./pages/public-give-page')).PublicGivePage }),
    },
    {
      path: 'donner/:code/merci/:publicId',
      lazy: async () => ({
        Component: (await import('./pages/public-give-status-page')).PublicGiveStatusPage,
      }),
    },
  ];
}
