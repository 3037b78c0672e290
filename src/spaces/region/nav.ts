import type { NavItem } from '@/shared/routing/space';

export const REGION_ROOT = '/ma-region';

/** The region area's sections (ROUTES.md). */
export const regionNav: NavItem[] = [
  { label: 'Accueil', path: '/ma-region', icon: 'home', feature: 'dashboard' },
  {
    label: 'Sections',
    path: '/ma-region/sections',
    icon: 'layers',
    feature: 'org',
    description: 'Les sections de la région',
  },
  {
    label: 'Églises',
    path: '/ma-region/eglises',
    icon: 'church',
    feature: 'org',
    description: 'Les églises de la région',
  },
  { label: 'Recettes', path: '/ma-region/recettes', icon: 'receipt', feature: 'contributions' },
  { label: 'Dépenses', path: '/ma-region/depenses', icon: 'wallet', feature: 'expenses' },
  {
    label: 'Rapports d’activités',
    path: '/ma-region/rapport-activites',
    icon: 'file',
    feature: 'activities',
  },
  { label: 'Membres', path: '/ma-region/membres', icon: 'user-check', feature: 'members' },
  { label: 'Fidèles', path: '/ma-region/fideles', icon: 'users', feature: 'faithful' },
  { label: 'Budget', path: '/ma-region/budget', icon: 'budget', feature: 'budgets' },
  { label: 'Budgets', path: '/ma-region/budgets', icon: 'book', feature: 'budgets' },
  { label: 'Départements', path: '/ma-region/departements', icon: 'grid', feature: 'org' },
  { label: 'Notifications', path: '/ma-region/notifications', icon: 'bell', feature: 'notifications' },
];
