import { z } from 'zod';
import { todayInDenomination } from '@contract/values/dates';
import { netBookValueOn } from '@contract/values/depreciation';
import { EXPENSE_MESSAGES as M } from '@contract/values/expenses';
import type { AssetDisposalKind } from '@contract/values/fixed-assets';
import type { FixedAsset, FixedAssetDisposalBody } from '@contract/fixed-assets';
import { dayProblem } from '@/shared/lib/date-rules';

/*
 * The disposal form of an asset (a sale or a scrapping): the rules of POST /fixed-assets/{id}/disposal
 * (contract/expenses.ts), with its French messages, checked before anything is sent.
 */

const WHOLE = /^\d+$/;

export function disposalFormSchema(asset: Pick<FixedAsset, 'acquired_on'>) {
  return z
    .object({
      kind: z.enum(['sale', 'scrap', '']),
      date: z.string(),
      price: z.string(),
      payment_account_id: z.number().nullable(),
    })
    .superRefine((form, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message });
      if (form.kind === '') issue('kind', M.assetDisposalKindRequired);
      if (!form.date) issue('date', M.assetDisposalDateRequired);
      else {
        const problem = dayProblem(form.date, { money: true });
        if (problem) issue('date', problem);
        else if (form.date < asset.acquired_on) issue('date', M.assetDisposalBeforeAcquisition);
      }
      const price = form.price.trim();
      if (price && !WHOLE.test(price)) issue('price', M.invalidFormat);
      const amount = WHOLE.test(price) ? Number(price) : 0;
      if (form.kind === 'sale' && amount < 1) issue('price', M.assetDisposalPriceRequired);
      if (amount > 0 && form.payment_account_id === null)
        issue('payment_account_id', M.paymentAccountRequired);
    });
}
export type DisposalFormValues = z.infer<ReturnType<typeof disposalFormSchema>>;

export const disposalDefaults = (): DisposalFormValues => ({
  kind: 'sale',
  date: todayInDenomination(),
  price: '',
  payment_account_id: null,
});

export function toDisposalBody(values: DisposalFormValues): FixedAssetDisposalBody {
  const price = Number(values.price.trim() || 0);
  return {
    kind: values.kind as AssetDisposalKind,
    disposed_on: values.date,
    price,
    payment_account_id:
      price > 0 && values.payment_account_id !== null ? values.payment_account_id : undefined,
  };
}

/** The net book value on the typed day and the gain or loss of the typed price (null while incomplete). */
export function disposalPreview(asset: FixedAsset, values: Pick<DisposalFormValues, 'date' | 'price'>) {
  if (!values.date || dayProblem(values.date) !== null) return null;
  const net = netBookValueOn(asset, values.date);
  const price = WHOLE.test(values.price.trim()) ? Number(values.price.trim()) : 0;
  return { net, gain: price - net };
}
