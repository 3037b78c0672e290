/**
 * Expense requests, their lines, payments, attachments and the add-expense lookups.
 * Shared by the reference server (route schemas) and the SPA (answers, types). SPEC.md sections 3 to 9.
 *
 * Endpoints (all under /api, cookies; errors `{ message: 'E_HTTP_EXCEPTION: ...' }` in French):
 *
 * Requests
 * - GET    /expense-requests            ?entity_type&entity_id&status&from_date&to_date&search&page&limit&mine
 *                                       &sort&order (EXPENSE_REQUEST_SORTS; asc or desc)
 *                                       -> { data: ExpenseRequestListItem[], meta }
 * - GET    /expense-requests-balance    same filters (no page/limit/sort) -> { data: ExpenseRequestBalance }
 * - GET    /expense-requests/{id}       -> { data: ExpenseRequestDetail } (lines with payments, attachments)
 * - POST   /expense-requests            CreateExpenseRequestBody (Idempotency-Key accepted) -> 201 { data: { id } }
 * - DELETE /expense-requests/{id}       rollback after a failed upload: creator only, before approval,
 *                                       nothing paid, not verified -> { message }
 * - PUT    /expense-requests/{id}/approved   { user_id? } expense:approve  -> { data: ExpenseRequestDetail }
 * - PUT    /expense-requests/{id}/validated  { user_id? } expense:validate -> { data: ExpenseRequestDetail }
 * - PUT    /expense-requests/{id}/rejected   { user_id?, reason? } expense:approve -> { data: ExpenseRequestDetail }
 * - PUT    /expense-requests/{id}/verified   { user_id? } expense_request:validate -> { data: ExpenseRequestDetail }
 * - GET    /expense-requests/{id}/attachments -> { data: Attachment[] }
 *
 * Lines ('expenses') and payments
 * - GET    /expenses?expense_request_id -> { data: ExpenseLine[] }
 * - GET    /expenses/{id}               -> { data: ExpenseLineDetail }
 * - POST   /expenses                    AddExpenseLineBody (expense_request_id + line fields) -> 201 { data: ExpenseLine }
 * - PUT    /expenses/{id}               ExpenseLineBody -> { data: ExpenseLine }
 * - DELETE /expenses/{id}               -> { message }
 * - POST   /expenses/{id}/cancel        { cancelExp?: true } -> { data: ExpenseLine }
 * - PUT    /expenses/{id}/validate      PaymentBody (Idempotency-Key) -> 201 { data: PaymentResult }
 *
 * Attachments
 * - POST   /attachments                 multipart: attachable_type 'expense_request', attachable_id, files
 *                                       (10 MB each, 10 at most: 413; JPEG/PNG/WebP/PDF by content: 415)
 *                                       -> 201 { data: Attachment[] }
 * - GET    /attachments/{id}            the file (Content-Disposition: attachment; X-Content-Type-Options: nosniff)
 *
 * Lookups of the add-expense form
 * - GET    /budgets/budget-lines        ?entity_type&entity_id -> { data: BudgetLine[] }
 * - GET    /planned-activities          ?entity_type&entity_id&search -> { data: PlannedActivity[] }
 *
 * A payment may record a fixed asset (`fixed_asset`): its fields and answer are those of
 * contract/fixed-assets.ts.
 */
import { z } from 'zod';
import { entityRefSchema, ENTITY_TYPES, listMetaSchema, listQuerySchema, MAX_ID, sortParams } from './common';
import { JOURNAL_TYPES } from './accounts';
import {
  dateOnlySchema,
  idField,
  isoDateTimeSchema,
  moneyDateTimeSchema,
  optionalText,
  queryId,
} from './fields';
import { fixedAssetSchema, paymentFixedAssetSchema } from './fixed-assets';
import {
  ATTACHMENT_MIME_TYPES,
  checkDonationFields,
  DONATION_TYPES,
  EXPENSE_LINE_STATUSES,
  EXPENSE_MESSAGES,
  EXPENSE_REQUEST_SORTS,
  EXPENSE_REQUEST_STATUSES,
  MAX_AMOUNT,
  MAX_QUANTITY,
  MAX_UNIT_PRICE,
  PAYMENT_TIME_PATTERN,
  RECIPIENT_ENTITY_TYPES,
} from './values/expenses';
export * from './values/expenses';

