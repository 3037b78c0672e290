import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { migrationsFolder, runMigrations, type Database, type Db } from './client';
import { ident, sequenceNames, tablesInOrder, type Table } from './copy';
import { queryOne, queryRows } from './query';

/**
 * Backups and restores (decision 0044; docs/features/backups-audit.md for the format).
 *
 * A backup is one gzip'd JSON-lines file, `ekklesia-AAAAMMJJ-HHMMSS.jsonl.gz`:
 *   {"$":"header","format":"ekklesia-backup","version":1,"created_at":…,"migration":"0015_…","source":"pglite"}
 *   {"$":"table","name":"users","keys":["id"]}
 *   {…one row, as PostgreSQL's row_to_json writes it…}
 *   …
 *   {"$":"end","name":"users","rows":12,"sha256":"…"}   (sha256 of the table's row lines, each + "\n")
 *   … every table of the public schema, parents before children (attachment_chunks: the files) …
 *   {"$":"sequences","values":{"users_id_seq":{"last_value":"12","is_called":true},…}}
 *   {"$":"manifest","tables":[{"name":"users","rows":12,"sha256":"…"},…]}
 * Everything is read in one snapshot: a REPEATABLE READ, READ ONLY transaction on PostgreSQL (writes go
 * on beside it), the one connection of PGlite (writes wait for it). Rows are read by primary key,
 * in pages, so memory stays flat; timestamps are written in UTC.
 */

export const BACKUP_FORMAT = 'ekklesia-backup';
export const BACKUP_VERSION = 1;
export const BACKUP_PATTERN = /^ekklesia-\d{8}-\d{6}(-\d+)?\.jsonl\.gz$/;

export const BACKUP_MESSAGES = {
  notEmpty: (users: number) =>
    `La base cible contient déjà des données (${users} utilisateur${users > 1 ? 's' : ''}) : restauration refusée. ` +
    'Donnez une base vide (createdb, ou un dossier DATA_DIR neuf).',
  notABackup: "Ce fichier n'est pas une sauvegarde Ekklesia (en-tête absent ou illisible).",
  version: (version: unknown) => `Version de sauvegarde ${String(version)} non prise en charge.`,
  migration: (backup: string, code: string) =>
    `La sauvegarde a été faite au schéma ${backup}, ce serveur est au schéma ${code} : restaurez-la avec la version du produit qui l'a faite, puis mettez à jour.`,
  truncated: 'Sauvegarde incomplète : le manifeste de fin manque (fichier tronqué ?).',
  count: (table: string, expected: number, found: number) =>
    `Restauration incomplète de ${table} : ${expected} lignes dans la sauvegarde, ${found} dans la base.`,
  digest: (table: string) =>
    `Empreinte différente pour ${table} après restauration : le contenu ne correspond pas à la sauvegarde.`,
  fileDigest: (table: string) =>
    `Empreinte de ${table} différente de celle du manifeste : la sauvegarde a été altérée.`,
} as const;

/** Rows per page: a few MB of JSON at most; the attachments' pieces (256 KB each) a few at a time. */
function pageSize(table: string): number {
  return table === 'attachment_chunks' ? 8 : 2000;
}

export type TableManifest = { name: string; rows: number; sha256: string };
export type BackupSummary = {
  file: string;
  createdAt: string;
  migration: string;
  bytes: number;
  tables: TableManifest[];
};

/** The code's last migration (the schema it writes and restores). */
export function codeMigration(): string {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string; when: number }>;
  };
  return journal.entries.at(-1)!.tag;
}

/** The database's last applied migration, by the journal's stamp that drizzle keeps. */
async function databaseMigration(db: Db): Promise<string> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string; when: number }>;
  };
  const last = await queryOne<{ when: string | number }>(
    db,
    sql`select max(created_at)::text as when from drizzle.__drizzle_migrations`,
  );
  const when = Number(last?.when ?? 0);
  return journal.entries.find((entry) => entry.when === when)?.tag ?? String(when);
}

function keysOf(table: Table) {
  return sql.join(
    table.keys.map((key) => ident(key)),
    sql`, `,
  );
}

/**
 * Reads one table in pages by primary key; calls `line` with each row's JSON text. The same reading
 * writes a backup and checks a restore, so both compute the same digest from the same database.
 */
