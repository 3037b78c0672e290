import { existsSync } from 'node:fs';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { lockDataDir, runningServer } from '../db/data-dir';
import { verifyAuditChain, type ChainReport } from './verify';

/**
 * `npm run audit:verify` (decision 0044): walks the audit log's chain and names the first record
 * altered or removed; exits 1 then. On PGlite with a server running on DATA_DIR, asks that server.
 */
async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  let report: ChainReport;
  const server = config.databaseUrl ? null : runningServer(config.dataDir);
  if (server) {
    const response = await fetch(`http://127.0.0.1:${server.port}/api/audit-log/verification`, {
      headers: { 'x-ops-token': server.token },
    });
    const answer = (await response.json()) as ChainReport & { message?: string };
    if (!response.ok) throw new Error(answer.message ?? `HTTP ${response.status}`);
    report = answer;
  } else {
    const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
    const database = await openDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
    );
    try {
      report = await verifyAuditChain(database.db);
    } finally {
      await database.close();
      release();
    }
  }
  if (report.ok) {
    console.log(`Journal d'audit intact : ${report.checked} enregistrements chaînés vérifiés.`);
    return;
  }
  console.error(`Journal d'audit altéré (${report.checked} enregistrements vérifiés avant) :`);
  console.error(`  ${report.problem!.message}`);
  process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
