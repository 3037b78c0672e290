import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryOne } from '../db/query';
import { sessions } from '../db/schema/core';

export const SESSION_COOKIE = 'session';

/** Sliding expiry: a session seen again after this delay gets a new expiry (one write per hour at most). */
const REFRESH_AFTER_MS = 3600 * 1000;

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored id of a session: sha-256 of the cookie token, so a leaked table gives no usable cookie. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Db,
  input: { userId: number; ttlMs: number; ip: string | null; userAgent: string | null },
): Promise<string> {
  const token = newSessionToken();
  await db.insert(sessions).values({
    id: sessionIdOf(token),
    userId: input.userId,
    expiresAt: new Date(Date.now() + input.ttlMs),
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export type SessionUser = {
  sessionId: string;
  userId: number;
  isSuperAdmin: boolean;
};

/**
 * The session's user, or null when the session is unknown, expired, or its user disabled: checked at
 * every request, so disabling a user ends their sessions at once.
 */
export async function findSessionUser(db: Db, token: string, ttlMs: number): Promise<SessionUser | null> {
  const id = sessionIdOf(token);
  const row = await queryOne<{ user_id: number; is_super_admin: boolean; last_seen_at: Date | string }>(
    db,
    sql`select user_id, is_super_admin, last_seen_at from app_session_user(${id})`,
  );
  if (!row) return null;
  if (Date.now() - new Date(row.last_seen_at).getTime() > REFRESH_AFTER_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + ttlMs) })
      .where(eq(sessions.id, id));
  }
  return { sessionId: id, userId: row.user_id, isSuperAdmin: row.is_super_admin };
}

export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.execute(sql`delete from sessions where expires_at < now()`);
}
