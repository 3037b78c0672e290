import { z } from 'zod';
import { JOURNAL_TYPES } from './accounts';
import { entityId, entityType, year } from './closings';
import { ENTITY_TYPES, MAX_ID } from './common';
import {
  daysBetween,
  isIsoDay,
  JOURNAL_DEFAULT_LIMIT,
  JOURNAL_MAX_LIMIT,
  JOURNAL_MAX_PERIOD_DAYS,
  JOURNAL_MESSAGES,
} from './values/journals';
export * from './values/journals';

const requiredText = (required: string) => z.string({ error: required }).trim().min(1, required);

const day = (required: string, invalid: string) => requiredText(required).refine(isIsoDay, invalid);

const page = z.coerce
  .number({ error: JOURNAL_MESSAGES.page })
  .int(JOURNAL_MESSAGES.page)
  .min(1, JOURNAL_MESSAGES.page)
  .max(1_000_000, JOURNAL_MESSAGES.page)
  .default(1);
const limit = z.coerce
  .number({ error: JOURNAL_MESSAGES.limit })
  .int(JOURNAL_MESSAGES.limit)
  .min(1, JOURNAL_MESSAGES.limit)
  .max(JOURNAL_MAX_LIMIT, JOURNAL_MESSAGES.limit)
  .default(JOURNAL_DEFAULT_LIMIT);

const positiveId = (required: string, invalid: string) =>
  requiredText(required).pipe(
    z.coerce.number<string>({ error: invalid }).int(invalid).positive(invalid).max(MAX_ID, invalid),
  );

/** entity_type as the other endpoints accept it ('CHURCH', 'church', 'ACTIVITY_GROUP' = department...). */
const periodShape = {
  entity_type: requiredText(JOURNAL_MESSAGES.entityTypeRequired),
  entity_id: positiveId(JOURNAL_MESSAGES.entityIdRequired, JOURNAL_MESSAGES.entityId),
  from_date: day(JOURNAL_MESSAGES.fromRequired, JOURNAL_MESSAGES.from),
  to_date: day(JOURNAL_MESSAGES.toRequired, JOURNAL_MESSAGES.to),
};

function checkPeriod(value: { from_date: string; to_date: string }, ctx: z.RefinementCtx) {
  if (!isIsoDay(value.from_date) || !isIsoDay(value.to_date)) return;
  const days = daysBetween(value.from_date, value.to_date);
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to_date'], message: JOURNAL_MESSAGES.order });
  else if (days > JOURNAL_MAX_PERIOD_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to_date'], message: JOURNAL_MESSAGES.tooLong });
}

const journalType = z.enum(JOURNAL_TYPES, {
  error: (issue) => (issue.input === undefined ? JOURNAL_MESSAGES.typeRequired : JOURNAL_MESSAGES.type),
});

export const treasuryJournalQuerySchema = z
  .object({
    ...periodShape,
    type: journalType,
    page,
    limit,
    /**
     * Keyset paging: the id of the last row already read (`meta.next_after` of the previous answer);
     * the answer starts after it, with the running balance carried from every row before it.
     */
    after: z.coerce
      .number({ error: JOURNAL_MESSAGES.after })
      .int(JOURNAL_MESSAGES.after)
      .min(1, JOURNAL_MESSAGES.after)
      .max(Number.MAX_SAFE_INTEGER, JOURNAL_MESSAGES.after)
      .optional(),
  })
  .superRefine(checkPeriod);
export type TreasuryJournalQuery = z.input<typeof treasuryJournalQuerySchema>;

export const generalJournalQuerySchema = z
  .object({ ...periodShape, type: journalType.optional(), page, limit })
  .superRefine(checkPeriod);
export type GeneralJournalQuery = z.input<typeof generalJournalQuerySchema>;

export const accountJournalQuerySchema = z
  .object({
    ...periodShape,
    account_id: positiveId(JOURNAL_MESSAGES.accountRequired, JOURNAL_MESSAGES.account),
    page,
    limit,
  })
  .superRefine(checkPeriod);
export type AccountJournalQuery = z.input<typeof accountJournalQuerySchema>;

export const financialReportQuerySchema = z.object(periodShape).superRefine(checkPeriod);
export type FinancialReportQuery = z.input<typeof financialReportQuerySchema>;

// ---------------------------------------------------------------- answers

const money = z.number().int();

export const journalEntitySchema = z.object({
  /** scope name of the entity: national_office, region, section, church, department */
  type: z.string(),
  id: z.number().int(),
  name: z.string(),
});
export type JournalEntity = z.infer<typeof journalEntitySchema>;

const periodSchema = z.object({ from_date: z.string(), to_date: z.string(), time_zone: z.string() });
const metaSchema = z.object({ total: z.number().int(), page: z.number().int(), limit: z.number().int() });

/** SPEC.md section 3, treasury journal row (+ occurred_at, reference, source_type). */
export const treasuryJournalRowSchema = z.object({
  id: z.number().int(),
  /** calendar day in Africa/Abidjan, YYYY-MM-DD */
  date: z.string(),
  occurred_at: z.iso.datetime(),
  designation: z.string(),
  reference: z.string().nullable(),
  receipts: money,
  expenses: money,
  /** balance after this movement: opening balance + every movement up to this one */
  solde: money,
  observations: z.string().nullable(),
  source_type: z.string(),
});
export type TreasuryJournalRow = z.infer<typeof treasuryJournalRowSchema>;

export const treasuryJournalAnswerSchema = z.object({
  data: z.array(treasuryJournalRowSchema),
  entity: journalEntitySchema,
  journal_type: z.enum(JOURNAL_TYPES),
  period: periodSchema,
  /** balance carried into the period: every movement of the journal before from_date */
  opening_balance: money,
  /** over the whole period (every page) */
  totals: z.object({ receipts: money, expenses: money }),
  /** opening_balance + totals.receipts - totals.expenses */
  closing_balance: money,
  meta: metaSchema.extend({
    /** the id to pass as `after` for the next rows, null once the period is read to its end */
    next_after: z.number().int().nullable(),
  }),
});
export type TreasuryJournalAnswer = z.infer<typeof treasuryJournalAnswerSchema>;

const accountRefSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type JournalAccountRef = z.infer<typeof accountRefSchema>;

export const generalJournalRowSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  occurred_at: z.iso.datetime(),
  journal_type: z.enum(JOURNAL_TYPES),
  /** the treasury account the money went into or out of */
  payment_account: accountRefSchema,
  /** the receipt or expense account (null for opening balances) */
  operation_account: accountRefSchema.extend({ category: z.string() }).nullable(),
  reference: z.string().nullable(),
  designation: z.string(),
  receipts: money,
  expenses: money,
  observations: z.string().nullable(),
  source_type: z.string(),
});
export type GeneralJournalRow = z.infer<typeof generalJournalRowSchema>;

