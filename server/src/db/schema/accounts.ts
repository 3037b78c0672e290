import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { JournalType } from '../../../../contract/accounts';
import { createdAt } from './columns';
import { users } from './core';

// The chart of operation accounts and the treasury movements, the ledger every money table writes to.
// Money is an integer number of XOF everywhere (the currency has no minor unit): never a float.

/** The three treasury journals (SPEC.md section 3, journal filter `type`): defined in contract/. */
export { JOURNAL_TYPES, type JournalType } from '../../../../contract/accounts';

/** Entities that own money (scope names, lower case). Departments are the SPEC's activity groups. */
export const FINANCE_ENTITY_TYPES = ['national_office', 'region', 'section', 'church', 'department'] as const;
export type FinanceEntityType = (typeof FINANCE_ENTITY_TYPES)[number];

// ---------------------------------------------------------------- operation accounts

export const OPERATION_ACCOUNT_KINDS = ['receipt', 'expense', 'asset', 'treasury'] as const;
export type OperationAccountKind = (typeof OPERATION_ACCOUNT_KINDS)[number];

/** 'Produits' (receipt), 'Charges AO' (expense), 'Actifs immobilisés' (asset),
 * 'Trésorerie (actifs comme Passifs)' (treasury): the names are the ones the API filters on. */
export const operationAccountCategories = pgTable('operation_account_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  kind: text('kind').$type<OperationAccountKind>().notNull(),
});

export const operationAccounts = pgTable(
  'operation_accounts',
  {
    id: serial('id').primaryKey(),
    /** chart-of-accounts number, e.g. '5711' */
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    description: text('description'),
    categoryId: integer('category_id')
      .notNull()
      .references(() => operationAccountCategories.id),
    /** the journal a treasury (payment) account feeds; null for every other kind */
    journalType: text('journal_type').$type<JournalType>(),
    /** the mobile money operator of an ELECTRONIK treasury account ('Orange', 'MTN'...; decision 0025) */
    operator: text('operator'),
    /** null: an account of the whole denomination; set: an account one entity created for itself */
    entityType: text('entity_type').$type<FinanceEntityType>(),
    entityId: integer('entity_id'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('operation_accounts_category_idx').on(t.categoryId),
    check(
      'operation_accounts_journal_type_ck',
      sql`${t.journalType} is null or ${t.journalType} in ('CASH', 'BANK', 'ELECTRONIK')`,
    ),
  ],
);

/** Accounts an entity may not use ('comptes interdits' of a national office, `/operation-accounts/authorized`). */
export const operationAccountExclusions = pgTable(
  'operation_account_exclusions',
  {
    operationAccountId: integer('operation_account_id')
      .notNull()
      .references(() => operationAccounts.id),
    entityType: text('entity_type').$type<FinanceEntityType>().notNull(),
    entityId: integer('entity_id').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.entityType, t.entityId, t.operationAccountId] })],
);

// ---------------------------------------------------------------- treasury movements

export const MOVEMENT_SOURCE_TYPES = [
  'contribution',
  'expense_payment',
  'reversal',
  'opening_balance',
  'payslip',
  'fixed_asset_disposal',
  // the provider's fee on an online gift (decision 0043): an expense on the gift's account
  'online_giving_fee',
] as const;
export type MovementSourceType = (typeof MOVEMENT_SOURCE_TYPES)[number];

/**
 * The single, append-only source of the treasury journals and the accounting documents. A row is never
 * updated nor deleted: a correction is a reversal movement (`reverses_id`) with the opposite amount.
 * Exactly one of receipt and expense is positive, the other is 0.
 */
export const treasuryMovements = pgTable(
  'treasury_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entityType: text('entity_type').$type<FinanceEntityType>().notNull(),
    entityId: integer('entity_id').notNull(),
    /** the treasury account the money went into or out of */
    paymentAccountId: integer('payment_account_id')
      .notNull()
      .references(() => operationAccounts.id),
    /** copied from the payment account so the journal query reads one index */
    journalType: text('journal_type').$type<JournalType>().notNull(),
    /** the receipt or expense account; null for opening balances */
    operationAccountId: integer('operation_account_id').references(() => operationAccounts.id),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    designation: text('designation').notNull(),
    /** the document number shown in the journals: receipt number, expense request reference... */
    reference: text('reference'),
    receipt: integer('receipt').notNull().default(0),
    expense: integer('expense').notNull().default(0),
    observations: text('observations'),
    sourceType: text('source_type').$type<MovementSourceType>().notNull(),
    /** contributions.id or expense_payments.id (null for opening balances) */
    sourceId: integer('source_id'),
    /** the movement this one cancels (source_type 'reversal') */
    reversesId: bigint('reverses_id', { mode: 'number' }).references((): AnyPgColumn => treasuryMovements.id),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    // GET /treasury-journal: one entity, one journal, a period, in date order (id breaks ties). The amounts
    // close the key so that the opening balance (every movement before the period: tens of thousands of
    // rows for a busy church) is an index-only scan (docs/features/journals-explain.md).
    index('treasury_movements_journal_idx').on(
      t.entityType,
      t.entityId,
      t.journalType,
      t.occurredAt,
      t.id,
      t.receipt,
      t.expense,
    ),
    // journaux-dun-compte: one operation account of one entity over a period.
    index('treasury_movements_account_idx').on(t.entityType, t.entityId, t.operationAccountId, t.occurredAt),
    // from a contribution or a payment to its movement(s)
    index('treasury_movements_source_idx').on(t.sourceType, t.sourceId),
    // a movement is reversed at most once
    uniqueIndex('treasury_movements_reverses_uq').on(t.reversesId),
    check(
      'treasury_movements_amount_ck',
      sql`(${t.receipt} > 0 and ${t.expense} = 0) or (${t.receipt} = 0 and ${t.expense} > 0)`,
    ),
    check('treasury_movements_journal_type_ck', sql`${t.journalType} in ('CASH', 'BANK', 'ELECTRONIK')`),
    check(
      'treasury_movements_source_type_ck',
      sql`${t.sourceType} in ('contribution', 'expense_payment', 'reversal', 'opening_balance', 'payslip', 'fixed_asset_disposal', 'online_giving_fee')`,
    ),
  ],
);
