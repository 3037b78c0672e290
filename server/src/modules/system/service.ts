import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Answers when the database does (throws otherwise: the health check is then a 500). */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
