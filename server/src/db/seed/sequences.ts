import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/** After rows were inserted with explicit ids: moves each table's id sequence past its largest id. */
export async function resetIdSequences(db: Pick<Db, 'execute'>, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    await db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce(max(id), 0) + 1, false) from ${table}`,
      ),
    );
  }
}

/** The tables of people and money the demo and its benchmark volume (large.ts) fill with explicit ids. */
export const PEOPLE_AND_MONEY_TABLES = [
  'users',
  'contributions',
  'treasury_movements',
  'expense_requests',
  'expense_lines',
  'expense_payments',
] as const;

/** After contributions were inserted with their own receipt numbers: the next receipt follows them. */
export async function resetReceiptNumbers(db: Pick<Db, 'execute'>): Promise<void> {
  await db.execute(
    sql`select setval('contribution_receipt_number_seq', (select count(*) + 1 from contributions), false)`,
  );
}
