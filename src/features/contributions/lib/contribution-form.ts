import { isCalendarDate, todayInDenomination } from '@contract/values/dates';
import { z } from 'zod';
import { CONTRIBUTION_MESSAGES, MAX_CONTRIBUTION_AMOUNT } from '@contract/values/contributions';
import type { ContributionType, CreateContributionBody } from '@contract/contributions';
import type { EntityLevel } from '@/shared/level/level-context';
import { entityParams } from '@/shared/level/wire';

export const FORM_MESSAGES = {
  ...CONTRIBUTION_MESSAGES,
  churchRequired: 'Veuillez choisir une église.',
} as const;

const two = (n: number) => String(n).padStart(2, '0');

/** Today and now in the phone's time zone: 'YYYY-MM-DD' and 'HH:MM'. */
export function nowParts(now = new Date()): { date: string; time: string } {
  return {
    date: `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`,
    time: `${two(now.getHours())}:${two(now.getMinutes())}`,
  };
}

/** The instant of a local date and time, as the API takes it (ISO, UTC). */
export function toOccurredAt(date: string, time: string): string {
  const [h, m, s = '0'] = time.split(':');
  const [y, mo, d] = date.split('-').map(Number);
  return new Date(y, mo - 1, d, Number(h), Number(m), Number(s)).toISOString();
}

export const contributionFormSchema = (options: { pickChurch: boolean }) =>
  z
    .object({
      church_id: z.string(),
      anonymous: z.boolean(),
      user_id: z.number().nullable(),
      type: z.string().min(1, FORM_MESSAGES.typeRequired),
      amount: z
        .string()
        .trim()
        .min(1, FORM_MESSAGES.amountRequired)
        .regex(/^\d+$/, FORM_MESSAGES.amountPositive)
        .refine((v) => Number(v) > 0, FORM_MESSAGES.amountPositive)
        .refine((v) => Number(v) <= MAX_CONTRIBUTION_AMOUNT, FORM_MESSAGES.amountMax),
      date: z
        .string()
        .min(1, FORM_MESSAGES.dateRequired)
        .regex(/^\d{4}-\d{2}-\d{2}$/, FORM_MESSAGES.dateInvalid)
        .refine(isCalendarDate, FORM_MESSAGES.dateInvalid)
        .refine((v) => v >= '1900-01-01', FORM_MESSAGES.dateTooOld)
        .refine((v) => !isCalendarDate(v) || v <= todayInDenomination(), FORM_MESSAGES.dateFuture),
      time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, FORM_MESSAGES.timeInvalid),
      receipt_account_id: z.string().min(1, FORM_MESSAGES.receiptAccountRequired),
      payment_account_id: z.string().min(1, FORM_MESSAGES.paymentAccountRequired),
      notes: z.string().max(500, FORM_MESSAGES.notesTooLong),
    })
    .superRefine((values, ctx) => {
      if (options.pickChurch && !values.church_id)
        ctx.addIssue({ code: 'custom', path: ['church_id'], message: FORM_MESSAGES.churchRequired });
      if (!values.anonymous && !values.user_id)
        ctx.addIssue({ code: 'custom', path: ['user_id'], message: FORM_MESSAGES.contributorRequired });
      if (/^\d{4}-\d{2}-\d{2}$/.test(values.date) && /^\d{2}:\d{2}/.test(values.time)) {
        const at = new Date(toOccurredAt(values.date, values.time)).getTime();
        if (at > Date.now() + 5 * 60_000)
          ctx.addIssue({ code: 'custom', path: ['date'], message: FORM_MESSAGES.dateFuture });
      }
    });

export type ContributionFormValues = z.infer<ReturnType<typeof contributionFormSchema>>;

export function contributionDefaults(now = new Date()): ContributionFormValues {
  const { date, time } = nowParts(now);
  return {
    church_id: '',
    anonymous: false,
    user_id: null,
    type: 'tithe',
    amount: '',
    date,
    time,
    receipt_account_id: '',
    payment_account_id: '',
    notes: '',
  };
}

export function toContributionBody(
  values: ContributionFormValues,
  entity: EntityLevel,
): CreateContributionBody {
  return {
    ...entityParams(entity),
    user_id: values.anonymous ? null : values.user_id,
    is_anonymous: values.anonymous,
    type: values.type as ContributionType,
    amount: Number(values.amount),
    occurred_at: toOccurredAt(values.date, values.time),
    receipt_account_id: Number(values.receipt_account_id),
    payment_account_id: Number(values.payment_account_id),
    notes: values.notes.trim() || null,
  };
}

/** The receipt account a type usually goes to (chart of accounts of the seed: 7581 Dîmes...). */
export const DEFAULT_RECEIPT_ACCOUNT_CODE: Partial<Record<ContributionType, string>> = {
  tithe: '7581',
  offering: '7582',
  special_gift: '7583',
  pledge: '7584',
};
