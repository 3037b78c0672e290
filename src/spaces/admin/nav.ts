import type { NavItem } from '@/shared/routing/space';

export const ADMIN_ROOT = '/admin';

/** The admin space's sections (ROUTES.md); an item shows once its feature registers the route. */
export const adminNav: NavItem[] = [
  { label: 'Accueil', path: '/admin', icon: 'home', feature: 'dashboard' },
  {
    label: 'Bureaux nationaux',
    path: '/admin/bureaux-nationaux',
    icon: 'office',
    feature: 'org',
    description: 'Les bureaux nationaux, leurs membres et souscriptions',
  },
  {
    label: 'Régions',
    path: '/admin/regions',
    icon: 'map',
    feature: 'org',
    description: 'Toutes les régions',
  },
  {
    label: 'Sections',
    path: '/admin/sections',
    icon: 'layers',
    feature: 'org',
    description: 'Toutes les sections',
  },
  {
    label: 'Églises',
    path: '/admin/eglises',
    icon: 'church',
    feature: 'org',
    description: 'Toutes les églises',
  },
  {
    label: 'Fidèles',
    path: '/admin/fideles',
    icon: 'users',
    feature: 'faithful',
    description: 'Les fidèles inscrits',
  },
  {
    label: 'Responsables',
    path: '/admin/responsables',
    icon: 'user-check',
    feature: 'members',
    description: 'Les responsables et leurs rôles',
  },
  {
    label: 'Comptables externes',
    path: '/admin/comptables-externes',
    icon: 'briefcase',
    feature: 'members',
    description: 'Les comptables externes et leurs églises',
  },
  {
    label: 'Comptes d’opération',
    path: '/admin/comptes-operation',
    icon: 'book',
    feature: 'accounts',
    description: 'Le plan des comptes et les autorisations',
  },
  {
    label: 'Modèles de budget',
    path: '/admin/modeles-budget',
    icon: 'budget',
    feature: 'budgets',
    description: 'Les modèles des budgets',
  },
  {
    label: 'Départements',
    path: '/admin/departements',
    icon: 'grid',
    feature: 'org',
    description: 'Les départements',
  },
  {
    label: 'Paramètres de paiement',
    path: '/admin/parametres-paiement',
    icon: 'shield',
    feature: 'giving',
    description: 'Le compte marchand LigdiCash de la dénomination',
  },
  {
    label: "Journal d'audit",
    path: '/admin/journal-audit',
    icon: 'shield',
    feature: 'audit',
    description: 'Qui a fait quoi, sur quelle entité, quand et d’où',
  },
  {
    label: 'Sauvegardes',
    path: '/admin/sauvegardes',
    icon: 'box',
    feature: 'backups',
    description: 'Les sauvegardes des données et des pièces jointes',
  },
  { label: 'Notifications', path: '/admin/notifications', icon: 'bell', feature: 'notifications' },
];
