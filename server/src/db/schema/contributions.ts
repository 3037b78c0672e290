import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ContributionStatus, ContributionType } from '../../../../contract/contributions';
import { type FinanceEntityType, operationAccounts } from './accounts';
import { createdAt } from './columns';
import { users } from './core';

// The receipts (contributions): each writes its treasury movement.

/** The kinds and statuses of a contribution, defined in contract/. */
export {
  CONTRIBUTION_TYPES,
  type ContributionType,
  CONTRIBUTION_STATUSES,
  type ContributionStatus,
} from '../../../../contract/contributions';

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
    /** the giver's name when they are not a member (a guest's online gift); null otherwise */
    giverName: text('giver_name'),
    /**
     * An online gift (decision 0043): the provider's transaction reference, unique, so that a
     * transaction is recorded once whatever the number of confirmations; null for a gift at the counter.
     */
    onlineReference: text('online_reference'),
    /** the operator or card the online giver paid with (Orange Money, Wave...) */
    onlineOperator: text('online_operator'),
  },
  (t) => [
    uniqueIndex('contributions_receipt_number_uq').on(t.receiptNumber),
    uniqueIndex('contributions_online_reference_uq').on(t.onlineReference),
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
