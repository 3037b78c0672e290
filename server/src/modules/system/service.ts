import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** How long the readiness check waits for the database before answering that it is not ready. */
export const READY_TIMEOUT_MS = 2000;

/**
 * True when the database answers within `timeoutMs`. PGlite has one connection: a long transaction
 * holding it makes the server not ready for that time, which is what a load balancer should know.
 */
export async function databaseAnswers(db: Db, timeoutMs = READY_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true as const), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
