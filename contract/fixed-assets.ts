/**
 * The fixed assets ('immobilisations') of an entity: recorded alone, or by the payment of an expense
 * (contract/expenses.ts, `fixed_asset` of a payment), depreciated (contract/values/depreciation.ts), sold
 * or scrapped. Shared by the reference server (route schemas) and the SPA (answers, types).
 * docs/features/fixed-assets.md.
 *
 * Endpoints (all under /api, cookies; errors `{ message: 'E_HTTP_EXCEPTION: ...' }` in French):
 * - GET    /fixed-assets                ?entity_type&entity_id&search&page&limit -> { data: FixedAsset[], meta }
 * - GET    /fixed-assets/statistics     ?entity_type&entity_id -> { data: FixedAssetStatistics }
 * - GET    /fixed-assets/options        ?entity_type&entity_id -> { data: FixedAssetOptions }
 * - GET    /fixed-assets/{id}           -> { data: FixedAsset }
 * - POST   /fixed-assets                FixedAssetBody -> 201 { data: FixedAsset }
 * - PUT    /fixed-assets/{id}           FixedAssetBody -> { data: FixedAsset }
 * - DELETE /fixed-assets/{id}           -> { message }
 * - POST   /fixed-assets/{id}/disposal  FixedAssetDisposalBody (Idempotency-Key) -> 201 { data: FixedAsset }
 */
import { z } from 'zod';
import { ENTITY_TYPES, listMetaSchema, listQuerySchema, sortParams } from './common';
import { dateOnlySchema, idField, moneyDateOnlySchema, optionalText, queryId } from './fields';
import { EXPENSE_MESSAGES as M, MAX_AMOUNT } from './values/expenses';
import { ASSET_DISPOSAL_KINDS, FIXED_ASSET_MESSAGES as A, FIXED_ASSET_SORTS } from './values/fixed-assets';
export * from './values/fixed-assets';

/** Fixed asset created with a payment (SPEC.md section 3; purchase price = the paid amount). */
const fixedAssetFieldsShape = {
  name: z.string({ error: A.assetNameRequired }).trim().min(1, A.assetNameRequired).max(200, M.textTooLong),
  description: optionalText(2000),
  reference: optionalText(100),
  brand: optionalText(100),
  model: optionalText(100),
  additional_costs: z
    .number({ error: M.invalidFormat })
    .int(M.invalidFormat)
    .min(0, M.invalidFormat)
    .max(MAX_AMOUNT, M.amountTooLarge)
    .default(0),
  currency: z
    .string({ error: A.assetCurrencyRequired })
    .trim()
    .min(1, A.assetCurrencyRequired)
    .max(3, A.assetCurrencyTooLong)
    .default('XOF'),
  purchase_date: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    moneyDateOnlySchema.optional(),
  ),
  commissioning_date: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    dateOnlySchema.optional(),
  ),
  supplier: optionalText(150),
  invoice_number: optionalText(100),
  location: optionalText(150),
  condition_notes: optionalText(2000),
  depreciable: z.boolean({ error: M.invalidFormat }).default(true),
  useful_life_years: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z
      .number({ error: M.invalidFormat })
      .int(M.invalidFormat)
      .min(1, A.assetUsefulLifeMin)
      .max(200, M.invalidFormat)
      .optional(),
  ),
  residual_value: z
    .number({ error: M.invalidFormat })
    .int(M.invalidFormat)
    .min(0, M.invalidFormat)
    .max(MAX_AMOUNT, M.amountTooLarge)
    .default(0),
  annual_depreciation_rate: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.number({ error: M.invalidFormat }).min(0.01, A.assetRateRange).max(100, A.assetRateRange).optional(),
  ),
};

function checkUsefulLife(asset: { depreciable?: boolean; useful_life_years?: number }, ctx: z.RefinementCtx) {
  if (asset.depreciable !== false && asset.useful_life_years === undefined)
    ctx.addIssue({ code: 'custom', path: ['useful_life_years'], message: A.assetUsefulLifeRequired });
}

export const paymentFixedAssetSchema = z.object(fixedAssetFieldsShape).superRefine(checkUsefulLife);
export type PaymentFixedAssetBody = z.input<typeof paymentFixedAssetSchema>;

/** POST /fixed-assets, PUT /fixed-assets/{id} (SPEC.md section 3 'Fixed asset', section 5 rules). */
export const fixedAssetBodySchema = z
  .object({
    ...fixedAssetFieldsShape,
    operation_account_id: z.preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      idField(A.assetOperationAccountInvalid).optional(),
    ),
    purchase_price: z
      .number({ error: A.assetPurchasePriceRequired })
      .int(M.invalidFormat)
      .min(0, M.invalidFormat)
      .max(MAX_AMOUNT, M.amountTooLarge),
    entity_type: z.enum(ENTITY_TYPES, { error: M.unsupportedEntityType }),
    entity_id: idField(M.missingEntity),
  })
  .superRefine(checkUsefulLife);
