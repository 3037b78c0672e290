import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { JOURNAL_TYPES, type JournalType } from '../../../../contract/accounts';
import {
  CONTRIBUTION_TYPES,
  type ContributionType,
  CONTRIBUTION_STATUSES,
  type ContributionStatus,
} from '../../../../contract/contributions';
import {
  EXPENSE_REQUEST_STATUSES,
  type ExpenseRequestStatus,
  EXPENSE_LINE_STATUSES,
  type ExpenseLineStatus,
  DONATION_TYPES,
  type DonationType,
  RECIPIENT_ENTITY_TYPES,
  type RecipientEntityType,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '../../../../contract/expenses';
import { createdAt, updatedAt } from './columns';
import { churches, nationalOffices, regions, sections, users } from './core';

// The enumerations the API shares with the SPA are defined once, in contract/, and re-exported here.
export { JOURNAL_TYPES, type JournalType };
export { CONTRIBUTION_TYPES, type ContributionType, CONTRIBUTION_STATUSES, type ContributionStatus };
export {
  EXPENSE_REQUEST_STATUSES,
  type ExpenseRequestStatus,
  EXPENSE_LINE_STATUSES,
  type ExpenseLineStatus,
  DONATION_TYPES,
  type DonationType,
  RECIPIENT_ENTITY_TYPES,
  type RecipientEntityType,
  PAYMENT_METHODS,
  type PaymentMethod,
};

// Money is an integer number of XOF everywhere (the currency has no minor unit): never a float.

/** Entities that own money (scope names, lower case). Departments are the SPEC's activity groups. */
export const FINANCE_ENTITY_TYPES = ['national_office', 'region', 'section', 'church', 'department'] as const;
export type FinanceEntityType = (typeof FINANCE_ENTITY_TYPES)[number];

/** The three treasury journals (SPEC.md section 3, journal filter `type`). */

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
    /** the mobile money operator of an ELECTRONIK treasury account ('Orange', 'MTN'...; issue 15) */
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
      sql`${t.sourceType} in ('contribution', 'expense_payment', 'reversal', 'opening_balance', 'payslip', 'fixed_asset_disposal')`,
    ),
  ],
);

// ---------------------------------------------------------------- contributions

/** Numbers the receipts: receipt_number = 'R-{year}-' || lpad(nextval, 6, '0'), unique across years. */
export const contributionReceiptNumberSeq = pgSequence('contribution_receipt_number_seq');

