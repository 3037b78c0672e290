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
