import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is a single-process database: a second server on the same data folder would corrupt it.
 * A pid file refuses that (a stale one, whose process is gone, is taken over).
 */
export function lockDataDir(dataDir: string): () => void {
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

/** How the command line reaches the running server of a data folder (decision 0044). */
export type OpsFile = { pid: number; port: number; token: string };

/** Writes DATA_DIR/ops.json, readable by the server's user only; answers its path. */
export function writeOpsFile(dataDir: string, ops: OpsFile): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'ops.json');
  writeFileSync(file, JSON.stringify(ops), { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

/** The running server of a data folder (its ops.json, its process alive), or null. */
export function runningServer(dataDir: string): OpsFile | null {
  const file = path.join(dataDir, 'ops.json');
  if (!existsSync(file)) return null;
  try {
    const ops = JSON.parse(readFileSync(file, 'utf8')) as OpsFile;
    process.kill(ops.pid, 0);
    return ops;
  } catch {
    return null;
  }
}
