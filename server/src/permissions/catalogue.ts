import type { Scope } from '../db/schema/core';

/** Levels at which roles are held (the `roles.scope` column). */
export type RoleScope = 'national_office' | 'region' | 'section' | 'church';

export type RoleDefinition = { code: string; name: string; scope: RoleScope | null; priority: number };

const CHURCH_POSITIONS: Array<[string, string]> = [
  ['pasteur-titulaire', 'Pasteur titulaire'],
  ['pasteur-adjoint', 'Pasteur adjoint'],
  ['tresorier-general', 'Trésorier général'],
  ['tresorier-general-adjoint', 'Trésorier général adjoint'],
  ['secretaire-general', 'Secrétaire général'],
  ['secretaire-general-adjoint', 'Secrétaire général adjoint'],
  ['comptable', 'Comptable'],
  ['secretaire-comptable', 'Secrétaire comptable'],
  ['secretaire-caissiere', 'Secrétaire caissière'],
  ['charge-d-affaires-administratives', "Chargé d'affaires administratives"],
  ['charge-du-patrimoine', 'Chargé du patrimoine'],
  ['charge-du-developpement', 'Chargé du développement'],
  ['conseiller', 'Conseiller'],
  ['pasteur-stagiaire', 'Pasteur stagiaire'],
  ['etudiant-pasteur', 'Étudiant pasteur'],
];

/**
 * Every role of SPEC.md section 6. `priority` orders the label shown for a user holding several roles:
 * the lowest wins (admin first, then the highest level, the leader before the treasurer and the secretary).
 */
export const ROLE_DEFINITIONS: RoleDefinition[] = [
  { code: 'admin', name: 'Administrateur', scope: null, priority: 1 },
  { code: 'national_office::president', name: 'Président national', scope: 'national_office', priority: 10 },
  {
    code: 'national_office::tresorier-general',
    name: 'Trésorier général',
    scope: 'national_office',
    priority: 11,
  },
  {
    code: 'national_office::secretaire-general',
    name: 'Secrétaire général',
    scope: 'national_office',
    priority: 12,
  },
  { code: 'region::president', name: 'Président de région', scope: 'region', priority: 20 },
  { code: 'region::tresorier', name: 'Trésorier de région', scope: 'region', priority: 21 },
  { code: 'region::secretaire', name: 'Secrétaire de région', scope: 'region', priority: 22 },
  { code: 'section::representant', name: 'Représentant de section', scope: 'section', priority: 30 },
  { code: 'section::tresorier-sectoriel', name: 'Trésorier sectoriel', scope: 'section', priority: 31 },
  { code: 'section::secretaire-sectoriel', name: 'Secrétaire sectoriel', scope: 'section', priority: 32 },
  ...CHURCH_POSITIONS.map(([position, name], index) => ({
    code: `church::${position}`,
    name,
    scope: 'church' as const,
    priority: 40 + index,
  })),
  { code: 'external-accountant', name: 'Comptable externe', scope: null, priority: 90 },
  { code: 'faithful', name: 'Fidèle', scope: null, priority: 1000 },
];

export type PermissionDefinition = {
  code: string;
  name: string;
  description: string | null;
  resource: string;
  action: string;
  scopes: Scope[];
};

const ALL: Scope[] = ['global', 'national_office', 'region', 'section', 'church', 'department'];
const TO_CHURCH: Scope[] = ['global', 'national_office', 'region', 'section', 'church'];
const TO_SECTION: Scope[] = ['global', 'national_office', 'region', 'section'];
const TO_REGION: Scope[] = ['global', 'national_office', 'region'];
const TO_NATIONAL: Scope[] = ['global', 'national_office'];
const GLOBAL: Scope[] = ['global'];

