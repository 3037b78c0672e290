import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryOne } from '../db/query';
import { httpError } from '../http/errors';

/**
 * Sign-in limits (decisions 0014, section 5, and 0041), counted in the database (`login_failures`) so
 * that every server process shares them:
 *
 * - per account, all its identifiers together (email, phone, matricule name one `user:<id>`): after
 *   `perAccount` failures in the window, each further try waits a growing delay (`baseDelayMs`, doubled
 *   at each failure, at most the window), the right password included: the account is under attack;
 * - per device: an attempt carrying a valid device cookie of the account (auth/device-cookie.ts) is
 *   counted under that device's own key (`device:<user id>:<nonce>`) with the same numbers, apart from
 *   the anonymous attempts: somebody else locking the account does not lock its owner out of a device
 *   that signed in before, and a stolen device cookie is limited like an account;
 * - per address, only against spraying: an address that failed on `perAddress` different accounts in the
 *   window is refused every anonymous try on an account that itself has failures, and each of its wrong
 *   passwords answers 429; a right password for an account with no failure is never refused (a whole
 *   church office behind one shared address keeps signing in).
 *
 * An attempt takes its place before any password is hashed (`reserveAttempt`): under a lock on its key,
 * the counts are read and, when the attempt may go on, its failure is written at once. The hash is then
 * computed without any lock held, and the attempt settled: a wrong password keeps the failure
 * (`keepFailure`), a right one clears the key's failures (`clearFailures`). Of N attempts sent at once
 * on one key, at most the free ones reach the password check; the others answer 429 at once.
 */
export type LoginLimits = {
  /** failures of one account (or one device) in the window before the growing delay starts */
  perAccount: number;
  /** different accounts failed from one address in the window before it counts as spraying */
  perAddress: number;
  windowMs: number;
  /** the first delay once an account is over its limit (then doubled at each failure); default 30 s */
  baseDelayMs?: number;
};

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perAccount: 5,
  perAddress: 10,
  windowMs: 15 * 60 * 1000,
  baseDelayMs: 30 * 1000,
};

/** The prefix of the keys of attempts made with a device cookie (never counted as spraying). */
export const DEVICE_KEY_PREFIX = 'device:';

export type LoginState = {
  /** seconds the account must wait (0: it may try) */
  accountRetryAfter: number;
  /** failures of the account in the window */
  accountFailures: number;
  /** the address is spraying many accounts */
  spraying: boolean;
  /** seconds until the address stops counting as spraying (when it does) */
  addressRetryAfter: number;
};

/** The delay after the `failures`-th failure of an account over its limit, in ms (0 under the limit). */
export function accountDelayMs(failures: number, limits: LoginLimits): number {
  if (failures < limits.perAccount) return 0;
  const base = limits.baseDelayMs ?? DEFAULT_LOGIN_LIMITS.baseDelayMs!;
  return Math.min(limits.windowMs, base * 2 ** Math.min(20, failures - limits.perAccount));
}

/** Where the account and the address stand, in one statement. */
export async function loginState(
  db: Db,
  accountKey: string,
  address: string,
  limits: LoginLimits,
): Promise<LoginState> {
  const windowSeconds = limits.windowMs / 1000;
  const row = await queryOne<{
    failures: number;
    last_ms: number | null;
    accounts: number;
    oldest_ms: number | null;
    now_ms: number;
  }>(
    db,
    sql`with recent as (
          select account_key, address, failed_at from login_failures
          where failed_at > now() - make_interval(secs => ${windowSeconds})
            and (account_key = ${accountKey}
                 or (address = ${address} and account_key not like ${`${DEVICE_KEY_PREFIX}%`}))
        )
        select (select count(*)::int from recent where account_key = ${accountKey}) as failures,
               (select (extract(epoch from max(failed_at)) * 1000)::float8 from recent
                 where account_key = ${accountKey}) as last_ms,
               (select count(distinct account_key)::int from recent where address = ${address}
                  and account_key not like ${`${DEVICE_KEY_PREFIX}%`}) as accounts,
               (select (extract(epoch from min(failed_at)) * 1000)::float8 from recent
                 where address = ${address} and account_key not like ${`${DEVICE_KEY_PREFIX}%`}) as oldest_ms,
               (extract(epoch from now()) * 1000)::float8 as now_ms`,
  );
  const failures = Number(row?.failures ?? 0);
  const now = Number(row?.now_ms ?? Date.now());
  const delay = accountDelayMs(failures, limits);
  const waitMs = delay > 0 && row?.last_ms != null ? Number(row.last_ms) + delay - now : 0;
  const spraying = Number(row?.accounts ?? 0) >= limits.perAddress;
  const addressWaitMs =
    spraying && row?.oldest_ms != null ? Number(row.oldest_ms) + limits.windowMs - now : 0;
  return {
    accountRetryAfter: waitMs > 0 ? Math.ceil(waitMs / 1000) : 0,
    accountFailures: failures,
    spraying,
    addressRetryAfter: spraying ? Math.max(1, Math.ceil(addressWaitMs / 1000)) : 0,
  };
}

