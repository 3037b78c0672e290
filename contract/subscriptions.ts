import { z } from 'zod';
import { limitParam, listMetaSchema, MAX_ID, pageParam, sortParams } from './common';
import {
  frenchDateToIso,
  MAX_SUBSCRIPTION_AMOUNT,
  normalizePayerPhone,
  PAYER_PHONE_PATTERN,
  PAYMENT_ATTEMPT_STATUSES,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_SORTS,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TARGETS,
} from './values/subscriptions';
export * from './values/subscriptions';

/** Subscriptions: the fee a group pays to use the product (SPEC.md sections 2, 3, 4, 7 and 9). */

const id = (message = 'Identifiant invalide.') =>
  z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'Valeur invalide.' })
  .transform((value) => value === 'true' || value === '1')
  .optional();

/** GET /subscriptions: the subscriptions of one group (exactly one of the four ids). */
export const subscriptionListQuerySchema = z.object({
  church_id: id().optional(),
  section_id: id().optional(),
  region_id: id().optional(),
  national_office_id: id().optional(),
  /** only the paid (true) or unpaid (false) ones */
  paid: booleanFlag,
  /** one of SUBSCRIPTION_SORTS, the date (`start_date`) by default */
  sort: sortParams(SUBSCRIPTION_SORTS).sort,
  /** 'desc' (default): newest first; 'asc': oldest first (the billing gate's oldest unpaid one) */
  order: z.enum(['asc', 'desc'], { error: 'Ordre invalide.' }).default('desc'),
  page: pageParam,
  limit: limitParam(100, 20),
});
export type SubscriptionListQuery = z.input<typeof subscriptionListQuerySchema>;

export const subscriptionGroupSchema = z.object({
  type: z.enum(SUBSCRIPTION_TARGETS),
  id: z.number().int(),
  name: z.string(),
});
export type SubscriptionGroup = z.infer<typeof subscriptionGroupSchema>;

