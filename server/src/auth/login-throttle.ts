import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryOne } from '../db/query';

/**
 * Sign-in limits (decision 0014, section 5), counted in the database (`login_failures`) so
 * that every server process shares them:
 *
 * - per account, all its identifiers together (email, phone, matricule name one `user:<id>`): after
 *   `perAccount` failures in the window, each further try waits a growing delay (`baseDelayMs`, doubled
 *   at each failure, at most the window), the right password included: the account is under attack;
 * - per address, only against spraying: an address that failed on `perAddress` different accounts in the
 *   window is refused every try on an account that itself has failures, and each of its wrong passwords
 *   answers 429; a right password for an account with no failure is never refused (a whole church office
 *   behind one shared address keeps signing in).
 */
export type LoginLimits = {
  /** failures of one account in the window before the growing delay starts */
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
            and (account_key = ${accountKey} or address = ${address})
        )
        select (select count(*)::int from recent where account_key = ${accountKey}) as failures,
               (select (extract(epoch from max(failed_at)) * 1000)::float8 from recent
                 where account_key = ${accountKey}) as last_ms,
               (select count(distinct account_key)::int from recent where address = ${address}) as accounts,
               (select (extract(epoch from min(failed_at)) * 1000)::float8 from recent
                 where address = ${address}) as oldest_ms,
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

/** Records a failure, and forgets the failures of this account and address older than the window. */
export async function recordLoginFailure(
  db: Db,
  accountKey: string,
  address: string,
  limits: LoginLimits,
): Promise<void> {
  const windowSeconds = limits.windowMs / 1000;
  await db.execute(
    sql`with purged as (
          delete from login_failures
          where (account_key = ${accountKey} or address = ${address})
            and failed_at < now() - make_interval(secs => ${windowSeconds})
        )
        insert into login_failures (account_key, address) values (${accountKey}, ${address})`,
  );
}

/** A successful sign-in clears its account's failures (not the address's). */
export async function clearAccountFailures(db: Db, accountKey: string): Promise<void> {
  await db.execute(sql`delete from login_failures where account_key = ${accountKey}`);
}