const M = EXPENSE_MESSAGES;

const requiredText = (max: number) =>
  z.string({ error: M.required }).trim().min(1, M.required).max(max, M.textTooLong);

/** A required non-negative integer of a JSON body: absent 'Ce champ est requis.', else 'Format non valide.'. */
const requiredInt = (max: number) =>
  z
    .number({
      error: (issue) => (issue.input === undefined || issue.input === null ? M.required : M.invalidFormat),
    })
    .int(M.invalidFormat)
    .min(0, M.invalidFormat)
    .max(max, M.amountTooLarge);

// ---------------------------------------------------------------- expense lines (input)

/** The fields of a line other than name/quantity/unit_price, as the API receives them. */
const lineRecipientShape = {
  donation_type: z.enum(DONATION_TYPES, { error: M.invalidFormat }).default('none'),
  is_anonymous: z.boolean({ error: M.invalidFormat }).default(false),
  notes: optionalText(2000),
  recipient_first_name: optionalText(100),
  recipient_last_name: optionalText(100),
  recipient_phone: optionalText(30),
  recipient_address: optionalText(250),
  recipient_company_name: optionalText(150),
  recipient_registration_number: optionalText(100),
  recipient_tax_id: optionalText(100),
  recipient_company_address: optionalText(250),
  recipient_company_phone: optionalText(30),
  recipient_company_email: optionalText(150),
  recipient_entity_type: z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    z.enum(RECIPIENT_ENTITY_TYPES, { error: M.unsupportedEntityType }).optional(),
  ),
  recipient_entity_id: z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    idField(M.recipientEntityRequired).optional(),
  ),
};

const lineShape = {
  name: requiredText(200),
  quantity: requiredInt(MAX_QUANTITY),
  unit_price: requiredInt(MAX_UNIT_PRICE),
  ...lineRecipientShape,
};

function checkLineAmount(line: { quantity: number; unit_price: number }, ctx: z.RefinementCtx): void {
  if (line.quantity * line.unit_price > MAX_AMOUNT)
    ctx.addIssue({ code: 'custom', path: ['unit_price'], message: M.amountTooLarge });
}

/**
 * One expense line as the API receives it (POST /expense-requests `expenses[]`, PUT /expenses/{id}).
 * Fields irrelevant to the donation type are ignored by the server (stored empty); the national office
 * of a system_entity recipient is chosen by the server when `recipient_entity_id` is absent.
 */
export const expenseLineBodySchema = z.object(lineShape).superRefine((line, ctx) => {
  checkDonationFields(line, ctx);
  checkLineAmount(line, ctx);
});
export type ExpenseLineBody = z.input<typeof expenseLineBodySchema>;
export type ExpenseLineInput = z.output<typeof expenseLineBodySchema>;

/** POST /expenses: a line added to an existing request. */
export const addExpenseLineBodySchema = z
  .object({ ...lineShape, expense_request_id: idField(M.attachableIdInvalid) })
  .superRefine((line, ctx) => {
    checkDonationFields(line, ctx);
    checkLineAmount(line, ctx);
  });
export type AddExpenseLineBody = z.input<typeof addExpenseLineBodySchema>;

/** POST /expense-requests (SPEC.md section 7). `title` is optional: the operation account's name by default. */
export const createExpenseRequestBodySchema = z.object({
  status: z
    .literal('approval_pending', {
      error: (issue) => (issue.input === undefined ? M.required : M.statusOnCreate),
    })
    .default('approval_pending'),
  title: optionalText(200),
  description: requiredText(2000),
  expenses: z
    .array(expenseLineBodySchema, { error: M.linesRequired })
    .min(1, M.linesRequired)
    .max(100, M.tooManyLines),
  operation_account_id: idField(M.required),
  budget_line_id: idField(M.budgetLineInvalid).nullish(),
  planned_activity_id: idField(M.plannedActivityInvalid).nullish(),
  entity_type: z.enum(ENTITY_TYPES, { error: M.unsupportedEntityType }),
  entity_id: idField(M.missingEntity),
  made_at: isoDateTimeSchema,
});
export type CreateExpenseRequestBody = z.input<typeof createExpenseRequestBodySchema>;

