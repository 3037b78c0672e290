import { z } from 'zod';
import { EXPENSE_MESSAGES as M } from '@contract/values/expenses';
import type { FixedAsset, FixedAssetBody, FixedAssetOptions } from '@contract/expenses';
import type { EntityLevel } from '@/shared/level/level-context';
import { assetDateProblems } from '@/shared/lib/date-rules';
import { entityParams } from '@/shared/level/wire';

/*
 * The fixed asset form (SPEC.md sections 3, 5 and 9): what is typed (strings), checked with the
 * contract's rules and French messages before anything is sent; the server checks them again.
 */

const WHOLE = /^\d+$/;
const DECIMAL = /^\d+([.,]\d+)?$/;

export const assetFormSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    reference: z.string(),
    brand: z.string(),
    model: z.string(),
    operation_account_id: z.string(),
    purchase_price: z.string(),
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
  })
  .superRefine((asset, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!asset.name.trim()) issue('name', M.assetNameRequired);
    const currency = asset.currency.trim();
    if (!currency) issue('currency', M.assetCurrencyRequired);
    else if (currency.length > 3) issue('currency', M.assetCurrencyTooLong);
    const price = asset.purchase_price.trim();
    if (!price) issue('purchase_price', M.assetPurchasePriceRequired);
    else if (!WHOLE.test(price)) issue('purchase_price', M.invalidFormat);
    for (const field of ['additional_costs', 'residual_value'] as const) {
      const value = asset[field].trim();
      if (value && !WHOLE.test(value)) issue(field, M.invalidFormat);
    }
    for (const [field, message] of assetDateProblems(asset)) issue(field, message);
    if (asset.depreciable) {
      const life = asset.useful_life_years.trim();
      if (!life) issue('useful_life_years', M.assetUsefulLifeRequired);
      else if (!WHOLE.test(life) || Number(life) < 1) issue('useful_life_years', M.assetUsefulLifeMin);
    }
    const rate = asset.annual_depreciation_rate.trim();
    if (rate) {
      const value = Number(rate.replace(',', '.'));
      if (!DECIMAL.test(rate) || value < 0.01 || value > 100)
        issue('annual_depreciation_rate', M.assetRateRange);
    }
  });
export type AssetFormValues = z.infer<typeof assetFormSchema>;

/** A new asset: the server's defaults (SPEC.md section 9: XOF, 1 year, residual 0, costs 0, depreciable). */
export function emptyAssetForm(defaults?: FixedAssetOptions['defaults']): AssetFormValues {
  return {
    name: '',
    description: '',
    reference: '',
    brand: '',
    model: '',
    operation_account_id: '',
    purchase_price: '',
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
  };
}

/** The form of an existing asset. */
export function assetFormValues(asset: FixedAsset): AssetFormValues {
  const text = (value: string | null) => value ?? '';
  return {
    name: asset.name,
    description: text(asset.description),
    reference: text(asset.reference),
    brand: text(asset.brand),
    model: text(asset.model),
    operation_account_id: asset.operation_account_id === null ? '' : String(asset.operation_account_id),
    purchase_price: String(asset.purchase_price),
    additional_costs: String(asset.additional_costs),
    currency: asset.currency,
    purchase_date: text(asset.purchase_date),
    commissioning_date: text(asset.commissioning_date),
    supplier: text(asset.supplier),
    invoice_number: text(asset.invoice_number),
    location: text(asset.location),
    condition_notes: text(asset.condition_notes),
    depreciable: asset.depreciable,
    useful_life_years: asset.useful_life_years === null ? '' : String(asset.useful_life_years),
    residual_value: String(asset.residual_value),
    annual_depreciation_rate:
      asset.annual_depreciation_rate === null ? '' : String(asset.annual_depreciation_rate).replace('.', ','),
  };
}

/** The body of POST / PUT /fixed-assets: empty texts absent, numbers parsed. */
export function toAssetBody(values: AssetFormValues, entity: EntityLevel): FixedAssetBody {
  const optional = (value: string) => value.trim() || undefined;
  const whole = (value: string) => Number(value.trim() || 0);
  const rate = values.annual_depreciation_rate.trim();
  return {
    name: values.name.trim(),
    description: optional(values.description),
    reference: optional(values.reference),
    brand: optional(values.brand),
    model: optional(values.model),
    operation_account_id: values.operation_account_id ? Number(values.operation_account_id) : undefined,
    purchase_price: whole(values.purchase_price),
    additional_costs: whole(values.additional_costs),
    currency: values.currency.trim().toUpperCase(),
    purchase_date: optional(values.purchase_date),
    commissioning_date: optional(values.commissioning_date),
    supplier: optional(values.supplier),
    invoice_number: optional(values.invoice_number),
    location: optional(values.location),
    condition_notes: optional(values.condition_notes),
    depreciable: values.depreciable,
    useful_life_years:
      values.depreciable || values.useful_life_years.trim() ? whole(values.useful_life_years) : undefined,
    residual_value: whole(values.residual_value),
    annual_depreciation_rate: rate ? Number(rate.replace(',', '.')) : undefined,
    ...entityParams(entity),
  };
}