async function readTable(db: Db, table: Table, line: (text: string) => Promise<void> | void): Promise<void> {
  const name = ident(table.name);
  const keys = keysOf(table);
  const lastOf = sql.join(
    table.keys.flatMap((key) => [sql.raw(`'${key.replace(/'/g, "''")}'`), ident(key)]),
    sql`, `,
  );
  const size = pageSize(table.name);
  let last: string | null = null;
  for (;;) {
    const after: ReturnType<typeof sql> =
      last === null
        ? sql`true`
        : sql`(${keys}) > (select ${keys} from json_populate_record(null::${name}, ${last}::json))`;
    const rows = await queryRows<{ row: string; last: string }>(
      db,
      sql`select row_to_json(t)::text as row, json_build_object(${lastOf})::text as last
          from ${name} t where ${after} order by ${keys} limit ${size}`,
    );
    for (const row of rows) await line(row.row);
    if (rows.length < size) return;
    last = rows.at(-1)!.last;
  }
}

/** The snapshot transaction: repeatable read and read only on PostgreSQL, in UTC. */
function inSnapshot<T>(database: Database, work: (tx: Db) => Promise<T>): Promise<T> {
  const run = async (tx: Db) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    return work(tx);
  };
  if (database.kind === 'postgres')
    return database.db.transaction(run, { isolationLevel: 'repeatable read', accessMode: 'read only' });
  return database.db.transaction(run);
}

/** A new file name in `dir` for a backup taken now (UTC). */
export function backupFileName(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `ekklesia-${stamp}.jsonl.gz`;
}

/**
 * Writes a backup of `database` into `dir`: one snapshot of every table (the attachments' contents
 * with them) and every sequence, gzip'd, written to a `.partial` file then renamed.
 */
export async function writeBackup(
  database: Database,
  dir: string,
  options: { name?: string; onSnapshot?: () => void } = {},
): Promise<BackupSummary> {
  const name = options.name ?? backupFileName();
  const file = path.join(dir, name);
  const partial = `${file}.partial`;
  const gzip = createGzip({ level: 6 });
  const out = createWriteStream(partial, { mode: 0o600 });
  const done = once(out, 'close');
  gzip.pipe(out);
  const write = async (text: string) => {
    if (!gzip.write(`${text}\n`)) await once(gzip, 'drain');
  };
  const createdAt = new Date().toISOString();
  try {
    const manifest = await inSnapshot(database, async (tx) => {
      options.onSnapshot?.();
      const tables = await tablesInOrder(tx);
      await write(
        JSON.stringify({
          $: 'header',
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          created_at: createdAt,
          migration: await databaseMigration(tx),
          source: database.kind,
        }),
      );
      const entries: TableManifest[] = [];
      for (const table of tables) {
        await write(JSON.stringify({ $: 'table', name: table.name, keys: table.keys }));
        const hash = createHash('sha256');
        let rows = 0;
        await readTable(tx, table, async (row) => {
          hash.update(`${row}\n`);
          rows++;
          await write(row);
        });
        const entry = { name: table.name, rows, sha256: hash.digest('hex') };
        entries.push(entry);
        await write(JSON.stringify({ $: 'end', ...entry }));
      }
      const values: Record<string, { last_value: string; is_called: boolean }> = {};
      for (const { name: sequence } of await sequenceNames(tx)) {
        const position = await queryOne<{ last_value: string; is_called: boolean }>(
          tx,
          sql`select last_value::text, is_called from ${ident(sequence)}`,
        );
        values[sequence] = position!;
      }
      await write(JSON.stringify({ $: 'sequences', values }));
      await write(JSON.stringify({ $: 'manifest', tables: entries }));
      return { entries, migration: await databaseMigration(tx) };
    });
    gzip.end();
    await done;
    await rename(partial, file);
    const { size } = await import('node:fs/promises').then((fs) => fs.stat(file));
    return { file, createdAt, migration: manifest.migration, bytes: size, tables: manifest.entries };
  } catch (error) {
    gzip.destroy();
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}

type Line = Record<string, unknown> & { $?: string };

/** The lines of a backup file, parsed, one at a time. */
async function* backupLines(file: string): AsyncGenerator<{ text: string; value: Line }> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const text of lines) {
    if (text === '') continue;
    yield { text, value: JSON.parse(text) as Line };
  }
}

/** The header and manifest of a backup (reads the whole file: a listing uses the file's own stat instead). */
export async function readManifest(file: string): Promise<{ header: Line; tables: TableManifest[] }> {
  let header: Line | null = null;
  let tables: TableManifest[] | null = null;
  for await (const { value } of backupLines(file)) {
    if (value.$ === 'header') header = value;
    if (value.$ === 'manifest') tables = value.tables as TableManifest[];
  }
  if (!header) throw new Error(BACKUP_MESSAGES.notABackup);
  if (!tables) throw new Error(BACKUP_MESSAGES.truncated);
  return { header, tables };
}