export type FixedAssetBody = z.input<typeof fixedAssetBodySchema>;

export const fixedAssetSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  reference: z.string().nullable(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  operation_account_id: z.number().int().nullable(),
  operationAccount: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  purchase_price: z.number().int(),
  additional_costs: z.number().int(),
  /** purchase_price + additional_costs */
  total_cost: z.number().int(),
  currency: z.string(),
  purchase_date: z.string().nullable(),
  commissioning_date: z.string().nullable(),
  supplier: z.string().nullable(),
  invoice_number: z.string().nullable(),
  location: z.string().nullable(),
  condition_notes: z.string().nullable(),
  depreciable: z.boolean(),
  useful_life_years: z.number().int().nullable(),
  residual_value: z.number().int(),
  annual_depreciation_rate: z.number().nullable(),
  entity_type: z.enum(ENTITY_TYPES),
  entity_id: z.number().int(),
  expense_payment_id: z.number().int().nullable(),
  /** the purchase date, else the commissioning date, else the day it was recorded */
  acquired_on: z.string(),
  /** its sale or scrapping; null while the entity holds it */
  disposal: z
    .object({
      kind: z.enum(ASSET_DISPOSAL_KINDS),
      date: z.string(),
      price: z.number().int(),
      /** by the depreciation schedule, on the disposal date */
      net_book_value: z.number().int(),
      /** price - net book value (a loss when negative) */
      gain: z.number().int(),
      payment_account_id: z.number().int().nullable(),
      movement_id: z.number().int().nullable(),
    })
    .nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FixedAsset = z.infer<typeof fixedAssetSchema>;

/**
 * POST /fixed-assets/{id}/disposal (send an `Idempotency-Key` header): the asset is sold or scrapped on
 * `disposed_on`; a price received is a receipt of `payment_account_id` (a treasury account of the entity).
 */
export const fixedAssetDisposalBodySchema = z
  .object({
    kind: z.enum(ASSET_DISPOSAL_KINDS, { error: A.assetDisposalKindRequired }),
    disposed_on: z.preprocess(
      (v) => (v === null || v === undefined ? '' : v),
      z.string().min(1, A.assetDisposalDateRequired).pipe(moneyDateOnlySchema),
    ),
    price: z
      .number({ error: M.invalidFormat })
      .int(M.invalidFormat)
      .min(0, M.invalidFormat)
      .max(MAX_AMOUNT, M.amountTooLarge)
      .default(0),
    payment_account_id: z.preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      idField(M.paymentAccountInvalid).optional(),
    ),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'sale' && body.price < 1)
      ctx.addIssue({ code: 'custom', path: ['price'], message: A.assetDisposalPriceRequired });
    if (body.price > 0 && body.payment_account_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['payment_account_id'], message: M.paymentAccountRequired });
  });
export type FixedAssetDisposalBody = z.input<typeof fixedAssetDisposalBodySchema>;
export const fixedAssetAnswerSchema = z.object({ data: fixedAssetSchema });
export const fixedAssetListSchema = z.object({ data: z.array(fixedAssetSchema), meta: listMetaSchema });
export const fixedAssetListQuerySchema = listQuerySchema.extend({
  entity_type: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.enum(ENTITY_TYPES, { error: M.unsupportedEntityType }),
  ),
  entity_id: queryId('Entité invalide.'),
  ...sortParams(FIXED_ASSET_SORTS),
});
export const fixedAssetEntityQuerySchema = fixedAssetListQuerySchema.pick({
  entity_type: true,
  entity_id: true,
});

export const fixedAssetStatisticsSchema = z.object({
  count: z.number().int(),
  depreciable_count: z.number().int(),
  total_purchase_price: z.number().int(),
  total_additional_costs: z.number().int(),
  total_cost: z.number().int(),
  /** straight-line, month by month, at today's date (contract/values/depreciation.ts), summed */
  net_book_value: z.number().int(),
  /** the same by asset account ('Mobilier', 'Véhicules'...; null: without an account) */
  by_account: z.array(
    z.object({
      operation_account_id: z.number().int().nullable(),
      name: z.string(),
      count: z.number().int(),
      total_cost: z.number().int(),
      net_book_value: z.number().int(),
    }),
  ),
});
export type FixedAssetStatistics = z.infer<typeof fixedAssetStatisticsSchema>;
export const fixedAssetStatisticsAnswerSchema = z.object({ data: fixedAssetStatisticsSchema });

export const fixedAssetOptionsSchema = z.object({
  currencies: z.array(z.object({ value: z.string(), label: z.string() })),
  operationAccounts: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  defaults: z.object({
    currency: z.string(),
    useful_life_years: z.number().int(),
    residual_value: z.number().int(),
    additional_costs: z.number().int(),
    depreciable: z.boolean(),
  }),
});
export type FixedAssetOptions = z.infer<typeof fixedAssetOptionsSchema>;
export const fixedAssetOptionsAnswerSchema = z.object({ data: fixedAssetOptionsSchema });