/** Body of the approve / validate / verify calls: `user_id` is accepted for compatibility; the server
 * always records the signed-in user. */
export const expenseRequestActionBodySchema = z
  .object({ user_id: z.number().int().positive().max(MAX_ID).nullish() })
  .nullish();
export const rejectExpenseRequestBodySchema = z
  .object({
    user_id: z.number().int().positive().max(MAX_ID).nullish(),
    reason: optionalText(1000),
  })
  .nullish();
export const cancelExpenseLineBodySchema = z.object({ cancelExp: z.boolean().optional() }).nullish();

// ---------------------------------------------------------------- payment (input)

/**
 * PUT /expenses/{id}/validate: one payment of a line (send an `Idempotency-Key` header). The moment paid is
 * the date of `validated_at` (YYYY-MM-DD or ISO datetime) at `validate_time` (UTC, Africa/Abidjan), or
 * `validated_at` itself when `validate_time` is absent. `user_id` is accepted; the payer recorded is the
 * signed-in user.
 */
export const paymentBodySchema = z.object({
  id: z.number().int().optional(),
  amount: z
    .number({
      error: (issue) => (issue.input === undefined || issue.input === null ? M.required : M.invalidFormat),
    })
    .int(M.invalidFormat)
    .min(1, M.amountMin)
    .max(MAX_AMOUNT, M.amountTooLarge),
  validated_at: moneyDateTimeSchema,
  validate_time: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.string({ error: M.paymentTimeInvalid }).regex(PAYMENT_TIME_PATTERN, M.paymentTimeInvalid).optional(),
  ),
  payment_method: z
    .string({ error: M.paymentMethodRequired })
    .trim()
    .min(1, M.paymentMethodRequired)
    .max(50, M.textTooLong),
  user_id: z.number().int().positive().max(MAX_ID).nullish(),
  payment_account_id: idField(M.paymentAccountRequired),
  fixed_asset: paymentFixedAssetSchema.nullish(),
});
export type PaymentBody = z.input<typeof paymentBodySchema>;

// ---------------------------------------------------------------- answers

export const userRefSchema = z.object({
  id: z.number().int(),
  fullname: z.string(),
  phone: z.string().nullable(),
});
export type UserRef = z.infer<typeof userRefSchema>;

export const operationAccountRefSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  category: z.string(),
});

