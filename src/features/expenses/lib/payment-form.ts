import { z } from 'zod';
import { moneyDateProblem } from '@contract/values/dates';
import { EXPENSE_MESSAGES as M, PAYMENT_TIME_PATTERN, remainingMessage } from '@contract/values/expenses';
import type { PaymentBody } from '@contract/expenses';
import {
  assetFieldDefaults,
  assetFieldsShape,
  checkAssetFields,
  toAssetFieldsBody,
  type AssetFieldValues,
} from '@/shared/lib/asset-fields';
import { fullTime, nowParts, toIsoDateTime } from './expense-form';

/**
 * The payment form of a line (SPEC.md sections 3, 5 and 9) and its fixed asset sub-form. The rules
 * and messages are the contract's; the form keeps what is typed (strings).
 */

/** Default payment time (SPEC.md section 9). */
const DEFAULT_PAYMENT_TIME = '10:30:00';

const WHOLE = /^\d+$/;

const assetFormSchema = z.object(assetFieldsShape).superRefine(checkAssetFields);
export type AssetFormValues = AssetFieldValues;

/** The defaults of SPEC.md section 9 (XOF, useful life 1 year, residual 0, costs 0, depreciable), named after the line. */
export function assetDefaults(lineName: string, date: string): AssetFormValues {
  return assetFieldDefaults(undefined, { name: lineName, purchase_date: date });
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
  // the asset's purchase price is the paid amount (server side)
  if (withAsset && form.create_asset && form.asset) body.fixed_asset = toAssetFieldsBody(form.asset);
  return body;
}
