import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Runs a raw SQL query and answers its rows (the same shape on PGlite and node-postgres). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function queryOne<T>(db: Db, query: SQL): Promise<T | undefined> {
  const rows = await queryRows<T>(db, query);
  return rows[0];
}

/** A timestamp column as an ISO string, whatever the driver returned. */
export function isoString(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  const date = new Date(String(value));
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}
