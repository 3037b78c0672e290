import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
// The value lists the API shares with the SPA are the contract's, re-exported here.
import {
  PAYMENT_ATTEMPT_STATUSES,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TARGETS,
} from '../../../../contract/values/subscriptions';
import { createdAt, updatedAt } from './columns';
import { churches, nationalOffices, regions, sections, users } from './core';

// The product's subscriptions: their types, the billed periods of each group and the payment attempts.

export { SUBSCRIPTION_TARGETS };
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

export { SUBSCRIPTION_STATUSES };
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

export { PAYMENT_ATTEMPT_STATUSES };
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
