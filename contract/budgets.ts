/**
 * The 'budgets' feature (decision 0021, docs/features/budgets.md): budget templates, budgets per fiscal
 * year and entity, their approval by the level above, and budget against actual.
 *
 * Budget templates ('modèles de budget', the administrator's)
 * - GET    /budget-item-templates                ?archived=true -> { data: BudgetTemplate[] }
 * - GET    /budget-item-templates/accounts       -> { data: TemplateAccount[] } (the accounts an item may follow)
 * - POST   /budget-item-templates                TemplateBody -> 201 { data: BudgetTemplate }
 * - PUT    /budget-item-templates/{id}           TemplateBody -> { data: BudgetTemplate }
 * - POST   /budget-item-templates/{id}/archive   -> { data: BudgetTemplate }
 * - POST   /budget-item-templates/{id}/restore   -> { data: BudgetTemplate }
 * - DELETE /budget-item-templates/{id}           -> { message } (only when no budget uses it)
 *
 * Budgets
 * - GET    /budgets                ?entity_type&entity_id -> { data: BudgetSummary[], below: BudgetSummary[], can }
 * - POST   /budgets                CreateBudgetBody -> 201 { data: BudgetDetail }
 * - GET    /budgets/current        ?entity_type&entity_id&year -> { data: BudgetDetail | null, year }
 * - GET    /budgets/consolidated   ?entity_type&entity_id&year -> { data: Consolidated }
 * - GET    /budgets/{id}           -> { data: BudgetDetail }
 * - PUT    /budgets/{id}           BudgetLinesBody -> { data: BudgetDetail } (draft or rejected)
 * - DELETE /budgets/{id}           -> { message } (draft)
 * - POST   /budgets/{id}/submit    -> { data: BudgetDetail }
 * - POST   /budgets/{id}/approve   -> { data: BudgetDetail } (the level above)
 * - POST   /budgets/{id}/reject    { reason } -> { data: BudgetDetail } (the level above)
 * - POST   /budgets/{id}/finalize  -> { data: BudgetDetail } (the level above)
 */
import { z } from 'zod';
import { MAX_ID } from './common';
import {
  BUDGET_CATEGORIES,
  BUDGET_ENTITY_TYPES,
  BUDGET_MESSAGES,
  BUDGET_STATUSES,
  MAX_BUDGET_AMOUNT,
} from './values/budgets';
export * from './values/budgets';

const M = BUDGET_MESSAGES;

const queryId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message);
const idField = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);
const yearField = z
  .number({ error: M.yearInvalid })
  .int(M.yearInvalid)
  .min(2000, M.yearInvalid)
  .max(2100, M.yearInvalid);

// ---------------------------------------------------------------- templates

export const templateQuerySchema = z.object({
  archived: z
    .enum(['true', 'false'], { error: 'Filtre invalide.' })
    .optional()
    .transform((value) => value === 'true'),
});

export const templateBodySchema = z.object({
  name: z
    .string({ error: M.templateNameRequired })
    .trim()
    .min(1, M.templateNameRequired)
    .max(120, M.templateNameTooLong),
  category: z.enum(BUDGET_CATEGORIES, { error: M.templateCategoryInvalid }),
  operation_account_id: idField(M.templateAccountInvalid).nullish(),
  position: z
    .number({ error: M.templatePositionInvalid })
    .int(M.templatePositionInvalid)
    .min(0, M.templatePositionInvalid)
    .max(9999, M.templatePositionInvalid)
    .default(0),
});
export type TemplateBody = z.input<typeof templateBodySchema>;

export const budgetTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.enum(BUDGET_CATEGORIES),
  operation_account: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable(),
  position: z.number().int(),
  archived_at: z.string().nullable(),
  /** how many budgets have a line of this item */
  used_by: z.number().int(),
});
export type BudgetTemplate = z.infer<typeof budgetTemplateSchema>;
export const templateAnswerSchema = z.object({ data: budgetTemplateSchema });
export const templateListAnswerSchema = z.object({ data: z.array(budgetTemplateSchema) });

/** A denomination account an item may follow: receipts for INCOME items, expenses for EXPENSE items. */
export const templateAccountSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  category: z.enum(BUDGET_CATEGORIES),
});
export type TemplateAccount = z.infer<typeof templateAccountSchema>;
export const templateAccountsAnswerSchema = z.object({ data: z.array(templateAccountSchema) });

// ---------------------------------------------------------------- budgets

export const budgetEntityQuerySchema = z.object({
  entity_type: z.enum(BUDGET_ENTITY_TYPES, { error: M.unsupportedEntityType }),
  entity_id: queryId(M.entityInvalid),
});
export const budgetYearQuerySchema = budgetEntityQuerySchema.extend({
  year: z.coerce
    .number({ error: M.yearInvalid })
    .int(M.yearInvalid)
    .min(2000, M.yearInvalid)
    .max(2100, M.yearInvalid)
    .optional(),
});

export const createBudgetBodySchema = z.object({
  entity_type: z.enum(BUDGET_ENTITY_TYPES, { error: M.unsupportedEntityType }),
  entity_id: idField(M.entityInvalid),
  year: yearField,
  /** 'templates': one line per active item at 0; 'copy': the lines of the entity's budget of year - 1 */
  source: z.enum(['templates', 'copy'], { error: M.sourceInvalid }),
});
export type CreateBudgetBody = z.input<typeof createBudgetBodySchema>;

