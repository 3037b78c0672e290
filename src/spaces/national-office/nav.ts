import type { NavItem } from '@/shared/routing/space';

export const NATIONAL_OFFICE_ROOT = '/mon-bureau-national';

/** The national office space's sections (ROUTES.md). */
export const nationalOfficeNav: NavItem[] = [
  { label: 'Accueil', path: '/mon-bureau-national', icon: 'home', feature: 'dashboard' },
  {
    label: 'Espace comptable',
    path: '/mon-bureau-national/espace-comptable',
    icon: 'chart',
    feature: 'dashboard',
    description: 'La comptabilité du bureau national',
  },
  {
    label: 'Budget',
    path: '/mon-bureau-national/espace-comptable/budget',
    icon: 'budget',
    feature: 'budgets',
    description: 'Le budget de l’exercice et la vue consolidée',
  },
  {
    label: 'Budgets',
    path: '/mon-bureau-national/espace-comptable/budgets',
    icon: 'book',
    feature: 'budgets',
    description: 'Les budgets du bureau et ceux des régions à approuver',
  },
  {
    label: 'Immobilisations',
    path: '/mon-bureau-national/espace-comptable/immobilisations',
    icon: 'book',
    feature: 'fixed-assets',
    description: 'Le registre des immobilisations et leurs amortissements',
  },
  {
    label: 'Fiches de paie',
    path: '/mon-bureau-national/espace-comptable/fiches-de-paie',
    icon: 'book',
    feature: 'payroll',
    description: 'Les employés du bureau, leurs fiches de paie et leur paiement',
  },
  {
    label: "Journal d'audit",
    path: '/mon-bureau-national/espace-comptable/journal-audit',
    icon: 'shield',
    feature: 'audit',
    description: 'Qui a fait quoi, sur quelle entité, quand : les écritures des entités du bureau',
  },
  {
    label: 'Régions',
    path: '/mon-bureau-national/regions',
    icon: 'map',
    feature: 'org',
    description: 'Les régions du bureau national',
  },
  {
    label: 'Églises',
    path: '/mon-bureau-national/eglises',
    icon: 'church',
    feature: 'org',
    description: 'Toutes les églises',
  },
  {
    label: 'Membres',
    path: '/mon-bureau-national/membres',
    icon: 'user-check',
    feature: 'members',
    description: 'Les membres du bureau national',
  },
  { label: 'Fidèles', path: '/mon-bureau-national/fideles', icon: 'users', feature: 'faithful' },
  { label: 'Départements', path: '/mon-bureau-national/departements', icon: 'grid', feature: 'org' },
  {
    label: 'Rapports d’activités',
    path: '/mon-bureau-national/rapport-activites',
    icon: 'file',
    feature: 'activities',
  },
  { label: 'Activités', path: '/mon-bureau-national/activites', icon: 'calendar', feature: 'activities' },
  {
    label: 'Souscriptions',
    path: '/mon-bureau-national/souscriptions',
    icon: 'card',
    feature: 'subscriptions',
  },
  {
    label: 'Notifications',
    path: '/mon-bureau-national/notifications',
    icon: 'bell',
    feature: 'notifications',
  },
];
