import type { NavItem } from '@/shared/routing/space';

export const ACCOUNTANT_ROOT = '/espace-comptable';

/** The accountant space's sections (ROUTES.md). */
export const accountantNav: NavItem[] = [
  { label: 'Mes églises', path: '/espace-comptable', icon: 'church', feature: 'org' },
  {
    label: 'Nouvelle recette',
    path: '/espace-comptable/recettes/nouvelle',
    icon: 'plus',
    feature: 'contributions',
    description: 'Enregistrer une contribution',
  },
  {
    label: 'Dépenses',
    path: '/espace-comptable/depenses',
    icon: 'wallet',
    feature: 'expenses',
    description: 'Les demandes de dépense',
  },
  {
    label: 'Journaux',
    path: '/espace-comptable/journaux',
    icon: 'book',
    feature: 'journals',
    description: 'Les journaux d’une église',
  },
  {
    label: 'Journaux d’un compte',
    path: '/espace-comptable/journaux-dun-compte',
    icon: 'file',
    feature: 'journals',
    description: 'Les mouvements d’un compte',
  },
  {
    label: 'Rapport financier',
    path: '/espace-comptable/rapport-financier',
    icon: 'chart',
    feature: 'journals',
    description: 'Le rapport financier d’une église',
  },
];

/** The bottom dock of SPEC.md section 2: always shown, it links outside the space. */
export const accountantDock: NavItem[] = [
  { label: 'Accueil', path: '/admin', icon: 'home', feature: 'dashboard' },
  { label: 'Notifications', path: '/admin/notifications', icon: 'bell', feature: 'notifications' },
];