export const budgetLineInputSchema = z.object({
  budget_item_template_id: idField(M.lineTemplateInvalid),
  amount: z
    .number({ error: M.amountInvalid })
    .int(M.amountInvalid)
    .min(0, M.amountInvalid)
    .max(MAX_BUDGET_AMOUNT, M.amountTooLarge),
});
export const budgetLinesBodySchema = z.object({
  name: z.string({ error: M.nameTooLong }).trim().min(1, M.nameTooLong).max(120, M.nameTooLong).optional(),
  lines: z.array(budgetLineInputSchema, { error: M.lineTemplateInvalid }).max(200, M.linesTooMany),
});
export type BudgetLinesBody = z.input<typeof budgetLinesBodySchema>;

export const rejectBudgetBodySchema = z.object({
  reason: z.string({ error: M.reasonRequired }).trim().min(1, M.reasonRequired).max(500, M.reasonTooLong),
});

const actSchema = z.object({ by: z.string().nullable(), at: z.string() }).nullable();

export const budgetSummarySchema = z.object({
  id: z.number().int(),
  entity_type: z.enum(BUDGET_ENTITY_TYPES),
  entity_id: z.number().int(),
  entity_name: z.string(),
  year: z.number().int(),
  name: z.string(),
  status: z.enum(BUDGET_STATUSES),
  total_income: z.number().int(),
  total_expense: z.number().int(),
  copied_from_id: z.number().int().nullable(),
  created: actSchema,
  submitted: actSchema,
  approved: actSchema,
  rejected: actSchema,
  finalized: actSchema,
  rejection_reason: z.string().nullable(),
});
export type BudgetSummary = z.infer<typeof budgetSummarySchema>;

export const budgetLineDetailSchema = z.object({
  id: z.number().int(),
  budget_item_template_id: z.number().int(),
  name: z.string(),
  category: z.enum(BUDGET_CATEGORIES),
  position: z.number().int(),
  archived: z.boolean(),
  amount: z.number().int(),
  /** approved and finalised budgets only; null for an INCOME item without an operation account */
  actual: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
  /** actual / planned in percent, rounded; null when nothing is planned or not followed */
  percent: z.number().nullable(),
});
export type BudgetLineDetail = z.infer<typeof budgetLineDetailSchema>;

export const budgetTotalsSchema = z.object({
  planned_income: z.number().int(),
  planned_expense: z.number().int(),
  actual_income: z.number().int(),
  actual_expense: z.number().int(),
});
export type BudgetTotals = z.infer<typeof budgetTotalsSchema>;

export const budgetDetailSchema = budgetSummarySchema.extend({
  /** null when the user may see the budget but not its lines (budget:view without budget:view_lines) */
  lines: z.array(budgetLineDetailSchema).nullable(),
  /** whether actuals were computed (approved or finalised) */
  with_actuals: z.boolean(),
  totals: budgetTotalsSchema.nullable(),
  can: z.object({
    edit: z.boolean(),
    submit: z.boolean(),
    delete: z.boolean(),
    approve: z.boolean(),
    reject: z.boolean(),
    finalize: z.boolean(),
  }),
});
export type BudgetDetail = z.infer<typeof budgetDetailSchema>;
export const budgetAnswerSchema = z.object({ data: budgetDetailSchema });

export const budgetListAnswerSchema = z.object({
  /** the entity's own budgets, the latest year first */
  data: z.array(budgetSummarySchema),
  /** the budgets of the entities directly below, once submitted (drafts are their own), submitted first */
  below: z.array(budgetSummarySchema),
  can: z.object({ create: z.boolean() }),
});
export type BudgetListAnswer = z.infer<typeof budgetListAnswerSchema>;

export const currentBudgetAnswerSchema = z.object({
  year: z.number().int(),
  data: budgetDetailSchema.nullable(),
});
export type CurrentBudgetAnswer = z.infer<typeof currentBudgetAnswerSchema>;

export const consolidatedItemSchema = z.object({
  budget_item_template_id: z.number().int(),
  name: z.string(),
  category: z.enum(BUDGET_CATEGORIES),
  planned: z.number().int(),
  actual: z.number().int(),
});
export const consolidatedRowSchema = z.object({
  entity_type: z.enum(BUDGET_ENTITY_TYPES),
  entity_id: z.number().int(),
  name: z.string(),
  /** true for the entity's own budget (not a part below it) */
  own: z.boolean(),
  budgets: z.number().int(),
  planned_income: z.number().int(),
  planned_expense: z.number().int(),
  actual_income: z.number().int(),
  actual_expense: z.number().int(),
});
export const consolidatedSchema = z.object({
  year: z.number().int(),
  entity_type: z.enum(BUDGET_ENTITY_TYPES),
  entity_id: z.number().int(),
  entity_name: z.string(),
  /** approved and finalised budgets counted */
  budgets: z.number().int(),
  items: z.array(consolidatedItemSchema),
  /** the entity's own budget, then each entity directly below (its whole subtree) */
  rows: z.array(consolidatedRowSchema),
  totals: budgetTotalsSchema,
});
export type Consolidated = z.infer<typeof consolidatedSchema>;
export const consolidatedAnswerSchema = z.object({ data: consolidatedSchema });

export const messageAnswerSchema = z.object({ message: z.string() });
