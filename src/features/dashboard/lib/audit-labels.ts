/** The audit log's actions ('expense_request.create') in French, for the administrator's home. */

const RESOURCES: Record<string, string> = {
  auth: 'Connexion',
  session: 'Session',
  profile: 'Profil',
  contribution: 'Recette',
  expense_request: 'Demande de dépense',
  expense: 'Ligne de dépense',
  budget: 'Budget',
  budget_template: 'Modèle de budget',
  subscription: 'Souscription',
  subscription_type: 'Type de souscription',
  permission: 'Permission',
  member: 'Membre',
  faithful: 'Fidèle',
  faithful_transfer: 'Transfert de fidèle',
  external_accountant: 'Comptable externe',
  operation_account: 'Compte d’opération',
  fixed_asset: 'Immobilisation',
  fiscal_year: 'Exercice',
  department: 'Département',
  activity: 'Activité',
  activity_type: 'Type d’activité',
  activity_report: 'Rapport d’activités',
  national_office: 'Bureau national',
  region: 'Région',
  section: 'Section',
  church: 'Église',
};

const VERBS: Record<string, string> = {
  create: 'création',
  update: 'modification',
  delete: 'suppression',
  cancel: 'annulation',
  pay: 'paiement',
  approve: 'approbation',
  reject: 'rejet',
  submit: 'soumission',
  return: 'renvoi',
  grant: 'attribution',
  revoke: 'retrait',
  add: 'ajout',
  remove: 'retrait',
  move: 'déplacement',
  archive: 'archivage',
  restore: 'restauration',
  import: 'import',
  close: 'clôture',
  login: 'réussie',
  login_failed: 'échouée',
  logout: 'déconnexion',
  end: 'fin',
  end_others: 'fin des autres sessions',
  password: 'mot de passe changé',
  request: 'demande',
  attach: 'pièce jointe',
  forbid: 'interdiction',
  churches: 'églises gérées',
  member_add: 'ajout d’un membre',
  member_remove: 'retrait d’un membre',
  payment_start: 'paiement commencé',
  payment_mismatch: 'paiement incohérent',
};

/** 'Demande de dépense : création'; an unknown action is shown as written. */
export function auditLabel(action: string): string {
  const dot = action.indexOf('.');
  if (dot < 0) return VERBS[action] ? VERBS[action][0].toUpperCase() + VERBS[action].slice(1) : action;
  const resource = RESOURCES[action.slice(0, dot)];
  const verb = VERBS[action.slice(dot + 1)];
  return resource && verb ? `${resource} : ${verb}` : action;
}
