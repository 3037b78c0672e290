import { z } from 'zod';
import type {
  GivingEntityType,
  GivingSettings,
  GuestCheckoutBody,
  MemberCheckoutBody,
  UpdateSettingsBody,
} from '@contract/giving';
import {
  GIVER_PHONE_PATTERN,
  GIVING_MESSAGES as M,
  MAX_ONLINE_GIFT,
  MIN_ONLINE_GIFT,
  normalizeGiverPhone,
  type GivingCollection,
} from '@contract/values/giving';
import { CONTRIBUTION_TYPES, type ContributionType } from '@contract/values/contributions';

// The giving forms, checked as the server checks them (contract/giving.ts, its French messages).

/** An amount typed in F CFA: whole, within the online gift's bounds. */
const amount = z
  .string()
  .transform((v) => v.replace(/[\s\u00a0\u202f]/g, ''))
  .refine((v) => v.length > 0, M.amountRequired)
  .refine((v) => v.length === 0 || /^\d+$/.test(v), M.amountWhole)
  .refine((v) => !/^\d+$/.test(v) || Number(v) >= MIN_ONLINE_GIFT, M.amountMin)
  .refine((v) => !/^\d+$/.test(v) || Number(v) <= MAX_ONLINE_GIFT, M.amountMax);

const phone = z
  .string()
  .transform(normalizeGiverPhone)
  .refine((v) => v.length > 0, M.phoneRequired)
  .refine((v) => v.length === 0 || GIVER_PHONE_PATTERN.test(v), M.phoneInvalid);

const type = z
  .string()
  .refine(
    (v): v is ContributionType => (CONTRIBUTION_TYPES as readonly string[]).includes(v),
    M.typeRequired,
  );

/** The member's 'Donner': to whom ('CHURCH:12' or 'ACTIVITY_GROUP:40'), type, amount, phone, a note. */
export const giveFormSchema = z.object({
  target: z.string().min(1, M.entityRequired),
  type,
  amount,
  phone,
  notes: z.string().trim().max(200, M.notesTooLong),
});
export type GiveFormValues = z.input<typeof giveFormSchema>;
export type GiveFormOutput = z.output<typeof giveFormSchema>;

export const targetValue = (entityType: GivingEntityType, entityId: number) => `${entityType}:${entityId}`;

export function toMemberBody(values: GiveFormOutput): MemberCheckoutBody {
  const [entityType, entityId] = values.target.split(':');
  return {
    entity_type: entityType as GivingEntityType,
    entity_id: Number(entityId),
    type: values.type as ContributionType,
    amount: Number(values.amount),
    phone: values.phone,
    notes: values.notes || undefined,
  };
}

/** A guest's gift: their name (or 'Anonyme'), phone, type, amount. */
export const guestFormSchema = z
  .object({
    name: z.string().trim().max(100, M.nameTooLong),
    is_anonymous: z.boolean(),
    phone,
    type,
    amount,
  })
  .superRefine((v, ctx) => {
    if (!v.is_anonymous && !v.name) ctx.addIssue({ code: 'custom', message: M.nameRequired, path: ['name'] });
  });
export type GuestFormValues = z.input<typeof guestFormSchema>;
export type GuestFormOutput = z.output<typeof guestFormSchema>;

export function toGuestBody(values: GuestFormOutput): GuestCheckoutBody {
  return {
    name: values.is_anonymous ? null : values.name,
    is_anonymous: values.is_anonymous,
    phone: values.phone,
    type: values.type as ContributionType,
    amount: Number(values.amount),
  };
}

/** A church's settings: open or not, the account, whose merchant account, a new key and token. */
export const settingsFormSchema = z
  .object({
    enabled: z.boolean(),
    collection: z.enum(['church', 'central']),
    payment_account_id: z.string(),
    api_key: z.string().trim().max(500, M.keyTooLong),
    api_token: z.string().trim().max(2000, M.tokenTooLong),
    clear_keys: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.enabled && !v.payment_account_id)
      ctx.addIssue({ code: 'custom', message: M.accountRequired, path: ['payment_account_id'] });
    if (v.api_key && !v.api_token)
      ctx.addIssue({ code: 'custom', message: M.tokenRequired, path: ['api_token'] });
    if (v.api_token && !v.api_key)
      ctx.addIssue({ code: 'custom', message: M.keyRequired, path: ['api_key'] });
  });
export type SettingsFormValues = z.input<typeof settingsFormSchema>;

export function settingsDefaults(settings: GivingSettings): SettingsFormValues {
  return {
    enabled: settings.enabled,
    collection: settings.collection,
    payment_account_id: settings.payment_account ? String(settings.payment_account.id) : '',
    api_key: '',
    api_token: '',
    clear_keys: false,
  };
}

export function toSettingsBody(churchId: number, v: z.output<typeof settingsFormSchema>): UpdateSettingsBody {
  return {
    church_id: churchId,
    enabled: v.enabled,
    collection: v.collection as GivingCollection,
    payment_account_id: v.payment_account_id ? Number(v.payment_account_id) : null,
    ...(v.api_key && v.api_token ? { api_key: v.api_key, api_token: v.api_token } : {}),
    ...(v.clear_keys ? { clear_keys: true } : {}),
  };
}

/** The denomination's merchant account (administrator). */
export const installationFormSchema = z
  .object({
    api_key: z.string().trim().max(500, M.keyTooLong),
    api_token: z.string().trim().max(2000, M.tokenTooLong),
  })
  .superRefine((v, ctx) => {
    if (!v.api_key) ctx.addIssue({ code: 'custom', message: M.keyRequired, path: ['api_key'] });
    if (!v.api_token) ctx.addIssue({ code: 'custom', message: M.tokenRequired, path: ['api_token'] });
  });
export type InstallationFormValues = z.input<typeof installationFormSchema>;
