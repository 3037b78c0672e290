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