export const generalJournalAnswerSchema = z.object({
  data: z.array(generalJournalRowSchema),
  entity: journalEntitySchema,
  period: periodSchema,
  totals: z.object({ receipts: money, expenses: money, count: z.number().int() }),
  meta: metaSchema,
});
export type GeneralJournalAnswer = z.infer<typeof generalJournalAnswerSchema>;

export const accountJournalRowSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  occurred_at: z.iso.datetime(),
  journal_type: z.enum(JOURNAL_TYPES),
  payment_account: accountRefSchema,
  reference: z.string().nullable(),
  designation: z.string(),
  receipts: money,
  expenses: money,
  solde: money,
  observations: z.string().nullable(),
});
export type AccountJournalRow = z.infer<typeof accountJournalRowSchema>;

export const accountJournalAnswerSchema = z.object({
  data: z.array(accountJournalRowSchema),
  entity: journalEntitySchema,
  account: accountRefSchema.extend({
    category: z.string(),
    journal_type: z.enum(JOURNAL_TYPES).nullable(),
  }),
  /**
   * 'receipts': solde = receipts - expenses (receipt and treasury accounts);
   * 'expenses': solde = expenses - receipts (expense and asset accounts, whose balance is what was spent).
   */
  balance_direction: z.enum(['receipts', 'expenses']),
  period: periodSchema,
  opening_balance: money,
  totals: z.object({ receipts: money, expenses: money }),
  closing_balance: money,
  meta: metaSchema,
});
export type AccountJournalAnswer = z.infer<typeof accountJournalAnswerSchema>;

const reportAccountSchema = accountRefSchema.extend({ total: money });
const reportCategorySchema = z.object({
  category: z.string(),
  total: money,
  accounts: z.array(reportAccountSchema),
});
export type FinancialReportCategory = z.infer<typeof reportCategorySchema>;

export const financialReportAnswerSchema = z.object({
  data: z.object({
    entity: journalEntitySchema,
    period: periodSchema,
    /** net receipts per account of the 'Produits' kind (reversals deducted) */
    receipts: z.object({ total: money, categories: z.array(reportCategorySchema) }),
    /** net expenses per account of the other kinds (reversals deducted) */
    expenses: z.object({ total: money, categories: z.array(reportCategorySchema) }),
    /** receipts.total - expenses.total */
    result: money,
    /** movements without operation account in the period (opening balances, 'report à nouveau') */
    carried_forward: money,
    /** per journal: balance at from_date 00:00 and after to_date; closing = opening + receipts - expenses */
    treasury: z.array(
      z.object({
        journal_type: z.enum(JOURNAL_TYPES),
        opening: money,
        receipts: money,
        expenses: money,
        closing: money,
      }),
    ),
    treasury_total: z.object({ opening: money, closing: money }),
    /** every month touched by the period, in order, with the same net amounts as receipts/expenses */
    months: z.array(z.object({ month: z.string(), receipts: money, expenses: money })),
  }),
});
export type FinancialReport = z.infer<typeof financialReportAnswerSchema>['data'];

