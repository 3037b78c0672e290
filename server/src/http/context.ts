import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { findSessionUser, SESSION_COOKIE, type SessionUser } from '../auth/sessions';
import { loadVisibility, type Visibility } from '../permissions/visibility';
import { httpError, MESSAGES } from './errors';

export type AppDeps = { db: Db; config: Config };

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    /** memo of the session lookup, filled by currentUser() */
    sessionUserMemo: Promise<SessionUser | null> | null;
    visibilityMemo: Promise<Visibility> | null;
  }
}

/** The raw session token of the request's cookie, when its signature is valid. */
export function sessionToken(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
}

/**
 * The signed-in user (looked up once per request), or null. `db`: the open transaction's handle when
 * the first lookup happens inside one (PGlite has one connection).
 */
export function currentUser(
  request: FastifyRequest,
  db: Db = request.server.deps.db,
): Promise<SessionUser | null> {
  if (!request.sessionUserMemo) {
    const token = sessionToken(request);
    const { config } = request.server.deps;
    request.sessionUserMemo = token ? findSessionUser(db, token, config.sessionTtlMs) : Promise.resolve(null);
  }
  return request.sessionUserMemo;
}

/** The signed-in user, or a 401 answer. */
export async function requireUser(request: FastifyRequest, db?: Db): Promise<SessionUser> {
  const user = await currentUser(request, db);
  if (!user) throw httpError(401, MESSAGES.unauthenticated);
  return user;
}

/** What the signed-in user may see of the organisation (computed once per request). */
export async function requireVisibility(
  request: FastifyRequest,
  db: Db = request.server.deps.db,
): Promise<{ user: SessionUser; visibility: Visibility }> {
  const user = await requireUser(request, db);
  if (!request.visibilityMemo) request.visibilityMemo = loadVisibility(db, user);
  return { user, visibility: await request.visibilityMemo };
}
