import type { NavItem } from '@/shared/routing/space';

export const PERSONAL_HOME = '/dashboard';

/** The personal space's sections (ROUTES.md): any signed-in user, the faithful included. */
export const personalNav: NavItem[] = [
  { label: 'Tableau de bord', path: '/dashboard', icon: 'home', feature: 'dashboard' },
  {
    label: 'Mes contributions',
    path: '/mes-contributions',
    icon: 'receipt',
    feature: 'contributions',
    description: 'Vos dons et leurs reçus',
  },
  {
    label: 'Mes requêtes',
    path: '/mes-requetes',
    icon: 'wallet',
    feature: 'expenses',
    description: 'Les demandes de dépense que vous avez créées',
  },
  {
    label: 'Mon profil',
    path: '/mon-profil',
    icon: 'user',
    feature: 'profile',
    description: 'Vos informations',
  },
  { label: 'Notifications', path: '/notifications', icon: 'bell', feature: 'notifications' },
];