export const contributions = pgTable(
  'contributions',
  {
    id: serial('id').primaryKey(),
    entityType: text('entity_type').$type<FinanceEntityType>().notNull(),
    entityId: integer('entity_id').notNull(),
    /** the contributor; null when anonymous or when the giver is not a member (e.g. a church's quota) */
    userId: integer('user_id').references(() => users.id),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    type: text('type').$type<ContributionType>().notNull(),
    amount: integer('amount').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** the receipt account (category 'Produits') */
    receiptAccountId: integer('receipt_account_id')
      .notNull()
      .references(() => operationAccounts.id),
    /** the treasury account the money went into */
    paymentAccountId: integer('payment_account_id')
      .notNull()
      .references(() => operationAccounts.id),
    notes: text('notes'),
    /** human receipt number, e.g. 'R-2026-000123' */
    receiptNumber: text('receipt_number').notNull(),
    /** unguessable id of /receipt/{publicId}: 22 base64url characters of 16 random bytes */
    publicId: text('public_id').notNull(),
    status: text('status').$type<ContributionStatus>().notNull().default('valid'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by').references(() => users.id),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('contributions_receipt_number_uq').on(t.receiptNumber),
    uniqueIndex('contributions_public_id_uq').on(t.publicId),
    index('contributions_entity_idx').on(t.entityType, t.entityId, t.occurredAt, t.id),
    index('contributions_user_idx').on(t.userId, t.occurredAt),
    check('contributions_amount_ck', sql`${t.amount} > 0`),
    check(
      'contributions_type_ck',
      sql`${t.type} in ('tithe', 'offering', 'special_gift', 'pledge', 'other')`,
    ),
    check('contributions_status_ck', sql`${t.status} in ('valid', 'cancelled')`),
  ],
);

// ---------------------------------------------------------------- expenses

/** entity_type of expense requests keeps the SPEC's upper-case values, which the API sends and answers. */
export const EXPENSE_ENTITY_TYPES = [
  'NATIONAL_OFFICE',
  'REGION',
  'SECTION',
  'CHURCH',
  'ACTIVITY_GROUP',
] as const;
export type ExpenseEntityType = (typeof EXPENSE_ENTITY_TYPES)[number];

/** From an expense request's entity type to the entity type of its treasury movements. */
export const EXPENSE_TO_FINANCE_ENTITY: Record<ExpenseEntityType, FinanceEntityType> = {
  NATIONAL_OFFICE: 'national_office',
  REGION: 'region',
  SECTION: 'section',
  CHURCH: 'church',
  ACTIVITY_GROUP: 'department',
};

export const expenseRequests = pgTable(
  'expense_requests',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description'),
    status: text('status').$type<ExpenseRequestStatus>().notNull().default('approval_pending'),
    /** sum of the amounts of the lines that are not cancelled */
    amount: integer('amount').notNull().default(0),
    entityType: text('entity_type').$type<ExpenseEntityType>().notNull(),
    entityId: integer('entity_id').notNull(),
    /** the expense account ('Charges AO' or 'Actifs immobilisés') */
    operationAccountId: integer('operation_account_id')
      .notNull()
      .references(() => operationAccounts.id),
    budgetLineId: integer('budget_line_id'),
    plannedActivityId: integer('planned_activity_id'),
    /** when the expense was made (form fields `made` + `made_time`) */
    madeAt: timestamp('made_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    approvedBy: integer('approved_by').references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    validatedBy: integer('validated_by').references(() => users.id),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    rejectedBy: integer('rejected_by').references(() => users.id),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    /** set once, irreversibly: nothing of the request changes afterwards */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedBy: integer('verified_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // the list of a level's requests, newest first, filtered by period
    index('expense_requests_entity_idx').on(t.entityType, t.entityId, t.madeAt, t.id),
    // /mes-requetes
    index('expense_requests_created_by_idx').on(t.createdBy, t.createdAt),
    // budget against actual (issue 13): the requests attached to a budget line
    index('expense_requests_budget_line_idx').on(t.budgetLineId),
    // the actual cost of a planned activity (issue 14): the requests linked to it
    index('expense_requests_planned_activity_idx').on(t.plannedActivityId),
    check(
      'expense_requests_status_ck',
      sql`${t.status} in ('approval_pending', 'rejected', 'approved', 'validated')`,
    ),
    check(
      'expense_requests_entity_type_ck',
      sql`${t.entityType} in ('NATIONAL_OFFICE', 'REGION', 'SECTION', 'CHURCH', 'ACTIVITY_GROUP')`,
    ),
    check('expense_requests_amount_ck', sql`${t.amount} >= 0`),
  ],
);

/** pending: nothing paid; paid: partly paid; validated: fully paid; cancelled: irreversible. */

export const expenseLines = pgTable(
  'expense_lines',
  {
    id: serial('id').primaryKey(),
    expenseRequestId: integer('expense_request_id')
      .notNull()
      .references(() => expenseRequests.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull().default(0),
    unitPrice: integer('unit_price').notNull().default(0),
    /** quantity x unit_price */
    amount: integer('amount').notNull().default(0),
    /** paid so far; remaining payable = amount - amount_validated */
    amountValidated: integer('amount_validated').notNull().default(0),
    status: text('status').$type<ExpenseLineStatus>().notNull().default('pending'),
    donationType: text('donation_type').$type<DonationType>().notNull().default('none'),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    notes: text('notes'),
    recipientFirstName: text('recipient_first_name'),
    recipientLastName: text('recipient_last_name'),
    recipientPhone: text('recipient_phone'),
    recipientAddress: text('recipient_address'),
    recipientCompanyName: text('recipient_company_name'),
    recipientRegistrationNumber: text('recipient_registration_number'),
    recipientTaxId: text('recipient_tax_id'),
    recipientCompanyAddress: text('recipient_company_address'),
    recipientCompanyPhone: text('recipient_company_phone'),
    recipientCompanyEmail: text('recipient_company_email'),
    recipientEntityType: text('recipient_entity_type').$type<RecipientEntityType>(),
    recipientEntityId: integer('recipient_entity_id'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('expense_lines_request_idx').on(t.expenseRequestId),
    check('expense_lines_status_ck', sql`${t.status} in ('pending', 'paid', 'validated', 'cancelled')`),
    check(
      'expense_lines_donation_type_ck',
      sql`${t.donationType} in ('none', 'individual', 'legal_entity', 'system_entity')`,
    ),
    check(
      'expense_lines_amounts_ck',
      sql`${t.quantity} >= 0 and ${t.unitPrice} >= 0 and ${t.amount} >= 0 and ${t.amountValidated} >= 0 and ${t.amountValidated} <= ${t.amount}`,
    ),
  ],
);

/** Suggested values of expense_payments.payment_method (the SPEC leaves them open). */

/** One payment of an expense line (SPEC 'Expense (payment record)'); partial payments add up. */
export const expensePayments = pgTable(
  'expense_payments',
  {
    id: serial('id').primaryKey(),
    expenseLineId: integer('expense_line_id')
      .notNull()
      .references(() => expenseLines.id),
    amount: integer('amount').notNull(),
    /** when the money was paid (form date + validate_time) */
    validatedAt: timestamp('validated_at', { withTimezone: true }).notNull(),
    paymentMethod: text('payment_method').notNull(),
    paymentAccountId: integer('payment_account_id')
      .notNull()
      .references(() => operationAccounts.id),
    /** who paid */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    treasuryMovementId: bigint('treasury_movement_id', { mode: 'number' }).references(
      () => treasuryMovements.id,
    ),
    createdAt: createdAt(),
  },
  (t) => [
    index('expense_payments_line_idx').on(t.expenseLineId),
    check('expense_payments_amount_ck', sql`${t.amount} > 0`),
  ],
);

// ---------------------------------------------------------------- subscriptions

export const SUBSCRIPTION_TARGETS = ['church', 'section', 'region', 'national_office'] as const;
export type SubscriptionTarget = (typeof SUBSCRIPTION_TARGETS)[number];

export const subscriptionTypes = pgTable('subscription_types', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** which kind of group subscribes with this type */
  target: text('target').$type<SubscriptionTarget>().notNull(),
  periodMonths: integer('period_months').notNull(),
  /** price of one period in XOF */
  amount: integer('amount').notNull(),
  active: boolean('active').notNull().default(true),
});

export const SUBSCRIPTION_STATUSES = ['active', 'expired', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A billed period of the product for one group. Unpaid while paid_at is null. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    amount: integer('amount').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull().default('active'),
    subscriptionTypeId: integer('subscription_type_id')
      .notNull()
      .references(() => subscriptionTypes.id),
    churchId: integer('church_id').references(() => churches.id),
    sectionId: integer('section_id').references(() => sections.id),
    regionId: integer('region_id').references(() => regions.id),
    nationalOfficeId: integer('national_office_id').references(() => nationalOffices.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** the payment provider's transaction reference */
    paymentReference: text('payment_reference'),
    paymentMethod: text('payment_method'),
    payerId: integer('payer_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('subscriptions_church_idx').on(t.churchId, t.startDate),
    index('subscriptions_section_idx').on(t.sectionId, t.startDate),
    index('subscriptions_region_idx').on(t.regionId, t.startDate),
    index('subscriptions_national_office_idx').on(t.nationalOfficeId, t.startDate),
    check(
      'subscriptions_one_group_ck',
      sql`num_nonnulls(${t.churchId}, ${t.sectionId}, ${t.regionId}, ${t.nationalOfficeId}) = 1`,
    ),
    check('subscriptions_period_ck', sql`${t.endDate} >= ${t.startDate}`),
    check('subscriptions_amount_ck', sql`${t.amount} >= 0`),
  ],
);

export const PAYMENT_ATTEMPT_STATUSES = ['pending', 'completed', 'failed'] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];

/**
 * One try at paying a subscription through the payment provider (LigdiCash). Stored as pending, with
 * our own transaction id, before the payer is sent to the provider's page; the provider's token is
 * written as soon as the invoice is created. At most one pending attempt per subscription: a second
 * 'Payer' reuses it, so one period is never charged twice.
 */
export const subscriptionPaymentAttempts = pgTable(
  'subscription_payment_attempts',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    /** our own reference, sent to the provider as external_id and in custom_data */
    transactionId: text('transaction_id').notNull(),
    /** the provider's invoice token (null while the invoice is being created) */
    token: text('token'),
    paymentUrl: text('payment_url'),
    status: text('status').$type<PaymentAttemptStatus>().notNull().default('pending'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('xof'),
    payerId: integer('payer_id')
      .notNull()
      .references(() => users.id),
    phone: text('phone').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    /** the provider's own transaction reference, once confirmed */
    providerReference: text('provider_reference'),
    /** the operator or method the payer chose (Orange Money, carte...) */
    operator: text('operator'),
    failureReason: text('failure_reason'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscription_payment_attempts_transaction_uq').on(t.transactionId),
    uniqueIndex('subscription_payment_attempts_token_uq').on(t.token),
    uniqueIndex('subscription_payment_attempts_one_pending_uq')
      .on(t.subscriptionId)
      .where(sql`${t.status} = 'pending'`),
    index('subscription_payment_attempts_subscription_idx').on(t.subscriptionId, t.createdAt),
    check('subscription_payment_attempts_status_ck', sql`${t.status} in ('pending', 'completed', 'failed')`),
  ],
);
