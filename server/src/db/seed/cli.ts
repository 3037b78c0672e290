import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, runMigrations, type Database } from '../client';
import { queryRows } from '../query';
import { seedReferenceData } from '../reference-data';
import { seedDemo } from './demo';
import { seedLarge } from './large';

/**
 * `npm run seed [-- --reset] [-- --large]`: migrates the database of the environment (DATABASE_URL, else
 * PGlite in DATA_DIR, default ./data), refreshes the reference data, seeds the demo when no user exists,
 * and with --large adds the benchmark volume (once). --reset drops every table first.
 */
async function main(): Promise<void> {
  const args = new Set(process.argv.slice(2));
  const unknown = [...args].filter((a) => !['--large', '--reset'].includes(a));
  if (unknown.length > 0)
    throw new Error(`Option inconnue : ${unknown.join(' ')} (options : --reset, --large)`);
  const started = performance.now();
  let lap = started;
  const log = (message: string) => {
    const now = performance.now();
    console.log(`[seed ${((now - started) / 1000).toFixed(1).padStart(6)} s] ${message}`);
    lap = now;
  };
  const timed = (message: string) => log(`${message} (${((performance.now() - lap) / 1000).toFixed(1)} s)`);

  const databaseUrl = process.env.DATABASE_URL?.trim();
  const dataDir = path.resolve(process.env.DATA_DIR || './data');
  const database: Database = databaseUrl
    ? await openDatabase({ databaseUrl })
    : await openDatabase({ dataDir });
  log(databaseUrl ? 'base PostgreSQL (DATABASE_URL)' : `base PGlite (${dataDir})`);
  try {
    if (args.has('--reset')) {
      await database.db.execute(sql`drop schema if exists drizzle cascade`);
      // the totals kept by triggers (budgets, dashboards) live beside the tables, in `derived`
      await database.db.execute(sql`drop schema if exists derived cascade`);
      await database.db.execute(sql`drop schema public cascade`);
      await database.db.execute(sql`create schema public`);
      timed('base vidée (--reset)');
    }
    await runMigrations(database);
    timed('migrations');
    await seedReferenceData(database.db);
    timed('données de référence (rôles, permissions)');

    const [{ users, churches }] = await queryRows<{ users: number; churches: number }>(
      database.db,
      sql`select (select count(*)::int from users) as users, (select count(*)::int from churches) as churches`,
    );
    if (users === 0) {
      const summary = await seedDemo(database.db, { log });
      timed(`démo créée en ${(summary.durationMs / 1000).toFixed(1)} s`);
    } else {
      log(`${users} utilisateurs déjà présents : démo non recréée (--reset pour repartir de zéro)`);
    }
    if (args.has('--large')) {
      if (churches === 0 && users > 0)
        throw new Error('--large demande la démo : relancez avec --reset --large');
      if (users >= 100_000) log('volume de mesure déjà présent : rien à ajouter');
      else {
        const summary = await seedLarge(database.db, { log });
        timed(`volume de mesure créé en ${(summary.durationMs / 1000).toFixed(1)} s`);
      }
    }
    log('terminé');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  // a failed query carries the whole statement and its parameters: show the database's reason
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
  console.error(cause ? `${(error as Error).message.split('\n')[0]} → ${cause.message}` : error);
  process.exit(1);
});
