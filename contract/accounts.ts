import { z } from 'zod';
import { MAX_ID } from './common';
import { ACCOUNT_CATEGORIES, ACCOUNT_CODE_PATTERN, ACCOUNT_MESSAGES, JOURNAL_TYPES } from './values/accounts';
export * from './values/accounts';

export const operationAccountSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  category: z.string(),
  /** set on treasury (payment) accounts only */
  journal_type: z.enum(JOURNAL_TYPES).nullable(),
});
export type OperationAccount = z.infer<typeof operationAccountSchema>;

const id = z.coerce
  .number({ error: 'Entité invalide.' })
  .int('Entité invalide.')
  .positive('Entité invalide.')
  .max(MAX_ID, 'Entité invalide.');

/**
 * GET /operation-accounts/authorized: the active accounts of the given categories (comma-separated
 * names) that the entity may use: the denomination's accounts and the entity's own, minus those its
 * national office forbids ('comptes interdits').
 */
export const authorizedAccountsQuerySchema = z.object({
  entity_type: z.string({ error: "Type d'entité non supporté" }).trim().min(1, "Type d'entité non supporté"),
  entity_id: id,
  categories: z.string().trim().max(300, 'Catégories invalides.').optional(),
  search: z.string().trim().max(100, 'La recherche est trop longue.').optional(),
});
export type AuthorizedAccountsQuery = z.input<typeof authorizedAccountsQuerySchema>;

export const authorizedAccountsAnswerSchema = z.object({ data: z.array(operationAccountSchema) });

// ---------------------------------------------------------------- the chart of accounts (admin, decision 0025)

const A = ACCOUNT_MESSAGES;

export const accountAdminSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  journal_type: z.enum(JOURNAL_TYPES).nullable(),
  operator: z.string().nullable(),
  active: z.boolean(),
  /** treasury movements, expense lines, contributions and assets written on it */
  uses: z.number().int(),
});
export type AccountAdmin = z.infer<typeof accountAdminSchema>;
export const accountAdminAnswerSchema = z.object({ data: accountAdminSchema });
export const accountAdminListSchema = z.object({ data: z.array(accountAdminSchema) });

export const accountListQuerySchema = z.object({
  search: z.string().trim().max(100, 'La recherche est trop longue.').optional(),
  archived: z.enum(['true', 'false']).optional(),
});

/** POST /operation-accounts, PUT /operation-accounts/{id} */
export const accountBodySchema = z
  .object({
    code: z
      .string({ error: A.codeRequired })
      .trim()
      .min(1, A.codeRequired)
      .regex(ACCOUNT_CODE_PATTERN, A.codeInvalid),
    name: z.string({ error: A.nameRequired }).trim().min(1, A.nameRequired).max(150, A.nameTooLong),
    description: z.string().trim().max(500, A.descriptionTooLong).nullish(),
    category: z.enum(
      [
        ACCOUNT_CATEGORIES.RECEIPT,
        ACCOUNT_CATEGORIES.EXPENSE,
        ACCOUNT_CATEGORIES.ASSET,
        ACCOUNT_CATEGORIES.TREASURY,
      ],
      { error: A.categoryRequired },
    ),
    journal_type: z.enum(JOURNAL_TYPES, { error: A.kindRequired }).nullish(),
    operator: z.string().trim().max(60, A.operatorTooLong).nullish(),
  })
  .superRefine((body, ctx) => {
    const treasury = body.category === ACCOUNT_CATEGORIES.TREASURY;
    if (treasury && !body.journal_type)
      ctx.addIssue({ code: 'custom', path: ['journal_type'], message: A.kindRequired });
    if (!treasury && body.journal_type)
      ctx.addIssue({ code: 'custom', path: ['journal_type'], message: A.kindOnlyTreasury });
    if (treasury && body.journal_type === 'ELECTRONIK' && !body.operator?.trim())
      ctx.addIssue({ code: 'custom', path: ['operator'], message: A.operatorRequired });
  });
export type AccountBody = z.input<typeof accountBodySchema>;

/** GET/PUT /national-offices/{id}/forbidden-accounts: the accounts forbidden to an office. */
export const forbiddenAccountsBodySchema = z.object({
  operation_account_ids: z
    .array(z.number().int().positive().max(MAX_ID), { error: A.forbiddenUnknown })
    .max(1000, A.forbiddenUnknown),
});
export const forbiddenAccountsAnswerSchema = z.object({
  data: z.object({ operation_account_ids: z.array(z.number().int()) }),
});
