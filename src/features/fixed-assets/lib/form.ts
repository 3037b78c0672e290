import { z } from 'zod';
import { EXPENSE_MESSAGES as M } from '@contract/values/expenses';
import type { FixedAsset, FixedAssetBody, FixedAssetOptions } from '@contract/fixed-assets';
import type { EntityLevel } from '@/shared/level/level-context';
import {
  assetFieldDefaults,
  assetFieldsShape,
  checkAssetFields,
  toAssetFieldsBody,
} from '@/shared/lib/asset-fields';
import { entityParams } from '@/shared/level/wire';

/*
 * The fixed asset form (SPEC.md sections 3, 5 and 9): what is typed (strings), checked with the
 * contract's rules and French messages before anything is sent; the server checks them again.
 */

const WHOLE = /^\d+$/;

export const assetFormSchema = z
  .object({
    ...assetFieldsShape,
    operation_account_id: z.string(),
    purchase_price: z.string(),
  })
  .superRefine((asset, ctx) => {
    checkAssetFields(asset, ctx);
    const price = asset.purchase_price.trim();
    if (!price)
      ctx.addIssue({ code: 'custom', path: ['purchase_price'], message: M.assetPurchasePriceRequired });
    else if (!WHOLE.test(price))
      ctx.addIssue({ code: 'custom', path: ['purchase_price'], message: M.invalidFormat });
  });
export type AssetFormValues = z.infer<typeof assetFormSchema>;

/** A new asset: the server's defaults (SPEC.md section 9: XOF, 1 year, residual 0, costs 0, depreciable). */
export function emptyAssetForm(defaults?: FixedAssetOptions['defaults']): AssetFormValues {
  return { ...assetFieldDefaults(defaults), operation_account_id: '', purchase_price: '' };
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
  return {
    ...toAssetFieldsBody(values),
    operation_account_id: values.operation_account_id ? Number(values.operation_account_id) : undefined,
    purchase_price: Number(values.purchase_price.trim() || 0),
    ...entityParams(entity),
  };
}
