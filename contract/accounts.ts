import { z } from 'zod';
import { MAX_ID } from './common';
import { JOURNAL_TYPES } from './values/accounts';
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