export type RestoreReport = { tables: TableManifest[]; sequences: number; migration: string };

/**
 * Restores a backup into an empty database (PGlite or PostgreSQL, whichever made it): migrates it to
 * the code's schema, refuses it when it has users, then in one transaction empties every table (a
 * server started on it may have written its reference data), inserts every row, sets every sequence,
 * and checks each table's count and digest against the manifest by reading the rows back.
 */
export async function restoreBackup(
  target: Database,
  file: string,
  log: (line: string) => void = () => {},
): Promise<RestoreReport> {
  await runMigrations(target);
  const users = await queryOne<{ n: number }>(target.db, sql`select count(*)::int as n from users`);
  if ((users?.n ?? 0) > 0) throw new Error(BACKUP_MESSAGES.notEmpty(users!.n));
  const code = codeMigration();
  return target.db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const tables = await tablesInOrder(tx);
    await tx.execute(
      sql`truncate ${sql.join(
        tables.map((t) => ident(t.name)),
        sql`, `,
      )} cascade`,
    );
    const known = new Set(tables.map((t) => t.name));
    let header: Line | null = null;
    let manifest: TableManifest[] | null = null;
    let sequences: Record<string, { last_value: string; is_called: boolean }> = {};
    const seen: TableManifest[] = [];
    let current: { name: string; hash: ReturnType<typeof createHash>; rows: number } | null = null;
    let batch: string[] = [];
    let batchBytes = 0;
    const flush = async () => {
      if (!current || batch.length === 0) return;
      await tx.execute(
        sql`insert into ${ident(current.name)}
            select * from json_populate_recordset(null::${ident(current.name)}, ${`[${batch.join(',')}]`}::json)`,
      );
      batch = [];
      batchBytes = 0;
    };
    for await (const { text, value } of backupLines(file)) {
      if (!header) {
        if (value.$ !== 'header' || value.format !== BACKUP_FORMAT)
          throw new Error(BACKUP_MESSAGES.notABackup);
        if (value.version !== BACKUP_VERSION) throw new Error(BACKUP_MESSAGES.version(value.version));
        if (value.migration !== code)
          throw new Error(BACKUP_MESSAGES.migration(String(value.migration), code));
        header = value;
        log(`sauvegarde du ${String(value.created_at)} (${String(value.source)}, schéma ${code})`);
        continue;
      }
      if (value.$ === 'table') {
        const name = String(value.name);
        if (!known.has(name)) throw new Error(`Table inconnue dans la sauvegarde : ${name}`);
        current = { name, hash: createHash('sha256'), rows: 0 };
      } else if (value.$ === 'end') {
        await flush();
        const entry = { name: current!.name, rows: current!.rows, sha256: current!.hash.digest('hex') };
        if (entry.sha256 !== value.sha256 || entry.rows !== value.rows)
          throw new Error(BACKUP_MESSAGES.fileDigest(entry.name));
        seen.push(entry);
        if (entry.rows > 0) log(`${entry.name} : ${entry.rows} lignes`);
        current = null;
      } else if (value.$ === 'sequences') {
        sequences = value.values as typeof sequences;
      } else if (value.$ === 'manifest') {
        manifest = value.tables as TableManifest[];
      } else if (current) {
        current.hash.update(`${text}\n`);
        current.rows++;
        batch.push(text);
        batchBytes += text.length;
        if (batch.length >= pageSize(current.name) || batchBytes > 4_000_000) await flush();
      }
    }
    if (!header) throw new Error(BACKUP_MESSAGES.notABackup);
    if (!manifest) throw new Error(BACKUP_MESSAGES.truncated);
    for (const [name, position] of Object.entries(sequences)) {
      await tx.execute(
        sql`select setval(${name}::regclass, ${position.last_value}::bigint, ${position.is_called})`,
      );
    }
    // Every table as the manifest says: its count, and its digest read back from this database.
    for (const entry of manifest) {
      const table = tables.find((t) => t.name === entry.name);
      if (!table) throw new Error(`Table inconnue dans la sauvegarde : ${entry.name}`);
      const hash = createHash('sha256');
      let rows = 0;
      await readTable(tx, table, (row) => {
        hash.update(`${row}\n`);
        rows++;
      });
      if (rows !== entry.rows) throw new Error(BACKUP_MESSAGES.count(entry.name, entry.rows, rows));
      if (hash.digest('hex') !== entry.sha256) throw new Error(BACKUP_MESSAGES.digest(entry.name));
    }
    log(`${manifest.length} tables vérifiées (nombre de lignes et empreintes)`);
    return { tables: manifest, sequences: Object.keys(sequences).length, migration: code };
  });
}
