import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Backup } from '../../../../contract/backups';
import { BACKUP_PATTERN, backupFileName, writeBackup } from '../../db/backup';
import type { Database } from '../../db/client';

/**
 * The backups of BACKUP_DIR (decision 0044): listed with the manifest written beside each file
 * (`<name>.manifest.json`), taken at once ('Sauvegarder maintenant', `npm run backup`) or daily by the
 * server, the newest BACKUP_KEEP kept. One backup at a time per process (a second call while one is
 * written answers the same one), and one at a time for all processes on a PostgreSQL (advisory lock).
 */

const BACKUP_LOCK = 'ekklesia_backup';
const DAY_MS = 24 * 3600 * 1000;

type Manifest = { created_at: string; tables: Array<{ name: string; rows: number }> };

export type BackupService = {
  list: () => Promise<Backup[]>;
  running: () => boolean;
  /** a backup now (or the one being written); null when another process is writing one */
  take: () => Promise<Backup | null>;
  /** the path of a listed backup, or null */
  file: (name: string) => Promise<string | null>;
  /** the daily backup: every hour, a backup when the newest is a day old; stop() ends it */
  schedule: (log?: (line: string) => void) => { stop: () => void };
};

function toBackup(name: string, bytes: number, manifest: Manifest | null, mtime: Date): Backup {
  return {
    name,
    created_at: manifest?.created_at ?? mtime.toISOString(),
    bytes,
    tables: manifest ? manifest.tables.length : null,
    rows: manifest ? manifest.tables.reduce((n, t) => n + t.rows, 0) : null,
  };
}

export function backupService(database: Database, dir: string, keep: number): BackupService {
  let current: Promise<Backup | null> | null = null;

  const list = async (): Promise<Backup[]> => {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => BACKUP_PATTERN.test(n));
    const backups = await Promise.all(
      names.map(async (name) => {
        const info = await stat(path.join(dir, name)).catch(() => null);
        if (!info) return null;
        const manifest = await readFile(path.join(dir, `${name}.manifest.json`), 'utf8')
          .then((text) => JSON.parse(text) as Manifest)
          .catch(() => null);
        return toBackup(name, info.size, manifest, info.mtime);
      }),
    );
    return backups
      .filter((b): b is Backup => b !== null)
      .sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
  };

  const write = async (): Promise<Backup> => {
    await mkdir(dir, { recursive: true });
    const names = new Set(await readdir(dir).catch(() => [] as string[]));
    const base = backupFileName();
    let name = base;
    for (let i = 1; names.has(name); i++) name = base.replace('.jsonl.gz', `-${i}.jsonl.gz`);
    const summary = await writeBackup(database, dir, { name });
    const manifest: Manifest = {
      created_at: summary.createdAt,
      tables: summary.tables.map((t) => ({ name: t.name, rows: t.rows })),
    };
    await writeFile(
      path.join(dir, `${name}.manifest.json`),
      JSON.stringify({ ...manifest, migration: summary.migration, tables_sha256: summary.tables }),
    );
    return toBackup(name, summary.bytes, manifest, new Date(summary.createdAt));
  };

  const due = async () => {
    const newest = (await list())[0];
    return !newest || Date.now() - new Date(newest.created_at).getTime() >= DAY_MS - 60_000;
  };

  /** One backup at a time in this process; under the lock every process on a PostgreSQL shares. */
  const run = (onlyIfDue: boolean): Promise<Backup | null> => {
    current ??= database
      .tryExclusive(BACKUP_LOCK, async () => (onlyIfDue && !(await due()) ? null : write()))
      .then((taken) => taken ?? null)
      .finally(() => {
        current = null;
      });
    return current;
  };
  const take = () => run(false);

  const prune = async () => {
    if (keep <= 0) return;
    for (const old of (await list()).slice(keep)) {
      await rm(path.join(dir, old.name), { force: true });
      await rm(path.join(dir, `${old.name}.manifest.json`), { force: true });
    }
  };

  const schedule = (log: (line: string) => void = () => {}) => {
    let stopped = false;
    const tick = async () => {
      if (stopped || keep <= 0) return;
      try {
        if (!(await due())) return;
        const taken = await run(true);
        if (taken) {
          log(`Sauvegarde quotidienne : ${path.join(dir, taken.name)} (${taken.bytes} octets)`);
          await prune();
        }
      } catch (error) {
        console.error(`Sauvegarde quotidienne échouée : ${(error as Error).message}`);
      }
    };
    const first = setTimeout(() => void tick(), 60_000);
    const timer = setInterval(() => void tick(), 3600_000);
    first.unref();
    timer.unref();
    return {
      stop: () => {
        stopped = true;
        clearTimeout(first);
        clearInterval(timer);
      },
    };
  };

  return {
    list,
    running: () => current !== null,
    take,
    file: async (name) => ((await list()).some((b) => b.name === name) ? path.join(dir, name) : null),
    schedule,
  };
}
