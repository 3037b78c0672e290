import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema/core';

export const SESSION_COOKIE = 'session';

/** Sliding expiry: a session seen again after this delay gets a new expiry (one write per hour at most). */
export const REFRESH_AFTER_MS = 3600 * 1000;

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

export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.execute(sql`delete from sessions where expires_at < now()`);
}
