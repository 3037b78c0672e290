import type { NavItem } from '@/shared/routing/space';

export const CHURCH_ROOT = '/mon-eglise';
export const CHURCH_SUBSCRIPTIONS = '/mon-eglise/souscriptions';

/** The church space's sections (ROUTES.md). */
export const churchNav: NavItem[] = [
  { label: 'Accueil', path: '/mon-eglise', icon: 'home', feature: 'dashboard' },
  { label: 'Recettes', path: '/mon-eglise/recettes', icon: 'receipt', feature: 'contributions' },
  { label: 'Dépenses', path: '/mon-eglise/depenses', icon: 'wallet', feature: 'expenses' },
  {
    label: 'Paiements en ligne',
    path: '/mon-eglise/paiements-en-ligne',
    icon: 'card',
    feature: 'giving',
    description: 'Les dons par mobile money et carte, et leur rapprochement',
  },
  {
    label: 'Activités planifiées',
    path: '/mon-eglise/activites-planifiees',
    icon: 'calendar',
    feature: 'activities',
  },
  {
    label: 'Rapports d’activités',
    path: '/mon-eglise/rapport-activites',
    icon: 'file',
    feature: 'activities',
  },
  { label: 'Fidèles', path: '/mon-eglise/fideles', icon: 'users', feature: 'faithful' },
  { label: 'Responsables', path: '/mon-eglise/responsables', icon: 'user-check', feature: 'members' },
  { label: 'Budget', path: '/mon-eglise/budget', icon: 'budget', feature: 'budgets' },
  { label: 'Budgets', path: '/mon-eglise/budgets', icon: 'book', feature: 'budgets' },
  { label: 'Pièces comptables', path: '/mon-eglise/pieces-comptables', icon: 'book', feature: 'journals' },
  { label: 'Comptes de recettes', path: '/mon-eglise/comptes-de-recettes', icon: 'box', feature: 'accounts' },
  {
    label: 'Immobilisations',
    path: '/mon-eglise/immobilisations',
    icon: 'book',
    feature: 'fixed-assets',
    description: 'Le registre des immobilisations de l’église et leurs amortissements',
  },
  {
    label: 'Fiches de paie',
    path: '/mon-eglise/fiches-de-paie',
    icon: 'book',
    feature: 'payroll',
    description: 'Les employés de l’église, leurs fiches de paie et leur paiement',
  },
  {
    label: 'Reports à nouveau',
    path: '/mon-eglise/reports-a-nouveau',
    icon: 'book',
    feature: 'closings',
    description: 'La clôture des exercices et leurs reports',
  },
  { label: 'Départements', path: '/mon-eglise/departements', icon: 'grid', feature: 'org' },
  { label: 'Souscriptions', path: CHURCH_SUBSCRIPTIONS, icon: 'card', feature: 'subscriptions' },
  {
    label: 'Paramètres de paiement',
    path: '/mon-eglise/parametres-paiement',
    icon: 'shield',
    feature: 'giving',
    description: 'Le don en ligne, son compte et l’affiche',
  },
  { label: 'Notifications', path: '/mon-eglise/notifications', icon: 'bell', feature: 'notifications' },
];
