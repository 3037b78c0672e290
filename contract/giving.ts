import { z } from 'zod';
import { limitParam, listMetaSchema, MAX_ID, pageParam } from './common';
import { CONTRIBUTION_TYPES } from './values/contributions';
import { isCalendarDate } from './dates';
import {
  CHECKOUT_STATUSES,
  GIVER_PHONE_PATTERN,
  GIVING_COLLECTIONS,
  GIVING_MESSAGES as M,
  MAX_ONLINE_GIFT,
  MIN_ONLINE_GIFT,
  normalizeGiverPhone,
  RECONCILIATION_KINDS,
} from './values/giving';
export * from './values/giving';

/** Online giving: a member's or a guest's gift by mobile money or card through LigdiCash (decision 0043). */

const id = (message = 'Identifiant invalide.') =>
  z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

/** An amount in whole F CFA, within the bounds of an online gift. */
export const giftAmountSchema = z
  .number({ error: M.amountRequired })
  .int(M.amountWhole)
  .min(MIN_ONLINE_GIFT, M.amountMin)
  .max(MAX_ONLINE_GIFT, M.amountMax);

export const giverPhoneSchema = z
  .string({ error: M.phoneRequired })
  .transform(normalizeGiverPhone)
  .refine((v) => v.length > 0, M.phoneRequired)
  .refine((v) => v.length === 0 || GIVER_PHONE_PATTERN.test(v), M.phoneInvalid);

const giftType = z.enum(CONTRIBUTION_TYPES, { error: M.typeRequired });

/** Where a member may give: their church, or a department they belong to. */
export const GIVING_ENTITY_TYPES = ['CHURCH', 'ACTIVITY_GROUP'] as const;
export type GivingEntityType = (typeof GIVING_ENTITY_TYPES)[number];

/** POST /giving/checkouts: a signed-in member's gift. */
export const memberCheckoutBodySchema = z.object({
  entity_type: z.enum(GIVING_ENTITY_TYPES, { error: M.entityRequired }),
  entity_id: id(M.entityRequired),
  type: giftType,
  amount: giftAmountSchema,
  notes: z.string().trim().max(200, M.notesTooLong).nullish(),
  phone: giverPhoneSchema,
});
export type MemberCheckoutBody = z.input<typeof memberCheckoutBodySchema>;

/** POST /giving/public/{code}/checkouts: a guest's gift (no account). */
export const guestCheckoutBodySchema = z
  .object({
    name: z.string().trim().max(100, M.nameTooLong).nullish(),
    is_anonymous: z.boolean({ error: 'Valeur invalide.' }).default(false),
    phone: giverPhoneSchema,
    type: giftType,
    amount: giftAmountSchema,
  })
  .superRefine((body, ctx) => {
    if (!body.is_anonymous && !body.name)
      ctx.addIssue({ code: 'custom', message: M.nameRequired, path: ['name'] });
  });
export type GuestCheckoutBody = z.input<typeof guestCheckoutBodySchema>;

export const givingEntitySchema = z.object({
  entity_type: z.enum(GIVING_ENTITY_TYPES),
  entity_id: z.number().int(),
  name: z.string(),
});
export type GivingEntity = z.infer<typeof givingEntitySchema>;

/** GET /giving/me: whether the signed-in member may give online, and to what. */
export const givingOptionsSchema = z.object({
  data: z.object({
    available: z.boolean(),
    /** why not, in French, when not available */
    reason: z.string().nullable(),
    church: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    entities: z.array(givingEntitySchema),
    /** the member's phone, to prefill the form */
    phone: z.string().nullable(),
  }),
});
export type GivingOptions = z.infer<typeof givingOptionsSchema>['data'];

export const checkoutContributionSchema = z.object({
  id: z.number().int(),
  receipt_number: z.string(),
  public_id: z.string(),
  status: z.enum(['valid', 'cancelled']),
});

