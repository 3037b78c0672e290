import { LOGIN_FAILED_MESSAGE, type Account } from '../../../../contract/auth';
import { audit } from '../../audit/audit';
import { buildAccount, findLoginCandidate, normalizePhone } from '../../auth/account';
import type { Device } from '../../auth/device-cookie';
import { verifyPassword } from '../../auth/password';
import {
  clearFailures,
  DEFAULT_LOGIN_LIMITS,
  isRefusal,
  keepFailure,
  reserveAttempt,
  tooManyAttempts,
  type LoginLimits,
} from '../../auth/login-throttle';
import { createSession, deleteSession, sessionIdOf } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { httpError } from '../../http/errors';

export { DEFAULT_LOGIN_LIMITS, type LoginLimits };

/** Verified when the identifier is unknown, so that the answer takes as long as for a known one. The
 * password it hashes was random and thrown away: nothing matches it. */
const DUMMY_HASH = 'scrypt$32768$8$1$5dODJG2EwBrw/nytjJwySg==$mpx3fvvvCD6NtkotcYaRR0pjpe2zEgMJZcysZTcG+78=';

/** The key of an unknown identifier: the same text typed differently counts once. */
function unknownLoginKey(login: string): string {
  const value = login.trim().toLowerCase();
  return `login:${value.includes('@') ? value : (normalizePhone(value) ?? value)}`;
}

export type LoginAttempt = {
  login: string;
  password: string;
  ip: string;
  userAgent: string | null;
  /** the session token the browser still had: ended at sign-in */
  previousToken: string | null;
  /** the device cookie the browser sent, when its signature holds (auth/device-cookie.ts) */
  device: Device | null;
};

/**
 * The sign-in, with its limits counted in the database (auth/login-throttle.ts): 429 with Retry-After
 * for an account under attack (all its identifiers together, a growing delay), and for an address
 * spraying many accounts, but never for the right password of an account that has no failure. An
 * attempt carrying a device cookie of the account is counted under that device's key instead, apart
 * from the anonymous ones. The attempt takes its place before the password is hashed, so parallel
 * attempts cannot pass the limit. A failure answers one message whatever the cause (unknown, disabled,
 * wrong password) and is audited; a success opens a new session and answers the account and its token.
 */
export function signIn(db: Db, sessionTtlMs: number, limits: LoginLimits) {
  return async (attempt: LoginAttempt): Promise<{ account: Account; token: string }> => {
    const candidate = await findLoginCandidate(db, attempt.login);
    // a device cookie counts only for the account it names
    const device = candidate && attempt.device?.userId === candidate.id ? attempt.device : null;
    const accountKey = device
      ? device.key
      : candidate
        ? `user:${candidate.id}`
        : unknownLoginKey(attempt.login);
    const reservation = await reserveAttempt(
      db,
      { accountKey, address: attempt.ip, anonymous: device === null },
      limits,
    );
    if (isRefusal(reservation)) throw tooManyAttempts(reservation.retryAfter);

    const valid = await verifyPassword(attempt.password, candidate?.password_hash ?? DUMMY_HASH);
    if (!candidate || !candidate.password_hash || !candidate.active || !valid) {
      await keepFailure(db, reservation, limits);
      await audit(db, {
        userId: candidate?.id ?? null,
        action: 'auth.login_failed',
        data: {
          reason: !candidate ? 'unknown' : !candidate.active ? 'disabled' : 'password',
          ...(device ? { device: true } : {}),
        },
        ip: attempt.ip,
      });
      if (!device && reservation.state.spraying) throw tooManyAttempts(reservation.state.addressRetryAfter);
      throw httpError(400, LOGIN_FAILED_MESSAGE);
    }
    await clearFailures(db, accountKey);

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