/** [action, French name, scopes] per resource. */
const CATALOGUE: Record<string, Array<[string, string, Scope[]]>> = {
  expense_request: [
    ['manage', 'Gérer les demandes de dépense (approuver, valider, annuler)', ALL],
    ['view', 'Voir les demandes de dépense', ALL],
    ['create', 'Créer des demandes de dépense', ALL],
    ['update', 'Modifier les demandes de dépense', ALL],
    ['edit', 'Éditer les lignes des demandes de dépense', ALL],
    ['delete', 'Supprimer des demandes de dépense', ALL],
    ['approve', 'Approuver les demandes de dépense', ALL],
    ['validate', 'Valider les demandes de dépense', ALL],
    ['cancel', 'Annuler les demandes de dépense', ALL],
  ],
  expense: [
    ['manage', 'Gérer les dépenses', ALL],
    ['view', 'Voir les dépenses', ALL],
    ['create', 'Ajouter des lignes de dépense', ALL],
    ['update', 'Modifier des lignes de dépense', ALL],
    ['delete', 'Supprimer des lignes de dépense', ALL],
    ['approve', 'Approuver les dépenses', ALL],
    ['validate', 'Valider et payer les dépenses', ALL],
    ['cancel', 'Annuler les dépenses', ALL],
  ],
  // a year-end closing and its carry-forward: the payers of the entity close it (their expense:validate
  // does), and the external accountant the years of the churches they manage (decision 0048)
  fiscal_year: [['close', 'Clôturer les exercices (reports à nouveau)', ALL]],
  // the church's LigdiCash merchant account and the account its online gifts land on (decision 0043)
  online_giving: [
    ['manage', 'Gérer le don en ligne (compte marchand, compte de réception)', ['global', 'church']],
  ],
  contribution: [
    ['manage', 'Gérer les contributions', ALL],
    ['view', 'Voir les contributions', ALL],
    ['create', 'Enregistrer des contributions', ALL],
    ['create_anonyme', 'Enregistrer des contributions anonymes', ALL],
    ['update', 'Modifier des contributions', ALL],
    ['delete', 'Supprimer des contributions', ALL],
    ['print_receipt', 'Imprimer les reçus de contribution', ALL],
  ],
  budget: [
    ['manage', 'Gérer les budgets', ALL],
    ['view', 'Voir les budgets', ALL],
    ['view_lines', 'Voir les lignes budgétaires', ALL],
    ['create', 'Créer des budgets', ALL],
    ['update', 'Modifier des budgets', ALL],
    ['delete', 'Supprimer des budgets', ALL],
    ['approve', 'Approuver les budgets', ALL],
    ['finalize', 'Clôturer les budgets', ALL],
    ['reject', 'Rejeter les budgets', ALL],
  ],
  member: [
    ['manage', 'Gérer les membres', ALL],
    ['view', 'Voir les membres', ALL],
    ['create', 'Ajouter des membres', ALL],
    ['update', 'Modifier des membres', ALL],
    ['delete', 'Retirer des membres', ALL],
  ],
  activity: [
    ['manage', 'Gérer les activités', ALL],
    ['view', 'Voir les activités', ALL],
    ['create', 'Créer des activités', ALL],
    ['update', 'Modifier des activités', ALL],
    ['delete', 'Supprimer des activités', ALL],
  ],
  report: [
    ['manage', "Gérer les rapports d'activités", ALL],
    ['view', "Voir les rapports d'activités", ALL],
    ['create', "Rédiger des rapports d'activités", ALL],
    ['update', "Modifier des rapports d'activités", ALL],
    ['delete', "Supprimer des rapports d'activités", ALL],
  ],
  subscription: [
    ['manage', 'Gérer les souscriptions', TO_CHURCH],
    ['view', 'Voir les souscriptions', TO_CHURCH],
    ['create', 'Créer des souscriptions', TO_CHURCH],
    ['pay', 'Payer les souscriptions', TO_CHURCH],
  ],
  operation_account: [
    ['manage', "Gérer les comptes d'opération", ALL],
    ['view', "Voir les comptes d'opération", ALL],
    ['create', "Créer des comptes d'opération", ALL],
    ['update', "Modifier des comptes d'opération", ALL],
    ['delete', "Supprimer des comptes d'opération", ALL],
    ['forbid', "Interdire des comptes d'opération", ALL],
  ],
  church: [
    ['manage', 'Gérer les églises', TO_CHURCH],
    ['view', 'Voir les églises', TO_CHURCH],
    ['create', 'Créer des églises', TO_SECTION],
    ['update', 'Modifier les églises', TO_CHURCH],
    ['delete', 'Supprimer des églises', TO_SECTION],
  ],
  section: [
    ['manage', 'Gérer les sections', TO_SECTION],
    ['view', 'Voir les sections', TO_SECTION],
    ['create', 'Créer des sections', TO_REGION],
    ['update', 'Modifier les sections', TO_SECTION],
    ['delete', 'Supprimer des sections', TO_REGION],
  ],
  region: [
    ['manage', 'Gérer les régions', TO_REGION],
    ['view', 'Voir les régions', TO_REGION],
    ['create', 'Créer des régions', TO_NATIONAL],
    ['update', 'Modifier les régions', TO_REGION],
    ['delete', 'Supprimer des régions', TO_NATIONAL],
  ],
  user: [
    ['manage', 'Gérer les utilisateurs', TO_CHURCH],
    ['view', 'Voir les utilisateurs', TO_CHURCH],
    ['create', 'Créer des utilisateurs', TO_CHURCH],
    ['update', 'Modifier des utilisateurs', TO_CHURCH],
    ['delete', 'Désactiver des utilisateurs', TO_CHURCH],
  ],
  system: [
    ['config', 'Configurer le système', GLOBAL],
    ['logs', 'Consulter les journaux du système', GLOBAL],
  ],
  permission: [
    ['manage', 'Gérer les permissions', TO_CHURCH],
    ['delegate', 'Déléguer des permissions personnalisées', TO_CHURCH],
  ],
  role: [
    ['manage', 'Gérer les rôles (tous niveaux inférieurs)', TO_CHURCH],
    ['assign', 'Retirer des rôles', TO_CHURCH],
    ['manage_national_office', 'Gérer les rôles du bureau national', TO_NATIONAL],
    ['manage_region', 'Gérer les rôles de région', TO_REGION],
    ['manage_section', 'Gérer les rôles de section', TO_SECTION],
    ['manage_church', "Gérer les rôles d'église", TO_CHURCH],
  ],
};