export const subscriptionPaymentSchema = z.object({
  paid_at: z.string(),
  reference: z.string().nullable(),
  method: z.string().nullable(),
  payer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type SubscriptionPayment = z.infer<typeof subscriptionPaymentSchema>;

export const subscriptionSchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  /** YYYY-MM-DD */
  start_date: z.string(),
  end_date: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  subscription_type_id: z.number().int(),
  subscription_type: z.object({ id: z.number().int(), name: z.string(), period_months: z.number().int() }),
  church_id: z.number().int().nullable(),
  section_id: z.number().int().nullable(),
  region_id: z.number().int().nullable(),
  national_office_id: z.number().int().nullable(),
  group: subscriptionGroupSchema,
  paid: z.boolean(),
  /** null while unpaid (SPEC.md section 4: paid if a payment exists) */
  payment: subscriptionPaymentSchema.nullable(),
  created_at: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionListSchema = z.object({ data: z.array(subscriptionSchema), meta: listMetaSchema });
export type SubscriptionList = z.infer<typeof subscriptionListSchema>;

export const paymentAttemptSchema = z.object({
  id: z.number().int(),
  subscription_id: z.number().int(),
  transaction_id: z.string(),
  status: z.enum(PAYMENT_ATTEMPT_STATUSES),
  amount: z.number().int(),
  currency: z.string(),
  operator: z.string().nullable(),
  provider_reference: z.string().nullable(),
  failure_reason: z.string().nullable(),
  payer: z.object({ id: z.number().int(), name: z.string() }),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type PaymentAttempt = z.infer<typeof paymentAttemptSchema>;

export const subscriptionDetailSchema = z.object({
  data: subscriptionSchema.extend({
    attempts: z.array(paymentAttemptSchema),
    /** the signed-in user may pay it (unpaid, not cancelled, `subscription:pay` on the group) */
    can_pay: z.boolean(),
  }),
});
export type SubscriptionDetail = z.infer<typeof subscriptionDetailSchema>['data'];

export const subscriptionTypeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  target: z.enum(SUBSCRIPTION_TARGETS),
  period_months: z.number().int(),
  amount: z.number().int(),
  active: z.boolean(),
});
export type SubscriptionType = z.infer<typeof subscriptionTypeSchema>;
export const subscriptionTypeListSchema = z.object({ data: z.array(subscriptionTypeSchema) });

const amountField = z.coerce
  .number({ error: SUBSCRIPTION_MESSAGES.amountRequired })
  .int(SUBSCRIPTION_MESSAGES.amountPositive)
  .positive(SUBSCRIPTION_MESSAGES.amountPositive)
  .max(MAX_SUBSCRIPTION_AMOUNT, SUBSCRIPTION_MESSAGES.amountMax);

const frenchDate = z
  .string({ error: SUBSCRIPTION_MESSAGES.dateRequired })
  .min(1, SUBSCRIPTION_MESSAGES.dateRequired)
  .refine((value) => frenchDateToIso(value) !== null, SUBSCRIPTION_MESSAGES.dateInvalid);

/** POST /subscriptions (SPEC.md section 7): dates DD/MM/YYYY, status active, one group id. */
export const createSubscriptionBodySchema = z
  .object({
    subscription_type_id: id(SUBSCRIPTION_MESSAGES.typeRequired),
    amount: amountField,
    start_date: frenchDate,
    end_date: frenchDate,
    status: z.literal('active', { error: SUBSCRIPTION_MESSAGES.statusActive }).default('active'),
    church_id: id().optional(),
    section_id: id().optional(),
    region_id: id().optional(),
    national_office_id: id().optional(),
  })
  .superRefine((body, ctx) => {
    const groups = [body.church_id, body.section_id, body.region_id, body.national_office_id];
    if (groups.filter((g) => g !== undefined).length !== 1)
      ctx.addIssue({ code: 'custom', message: SUBSCRIPTION_MESSAGES.groupRequired, path: [] });
    const start = frenchDateToIso(body.start_date);
    const end = frenchDateToIso(body.end_date);
    if (start && end && end < start)
      ctx.addIssue({ code: 'custom', message: SUBSCRIPTION_MESSAGES.periodInvalid, path: ['end_date'] });
  });
export type CreateSubscriptionBody = z.input<typeof createSubscriptionBodySchema>;

const typeName = z
  .string({ error: SUBSCRIPTION_MESSAGES.nameRequired })
  .trim()
  .min(1, SUBSCRIPTION_MESSAGES.nameRequired)
  .max(100, SUBSCRIPTION_MESSAGES.nameTooLong);
const periodMonths = z.coerce
  .number({ error: SUBSCRIPTION_MESSAGES.periodMonthsInvalid })
  .int(SUBSCRIPTION_MESSAGES.periodMonthsInvalid)
  .min(1, SUBSCRIPTION_MESSAGES.periodMonthsInvalid)
  .max(60, SUBSCRIPTION_MESSAGES.periodMonthsInvalid);

/** POST /subscription-types (admin): name, level, period in months, amount. */
export const createSubscriptionTypeBodySchema = z.object({
  name: typeName,
  target: z.enum(SUBSCRIPTION_TARGETS, { error: SUBSCRIPTION_MESSAGES.targetInvalid }),
  period_months: periodMonths,
  amount: amountField,
});
export type CreateSubscriptionTypeBody = z.input<typeof createSubscriptionTypeBodySchema>;

/** PATCH /subscription-types/{id} (admin): any of the fields, and `active` to withdraw a type. */
export const updateSubscriptionTypeBodySchema = z.object({
  name: typeName.optional(),
  period_months: periodMonths.optional(),
  amount: amountField.optional(),
  active: z.boolean({ error: 'Valeur invalide.' }).optional(),
});
export type UpdateSubscriptionTypeBody = z.input<typeof updateSubscriptionTypeBodySchema>;

export const subscriptionTypeAnswerSchema = z.object({ data: subscriptionTypeSchema });

const optionalName = (message: string) =>
  z
    .string()
    .trim()
    .max(100, message)
    .optional()
    .transform((v) => (v ? v : undefined));

/** POST /subscriptions/{id}/payments: who pays (SPEC.md section 3, subscription input). */
export const startPaymentBodySchema = z.object({
  phone: z
    .string({ error: SUBSCRIPTION_MESSAGES.phoneRequired })
    .transform(normalizePayerPhone)
    .refine((v) => v.length > 0, SUBSCRIPTION_MESSAGES.phoneRequired)
    .refine((v) => v.length === 0 || PAYER_PHONE_PATTERN.test(v), SUBSCRIPTION_MESSAGES.phoneInvalid),
  first_name: optionalName(SUBSCRIPTION_MESSAGES.firstNameTooLong),
  last_name: optionalName(SUBSCRIPTION_MESSAGES.lastNameTooLong),
  email: z
    .string()
    .trim()
    .max(254, SUBSCRIPTION_MESSAGES.emailInvalid)
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), SUBSCRIPTION_MESSAGES.emailInvalid)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type StartPaymentBody = z.input<typeof startPaymentBodySchema>;

export const startPaymentAnswerSchema = z.object({
  data: z.object({
    attempt: paymentAttemptSchema,
    /** the provider's payment page: the browser goes there */
    payment_url: z.string(),
    /** true when a pending attempt of this subscription was reused (no second invoice) */
    reused: z.boolean(),
  }),
});
export type StartPaymentAnswer = z.infer<typeof startPaymentAnswerSchema>['data'];

export const attemptParamsSchema = z.object({ id: id(), attemptId: id() });
export const attemptAnswerSchema = z.object({
  data: z.object({ attempt: paymentAttemptSchema, subscription_paid: z.boolean() }),
});
export type AttemptAnswer = z.infer<typeof attemptAnswerSchema>['data'];