/** An attempt that may go on to the password check: its failure is already counted. */
export type Reservation = {
  accountKey: string;
  address: string;
  /** the row counting this attempt as a failure until it is settled */
  failureId: number;
  /** where the key and the address stood before this attempt */
  state: LoginState;
};

/** An attempt refused before the password check: 429 with Retry-After. */
export type Refusal = { retryAfter: number };

/**
 * Takes an attempt's place on `accountKey` before its password is checked: under a transaction lock on
 * the key (every process: PostgreSQL's advisory lock, tried, never waited for: an attempt that finds
 * another one of its key taking its place answers 429 with Retry-After 1; PGlite runs one transaction
 * at a time), reads where the key and the address stand and, when the attempt may go on, writes its
 * failure. `anonymous`:
 * no device cookie vouches for the attempt (the spraying rule applies). The lock is held for these two
 * statements only, never across the hash.
 */
export async function reserveAttempt(
  db: Db,
  attempt: { accountKey: string; address: string; anonymous: boolean },
  limits: LoginLimits,
): Promise<Reservation | Refusal> {
  const { accountKey, address } = attempt;
  // An attempt already over a limit is refused on one statement, with no transaction nor lock: a flood
  // on one account costs one read per attempt.
  const refused = refusal(await loginState(db, accountKey, address, limits), attempt.anonymous);
  if (refused) return refused;
  return db.transaction(async (tx) => {
    // Never waited for: an attempt that finds another one of the same key taking its place is refused
    // at once (waiting would hold a pooled connection per attempt, and a burst on one account would
    // starve every other request of the server).
    const lock = await queryOne<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(hashtext(${`login_failures:${accountKey}`})) as locked`,
    );
    if (!lock?.locked) return { retryAfter: 1 };
    // read again under the lock: the read above may predate another attempt's failure
    const state = await loginState(tx, accountKey, address, limits);
    const late = refusal(state, attempt.anonymous);
    if (late) return late;
    const row = await queryOne<{ id: number }>(
      tx,
      sql`insert into login_failures (account_key, address) values (${accountKey}, ${address}) returning id`,
    );
    return { accountKey, address, failureId: Number(row!.id), state };
  });
}

/** Why an attempt may not go on where the key and the address stand, or null. */
function refusal(state: LoginState, anonymous: boolean): Refusal | null {
  if (state.accountRetryAfter > 0) return { retryAfter: state.accountRetryAfter };
  // A spraying address: nothing more on an account that already failed.
  if (anonymous && state.spraying && state.accountFailures > 0)
    return { retryAfter: state.addressRetryAfter };
  return null;
}

/**
 * The 429 of a refused attempt, with its Retry-After (seconds) and the wait in French; `what` names the
 * attempts ('de connexion' at sign-in).
 */
export function tooManyAttempts(retryAfter: number, what = 'de connexion') {
  const wait =
    retryAfter < 60
      ? `${retryAfter} seconde${retryAfter > 1 ? 's' : ''}`
      : `${Math.ceil(retryAfter / 60)} minute${Math.ceil(retryAfter / 60) > 1 ? 's' : ''}`;
  return httpError(429, `Trop de tentatives ${what}. Réessayez dans ${wait}.`, {
    headers: { 'Retry-After': String(retryAfter) },
  });
}

export function isRefusal(value: Reservation | Refusal): value is Refusal {
  return 'retryAfter' in value;
}

/**
 * A wrong password: the reserved failure stays, and the failures of this key and address older than
 * the window are forgotten.
 */
export async function keepFailure(db: Db, reservation: Reservation, limits: LoginLimits): Promise<void> {
  const windowSeconds = limits.windowMs / 1000;
  await db.execute(
    sql`delete from login_failures
        where (account_key = ${reservation.accountKey} or address = ${reservation.address})
          and failed_at < now() - make_interval(secs => ${windowSeconds})`,
  );
}

/** A right password clears its key's failures, the reserved one included (not the address's). */
export async function clearFailures(db: Db, accountKey: string): Promise<void> {
  await db.execute(sql`delete from login_failures where account_key = ${accountKey}`);
}
