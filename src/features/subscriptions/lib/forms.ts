import { z } from 'zod';
import {
  frenchDateToIso,
  MAX_SUBSCRIPTION_AMOUNT,
  normalizePayerPhone,
  PAYER_PHONE_PATTERN,
  SUBSCRIPTION_MESSAGES as M,
  SUBSCRIPTION_TARGETS,
} from '@contract/values/subscriptions';
import type { Account } from '@contract/auth';

/** The pay form (SPEC.md section 3, subscription input): phone required, names and email optional. */
export const payFormSchema = z.object({
  phone: z
    .string()
    .transform(normalizePayerPhone)
    .refine((v) => v.length > 0, M.phoneRequired)
    .refine((v) => v.length === 0 || PAYER_PHONE_PATTERN.test(v), M.phoneInvalid),
  first_name: z.string().trim().max(100, M.firstNameTooLong),
  last_name: z.string().trim().max(100, M.lastNameTooLong),
  email: z
    .string()
    .trim()
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), M.emailInvalid),
});
export type PayFormValues = z.input<typeof payFormSchema>;
export type PayFormOutput = z.output<typeof payFormSchema>;

/** Prefilled from the signed-in account. */
export function payFormDefaults(account: Account | null | undefined): PayFormValues {
  return {
    phone: account?.phone ?? '',
    first_name: account?.firstname ?? '',
    last_name: account?.lastname ?? '',
    email: account?.email ?? '',
  };
}

const amount = z
  .string()
  .trim()
  .min(1, M.amountRequired)
  .refine((v) => /^\d+$/.test(v) && Number(v) > 0, M.amountPositive)
  .refine((v) => Number(v) <= MAX_SUBSCRIPTION_AMOUNT, M.amountMax);

const frenchDate = z
  .string()
  .trim()
  .min(1, M.dateRequired)
  .refine((v) => frenchDateToIso(v) !== null, M.dateInvalid);

/** Creating a subscription: type, amount, start and end dates (JJ/MM/AAAA). */
export const createFormSchema = z
  .object({
    subscription_type_id: z.string().min(1, M.typeRequired),
    amount,
    start_date: frenchDate,
    end_date: frenchDate,
  })
  .superRefine((v, ctx) => {
    const start = frenchDateToIso(v.start_date);
    const end = frenchDateToIso(v.end_date);
    if (start && end && end < start)
      ctx.addIssue({ code: 'custom', message: M.periodInvalid, path: ['end_date'] });
  });
export type CreateFormValues = z.input<typeof createFormSchema>;

/** The end of a period of `months` starting on `start` (JJ/MM/AAAA): the day before the same date `months` later. */
export function periodEnd(start: string, months: number): string | null {
  const iso = frenchDateToIso(start);
  if (!iso) return null;
  const [y, m, d] = iso.split('-').map(Number);
  const end = new Date(Date.UTC(y, m - 1 + months, d) - 86_400_000);
  const dd = String(end.getUTCDate()).padStart(2, '0');
  const mm = String(end.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${end.getUTCFullYear()}`;
}

/** A subscription type (admin): name, level, period in months, amount. */
export const typeFormSchema = z.object({
  name: z.string().trim().min(1, M.nameRequired).max(100, M.nameTooLong),
  target: z.enum(SUBSCRIPTION_TARGETS, { error: M.targetInvalid }),
  period_months: z
    .string()
    .trim()
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 60, M.periodMonthsInvalid),
  amount,
});
export type TypeFormValues = z.input<typeof typeFormSchema>;

/** 'Du 01/01/2026 au 31/12/2026' from ISO dates. */
export function periodLabel(start: string, end: string): string {
  const fr = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
  return `Du ${fr(start)} au ${fr(end)}`;
}
