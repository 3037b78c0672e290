import { LOGIN_FAILED_MESSAGE, type Account } from '../../../../contract/auth';
import { audit } from '../../audit/audit';
import { buildAccount, findLoginCandidate, normalizePhone } from '../../auth/account';
import { verifyPassword } from '../../auth/password';
import { FailureLimiter } from '../../auth/rate-limit';
import { createSession, deleteSession, sessionIdOf } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { httpError } from '../../http/errors';

export type LoginLimits = {
  perAccount: number;
  perAddress: number;
  windowMs: number;
};

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perAccount: 5, perAddress: 30, windowMs: 15 * 60 * 1000 };

/** Verified when the identifier is unknown, so that the answer takes as long as for a known one. The
 * password it hashes was random and thrown away: nothing matches it. */
const DUMMY_HASH = 'scrypt$32768$8$1$5dODJG2EwBrw/nytjJwySg==$mpx3fvvvCD6NtkotcYaRR0pjpe2zEgMJZcysZTcG+78=';

function tooManyAttempts(retryAfter: number) {
  const minutes = Math.ceil(retryAfter / 60);
  return httpError(
    429,
    `Trop de tentatives de connexion. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
    { headers: { 'Retry-After': String(retryAfter) } },
  );
}

/** The key of an account identifier: the same person typed differently counts once. */
function accountKey(login: string): string {
  const value = login.trim().toLowerCase();
  return `account:${value.includes('@') ? value : (normalizePhone(value) ?? value)}`;
}

export type LoginAttempt = {
  login: string;
  password: string;
  ip: string;
  userAgent: string | null;
  /** the session token the browser still had: ended at sign-in */
  previousToken: string | null;
};

/**
 * The sign-in of one server, with its failure counters per account and per address (429 with
 * Retry-After beyond the limits). A failure answers one message whatever the cause (unknown, disabled,
 * wrong password) and is audited; a success opens a new session and answers the account and its token.
 */
export function signIn(db: Db, sessionTtlMs: number, limits: LoginLimits) {
  const perAccount = new FailureLimiter(limits.perAccount, limits.windowMs);
  const perAddress = new FailureLimiter(limits.perAddress, limits.windowMs);

  return async (attempt: LoginAttempt): Promise<{ account: Account; token: string }> => {
    const keys = { account: accountKey(attempt.login), address: `address:${attempt.ip}` };
    const retryAfter = Math.max(perAccount.retryAfter(keys.account), perAddress.retryAfter(keys.address));
    if (retryAfter > 0) throw tooManyAttempts(retryAfter);

    const candidate = await findLoginCandidate(db, attempt.login);
    const valid = await verifyPassword(attempt.password, candidate?.password_hash ?? DUMMY_HASH);
    if (!candidate || !candidate.password_hash || !candidate.active || !valid) {
      perAccount.fail(keys.account);
      perAddress.fail(keys.address);
      await audit(db, {
        userId: candidate?.id ?? null,
        action: 'auth.login_failed',
        data: { reason: !candidate ? 'unknown' : !candidate.active ? 'disabled' : 'password' },
        ip: attempt.ip,
      });
      throw httpError(400, LOGIN_FAILED_MESSAGE);
    }
    perAccount.reset(keys.account);

    // A new session id at each sign-in; the one the browser had is ended.
    if (attempt.previousToken) await deleteSession(db, sessionIdOf(attempt.previousToken));
    const token = await createSession(db, {
      userId: candidate.id,
      ttlMs: sessionTtlMs,
      ip: attempt.ip,
      userAgent: attempt.userAgent,
    });
    await audit(db, { userId: candidate.id, action: 'auth.login', ip: attempt.ip });
    const account = await buildAccount(db, candidate.id);
    if (!account) throw new Error('account vanished during sign-in');
    return { account, token };
  };
}

/** Ends the session of the token, if any, and audits the sign-out of its user. */
export async function signOut(
  db: Db,
  token: string | null,
  userId: number | null,
  ip: string,
): Promise<void> {
  if (token) await deleteSession(db, sessionIdOf(token));
  if (userId !== null) await audit(db, { userId, action: 'auth.logout', ip });
}
