import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { restoreBackup } from './backup';
import { openDatabase } from './client';
import { lockDataDir } from './data-dir';

/**
 * `npm run restore -- FILE` (decision 0044): fills the empty database of DATABASE_URL, or of DATA_DIR's
 * PGlite (server stopped), with a backup; checks every table's count and digest; refuses a database
 * that has users.
 */
async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const file = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
  if (!file || !existsSync(file)) {
    throw new Error(
      'Usage : npm run restore -- FICHIER.jsonl.gz (base cible : DATABASE_URL, sinon le PGlite de DATA_DIR, vide)',
    );
  }
  const config = loadConfig();
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const started = performance.now();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  try {
    const target = config.databaseUrl
      ? `PostgreSQL (${new URL(config.databaseUrl).host}${new URL(config.databaseUrl).pathname})`
      : `PGlite (${config.dataDir})`;
    console.log(`Restauration de ${path.resolve(file)} dans ${target}`);
    const report = await restoreBackup(database, path.resolve(file), (line) => console.log(`  ${line}`));
    const rows = report.tables.reduce((n, t) => n + t.rows, 0);
    console.log(
      `Terminé en ${((performance.now() - started) / 1000).toFixed(1)} s : ${rows} lignes dans ${report.tables.length} tables, ${report.sequences} séquences, nombres et empreintes vérifiés.`,
    );
  } finally {
    await database.close();
    release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