// ---------------------------------------------------------------- totals of a group (decision 0033)

/** GET /treasury-totals: a section's, region's or national office's receipts and expenses of a period. */
export const treasuryTotalsQuerySchema = z.object(periodShape).superRefine(checkPeriod);
export type TreasuryTotalsQuery = z.input<typeof treasuryTotalsQuerySchema>;

/** One part of a group's totals: the group's own movements, or an entity directly below with its subtree. */
export const treasuryTotalsPartSchema = z.object({
  type: z.string(),
  id: z.number().int(),
  name: z.string(),
  receipts: money,
  expenses: money,
});

export const treasuryTotalsAnswerSchema = z.object({
  data: z.object({
    entity: journalEntitySchema,
    period: periodSchema,
    receipts: money,
    expenses: money,
    balance: money,
    /**
     * The group itself, then each entity directly below; a church's movement counts under the section
     * it belonged to on the movement's day, even after it moved.
     */
    parts: z.array(treasuryTotalsPartSchema),
  }),
});
export type TreasuryTotals = z.infer<typeof treasuryTotalsAnswerSchema>['data'];

// ---------------------------------------------------------------- financial statements of a year

/**
 * The financial statements of an entity for a calendar year (SYCEBNL layout, decision 0030):
 * - GET /financial-statements?entity_type&entity_id&year -> { data: FinancialStatements }
 *
 * 'Compte de résultat': the year's class 7 products and class 6 charges by account (reversals deducted),
 * the depreciation of the fixed assets (681), the disposals of assets (HAO: prices received, net book
 * values), the result. 'Bilan' on 31 December: the fixed assets (gross, depreciation, net) by account, the
 * treasury accounts (a negative balance is 'Trésorerie-passif'), and the funds: the net assets on 1 January
 * split into the results carried by earlier closings (report à nouveau) and the other funds, the year's
 * other changes (funds received, assets recorded without a payment...) and the year's result. The two
 * sides are computed apart (the end of the year, the start plus the year's flows): they balance.
 */

export const statementsQuerySchema = z.object({ entity_type: entityType, entity_id: entityId, year });
export type StatementsQuery = z.input<typeof statementsQuerySchema>;

const line = z.object({ code: z.string(), name: z.string(), amount: z.number().int() });
export type StatementLine = z.infer<typeof line>;
const assetLine = z.object({
  code: z.string(),
  name: z.string(),
  gross: z.number().int(),
  depreciation: z.number().int(),
  net: z.number().int(),
});
export type StatementAssetLine = z.infer<typeof assetLine>;

export const financialStatementsSchema = z.object({
  entity: z.object({ type: z.enum(ENTITY_TYPES), id: z.number().int(), name: z.string() }),
  year: z.number().int(),
  /** the closing of the year, or null: the statements are then provisional */
  closing: z.object({ id: z.number().int(), closed_at: z.string() }).nullable(),
  income: z.object({
    products: z.array(line),
    products_total: z.number().int(),
    charges: z.array(line),
    charges_total: z.number().int(),
    /** 681: the year's depreciation, up to each disposal */
    depreciation: z.number().int(),
    /** products - charges - depreciation */
    ordinary_result: z.number().int(),
    /** HAO: the prices of the assets sold or scrapped in the year, and their net book values */
    disposal_proceeds: z.number().int(),
    disposal_book_values: z.number().int(),
    /** proceeds - book values */
    disposal_result: z.number().int(),
    /** ordinary_result + disposal_result: carried to 121 (surplus) or 129 (deficit) */
    result: z.number().int(),
  }),
  balance: z.object({
    fixed_assets: z.array(assetLine),
    fixed_assets_total: assetLine.omit({ code: true, name: true }),
    /** the treasury accounts with a positive balance on 31 December */
    treasury: z.array(line),
    treasury_total: z.number().int(),
    assets_total: z.number().int(),
    /** the net assets on 1 January less the results carried by earlier closings */
    funds: z.number().int(),
    /** the results of the earlier closed years (121 - 129) */
    carried_forward: z.number().int(),
    /** the year's changes of the funds other than the result: movements outside classes 6 and 7, assets recorded without a payment */
    other_changes: z.number().int(),
    result: z.number().int(),
    equity_total: z.number().int(),
    /** the treasury accounts with a negative balance on 31 December ('Trésorerie-passif'), as positive amounts */
    treasury_liabilities: z.array(line),
    treasury_liabilities_total: z.number().int(),
    liabilities_total: z.number().int(),
  }),
});
export type FinancialStatements = z.infer<typeof financialStatementsSchema>;
export const financialStatementsAnswerSchema = z.object({ data: financialStatementsSchema });
