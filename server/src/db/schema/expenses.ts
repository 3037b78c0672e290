import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { ENTITY_TYPES } from '../../../../contract/values/common';
import type {
  DonationType,
  ExpenseLineStatus,
  ExpenseRequestStatus,
  RecipientEntityType,
} from '../../../../contract/expenses';
import { type FinanceEntityType, operationAccounts, treasuryMovements } from './accounts';
import { createdAt, updatedAt } from './columns';
import { users } from './core';

// Expense requests, their lines and the payments of the lines (each payment writes its treasury movement).

/** The statuses, donation types, recipient entities and payment methods of expenses, defined in contract/. */
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
} from '../../../../contract/expenses';

/** entity_type of expense requests keeps the SPEC's upper-case values, which the API sends and answers. */
export const EXPENSE_ENTITY_TYPES = ENTITY_TYPES;
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
    // budget against actual (decision 0021): the requests attached to a budget line
    index('expense_requests_budget_line_idx').on(t.budgetLineId),
    // the actual cost of a planned activity (decision 0024): the requests linked to it
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
    /** pending: nothing paid; paid: partly paid; validated: fully paid; cancelled: irreversible */
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
    /** one of PAYMENT_METHODS, suggested values (the SPEC leaves them open) */
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