export const expensePaymentSchema = z.object({
  id: z.number().int(),
  expense_id: z.number().int(),
  amount: z.number().int(),
  validated_at: z.string(),
  payment_method: z.string(),
  user_id: z.number().int(),
  user: userRefSchema,
  payment_account_id: z.number().int(),
  paymentAccount: z.object({
    id: z.number().int(),
    name: z.string(),
    journal_type: z.enum(JOURNAL_TYPES).nullable(),
  }),
  treasury_movement_id: z.number().int().nullable(),
  fixed_asset_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type ExpensePayment = z.infer<typeof expensePaymentSchema>;

export const expenseLineSchema = z.object({
  id: z.number().int(),
  expense_request_id: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  unit_price: z.number().int(),
  amount: z.number().int(),
  amount_validated: z.number().int(),
  /** amount - amount_validated (0 once cancelled) */
  remaining: z.number().int(),
  status: z.enum(EXPENSE_LINE_STATUSES),
  donation_type: z.enum(DONATION_TYPES),
  is_anonymous: z.boolean(),
  notes: z.string().nullable(),
  recipient_first_name: z.string().nullable(),
  recipient_last_name: z.string().nullable(),
  recipient_phone: z.string().nullable(),
  recipient_address: z.string().nullable(),
  recipient_company_name: z.string().nullable(),
  recipient_registration_number: z.string().nullable(),
  recipient_tax_id: z.string().nullable(),
  recipient_company_address: z.string().nullable(),
  recipient_company_phone: z.string().nullable(),
  recipient_company_email: z.string().nullable(),
  recipient_entity_type: z.enum(RECIPIENT_ENTITY_TYPES).nullable(),
  recipient_entity_id: z.number().int().nullable(),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
  payments: z.array(expensePaymentSchema),
});
export type ExpenseLine = z.infer<typeof expenseLineSchema>;

export const attachmentSchema = z.object({
  id: z.number().int(),
  attachable_type: z.literal('expense_request'),
  attachable_id: z.number().int(),
  original_name: z.string(),
  mime_type: z.enum(ATTACHMENT_MIME_TYPES),
  size: z.number().int(),
  /** the download path under /api: '/attachments/{id}' */
  url: z.string(),
  created_at: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const expenseRequestListItemSchema = z.object({
  id: z.number().int(),
  /** 'DEP-{id}' padded: the reference of the request's treasury movements */
  reference: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(EXPENSE_REQUEST_STATUSES),
  /** sum of the amounts of the lines not cancelled */
  amount: z.number().int(),
  /** sum paid on its lines */
  amount_validated: z.number().int(),
  entity_type: z.enum(ENTITY_TYPES),
  entity_id: z.number().int(),
  entity: entityRefSchema.nullable(),
  made_at: z.string(),
  created_at: z.string(),
  lines_count: z.number().int(),
  createdByUser: userRefSchema,
  approvedByUser: userRefSchema.nullable(),
  approved_at: z.string().nullable(),
  validatedByUser: userRefSchema.nullable(),
  validated_at: z.string().nullable(),
  rejectedByUser: userRefSchema.nullable(),
  rejected_at: z.string().nullable(),
  verifiedByUser: userRefSchema.nullable(),
  verified_at: z.string().nullable(),
  operationAccount: operationAccountRefSchema,
});
export type ExpenseRequestListItem = z.infer<typeof expenseRequestListItemSchema>;

export const expenseRequestDetailSchema = expenseRequestListItemSchema.extend({
  budget_line_id: z.number().int().nullable(),
  budgetLine: z.object({ id: z.number().int(), name: z.string(), amount: z.number().int() }).nullable(),
  planned_activity_id: z.number().int().nullable(),
  plannedActivity: z
    .object({
      id: z.number().int(),
      title: z.string(),
      planned_date: z.string(),
      activity_type: z.string().nullable(),
    })
    .nullable(),
  /** the lines (SPEC 'expenses list'), oldest first, each with its payments */
  expenses: z.array(expenseLineSchema),
  attachments: z.array(attachmentSchema),
});
export type ExpenseRequestDetail = z.infer<typeof expenseRequestDetailSchema>;

export const expenseRequestListSchema = z.object({
  data: z.array(expenseRequestListItemSchema),
  meta: listMetaSchema,
});
export type ExpenseRequestList = z.infer<typeof expenseRequestListSchema>;
export const expenseRequestAnswerSchema = z.object({ data: expenseRequestDetailSchema });
export const createdAnswerSchema = z.object({ data: z.object({ id: z.number().int() }) });
export const messageAnswerSchema = z.object({ message: z.string() });

export const expenseRequestBalanceSchema = z.object({
  count: z.number().int(),
  /** requests per status (every status present, 0 when none) */
  count_by_status: z.record(z.enum(EXPENSE_REQUEST_STATUSES), z.number().int()),
  /** sum of the requests' amounts (rejected requests excluded) */
  amount: z.number().int(),
  /** sum paid */
  paid: z.number().int(),
  /** amount - paid */
  remaining: z.number().int(),
});
export type ExpenseRequestBalance = z.infer<typeof expenseRequestBalanceSchema>;
export const expenseRequestBalanceAnswerSchema = z.object({ data: expenseRequestBalanceSchema });

export const expenseLineAnswerSchema = z.object({ data: expenseLineSchema });
export const expenseLineListAnswerSchema = z.object({ data: z.array(expenseLineSchema) });
export const expenseLineDetailSchema = expenseLineSchema.extend({
  expenseRequest: z.object({
    id: z.number().int(),
    title: z.string(),
    status: z.enum(EXPENSE_REQUEST_STATUSES),
    entity_type: z.enum(ENTITY_TYPES),
    entity_id: z.number().int(),
    verified_at: z.string().nullable(),
    operationAccount: operationAccountRefSchema,
  }),
});
export type ExpenseLineDetail = z.infer<typeof expenseLineDetailSchema>;
export const expenseLineDetailAnswerSchema = z.object({ data: expenseLineDetailSchema });
export const attachmentListAnswerSchema = z.object({ data: z.array(attachmentSchema) });

// ---------------------------------------------------------------- queries

const optionalQueryId = (message: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), queryId(message).optional());
const optionalQueryDate = z.preprocess((v) => (v === '' ? undefined : v), dateOnlySchema.optional());

/** GET /expense-requests and /expense-requests-balance. `mine=true`: the requests the user created. */
export const expenseRequestListQuerySchema = listQuerySchema.extend({
  entity_type: z.preprocess(
    (v) => (typeof v === 'string' ? (v === '' ? undefined : v.trim().toUpperCase()) : v),
    z.enum(ENTITY_TYPES, { error: M.unsupportedEntityType }).optional(),
  ),
  entity_id: optionalQueryId('Entité invalide.'),
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(EXPENSE_REQUEST_STATUSES, { error: 'Statut invalide.' }).optional(),
  ),
  from_date: optionalQueryDate,
  to_date: optionalQueryDate,
  mine: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : v === true || v === 'true' || v === '1'),
    z.boolean().optional(),
  ),
  ...sortParams(EXPENSE_REQUEST_SORTS),
});
export type ExpenseRequestListQuery = z.input<typeof expenseRequestListQuerySchema>;
export const expenseRequestBalanceQuerySchema = expenseRequestListQuerySchema.omit({
  page: true,
  limit: true,
  sort: true,
  order: true,
});
export type ExpenseRequestBalanceQuery = z.input<typeof expenseRequestBalanceQuerySchema>;

