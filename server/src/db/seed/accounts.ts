import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import {
  operationAccountCategories,
  operationAccounts,
  subscriptionTypes,
  type JournalType,
  type OperationAccountKind,
} from '../schema/finance';

export const CATEGORY_NAMES = {
  receipt: 'Produits',
  expense: 'Charges AO',
  asset: 'Actifs immobilisés',
  treasury: 'Trésorerie (actifs comme Passifs)',
} as const satisfies Record<OperationAccountKind, string>;

type AccountDefinition = {
  code: string;
  name: string;
  kind: OperationAccountKind;
  journalType?: JournalType;
};

/** The denomination-wide chart of operation accounts (numbers after SYSCOHADA / SYCEBNL classes). */
export const OPERATION_ACCOUNT_DEFINITIONS: AccountDefinition[] = [
  // Produits (receipt accounts: 'comptes de recettes')
  { code: '7581', name: 'Dîmes', kind: 'receipt' },
  { code: '7582', name: 'Offrandes', kind: 'receipt' },
  { code: '7583', name: 'Dons spéciaux', kind: 'receipt' },
  { code: '7584', name: 'Promesses / Engagements', kind: 'receipt' },
  { code: '7585', name: 'Cotisations des membres', kind: 'receipt' },
  { code: '7586', name: 'Quotes-parts reçues', kind: 'receipt' },
  { code: '7587', name: 'Actions de grâce', kind: 'receipt' },
  { code: '7588', name: 'Collectes pour la construction', kind: 'receipt' },
  // Charges AO (expense accounts)
  { code: '6222', name: 'Loyer', kind: 'expense' },
  { code: '6052', name: 'Électricité', kind: 'expense' },
  { code: '6051', name: 'Eau', kind: 'expense' },
  { code: '6181', name: 'Transport et déplacements', kind: 'expense' },
  { code: '6047', name: 'Fournitures de bureau', kind: 'expense' },
  { code: '6241', name: 'Entretien et réparations', kind: 'expense' },
  { code: '6585', name: 'Aide sociale', kind: 'expense' },
  { code: '6586', name: 'Évangélisation et missions', kind: 'expense' },
  { code: '6281', name: 'Téléphone et Internet', kind: 'expense' },
  { code: '661', name: 'Rémunérations directes du personnel', kind: 'expense' },
  { code: '6611', name: 'Indemnités pastorales', kind: 'expense' },
  { code: '6587', name: 'Quotes-parts reversées', kind: 'expense' },
  { code: '6238', name: 'Réceptions et conventions', kind: 'expense' },
  // Actifs immobilisés (fixed assets)
  { code: '2441', name: 'Mobilier', kind: 'asset' },
  { code: '2442', name: 'Matériel informatique', kind: 'asset' },
  { code: '2443', name: 'Sonorisation et instruments', kind: 'asset' },
  { code: '2451', name: 'Véhicules', kind: 'asset' },
  { code: '2313', name: 'Bâtiments et aménagements', kind: 'asset' },
  // Trésorerie (payment accounts), the SPA's fallback list of SPEC.md section 8
  { code: '5711', name: 'Caisse locale', kind: 'treasury', journalType: 'CASH' },
  { code: '5712', name: 'Caisse devises', kind: 'treasury', journalType: 'CASH' },
  { code: '5211', name: 'Banque locale', kind: 'treasury', journalType: 'BANK' },
  { code: '5212', name: 'Banque étrangère', kind: 'treasury', journalType: 'BANK' },
  { code: '5551', name: 'Orange Money', kind: 'treasury', journalType: 'ELECTRONIK' },
  { code: '5552', name: 'MTN Mobile Money', kind: 'treasury', journalType: 'ELECTRONIK' },
  { code: '5553', name: 'Moov Money', kind: 'treasury', journalType: 'ELECTRONIK' },
  { code: '5554', name: 'Wave', kind: 'treasury', journalType: 'ELECTRONIK' },
  { code: '5559', name: 'Agrégateur de paiement', kind: 'treasury', journalType: 'ELECTRONIK' },
];

export const SUBSCRIPTION_TYPE_DEFINITIONS = [
  {
    code: 'church-annual',
    name: 'Abonnement annuel Église',
    target: 'church',
    periodMonths: 12,
    amount: 120_000,
  },
  {
    code: 'church-monthly',
    name: 'Abonnement mensuel Église',
    target: 'church',
    periodMonths: 1,
    amount: 12_000,
  },
  {
    code: 'section-annual',
    name: 'Abonnement annuel Section',
    target: 'section',
    periodMonths: 12,
    amount: 60_000,
  },
  {
    code: 'region-annual',
    name: 'Abonnement annuel Région',
    target: 'region',
    periodMonths: 12,
    amount: 150_000,
  },
  {
    code: 'national-office-annual',
    name: 'Abonnement annuel Bureau national',
    target: 'national_office',
    periodMonths: 12,
    amount: 300_000,
  },
] as const;

/**
 * Inserts the account categories, the denomination's operation accounts and the subscription types,
 * by name or code; idempotent, so a production start can run it too.
 */
export async function seedFinanceReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(operationAccountCategories)
      .values(
        (Object.entries(CATEGORY_NAMES) as Array<[OperationAccountKind, string]>).map(([kind, name]) => ({
          kind,
          name,
        })),
      )
      .onConflictDoNothing({ target: operationAccountCategories.name });
    const categories = await tx.select().from(operationAccountCategories);
    const categoryId = new Map(categories.map((c) => [c.kind, c.id]));
    await tx
      .insert(operationAccounts)
      .values(
        OPERATION_ACCOUNT_DEFINITIONS.map((a) => ({
          code: a.code,
          name: a.name,
          categoryId: categoryId.get(a.kind)!,
          journalType: a.journalType ?? null,
        })),
      )
      .onConflictDoNothing({ target: operationAccounts.code });
    await tx
      .insert(subscriptionTypes)
      .values([...SUBSCRIPTION_TYPE_DEFINITIONS])
      .onConflictDoNothing({ target: subscriptionTypes.code });
  });
}

/** Operation account ids by code (for the seeds). */
export async function operationAccountIdsByCode(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: operationAccounts.id, code: operationAccounts.code })
    .from(operationAccounts)
    .where(sql`${operationAccounts.entityType} is null`);
  return new Map(rows.map((r) => [r.code, r.id]));
}
