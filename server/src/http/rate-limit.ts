import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryOne } from '../db/query';

/**
 * A fixed-window counter per key (the client's address), kept in the database (`rate_limits`, decision
 * 0041) so that every server process counts together: the public receipt page uses it so that receipt
 * ids cannot be enumerated from one address. A hit is one atomic upsert (a window that ended starts
 * again at 1); the rows of ended windows of its kind are purged at most once per window by each process.
 */
export type RateLimiter = {
  /** counts one hit; answers null when allowed, else the seconds to wait */
  hit: (key: string) => Promise<number | null>;
};

export function databaseRateLimiter(
  db: Db,
  options: { kind: string; max: number; windowMs: number },
): RateLimiter {
  const { kind, max } = options;
  const windowSeconds = options.windowMs / 1000;
  let lastPurge = 0;
  return {
    async hit(key) {
      if (Date.now() - lastPurge >= options.windowMs) {
        lastPurge = Date.now();
        await db.execute(
          sql`delete from rate_limits
              where kind = ${kind} and window_start <= now() - make_interval(secs => ${windowSeconds})`,
        );
      }
      const row = await queryOne<{ hits: number; wait_ms: number }>(
        db,
        sql`insert into rate_limits as r (kind, key) values (${kind}, ${key})
            on conflict (kind, key) do update set
              hits = case when r.window_start <= now() - make_interval(secs => ${windowSeconds})
                          then 1 else r.hits + 1 end,
              window_start = case when r.window_start <= now() - make_interval(secs => ${windowSeconds})
                                  then now() else r.window_start end
            returning r.hits,
              (extract(epoch from r.window_start + make_interval(secs => ${windowSeconds}) - now()) * 1000)::float8
                as wait_ms`,
      );
      if (!row || Number(row.hits) <= max) return null;
      return Math.max(1, Math.ceil(Number(row.wait_ms) / 1000));
    },
  };
}
