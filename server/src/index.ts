import { count, inArray } from 'drizzle-orm';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from './config';
import { openDatabase, runMigrations } from './db/client';
import { seedReferenceData } from './db/reference-data';
import { users } from './db/schema/core';
import { DEMO_ACCOUNTS, demoAccountsTable } from './demo-accounts';
import { purgeExpiredSessions } from './auth/sessions';

/**
 * PGlite is a single-process database: a second server on the same data folder would corrupt it.
 * A pid file refuses that (a stale one, whose process is gone, is taken over).
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.pid');
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8').trim());
    let alive = false;
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid) {
      try {
        process.kill(pid, 0);
        alive = true;
      } catch (error) {
        alive = (error as NodeJS.ErrnoException).code === 'EPERM';
      }
    }
    if (alive) {
      throw new Error(
        `Le dossier de données ${dataDir} est déjà utilisé par un autre serveur (processus ${pid}).`,
      );
    }
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

async function main(): Promise<void> {
  const started = Date.now();
  // STARTUP_TIMINGS=1 prints how long each step of the start took (see npm run bench).
  const lap = (step: string) => {
    if (process.env.STARTUP_TIMINGS === '1') console.log(`  [${Date.now() - started} ms] ${step}`);
  };
  // A .env file at the working directory, when there is one (variables already set win).
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const releaseLock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  // The HTTP side (Fastify, zod, the routes) loads while the database starts: PGlite compiles its
  // WebAssembly on background threads, so the two overlap.
  const opening = openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  const loadingApp = import('./app');
  const database = await opening;
  // Filled once built: a signal may arrive before.
  const running: { app?: FastifyInstance } = {};
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`\n${signal} reçu : arrêt du serveur.`);
    try {
      await running.app?.close();
    } finally {
      await database.close();
      releaseLock();
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  lap('base de données ouverte');
  await runMigrations(database);
  lap('migrations');
  await seedReferenceData(database.db);
  await purgeExpiredSessions(database.db);
  lap('données de référence');

  if (config.seedDemo) {
    const [{ value: userCount }] = await database.db.select({ value: count() }).from(users);
    if (userCount === 0) {
      console.log('Base vide : création des données de démonstration…');
      const { seedDemo } = await import('./db/seed/demo');
      await seedDemo(database.db, { log: (line) => console.log(`  ${line}`) });
    }
  }

  lap('démo');
  const { buildApp } = await loadingApp;
  const app = await buildApp({ database, config });
  running.app = app;
  lap('application');
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite (${config.dataDir})`;
  console.log(
    `\nEkklesia Gestion prêt en ${((Date.now() - started) / 1000).toFixed(1)} s : http://localhost:${port}`,
  );
  console.log(`  API : http://localhost:${port}/api — documentation : http://localhost:${port}/api/docs`);
  console.log(`  Base de données : ${where}`);

  const demo = await database.db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((account) => account.login),
      ),
    );
  if (demo.length > 0) console.log(`\n${demoAccountsTable()}\n`);
}

main().catch((error) => {
  console.error(error instanceof Error && error.message.startsWith('Le dossier') ? error.message : error);
  process.exit(1);
});
