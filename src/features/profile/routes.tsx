import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/routing/page-route';

/* The 'profile' page (ROUTES.md): /mon-profil, in the personal space. */

/** The feature's pages, by name (`PageId`); every one is mounted by a space. */
export const PAGES = ['profile.page'] as const;

declare module '@/shared/routing/page-route' {
  interface FeaturePages {
    profile: typeof PAGES;
  }
}

const page = () => import('./pages/profile-page').then((m) => m.ProfilePage);

export const profileRoute = (): RouteObject => pageRoute('mon-profil', 'profile.page', page);
