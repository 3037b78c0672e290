import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { backupService } from '../modules/backups';
import { openDatabase } from './client';
import { lockDataDir, runningServer } from './data-dir';

/**
 * `npm run backup` (decision 0044): one backup into BACKUP_DIR (default DATA_DIR/backups), taken while
 * the product runs. With DATABASE_URL it reads PostgreSQL itself (one snapshot transaction); on PGlite
 * the running server owns the data folder, so it asks that server (its DATA_DIR/ops.json), and opens the
 * folder itself only when no server runs on it.
 */
async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const started = performance.now();
  const done = (name: string, bytes: number, tables: number | null) =>
    console.log(
      `Sauvegarde écrite en ${((performance.now() - started) / 1000).toFixed(1)} s : ${path.join(config.backupDir, name)} ` +
        `(${(bytes / 1024).toFixed(0)} Kio${tables === null ? '' : `, ${tables} tables`})`,
    );
  if (!config.databaseUrl) {
    const server = runningServer(config.dataDir);
    if (server) {
      console.log(
        `Serveur en marche sur ${config.dataDir} (processus ${server.pid}) : il écrit la sauvegarde.`,
      );
      const response = await fetch(`http://127.0.0.1:${server.port}/api/backups`, {
        method: 'POST',
        headers: { 'x-ops-token': server.token, 'content-type': 'application/json' },
        body: '{}',
      });
      const answer = (await response.json()) as {
        data?: { name: string; bytes: number; tables: number | null };
        message?: string;
      };
      if (!response.ok || !answer.data) throw new Error(answer.message ?? `HTTP ${response.status}`);
      done(answer.data.name, answer.data.bytes, answer.data.tables);
      return;
    }
  }
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  try {
    const backup = await backupService(database, config.backupDir, config.backupKeep).take();
    if (!backup) throw new Error('Un autre serveur écrit une sauvegarde en ce moment : réessayez plus tard.');
    done(backup.name, backup.bytes, backup.tables);
  } finally {
    await database.close();
    release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
