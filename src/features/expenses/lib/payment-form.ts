import { z } from 'zod';
import { moneyDateProblem } from '@contract/values/dates';
import { EXPENSE_MESSAGES as M, PAYMENT_TIME_PATTERN, remainingMessage } from '@contract/values/expenses';
import type { PaymentBody, PaymentFixedAssetBody } from '@contract/expenses';
import { assetDateProblems } from '@/shared/lib/date-rules';
import { fullTime, nowParts, toIsoDateTime } from './expense-form';

/**
 * The payment form of a line (SPEC.md sections 3, 5 and 9) and its fixed asset sub-form. The rules
 * and messages are the contract's; the form keeps what is typed (strings).
 */

/** Default payment time (SPEC.md section 9). */
const DEFAULT_PAYMENT_TIME = '10:30:00';

const WHOLE = /^\d+$/;
const DECIMAL = /^\d+([.,]\d+)?$/;

const assetFormSchema = z
  .object({
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
  })
  .superRefine((asset, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!asset.name.trim()) issue('name', M.assetNameRequired);
    const currency = asset.currency.trim();
    if (!currency) issue('currency', M.assetCurrencyRequired);
    else if (currency.length > 3) issue('currency', M.assetCurrencyTooLong);
    for (const field of ['additional_costs', 'residual_value'] as const) {
      const value = asset[field].trim();
      if (value && !WHOLE.test(value)) issue(field, M.invalidFormat);
    }
    for (const [field, message] of assetDateProblems(asset)) issue(field, message);
    if (asset.depreciable) {
      const life = asset.useful_life_years.trim();
      if (!life) issue('useful_life_years', M.assetUsefulLifeRequired);
      else if (!WHOLE.test(life) || Number(life) < 1) issue('useful_life_years', M.assetUsefulLifeMin);
      const rate = asset.annual_depreciation_rate.trim();
      if (rate) {
        const value = Number(rate.replace(',', '.'));
        if (!DECIMAL.test(rate) || value < 0.01 || value > 100)
          issue('annual_depreciation_rate', M.assetRateRange);
      }
    }
  });
export type AssetFormValues = z.infer<typeof assetFormSchema>;

/** The defaults of SPEC.md section 9: XOF, useful life 1 year, residual 0, additional costs 0, depreciable. */
export function assetDefaults(lineName: string, date: string): AssetFormValues {
  return {
    name: lineName,
    description: '',
    reference: '',
    brand: '',
    model: '',
    additional_costs: '0',
    currency: 'XOF',
    purchase_date: date,
    commissioning_date: '',
    supplier: '',
    invoice_number: '',
    location: '',
    condition_notes: '',
    depreciable: true,
    useful_life_years: '1',
    residual_value: '0',
    annual_depreciation_rate: '',
  };
}

/** The payment form of a line whose remaining payable amount is `remaining`. */
export function paymentFormSchema(remaining: number) {
  return z
    .object({
      amount: z.string(),
      date: z.string(),
      time: z.string(),
      payment_method: z.string(),
      payment_account_id: z.number().int().positive().nullable(),
      create_asset: z.boolean(),
      asset: assetFormSchema.optional(),
    })
    .superRefine((form, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message });
      const amount = form.amount.trim();
      if (!amount) issue('amount', M.required);
      else if (!WHOLE.test(amount)) issue('amount', M.invalidFormat);
      else if (Number(amount) < 1) issue('amount', M.amountMin);
      else if (Number(amount) > remaining) issue('amount', remainingMessage(remaining));
      if (!form.date) issue('date', M.required);
      else {
        // the server's rule (contract/dates.ts): a real calendar day, 1900 to today in Africa/Abidjan
        const problem = moneyDateProblem(form.date);
        if (problem) issue('date', problem);
      }
      if (!PAYMENT_TIME_PATTERN.test(form.time)) issue('time', M.paymentTimeInvalid);
      if (!form.payment_method) issue('payment_method', M.paymentMethodRequired);
      if (!form.payment_account_id) issue('payment_account_id', M.paymentAccountRequired);
    });
}
export type PaymentFormValues = z.infer<ReturnType<typeof paymentFormSchema>>;

export function paymentDefaults(remaining: number, now = new Date()): PaymentFormValues {
  return {
    amount: remaining > 0 ? String(remaining) : '',
    date: nowParts(now).date,
    time: DEFAULT_PAYMENT_TIME,
    payment_method: '',
    payment_account_id: null,
    create_asset: false,
    asset: undefined,
  };
}

/** The fixed asset as sent with the payment: empty strings absent; the purchase price is the paid amount (server side). */
export function toAssetBody(asset: AssetFormValues): PaymentFixedAssetBody {
  const optional = (value: string) => value.trim() || undefined;
  const body: PaymentFixedAssetBody = {
    name: asset.name.trim(),
    description: optional(asset.description),
    reference: optional(asset.reference),
    brand: optional(asset.brand),
    model: optional(asset.model),
    additional_costs: Number(asset.additional_costs.trim() || 0),
    currency: asset.currency.trim().toUpperCase(),
    purchase_date: optional(asset.purchase_date),
    commissioning_date: optional(asset.commissioning_date),
    supplier: optional(asset.supplier),
    invoice_number: optional(asset.invoice_number),
    location: optional(asset.location),
    condition_notes: optional(asset.condition_notes),
    depreciable: asset.depreciable,
    useful_life_years: asset.depreciable ? Number(asset.useful_life_years) : undefined,
    residual_value: Number(asset.residual_value.trim() || 0),
    annual_depreciation_rate:
      asset.depreciable && asset.annual_depreciation_rate.trim()
        ? Number(asset.annual_depreciation_rate.replace(',', '.'))
        : undefined,
  };
  const record = body as Record<string, unknown>;
  for (const key of Object.keys(record)) if (record[key] === undefined) delete record[key];
  return body;
}

export function toPaymentBody(
  form: PaymentFormValues,
  userId: number | null,
  withAsset: boolean,
): PaymentBody {
  const body: PaymentBody = {
    amount: Number(form.amount),
    validated_at: toIsoDateTime(form.date, form.time),
    validate_time: fullTime(form.time),
    payment_method: form.payment_method,
    payment_account_id: form.payment_account_id as number,
  };
  if (userId) body.user_id = userId;
  if (withAsset && form.create_asset && form.asset) body.fixed_asset = toAssetBody(form.asset);
  return body;
}
