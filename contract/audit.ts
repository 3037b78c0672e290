import { z } from 'zod';
import { limitParam, listSchema, pageParam } from './common';
import { dateOnlySchema, queryId } from './fields';

/**
 * The audit log as people read it (decision 0044): /admin/journal-audit for the admin, and the national
 * office's accounting space for its accountants (the records on the entities of their office).
 */

export const AUDIT_MESSAGES = {
  forbidden:
    "Le journal d'audit est réservé à l'administrateur et aux comptables du bureau national (permission expense:validate sur le bureau national).",
  userInvalid: 'Utilisateur invalide.',
  entityInvalid: 'Entité invalide.',
  periodInvalid: 'La date de fin doit suivre la date de début.',
} as const;

const M = AUDIT_MESSAGES;

export const auditQuerySchema = z
  .object({
    user_id: queryId(M.userInvalid).optional(),
    /** an action ('expense_request.approve') or its domain ('expense_request') */
    action: z.string().trim().max(100).optional(),
    /** the record's entity type as the audit writes it ('church', 'expense_request'…) */
    entity_type: z.string().trim().max(50).optional(),
    entity_id: queryId(M.entityInvalid).optional(),
    from: dateOnlySchema.optional(),
    to: dateOnlySchema.optional(),
    page: pageParam,
    limit: limitParam(1000, 50),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: M.periodInvalid, path: ['to'] });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditRecordSchema = z.object({
  id: z.number().int(),
  /** its place in the chain */
  seq: z.number().int().nullable(),
  created_at: z.string(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() }).nullable(),
  action: z.string(),
  entity_type: z.string().nullable(),
  entity_id: z.number().int().nullable(),
  /** the entity's name when it is one of the organisation's, or the request's title… */
  entity_label: z.string().nullable(),
  ip: z.string().nullable(),
  data: z.unknown(),
  hash: z.string().nullable(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

export const auditListSchema = listSchema(auditRecordSchema);
export type AuditList = z.infer<typeof auditListSchema>;

/** The filters' choices: the actions and entity types found, and the users who wrote. */
export const auditFacetsSchema = z.object({
  actions: z.array(z.string()),
  entity_types: z.array(z.string()),
  users: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AuditFacets = z.infer<typeof auditFacetsSchema>;

export const auditVerificationSchema = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  lastSeq: z.number().int(),
  problem: z
    .object({
      kind: z.enum(['altered', 'removed', 'unchained', 'head']),
      id: z.number().int().nullable(),
      seq: z.number().int().nullable(),
      message: z.string(),
    })
    .nullable(),
});
export type AuditVerification = z.infer<typeof auditVerificationSchema>;
