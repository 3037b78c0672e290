import { sql } from 'drizzle-orm';
import type { Account } from '../../../contract/auth';
import type { Db } from '../db/client';
import { queryOne } from '../db/query';

/** Phones are stored as digits with an optional leading +: the same normalisation for sign-in. */
export function normalizePhone(value: string): string | null {
  const trimmed = value.trim();
  if (!/^\+?[\d\s.\-()]{6,}$/.test(trimmed)) return null;
  return (trimmed.startsWith('+') ? '+' : '') + trimmed.replace(/\D/g, '');
}

export type LoginCandidate = { id: number; password_hash: string | null; active: boolean };

/** The user a sign-in identifier names: an email, a phone or a registration number (matricule). */
export async function findLoginCandidate(db: Db, login: string): Promise<LoginCandidate | undefined> {
  const value = login.trim();
  const email = value.includes('@') ? value.toLowerCase() : null;
  const phone = email ? null : normalizePhone(value);
  return queryOne<LoginCandidate>(
    db,
    sql`select id, password_hash, active from users
        where (${email}::text is not null and email = ${email}::text)
           or (${phone}::text is not null and phone = ${phone}::text)
           or registration_number = ${value} or registration_number = ${value.toUpperCase()}
        order by (email = ${email}::text) desc nulls last, id
        limit 1`,
  );
}

/** The account of contract/auth.ts (one query: see app_account in db/functions.ts). */
export async function buildAccount(db: Db, userId: number): Promise<Account | null> {
  const row = await queryOne<{ account: Account }>(db, sql`select account from app_account(${userId})`);
  return row?.account ?? null;
}