/** A checkout as the member who started it and the church's treasurers see it. */
export const checkoutSchema = z.object({
  id: z.number().int(),
  public_id: z.string(),
  transaction_id: z.string(),
  status: z.enum(CHECKOUT_STATUSES),
  church: z.object({ id: z.number().int(), name: z.string() }),
  entity: givingEntitySchema,
  /** 'Aminata Koné', 'Kofi Mensah (visiteur)' or 'Anonyme' */
  giver: z.string(),
  is_guest: z.boolean(),
  phone: z.string(),
  type: z.enum(CONTRIBUTION_TYPES),
  amount: z.number().int(),
  /** the provider's fee, when it named one (recorded as 'Frais de paiement en ligne') */
  fee: z.number().int().nullable(),
  operator: z.string().nullable(),
  provider_reference: z.string().nullable(),
  failure_reason: z.string().nullable(),
  contribution: checkoutContributionSchema.nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type Checkout = z.infer<typeof checkoutSchema>;
export const checkoutAnswerSchema = z.object({ data: checkoutSchema });

export const startCheckoutAnswerSchema = z.object({
  data: z.object({ checkout: checkoutSchema, payment_url: z.string() }),
});
export type StartCheckoutAnswer = z.infer<typeof startCheckoutAnswerSchema>['data'];

/** GET /giving/public/{code}: what a guest sees of the church: its name, nothing more. */
export const publicGivingPageSchema = z.object({
  data: z.object({ church_name: z.string(), code: z.string() }),
});
export type PublicGivingPage = z.infer<typeof publicGivingPageSchema>['data'];
export const givingCodeParamSchema = z.object({ code: z.string() });

/** A guest's checkout, as its page follows it: no phone, the giver's name masked. */
export const publicCheckoutSchema = z.object({
  public_id: z.string(),
  status: z.enum(CHECKOUT_STATUSES),
  church_name: z.string(),
  code: z.string(),
  type: z.enum(CONTRIBUTION_TYPES),
  amount: z.number().int(),
  giver: z.string(),
  receipt: z.object({ public_id: z.string(), receipt_number: z.string() }).nullable(),
  created_at: z.string(),
});
export type PublicCheckout = z.infer<typeof publicCheckoutSchema>;
export const publicCheckoutAnswerSchema = z.object({ data: publicCheckoutSchema });
export const startGuestCheckoutAnswerSchema = z.object({
  data: z.object({ checkout: publicCheckoutSchema, payment_url: z.string() }),
});
export type StartGuestCheckoutAnswer = z.infer<typeof startGuestCheckoutAnswerSchema>['data'];
export const publicIdParamSchema = z.object({ publicId: z.string() });

const dateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date invalide.')
  .refine(isCalendarDate, 'Date invalide.');

/** GET /giving/checkouts: a church's checkouts ('Paiements en ligne'), newest first. */
export const checkoutListQuerySchema = z.object({
  church_id: id("L'église est requise."),
  status: z.enum(CHECKOUT_STATUSES, { error: 'Statut invalide.' }).optional(),
  from_date: dateOnly.optional(),
  to_date: dateOnly.optional(),
  page: pageParam,
  limit: limitParam(1000, 20),
});
export type CheckoutListQuery = z.input<typeof checkoutListQuerySchema>;

const countAmount = z.object({ count: z.number().int(), amount: z.number().int() });

export const checkoutListSchema = z.object({
  data: z.array(checkoutSchema),
  meta: listMetaSchema,
  totals: z.object({
    paid: countAmount.extend({ fees: z.number().int() }),
    pending: countAmount,
    failed: countAmount,
    expired: countAmount,
    started: countAmount,
  }),
});
export type CheckoutList = z.infer<typeof checkoutListSchema>;

/** GET /giving/settings?church_id: a church's online giving settings (never its secrets). */
export const givingSettingsSchema = z.object({
  data: z.object({
    church: z.object({ id: z.number().int(), name: z.string() }),
    enabled: z.boolean(),
    collection: z.enum(GIVING_COLLECTIONS),
    payment_account: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable(),
    /** the public giving page's code (/donner/{code}) */
    code: z.string().nullable(),
    /** a merchant key and token are stored (never sent back: only the key's last 4 characters) */
    has_key: z.boolean(),
    key_hint: z.string().nullable(),
    /** the denomination's own merchant account is stored */
    central_available: z.boolean(),
    /** this server pays through the built-in simulator (no LIGDICASH_API_URL) */
    simulator: z.boolean(),
    /** the signed-in user may change them */
    can_manage: z.boolean(),
    updated_at: z.string().nullable(),
  }),
});
export type GivingSettings = z.infer<typeof givingSettingsSchema>['data'];
export const settingsQuerySchema = z.object({ church_id: id("L'église est requise.") });

const secret = (max: number, message: string) => z.string().trim().max(max, message).optional();

/** PUT /giving/settings */
export const updateSettingsBodySchema = z
  .object({
    church_id: id("L'église est requise."),
    enabled: z.boolean({ error: 'Valeur invalide.' }),
    collection: z.enum(GIVING_COLLECTIONS, { error: 'Valeur invalide.' }),
    payment_account_id: id(M.accountRequired).nullable(),
    /** a new key and token (both, or neither to keep the stored ones) */
    api_key: secret(500, M.keyTooLong),
    api_token: secret(2000, M.tokenTooLong),
    /** forget the stored key and token */
    clear_keys: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.api_key && !body.api_token)
      ctx.addIssue({ code: 'custom', message: M.tokenRequired, path: ['api_token'] });
    if (body.api_token && !body.api_key)
      ctx.addIssue({ code: 'custom', message: M.keyRequired, path: ['api_key'] });
    if (body.enabled && body.payment_account_id === null)
      ctx.addIssue({ code: 'custom', message: M.accountRequired, path: ['payment_account_id'] });
  });
export type UpdateSettingsBody = z.input<typeof updateSettingsBodySchema>;

/** GET /giving/installation-settings: the denomination's merchant account (administrator). */
export const installationSettingsSchema = z.object({
  data: z.object({
    has_key: z.boolean(),
    key_hint: z.string().nullable(),
    simulator: z.boolean(),
    /** how many churches collect through it */
    churches: z.number().int(),
    updated_at: z.string().nullable(),
  }),
});
export type InstallationSettings = z.infer<typeof installationSettingsSchema>['data'];

export const updateInstallationBodySchema = z
  .object({
    api_key: secret(500, M.keyTooLong),
    api_token: secret(2000, M.tokenTooLong),
    clear_keys: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.clear_keys && !body.api_key)
      ctx.addIssue({ code: 'custom', message: M.keyRequired, path: ['api_key'] });
    if (!body.clear_keys && !body.api_token)
      ctx.addIssue({ code: 'custom', message: M.tokenRequired, path: ['api_token'] });
  });
