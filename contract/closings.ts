import { z } from 'zod';
import { ENTITY_TYPES, MAX_ID } from './common';

/**
 * Year-end closings and carry-forwards (SYCEBNL, docs/features/closings.md):
 * - GET  /closings?entity_type&entity_id              -> { data: ClosingSummary[] }
 * - GET  /closings/preview?entity_type&entity_id&year -> { data: Closing } (nothing written)
 * - POST /closings { entity_type, entity_id, year }   -> 201 { data: Closing } (once per entity and year)
 * - GET  /closings/{id}                               -> { data: Closing }
 */

export const CLOSING_MESSAGES = {
  yearInvalid: "L'exercice est invalide.",
  notEnded: 'Seul un exercice terminé peut être clôturé.',
  alreadyClosed: 'Cet exercice est déjà clôturé.',
  notInOrder: (year: number) =>
    `Clôturez d'abord l'exercice ${year} : les exercices se clôturent dans l'ordre.`,
  notFound: 'Clôture introuvable.',
  /** 409 of any write that would change a figure of a closed year (decision 0042) */
  yearClosed: (year: number) => `L'exercice ${year} est clôturé.`,
} as const;

/** The query fields of a year of an entity (closings, financial statements). */
export const entityId = z.coerce
  .number({ error: 'Entité invalide.' })
  .int('Entité invalide.')
  .positive('Entité invalide.')
  .max(MAX_ID, 'Entité invalide.');
export const entityType = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.enum(ENTITY_TYPES, { error: "Type d'entité non supporté" }),
);
export const year = z.coerce
  .number({ error: CLOSING_MESSAGES.yearInvalid })
  .int(CLOSING_MESSAGES.yearInvalid)
  .min(1900, CLOSING_MESSAGES.yearInvalid)
  .max(2999, CLOSING_MESSAGES.yearInvalid);

export const closingEntityQuerySchema = z.object({ entity_type: entityType, entity_id: entityId });
export const closingPreviewQuerySchema = closingEntityQuerySchema.extend({ year });
export const closingBodySchema = z.object({ entity_type: entityType, entity_id: entityId, year });
export type ClosingBody = z.input<typeof closingBodySchema>;

export const closingAccountSchema = z.object({
  payment_account_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  opening_balance: z.number().int(),
  receipts: z.number().int(),
  expenses: z.number().int(),
  /** carried forward: the opening balance of the next year */
  closing_balance: z.number().int(),
});
export type ClosingAccount = z.infer<typeof closingAccountSchema>;

export const closingSchema = z.object({
  /** null on a preview */
  id: z.number().int().nullable(),
  entity_type: z.enum(ENTITY_TYPES),
  entity_id: z.number().int(),
  year: z.number().int(),
  products: z.number().int(),
  charges: z.number().int(),
  depreciation: z.number().int(),
  /** the year's disposals of fixed assets: prices received - net book values (HAO) */
  disposals: z.number().int(),
  /** products - charges - depreciation + disposals */
  result: z.number().int(),
  /** '121' (surplus, 'Report à nouveau créditeur') or '129' (deficit, 'Report à nouveau débiteur') */
  result_account: z.enum(['121', '129']),
  accounts: z.array(closingAccountSchema),
  closed_at: z.string().nullable(),
  closed_by: z.string().nullable(),
});
export type Closing = z.infer<typeof closingSchema>;
export const closingAnswerSchema = z.object({ data: closingSchema });
export const closingListSchema = z.object({
  data: z.array(closingSchema.omit({ accounts: true })),
});