export const PERMISSION_DEFINITIONS: PermissionDefinition[] = Object.entries(CATALOGUE).flatMap(
  ([resource, actions]) =>
    actions.map(([action, name, scopes]) => ({
      code: `${resource}:${action}`,
      name,
      description: null,
      resource,
      action,
      scopes,
    })),
);

// ---------------------------------------------------------------- default role permissions

const VIEW = [
  'expense_request:view',
  'expense:view',
  'contribution:view',
  'budget:view',
  'budget:view_lines',
  'member:view',
  'activity:view',
  'report:view',
  'subscription:view',
  'operation_account:view',
  'church:view',
  'user:view',
];

const LEADER = [
  ...VIEW,
  'expense_request:create',
  'expense_request:update',
  'expense_request:edit',
  'expense_request:approve',
  'expense_request:cancel',
  'expense:create',
  'expense:update',
  'expense:approve',
  'expense:cancel',
  'budget:create',
  'budget:update',
  'budget:approve',
  'budget:finalize',
  'budget:reject',
  'member:manage',
  'activity:manage',
  'report:manage',
  'subscription:create',
  'subscription:pay',
  'user:create',
  'user:update',
];

const TREASURER = [
  ...VIEW,
  'expense_request:create',
  'expense_request:update',
  'expense_request:edit',
  'expense_request:validate',
  'expense_request:cancel',
  'expense:create',
  'expense:update',
  'expense:validate',
  'expense:cancel',
  'contribution:create',
  'contribution:create_anonyme',
  'contribution:update',
  'contribution:print_receipt',
  'budget:create',
  'budget:update',
  'subscription:pay',
];

const SECRETARY = [
  ...VIEW,
  'activity:create',
  'activity:update',
  'report:create',
  'report:update',
  'member:create',
  'user:create',
];

const CASHIER = [...VIEW, 'contribution:create', 'contribution:print_receipt'];

const OFFICER = ['church:view', 'member:view', 'activity:view', 'report:view', 'budget:view'];

const SECTION_VIEW = ['section:view'];
const REGION_VIEW = ['region:view', 'section:view'];

/** Default permissions of each role, inserted when the role or the permission is first created. */
export const DEFAULT_ROLE_PERMISSIONS: Record<string, string[]> = {
  admin: [],
  faithful: [],
  'external-accountant': [
    'church:view',
    'contribution:view',
    'contribution:create',
    'contribution:print_receipt',
    'expense_request:view',
    'expense_request:create',
    // the external accountant verifies the expenses of the churches they manage (decision 0006)
    'expense_request:validate',
    'expense:view',
    'report:view',
    'budget:view',
    'budget:view_lines',
    'operation_account:view',
    // the year-end closing of the churches they manage (decision 0048)
    'fiscal_year:close',
  ],
  'national_office::president': [
    ...LEADER,
    ...REGION_VIEW,
    'permission:delegate',
    'role:manage',
    'role:assign',
    'region:create',
    'region:update',
    'section:create',
    'section:update',
    'church:create',
    'church:update',
    'operation_account:forbid',
  ],
  'national_office::tresorier-general': [...TREASURER, ...REGION_VIEW, 'operation_account:manage'],
  'national_office::secretaire-general': [...SECRETARY, ...REGION_VIEW],
  'region::president': [
    ...LEADER,
    ...REGION_VIEW,
    'permission:delegate',
    'role:manage',
    'role:assign',
    'section:create',
    'section:update',
    'church:create',
    'church:update',
  ],
  'region::tresorier': [...TREASURER, ...REGION_VIEW],
  'region::secretaire': [...SECRETARY, ...REGION_VIEW],
  'section::representant': [
    ...LEADER,
    ...SECTION_VIEW,
    'role:manage_church',
    'church:create',
    'church:update',
  ],
  'section::tresorier-sectoriel': [...TREASURER, ...SECTION_VIEW],
  'section::secretaire-sectoriel': [...SECRETARY, ...SECTION_VIEW],
  'church::pasteur-titulaire': [...LEADER, 'role:manage_church', 'role:assign', 'church:update'],
  'church::pasteur-adjoint': [...LEADER],
  // the church's treasurers also keep its online giving's settings (decision 0043)
  'church::tresorier-general': [...TREASURER, 'online_giving:manage'],
  'church::tresorier-general-adjoint': [...TREASURER, 'online_giving:manage'],
  'church::comptable': TREASURER,
  'church::secretaire-comptable': [...TREASURER, 'report:create', 'report:update'],
  'church::secretaire-general': SECRETARY,
  'church::secretaire-general-adjoint': SECRETARY,
  'church::secretaire-caissiere': CASHIER,
  'church::charge-d-affaires-administratives': [...OFFICER, 'activity:create', 'activity:update'],
  'church::charge-du-patrimoine': [...OFFICER, 'operation_account:view'],
  'church::charge-du-developpement': [...OFFICER, 'activity:create', 'activity:update'],
  'church::conseiller': OFFICER,
  'church::pasteur-stagiaire': OFFICER,
  'church::etudiant-pasteur': OFFICER,
};
