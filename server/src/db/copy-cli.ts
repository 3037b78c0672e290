import path from 'node:path';
import { openDatabase } from './client';
import { copyDatabase } from './copy';
import { lockDataDir } from './data-dir';

/**
 * `npm run db:copy -- postgres://user@host:5432/base`: copies the embedded database of DATA_DIR (default
 * ./data) into that empty PostgreSQL database (decision 0018). Stop the server first: the data folder
 * is locked during the copy. The attachments stay in DATA_DIR/attachments, where the server reads them
 * with DATABASE_URL too.
 */
async function main(): Promise<void> {
  const url = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    throw new Error(
      'Usage : npm run db:copy -- postgres://utilisateur@hôte:5432/base (base PostgreSQL vide ; source : DATA_DIR, ./data par défaut)',
    );
  }
  const dataDir = path.resolve(process.env.DATA_DIR || './data');
  const release = lockDataDir(dataDir);
  const started = performance.now();
  const source = await openDatabase({ dataDir });
  const target = await openDatabase({ databaseUrl: url });
  try {
    console.log(
      `Copie de PGlite (${dataDir}) vers PostgreSQL (${new URL(url).host}${new URL(url).pathname})`,
    );
    const report = await copyDatabase(source, target, (line) => console.log(`  ${line}`));
    const rows = report.tables.reduce((n, t) => n + t.rows, 0);
    console.log(
      `Terminé en ${((performance.now() - started) / 1000).toFixed(1)} s : ${rows} lignes dans ${report.tables.length} tables, ${report.sequences} séquences.`,
    );
    console.log(`Démarrez maintenant le serveur avec DATABASE_URL=${url}`);
  } finally {
    await target.close();
    await source.close();
    release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