export type UpdateInstallationBody = z.input<typeof updateInstallationBodySchema>;

/** POST /giving/reconciliation: the provider's statement (CSV text) of a church, read against the product. */
export const reconciliationBodySchema = z.object({
  church_id: id("L'église est requise."),
  csv: z.string({ error: M.statementRequired }).min(1, M.statementRequired).max(900_000, M.statementTooLarge),
});
export type ReconciliationBody = z.input<typeof reconciliationBodySchema>;

export const reconciliationLineSchema = z.object({
  kind: z.enum(RECONCILIATION_KINDS),
  /** the statement's line number (1 = the first line after the header); null for the product's own */
  line: z.number().int().nullable(),
  /** the provider's transaction reference */
  reference: z.string().nullable(),
  /** our transaction id (the invoice's external_id) */
  external_id: z.string().nullable(),
  date: z.string().nullable(),
  amount: z.number().int().nullable(),
  fee: z.number().int().nullable(),
  provider_status: z.string().nullable(),
  /** the checkout it names, when there is one (a missing one may then be verified with LigdiCash) */
  checkout: z
    .object({ id: z.number().int(), status: z.enum(CHECKOUT_STATUSES), amount: z.number().int() })
    .nullable(),
  contribution: checkoutContributionSchema.extend({ amount: z.number().int() }).nullable(),
  /** why, in French */
  note: z.string(),
});
export type ReconciliationLine = z.infer<typeof reconciliationLineSchema>;

export const reconciliationSchema = z.object({
  data: z.object({
    lines: z.array(reconciliationLineSchema),
    totals: z.object({
      matched: countAmount,
      missing: countAmount,
      unknown: countAmount,
      /** lines the provider did not complete (refused, pending): nothing to reconcile */
      ignored: z.number().int(),
    }),
    period: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
  }),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>['data'];
