/** The zod-free part of contract/budgets.ts (re-exported there): what the SPA may import without zod (decision 0023). */

export const BUDGET_MESSAGES = {
  unsupportedEntityType: "Type d'entité non supporté",
  entityInvalid: 'Entité invalide.',
  templateNameRequired: 'Le nom de la rubrique est obligatoire.',
  templateNameTooLong: 'Le nom ne doit pas dépasser 120 caractères.',
  templateCategoryInvalid: 'La catégorie doit être « Recette » ou « Dépense ».',
  templatePositionInvalid: "L'ordre doit être un entier entre 0 et 9999.",
  templateAccountInvalid: "Compte d'opération invalide.",
  templateAccountNotFound: "Compte d'opération introuvable.",
  templateAccountKind:
    'Une rubrique de recette se rattache à un compte de produits, une rubrique de dépense à un compte de charges.',
  templateNotFound: 'Modèle de budget introuvable.',
  templateDuplicate: 'Une rubrique de cette catégorie porte déjà ce nom.',
  templateUsed: 'Cette rubrique est utilisée par un budget : archivez-la plutôt que de la supprimer.',
  templateArchived: 'Cette rubrique est archivée.',
  templateNotArchived: "Cette rubrique n'est pas archivée.",
  templatesForbidden: "Seul l'administrateur gère les modèles de budget.",
  budgetNotFound: 'Budget introuvable.',
  yearInvalid: "L'exercice doit être une année entre 2000 et 2100.",
  sourceInvalid: 'Choisissez de partir des modèles ou du budget précédent.',
  budgetExists: 'Un budget existe déjà pour cette entité et cet exercice.',
  noTemplates: "Aucune rubrique active dans les modèles de budget : l'administrateur doit d'abord en créer.",
  copySourceMissing: "Aucun budget de l'exercice précédent à copier pour cette entité.",
  nameTooLong: 'Le nom ne doit pas dépasser 120 caractères.',
  amountInvalid: 'Le montant doit être un nombre entier positif ou nul (F CFA).',
  amountTooLarge: 'Le montant ne doit pas dépasser 100 000 000 000 F CFA.',
  linesTooMany: 'Un budget a au plus 200 lignes.',
  lineTemplateInvalid: 'Rubrique invalide.',
  lineTemplateUnknown: 'Une rubrique du budget est introuvable.',
  lineTemplateArchived: 'Une rubrique archivée ne peut pas être ajoutée au budget.',
  lineDuplicate: 'Une rubrique figure deux fois dans le budget.',
  lineUsed: 'Une ligne retirée est liée à des demandes de dépense : elle doit rester au budget.',
  editLocked: 'Seul un budget en brouillon ou rejeté peut être modifié.',
  deleteLocked: 'Seul un budget en brouillon peut être supprimé.',
  submitNotAllowed: 'Seul un budget en brouillon ou rejeté peut être soumis.',
  submitEmpty: 'Le budget doit avoir au moins une ligne pour être soumis.',
  approveNotAllowed: 'Seul un budget soumis peut être approuvé.',
  rejectNotAllowed: 'Seul un budget soumis peut être rejeté.',
  finalizeNotAllowed: 'Seul un budget approuvé peut être finalisé.',
  reasonRequired: 'Le motif du rejet est obligatoire.',
  reasonTooLong: 'Le motif ne doit pas dépasser 500 caractères.',
  approverOnly: "L'approbation, le rejet et la finalisation reviennent au niveau supérieur.",
  consolidatedLevel: 'La vue consolidée concerne une région, une section ou un bureau national.',
} as const;

export const BUDGET_ENTITY_TYPES = ['NATIONAL_OFFICE', 'REGION', 'SECTION', 'CHURCH'] as const;
export type BudgetEntityType = (typeof BUDGET_ENTITY_TYPES)[number];
export const BUDGET_CATEGORIES = ['INCOME', 'EXPENSE'] as const;
export type BudgetCategory = (typeof BUDGET_CATEGORIES)[number];
export const BUDGET_STATUSES = ['draft', 'submitted', 'approved', 'finalized', 'rejected'] as const;
export type BudgetStatus = (typeof BUDGET_STATUSES)[number];

/** The labels the SPA shows (SPEC: brouillon, soumis, approuvé, finalisé, rejeté). */
export const BUDGET_STATUS_LABELS: Record<BudgetStatus, string> = {
  draft: 'Brouillon',
  submitted: 'Soumis',
  approved: 'Approuvé',
  finalized: 'Finalisé',
  rejected: 'Rejeté',
};
export const BUDGET_CATEGORY_LABELS: Record<BudgetCategory, string> = {
  INCOME: 'Recettes',
  EXPENSE: 'Dépenses',
};

/** Largest planned amount of one line (XOF). */
export const MAX_BUDGET_AMOUNT = 100_000_000_000;
