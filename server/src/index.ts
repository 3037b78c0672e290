import { count, inArray } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from './config';
import { openDatabase, runMigrations } from './db/client';
import { lockDataDir, writeOpsFile } from './db/data-dir';
import { seedReferenceData } from './db/reference-data';
import { users } from './db/schema/core';
import { DEMO_ACCOUNTS, demoAccountsTable } from './demo-accounts';
import { purgeExpiredSessions } from './auth/sessions';

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
  const stopping: Array<() => void> = [];
  let closing = false;
  /**
   * Graceful stop (decision 0017): the listener closes at once (a load balancer sees the port close,
   * and /api/ready answers 503 on the connections still open), the requests in flight finish, then
   * the pool or PGlite closes. Past SHUTDOWN_TIMEOUT_MS the remaining connections are cut; a second
   * signal, or 5 s more, ends the process at once.
   */
  const shutdown = async (signal: string) => {
    if (closing) {
      console.warn(`${signal} reçu de nouveau : arrêt immédiat.`);
      process.exit(1);
    }
    closing = true;
    const seconds = config.shutdownTimeoutMs / 1000;
    console.log(`\n${signal} reçu : arrêt du serveur (requêtes en cours terminées, ${seconds} s au plus).`);
    const cut = setTimeout(() => {
      console.warn(`Requêtes encore en cours après ${seconds} s : connexions fermées.`);
      running.app?.server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    const deadline = setTimeout(() => {
      console.error('Arrêt bloqué : fin du processus.');
      process.exit(1);
    }, config.shutdownTimeoutMs + 5000);
    deadline.unref();
    // A keep-alive connection busy when the stop began becomes idle once its answer is sent: closed
    // then, rather than at the timeout.
    const sweep = setInterval(() => running.app?.server.closeIdleConnections(), 100);
    let code = 0;
    try {
      await running.app?.close();
    } catch (error) {
      console.error(error);
      code = 1;
    } finally {
      clearTimeout(cut);
      clearInterval(sweep);
      for (const stop of stopping) stop();
      await database.close().catch((error: unknown) => console.error(error));
      releaseLock();
      process.exit(code);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  lap('base de données ouverte');
  // Several servers on one PostgreSQL: one at a time migrates, refreshes the reference data and seeds
  // an empty database; the others wait, then find it done (decision 0018).
  await database.exclusive(async () => {
    await runMigrations(database);
    lap('migrations');
    await seedReferenceData(database.db);
    await purgeExpiredSessions(database.db);
    lap('données de référence');
    // the attachments once stored in DATA_DIR/attachments move into the database (decision 0044)
    const { moveFilesIntoDatabase } = await import('./modules/attachments');
    await moveFilesIntoDatabase(database.db, config.dataDir, (line) => console.log(line));
    lap('pièces jointes');

    if (config.seedDemo) {
      const [{ value: userCount }] = await database.db.select({ value: count() }).from(users);
      if (userCount === 0) {
        console.log('Base vide : création des données de démonstration…');
        const { seedDemo } = await import('./db/seed/demo');
        await seedDemo(database.db, { log: (line) => console.log(`  ${line}`) });
      }
    }
  });

  lap('démo');
  const { buildApp } = await loadingApp;
  // The daily backup (decision 0044), and the token `npm run backup` uses to ask this server.
  const { backupService } = await import('./modules/backups');
  const backups = backupService(database, config.backupDir, config.backupKeep);
  const daily = backups.schedule((line) => console.log(line));
  config.opsToken = randomBytes(32).toString('hex');
  const app = await buildApp({ database, config, backups });
  running.app = app;
  lap('application');
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const opsFile = writeOpsFile(config.dataDir, { pid: process.pid, port, token: config.opsToken });
  stopping.push(() => {
    daily.stop();
    rmSync(opsFile, { force: true });
  });
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
