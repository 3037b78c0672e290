import { z } from 'zod';
import { MAX_ID } from './common';
import { ROLE_GROUPS } from './values/roles';
export * from './values/roles';

export const rolesQuerySchema = z.object({
  group: z.enum(ROLE_GROUPS, { error: 'Groupe invalide.' }),
  /** the group's entity: with it, each position says whether someone already holds it there */
  id: z.coerce
    .number({ error: 'Identifiant invalide.' })
    .int('Identifiant invalide.')
    .positive('Identifiant invalide.')
    .max(MAX_ID, 'Identifiant invalide.')
    .optional(),
});

export const positionSchema = z.object({
  id: z.number().int(),
  /** '{scope}::{position}' */
  code: z.string(),
  name: z.string(),
  scope: z.enum(['national_office', 'region', 'section', 'church']),
  /** true when someone already holds this position in the group given by `id` (shown '(Déjà assigné)') */
  assigned: z.boolean(),
});
export type Position = z.infer<typeof positionSchema>;

export const rolesAnswerSchema = z.object({ data: z.array(positionSchema) });
