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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CheckoutStatus, GivingCollection } from '../../../../contract/values/giving';
import type { ContributionType } from '../../../../contract/values/contributions';
import { type FinanceEntityType, operationAccounts } from './accounts';
import { createdAt, updatedAt } from './columns';
import { contributions } from './contributions';
import { churches, users } from './core';

// Online giving (decision 0043): each church's settings and merchant account, and the checkouts
// (one gift's way through LigdiCash, from the form to the contribution it becomes).

/**
 * A church's online giving settings, or the installation's (church_id null: the denomination's merchant
 * account, for the churches that collect centrally). The merchant's key and token are stored encrypted
 * (AES-256-GCM, PAYMENT_SECRETS_KEY) and never answered.
 */
export const givingSettings = pgTable(
  'giving_settings',
  {
    id: serial('id').primaryKey(),
    /** null: the installation's own row */
    churchId: integer('church_id').references(() => churches.id),
    enabled: boolean('enabled').notNull().default(false),
    collection: text('collection').$type<GivingCollection>().notNull().default('church'),
    /** the church's treasury account (journal ELECTRONIK) the gifts are recorded on */
    paymentAccountId: integer('payment_account_id').references(() => operationAccounts.id),
    /** the public giving page's code: /donner/{code} */
    code: text('code'),
    apiKeyEncrypted: text('api_key_encrypted'),
    apiTokenEncrypted: text('api_token_encrypted'),
    /** the key's last 4 characters, shown as '••••1234' */
    keyHint: text('key_hint'),
    updatedBy: integer('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // one row per church, and one for the installation (church_id null counts as 0)
    uniqueIndex('giving_settings_church_uq').on(sql`coalesce(${t.churchId}, 0)`),
    uniqueIndex('giving_settings_code_uq').on(t.code),
    check('giving_settings_collection_ck', sql`${t.collection} in ('church', 'central')`),
  ],
);

/**
 * One gift's way through LigdiCash: stored `started` before the provider is called, `pending` once its
 * invoice exists (token), then `paid` (with its contribution, exactly once), `failed` or `expired`.
 */
export const givingCheckouts = pgTable(
  'giving_checkouts',
  {
    id: serial('id').primaryKey(),
    /** unguessable id of the guest's pages (16 random bytes, base64url) */
    publicId: text('public_id').notNull(),
    /** our own reference, sent as external_id and in custom_data */
    transactionId: text('transaction_id').notNull(),
    /** the church whose settings (account, merchant) the gift goes through */
    churchId: integer('church_id')
      .notNull()
      .references(() => churches.id),
    /** the church itself, or one of its departments */
    entityType: text('entity_type').$type<FinanceEntityType>().notNull(),
    entityId: integer('entity_id').notNull(),
    /** the member who gives; null for a guest */
    userId: integer('user_id').references(() => users.id),
    guestName: text('guest_name'),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    phone: text('phone').notNull(),
    type: text('type').$type<ContributionType>().notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('xof'),
    notes: text('notes'),
    paymentAccountId: integer('payment_account_id')
      .notNull()
      .references(() => operationAccounts.id),
    receiptAccountId: integer('receipt_account_id')
      .notNull()
      .references(() => operationAccounts.id),
    /** whose credentials created the invoice (and confirm it): 'church', 'central' or 'simulator' */
    merchant: text('merchant').notNull(),
    status: text('status').$type<CheckoutStatus>().notNull().default('started'),
    token: text('token'),
    paymentUrl: text('payment_url'),
    providerReference: text('provider_reference'),
    operator: text('operator'),
    fee: integer('fee'),
    failureReason: text('failure_reason'),
    contributionId: integer('contribution_id').references(() => contributions.id),
    feeMovementId: bigint('fee_movement_id', { mode: 'number' }),
    /** the guest's address (rate limits) */
    ip: text('ip'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('giving_checkouts_public_id_uq').on(t.publicId),
    uniqueIndex('giving_checkouts_transaction_uq').on(t.transactionId),
    uniqueIndex('giving_checkouts_token_uq').on(t.token),
    uniqueIndex('giving_checkouts_contribution_uq').on(t.contributionId),
    index('giving_checkouts_church_idx').on(t.churchId, t.createdAt),
    index('giving_checkouts_user_idx').on(t.userId, t.createdAt),
    index('giving_checkouts_open_idx')
      .on(t.status, t.createdAt)
      .where(sql`${t.status} in ('started', 'pending')`),
    index('giving_checkouts_guest_ip_idx')
      .on(t.ip, t.createdAt)
      .where(sql`${t.userId} is null`),
    index('giving_checkouts_guest_phone_idx')
      .on(t.phone, t.createdAt)
      .where(sql`${t.userId} is null`),
    check(
      'giving_checkouts_status_ck',
      sql`${t.status} in ('started', 'pending', 'paid', 'failed', 'expired')`,
    ),
    check('giving_checkouts_amount_ck', sql`${t.amount} > 0`),
    check('giving_checkouts_entity_ck', sql`${t.entityType} in ('church', 'department')`),
    check('giving_checkouts_paid_ck', sql`${t.status} <> 'paid' or ${t.contributionId} is not null`),
  ],
);
