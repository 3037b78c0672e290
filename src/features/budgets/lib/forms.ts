import { z } from 'zod';
import { BUDGET_MESSAGES as M, MAX_BUDGET_AMOUNT } from '@contract/values/budgets';

/** The budget item form of /admin/modeles-budget (the server checks the same rules). */
export const templateFormSchema = z.object({
  name: z.string().trim().min(1, M.templateNameRequired).max(120, M.templateNameTooLong),
  category: z.enum(['INCOME', 'EXPENSE'], { error: M.templateCategoryInvalid }),
  /** '' for none */
  operation_account_id: z.string(),
  position: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, M.templatePositionInvalid),
});
export type TemplateFormValues = z.infer<typeof templateFormSchema>;

/** The planned amounts of a budget's lines, as typed (strings), checked as whole XOF. */
export const linesFormSchema = z.object({
  lines: z.array(
    z.object({
      budget_item_template_id: z.number(),
      amount: z
        .string()
        .trim()
        .min(1, M.amountInvalid)
        .regex(/^\d+$/, M.amountInvalid)
        .refine((value) => Number(value) <= MAX_BUDGET_AMOUNT, M.amountTooLarge),
    }),
  ),
});
export type LinesFormValues = z.infer<typeof linesFormSchema>;

export const rejectFormSchema = z.object({
  reason: z.string().trim().min(1, M.reasonRequired).max(500, M.reasonTooLong),
});
export type RejectFormValues = z.infer<typeof rejectFormSchema>;
