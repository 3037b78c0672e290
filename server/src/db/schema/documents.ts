import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './core';
import { expensePayments, operationAccounts, treasuryMovements, type ExpenseEntityType } from './finance';

// ---------------------------------------------------------------- attachments

export const ATTACHABLE_TYPES = ['expense_request', 'activity_report'] as const;
export type AttachableType = (typeof ATTACHABLE_TYPES)[number];

/**
 * A supporting document (SPEC.md section 3 'Attachment'). The file lives under the data directory
 * with a generated name (`stored_name`); the original name is only shown and sent back in
 * Content-Disposition. The type is the one read from the file's first bytes, never the client's.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    attachableType: text('attachable_type').$type<AttachableType>().notNull(),
    attachableId: integer('attachable_id').notNull(),
    originalName: text('original_name').notNull(),
    storedName: text('stored_name').notNull().unique(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('attachments_attachable_idx').on(t.attachableType, t.attachableId),
    check(
      'attachments_attachable_type_ck',
      sql`${t.attachableType} in ('expense_request', 'activity_report')`,
    ),
    check('attachments_size_ck', sql`${t.size} > 0 and ${t.size} <= 10485760`),
  ],
);

/** PostgreSQL's bytea: a Buffer from node-postgres, a Uint8Array from PGlite. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The contents of the attachments (decision 0044): each file in pieces of 256 KB under its
 * `stored_name`, written while the upload streams in and read one piece at a time while it streams
 * out, so that several servers on one PostgreSQL share them and a backup carries them. A piece is
 * written before its attachment row (the upload is read before the write's transaction): pieces that
 * no attachment names are swept at start after a day.
 */
export const attachmentChunks = pgTable(
  'attachment_chunks',
  {
    storedName: text('stored_name').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storedName, t.seq] }),
    check('attachment_chunks_size_ck', sql`octet_length(${t.data}) between 1 and 262144`),
  ],
);

// ---------------------------------------------------------------- fixed assets

/** An 'immobilisation' (SPEC.md section 3 'Fixed asset'), created alone or when paying an expense. */
export const fixedAssets = pgTable(
  'fixed_assets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    reference: text('reference'),
    brand: text('brand'),
    model: text('model'),
    operationAccountId: integer('operation_account_id').references(() => operationAccounts.id),
    /** XOF, the paid amount when created from a payment */
    purchasePrice: integer('purchase_price').notNull(),
    additionalCosts: integer('additional_costs').notNull().default(0),
    currency: text('currency').notNull().default('XOF'),
    purchaseDate: date('purchase_date', { mode: 'string' }),
    commissioningDate: date('commissioning_date', { mode: 'string' }),
    supplier: text('supplier'),
    invoiceNumber: text('invoice_number'),
    location: text('location'),
    conditionNotes: text('condition_notes'),
    depreciable: boolean('depreciable').notNull().default(true),
    usefulLifeYears: integer('useful_life_years'),
    residualValue: integer('residual_value').notNull().default(0),
    /** percent, 0.01 to 100 */
    annualDepreciationRate: numeric('annual_depreciation_rate', { precision: 5, scale: 2 }),
    entityType: text('entity_type').$type<ExpenseEntityType>().notNull(),
    entityId: integer('entity_id').notNull(),
    /** the payment that bought it, when created from one */
    expensePaymentId: integer('expense_payment_id').references(() => expensePayments.id),
    /** its disposal (decision 0030): 'sale' (cession) or 'scrap' (mise au rebut); null while the entity holds it */
    disposalKind: text('disposal_kind').$type<'sale' | 'scrap'>(),
    disposedOn: date('disposed_on', { mode: 'string' }),
    /** the price received (0 for a scrapping) */
    disposalPrice: integer('disposal_price'),
    /** the net book value on the disposal date, by the depreciation schedule */
    disposalNetBookValue: integer('disposal_net_book_value'),
    /** the treasury account that received the price, and the movement written */
    disposalPaymentAccountId: integer('disposal_payment_account_id').references(() => operationAccounts.id),
    disposalMovementId: bigint('disposal_movement_id', { mode: 'number' }).references(
      () => treasuryMovements.id,
    ),
    disposedBy: integer('disposed_by').references(() => users.id),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('fixed_assets_entity_idx').on(t.entityType, t.entityId),
    check('fixed_assets_currency_ck', sql`char_length(${t.currency}) between 1 and 3`),
    check(
      'fixed_assets_amounts_ck',
      sql`${t.purchasePrice} >= 0 and ${t.additionalCosts} >= 0 and ${t.residualValue} >= 0`,
    ),
    check(
      'fixed_assets_rate_ck',
      sql`${t.annualDepreciationRate} is null or (${t.annualDepreciationRate} >= 0.01 and ${t.annualDepreciationRate} <= 100)`,
    ),
    check('fixed_assets_life_ck', sql`${t.usefulLifeYears} is null or ${t.usefulLifeYears} >= 1`),
    check(
      'fixed_assets_disposal_ck',
      sql`(${t.disposalKind} is null and ${t.disposedOn} is null and ${t.disposalPrice} is null)
        or (${t.disposalKind} in ('sale', 'scrap') and ${t.disposedOn} is not null and ${t.disposalPrice} >= 0
          and ${t.disposalNetBookValue} is not null)`,
    ),
  ],
);