export const expenseLineListQuerySchema = z.object({
  expense_request_id: queryId('Demande de dépense invalide.'),
});

/** entity_type + entity_id of the lookups ('CHURCH', 'church', 'ACTIVITY_GROUP'...). */
export const entityQuerySchema = z.object({
  entity_type: z.string({ error: M.unsupportedEntityType }).trim().min(1, M.unsupportedEntityType),
  entity_id: queryId('Entité invalide.'),
});

// ---------------------------------------------------------------- lookups

export const budgetLineSchema = z.object({
  id: z.number().int(),
  budget_id: z.number().int(),
  year: z.number().int(),
  category: z.enum(['INCOME', 'EXPENSE']),
  amount: z.number().int(),
  budgetItemTemplate: z.object({ id: z.number().int(), name: z.string() }),
  /** decision 0021: paid in the budget's year on the requests attached to the line (approved or finalised
   * budgets only, else null) and what remains of the planned amount */
  actual: z.number().int().nullable().optional(),
  remaining: z.number().int().nullable().optional(),
});
export type BudgetLine = z.infer<typeof budgetLineSchema>;
export const budgetLinesAnswerSchema = z.object({ data: z.array(budgetLineSchema) });

export const plannedActivityQuerySchema = entityQuerySchema.extend({
  search: z.string().trim().max(100, 'La recherche est trop longue.').optional(),
});
export const plannedActivitySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  planned_date: z.string(),
  activityType: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type PlannedActivity = z.infer<typeof plannedActivitySchema>;
export const plannedActivitiesAnswerSchema = z.object({ data: z.array(plannedActivitySchema) });

// ---------------------------------------------------------------- payment answer

export const paymentResultSchema = z.object({
  payment: expensePaymentSchema,
  expense: expenseLineSchema,
  expenseRequest: z.object({
    id: z.number().int(),
    status: z.enum(EXPENSE_REQUEST_STATUSES),
    amount: z.number().int(),
    amount_validated: z.number().int(),
  }),
  fixedAsset: fixedAssetSchema.nullable(),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;
export const paymentAnswerSchema = z.object({ data: paymentResultSchema });
