import { z } from 'zod';
import { ENTITY_TYPES, MAX_ID, SORT_ORDERS } from './values/common';
export * from './values/common';

/** Every error answer of the API: `{ message }` in French. Deliberate HTTP errors carry the
 * `E_HTTP_EXCEPTION: ` prefix, as the production API does; the SPA strips it before showing. */
export const errorSchema = z.object({
  message: z.string(),
  /** 400 answers to invalid input: every problem found, `field` being the dotted path ('' for the body) */
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

export const listMetaSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ListMeta = z.infer<typeof listMetaSchema>;

export function listSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: listMetaSchema });
}
export type List<T> = { data: T[]; meta: ListMeta };

/** `search` of the lists: trimmed, at most 100 characters. */
export const searchParam = z.string().trim().max(100, 'La recherche est trop longue.').optional();

/** `page` of a paginated list, from 1. */
export const pageParam = z.coerce
  .number({ error: 'Page invalide.' })
  .int('Page invalide.')
  .min(1, 'Page invalide.')
  .max(1_000_000, 'Page invalide.')
  .default(1);

/** `limit` of a paginated list: 1 to `max` rows, `fallback` when absent. */
export function limitParam(max = 100, fallback = 20) {
  return z.coerce
    .number({ error: 'Limite invalide.' })
    .int('Limite invalide.')
    .min(1, 'Limite invalide.')
    .max(max, 'Limite invalide.')
    .default(fallback);
}

/** The 400s of a sort the list does not take (the schema's, and the server's guard behind it). */
export const SORT_MESSAGES = {
  unknown: (keys: readonly string[]) => `Tri inconnu. Tris possibles : ${keys.join(', ')}.`,
  order: 'Ordre de tri invalide : asc ou desc.',
} as const;

/**
 * `sort` and `order` of a sortable list (`?sort=amount&order=desc`): `sort` is one of the list's own
 * keys (a name of the wire, never a column: the server maps it), anything else is a 400 in French.
 * Spread into the list's query schema: `z.object({ ..., ...sortParams(CONTRIBUTION_SORTS) })`.
 */
export function sortParams<const K extends readonly [string, ...string[]]>(keys: K) {
  return {
    sort: z.enum(keys, { error: SORT_MESSAGES.unknown(keys) }).optional(),
    order: z.enum(SORT_ORDERS, { error: SORT_MESSAGES.order }).optional(),
  };
}

/** Query of every paginated list: `search`, `page` (from 1), `limit` (1..100). */
export const listQuerySchema = z.object({
  search: searchParam,
  page: pageParam,
  limit: limitParam(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const idParamSchema = z.object({
  id: z.coerce
    .number({ error: 'Identifiant invalide.' })
    .int('Identifiant invalide.')
    .positive('Identifiant invalide.')
    .max(MAX_ID, 'Identifiant invalide.'),
});

export const entityRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type EntityRef = z.infer<typeof entityRefSchema>;

export const entityTypeSchema = z.enum(ENTITY_TYPES, { error: "Type d'entité non supporté" });
export type EntityType = z.infer<typeof entityTypeSchema>;
