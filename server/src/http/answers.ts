import { errorSchema } from '../../../contract/common';

/**
 * The error answers a route declares in its schema (the OpenAPI document lists them), by status: every
 * one is `{ message: 'E_HTTP_EXCEPTION: <French message>' }` (errors.ts).
 */
export function errorAnswers<S extends number>(...statuses: S[]): Record<S, typeof errorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorSchema])) as Record<S, typeof errorSchema>;
}

/** A read on an entity or a record: bad query, not signed in, refused, unknown. */
export const READ_ERRORS = errorAnswers(400, 401, 403, 404);

/** A write: a read's errors and a conflict with the data (a closed year, a status that forbids it). */
export const WRITE_ERRORS = errorAnswers(400, 401, 403, 404, 409);

/** A money write: a write's errors and 422 (an Idempotency-Key reused with another body). */
export const MONEY_WRITE_ERRORS = errorAnswers(400, 401, 403, 404, 409, 422);

/** A call on the user's own records: bad body, not signed in. */
export const OWN_ERRORS = errorAnswers(400, 401);
