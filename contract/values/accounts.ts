/** The zod-free part of contract/accounts.ts (re-exported there): what the SPA may import without zod (decision 0023). */

/** The operation account categories (names as the API filters on them, SPEC.md section 9). */
export const ACCOUNT_CATEGORIES = {
  RECEIPT: 'Produits',
  EXPENSE: 'Charges AO',
  ASSET: 'Actifs immobilisés',
  TREASURY: 'Trésorerie (actifs comme Passifs)',
} as const;
export type AccountCategoryName = (typeof ACCOUNT_CATEGORIES)[keyof typeof ACCOUNT_CATEGORIES];

export const JOURNAL_TYPES = ['CASH', 'BANK', 'ELECTRONIK'] as const;
export type JournalType = (typeof JOURNAL_TYPES)[number];

/** French messages of the operation accounts admin (the SPA shows them too). */
export const ACCOUNT_MESSAGES = {
  codeRequired: 'Le numéro de compte est requis.',
  codeInvalid: 'Le numéro de compte SYCEBNL commence par la classe (1 à 9) et compte de 2 à 10 chiffres.',
  codeTaken: 'Ce numéro de compte existe déjà.',
  nameRequired: 'Le nom du compte est requis.',
  nameTooLong: 'Le nom doit contenir au plus 150 caractères.',
  descriptionTooLong: 'La description doit contenir au plus 500 caractères.',
  categoryRequired: 'La catégorie est requise.',
  kindRequired: 'Le type de compte de trésorerie est requis (caisse, banque ou mobile money).',
  kindOnlyTreasury: 'Seul un compte de trésorerie a un type (caisse, banque ou mobile money).',
  operatorRequired: "L'opérateur est requis pour un compte mobile money.",
  operatorTooLong: "L'opérateur doit contenir au plus 60 caractères.",
  notFound: "Compte d'opération introuvable.",
  archived: 'Compte archivé.',
  restored: 'Compte réactivé.',
  forbiddenSaved: 'Comptes interdits enregistrés.',
  forbiddenUnknown: "Un des comptes choisis n'existe pas.",
  forbiddenAccount: 'Ce compte est interdit à votre bureau national.',
} as const;

/** The kinds of a treasury account as the admin names them: the journal it feeds. */
export const TREASURY_KIND_LABELS: Record<JournalType, string> = {
  CASH: 'Caisse',
  BANK: 'Banque',
  ELECTRONIK: 'Mobile money',
};

/** SYCEBNL account number: the class (1 to 9) then 1 to 9 digits. */
export const ACCOUNT_CODE_PATTERN = /^[1-9]\d{1,9}$/;
