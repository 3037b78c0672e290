import { z } from 'zod';
import { entityId, entityType, year } from './closings';
import { ENTITY_TYPES } from './common';

/**
 * The financial statements of an entity for a calendar year (issue 15, SYCEBNL layout):
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
