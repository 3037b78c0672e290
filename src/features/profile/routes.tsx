import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/routing/page-route';

/* The 'profile' page (ROUTES.md): /mon-profil, in the personal space. */

const page = () => import('./pages/profile-page').then((m) => m.ProfilePage);

export const profileRoute = (): RouteObject => pageRoute('mon-profil', 'profile.page', page);
