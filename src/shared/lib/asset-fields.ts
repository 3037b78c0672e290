import { z } from 'zod';
import { EXPENSE_MESSAGES as M } from '@contract/values/expenses';
import type { FixedAssetOptions, PaymentFixedAssetBody } from '@contract/fixed-assets';
import { assetDateProblems } from './date-rules';

/*
 * The fields of a fixed asset, written once for the asset form (features/fixed-assets) and the asset a payment
 * creates (features/expenses): what is typed (strings), the rules of contract/expenses.ts
 * (`fixedAssetFieldsShape`) with its French messages (SPEC.md section 5), and the body they send.
 *
 * The useful life and the annual rate are asked only of a depreciable asset (the form hides them
 * otherwise): then the useful life is required (at least 1 year) and the rate is optional (the
 * schedule uses the useful life without it), from 0,01 to 100 when typed. A non-depreciable asset sends
 * neither, so a hidden value is never checked nor sent.
 */

const WHOLE = /^\d+$/;
const DECIMAL = /^\d+([.,]\d+)?$/;

/** The typed fields of a fixed asset, for `z.object({ ...assetFieldsShape, ... })`. */
export const assetFieldsShape = {
  name: z.string(),
  description: z.string(),
  reference: z.string(),
  brand: z.string(),
  model: z.string(),
  additional_costs: z.string(),
  currency: z.string(),
  purchase_date: z.string(),
  commissioning_date: z.string(),
  supplier: z.string(),
  invoice_number: z.string(),
  location: z.string(),
  condition_notes: z.string(),
  depreciable: z.boolean(),
  useful_life_years: z.string(),
  residual_value: z.string(),
  annual_depreciation_rate: z.string(),
};
export type AssetFieldValues = {
  [K in keyof typeof assetFieldsShape]: z.infer<(typeof assetFieldsShape)[K]>;
};

type AssetField = keyof AssetFieldValues;

/** The problems of the typed asset fields: each field and its French message. */
export function assetFieldProblems(asset: AssetFieldValues): Array<[AssetField, string]> {
  const problems: Array<[AssetField, string]> = [];
  if (!asset.name.trim()) problems.push(['name', M.assetNameRequired]);
  const currency = asset.currency.trim();
  if (!currency) problems.push(['currency', M.assetCurrencyRequired]);
  else if (currency.length > 3) problems.push(['currency', M.assetCurrencyTooLong]);
  for (const field of ['additional_costs', 'residual_value'] as const) {
    const value = asset[field].trim();
    if (value && !WHOLE.test(value)) problems.push([field, M.invalidFormat]);
  }
  problems.push(...assetDateProblems(asset));
  if (asset.depreciable) {
    const life = asset.useful_life_years.trim();
    if (!life) problems.push(['useful_life_years', M.assetUsefulLifeRequired]);
    else if (!WHOLE.test(life) || Number(life) < 1)
      problems.push(['useful_life_years', M.assetUsefulLifeMin]);
    const rate = asset.annual_depreciation_rate.trim();
    if (rate) {
      const value = Number(rate.replace(',', '.'));
      if (!DECIMAL.test(rate) || value < 0.01 || value > 100)
        problems.push(['annual_depreciation_rate', M.assetRateRange]);
    }
  }
  return problems;
}

/** A zod refinement adding `assetFieldProblems` as issues (paths relative to the asset object). */
export function checkAssetFields(asset: AssetFieldValues, ctx: z.RefinementCtx): void {
  for (const [field, message] of assetFieldProblems(asset))
    ctx.addIssue({ code: 'custom', path: [field], message });
}

/** A new asset: the server's defaults (SPEC.md section 9: XOF, 1 year, residual 0, costs 0, depreciable). */
export function assetFieldDefaults(
  defaults?: FixedAssetOptions['defaults'],
  values: Partial<AssetFieldValues> = {},
): AssetFieldValues {
  return {
    name: '',
    description: '',
    reference: '',
    brand: '',
    model: '',
    additional_costs: String(defaults?.additional_costs ?? 0),
    currency: defaults?.currency ?? 'XOF',
    purchase_date: '',
    commissioning_date: '',
    supplier: '',
    invoice_number: '',
    location: '',
    condition_notes: '',
    depreciable: defaults?.depreciable ?? true,
    useful_life_years: String(defaults?.useful_life_years ?? 1),
    residual_value: String(defaults?.residual_value ?? 0),
    annual_depreciation_rate: '',
    ...values,
  };
}

/** The asset fields as sent: empty texts absent, numbers parsed, the life and the rate of a depreciable asset only. */
export function toAssetFieldsBody(asset: AssetFieldValues): PaymentFixedAssetBody {
  const optional = (value: string) => value.trim() || undefined;
  const whole = (value: string) => Number(value.trim() || 0);
  const rate = asset.annual_depreciation_rate.trim();
  const body: PaymentFixedAssetBody = {
    name: asset.name.trim(),
    description: optional(asset.description),
    reference: optional(asset.reference),
    brand: optional(asset.brand),
    model: optional(asset.model),
    additional_costs: whole(asset.additional_costs),
    currency: asset.currency.trim().toUpperCase(),
    purchase_date: optional(asset.purchase_date),
    commissioning_date: optional(asset.commissioning_date),
    supplier: optional(asset.supplier),
    invoice_number: optional(asset.invoice_number),
    location: optional(asset.location),
    condition_notes: optional(asset.condition_notes),
    depreciable: asset.depreciable,
    useful_life_years: asset.depreciable ? whole(asset.useful_life_years) : undefined,
    residual_value: whole(asset.residual_value),
    annual_depreciation_rate: asset.depreciable && rate ? Number(rate.replace(',', '.')) : undefined,
  };
  const record = body as Record<string, unknown>;
  for (const key of Object.keys(record)) if (record[key] === undefined) delete record[key];
  return body;
}
