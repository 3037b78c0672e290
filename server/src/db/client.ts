import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index';

export { schema };

/** The database handle every module uses: the same Drizzle API on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** closes the pool or the embedded database (PGlite keeps the process alive until closed) */
  close: () => Promise<void>;
  /**
   * Runs `work` while holding a lock that every server process on this database shares: on
   * PostgreSQL a session advisory lock on a connection of its own, so that servers starting together
   * migrate and seed one after the other (decision 0018); PGlite serves one process.
   */
  exclusive: <T>(work: () => Promise<T>) => Promise<T>;
  /**
   * Runs `work` unless another process on this PostgreSQL holds the lock `key` (then answers null at
   * once): the daily backup, taken by one process of several (decision 0044). PGlite: runs it.
   */
  tryExclusive: <T>(key: string, work: () => Promise<T>) => Promise<T | null>;
};

/** The advisory lock key of the start-up work (migrations, reference data, demo seed). */
const STARTUP_LOCK = 'ekklesia_startup';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseOptions =
  | { databaseUrl: string }
  | { dataDir: string }
  /** an already opened PGlite instance (tests restore a dumped template into one) */
  | { pglite: PGlite };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    // Loaded on demand: the embedded default does not pay for the PostgreSQL driver at start.
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ]);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server ends (a restart, an administrator, a dropped database) must not
    // crash the process: the pool drops it and opens another on the next query.
    pool.on('error', (error) => {
      console.warn(`PostgreSQL : connexion inactive perdue (${error.message})`);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(hashtext($1))', [STARTUP_LOCK]);
        try {
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock(hashtext($1))', [STARTUP_LOCK]);
        }
      } finally {
        client.release();
      }
    };
    const tryExclusive = async <T>(key: string, work: () => Promise<T>): Promise<T | null> => {
      const client = await pool.connect();
      try {
        const { rows } = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock(hashtext($1)) as locked',
          [key],
        );
        if (!rows[0]?.locked) return null;
        try {
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock(hashtext($1))', [key]);
        }
      } finally {
        client.release();
      }
    };
    return { db, kind: 'postgres', close: () => pool.end(), exclusive, tryExclusive };
  }
  let client: PGlite;
  if ('pglite' in options) {
    client = options.pglite;
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    client = await PGlite.create({ dataDir: path.join(options.dataDir, 'pglite') });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    exclusive: (work) => work(),
    tryExclusive: (_key, work) => work(),
  };
}

export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
    await migratePg(database.db as never, { migrationsFolder });
  } else {
    await migratePglite(database.db as never, { migrationsFolder });
  }
}
