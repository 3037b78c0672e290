import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { canonicalJson } from '../../../contract/values/idempotency';
import type { Db } from '../db/client';
import { queryOne } from '../db/query';
import { httpError } from './errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: "En-tête Idempotency-Key invalide (8 à 128 caractères : lettres, chiffres, '-' ou '_').",
  reused: 'Cette clé d’idempotence a déjà servi pour une autre requête.',
  /** the same key with another body (IETF idempotency-key draft: 422) */
  otherBody:
    "Cette clé d'idempotence a déjà servi avec un autre contenu : utilisez une nouvelle clé pour une nouvelle opération.",
} as const;

/** The fingerprint of a request's body, stored with its key. */
export function requestFingerprint(body: unknown): string {
  return createHash('sha256')
    .update(canonicalJson(body ?? null))
    .digest('hex');
}

/** What a money write answers: its status and JSON body, stored with the key and replayed on a retry. */
export type WriteAnswer<T> = { status: number; body: T };

/**
 * Runs a money write in one transaction, exactly once per `Idempotency-Key` (per user).
 *
 * The key's row is inserted in the same transaction as the write, so:
 * - a retry after the first attempt committed finds the row and gets the stored answer again;
 * - a concurrent duplicate blocks on the key's unique index until the first commits, then replays;
 * - if the write fails (an error, a 4xx thrown by `work`), the transaction rolls back with the key,
 *   and a retry runs the write again.
 * Without the header, the write simply runs in one transaction.
 */
export async function idempotentWrite<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  work: (tx: Db) => Promise<WriteAnswer<T>>,
): Promise<T> {
  const { db } = request.server.deps;
  const header = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || key === '') {
    const answer = await db.transaction((tx) => work(tx));
    reply.code(answer.status);
    return answer.body;
  }
  if (!KEY_PATTERN.test(key)) throw httpError(400, IDEMPOTENCY_MESSAGES.invalidKey);
  const method = request.method;
  const path = request.url.split('?')[0];
  const hash = requestFingerprint(request.body);

  const answer = await db.transaction(async (tx) => {
    const inserted = await queryOne<{ key: string }>(
      tx,
      sql`insert into idempotency_keys (key, user_id, method, path, request_hash)
          values (${key}, ${userId}, ${method}, ${path}, ${hash})
          on conflict (user_id, key) do nothing
          returning key`,
    );
    if (!inserted) {
      const stored = await queryOne<{
        method: string;
        path: string;
        status_code: number | null;
        body: unknown;
        request_hash: string | null;
      }>(
        tx,
        sql`select method, path, status_code, body, request_hash from idempotency_keys
            where user_id = ${userId} and key = ${key}`,
      );
      if (!stored || stored.method !== method || stored.path !== path || stored.status_code === null)
        throw httpError(422, IDEMPOTENCY_MESSAGES.reused);
      if (stored.request_hash !== null && stored.request_hash !== hash)
        throw httpError(422, IDEMPOTENCY_MESSAGES.otherBody);
      return { status: stored.status_code, body: stored.body as T, replayed: true };
    }
    const result = await work(tx);
    await tx.execute(
      sql`update idempotency_keys set status_code = ${result.status}, body = ${JSON.stringify(result.body)}::jsonb
          where user_id = ${userId} and key = ${key}`,
    );
    return { ...result, replayed: false };
  });
  if (answer.replayed) reply.header('Idempotent-Replayed', 'true');
  reply.code(answer.status);
  return answer.body;
}
