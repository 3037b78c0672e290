import type { NavItem } from '@/shared/routing/space';

export const SECTION_ROOT = '/ma-section';

/** The section area's sections (ROUTES.md). */
export const sectionNav: NavItem[] = [
  { label: 'Accueil', path: '/ma-section', icon: 'home', feature: 'dashboard' },
  {
    label: 'Églises',
    path: '/ma-section/eglises',
    icon: 'church',
    feature: 'org',
    description: 'Les églises de la section',
  },
  { label: 'Recettes', path: '/ma-section/recettes', icon: 'receipt', feature: 'contributions' },
  { label: 'Dépenses', path: '/ma-section/depenses', icon: 'wallet', feature: 'expenses' },
  {
    label: 'Rapports d’activités',
    path: '/ma-section/rapport-activites',
    icon: 'file',
    feature: 'activities',
  },
  { label: 'Membres', path: '/ma-section/membres', icon: 'user-check', feature: 'members' },
  { label: 'Budget', path: '/ma-section/budget', icon: 'budget', feature: 'budgets' },
  { label: 'Budgets', path: '/ma-section/budgets', icon: 'book', feature: 'budgets' },
  { label: 'Départements', path: '/ma-section/departements', icon: 'grid', feature: 'org' },
  { label: 'Notifications', path: '/ma-section/notifications', icon: 'bell', feature: 'notifications' },
];
