import { getTableColumns, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';

function chunked<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Inserts rows through one JSON parameter per chunk (jsonb_to_recordset): far faster than thousands of
 * bound parameters, on PGlite as on PostgreSQL. Missing keys insert null.
 */
export async function insertAll<T extends PgTable>(
  db: Db,
  table: T,
  rows: Array<T['$inferInsert']>,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row as object)))];
  const names = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`insertAll: ${key} is not a column of ${getTableConfig(table).name}`);
    return column.name;
  });
  const target = sql.raw(names.map((n) => `"${n}"`).join(', '));
  const sqlType = (column: PgColumn) =>
    ({ serial: 'integer', bigserial: 'bigint' })[column.getSQLType()] ?? column.getSQLType();
  const definition = sql.raw(keys.map((key, i) => `"${names[i]}" ${sqlType(columns[key])}`).join(', '));
  for (const chunk of chunked(rows, 5_000)) {
    const json = chunk.map((row) => {
      const out: Record<string, unknown> = {};
      keys.forEach((key, i) => {
        const value = (row as Record<string, unknown>)[key];
        out[names[i]] = value instanceof Date ? value.toISOString() : (value ?? null);
      });
      return out;
    });
    await db.execute(
      sql`insert into ${table} (${target}) select ${target} from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as x(${definition})`,
    );
  }
}
