import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { testConfig } from '../../server/src/config';
import { openDatabase, type Db } from '../../server/src/db/client';
import { COPY_MESSAGES } from '../../server/src/db/copy';
import { queryOne, queryRows } from '../../server/src/db/query';
import { processDatabase } from './processes';
import { buildTemplate, ROOT } from './template';

// Decision 0018: `npm run db:copy -- <url>` moves the embedded database of DATA_DIR into an empty
// PostgreSQL database, every row and every sequence, and the server then runs on it.
// PostgreSQL only (it needs a target).

const onPostgres = inject('serverTestDb').kind === 'postgres';

/** Every table's row count and a digest of its rows (in UTC), keyed by table. */
async function contents(db: Db): Promise<Record<string, string>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    const tables = await queryRows<{ name: string }>(
      tx,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
    );
    const out: Record<string, string> = {};
    for (const { name } of tables) {
      const row = await queryOne<{ n: number; digest: string | null }>(
        tx,
        sql.raw(
          `select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as digest from "${name}" t`,
        ),
      );
      out[name] = `${row!.n} ${row!.digest ?? ''}`;
    }
    return out;
  });
}

async function sequences(db: Db): Promise<Record<string, string>> {
  const names = await queryRows<{ name: string }>(
    db,
    sql`select sequencename as name from pg_sequences where schemaname = 'public' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of names) {
    const row = await queryOne<{ v: string }>(
      db,
      sql.raw(`select last_value::text || ' ' || is_called as v from "${name}"`),
    );
    out[name] = row!.v;
  }
  return out;
}

function copy(dataDir: string, url: string) {
  return spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/src/db/copy-cli.ts', url],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
    },
  );
}

describe.skipIf(!onPostgres)('npm run db:copy', () => {
  let dataDir: string;
  let target: Awaited<ReturnType<typeof processDatabase>>;
  let before: { rows: Record<string, string>; sequences: Record<string, string> };

  beforeAll(async () => {
    // An embedded database as a server leaves it: migrated, with the demo data.
    dataDir = mkdtempSync(path.join(tmpdir(), 'db-copy-'));
    const client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
    const source = await openDatabase({ pglite: client });
    await buildTemplate(source, 'demo');
    before = { rows: await contents(source.db), sequences: await sequences(source.db) };
    await source.close();
    target = await processDatabase('empty');
  }, 180_000);
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await target?.drop();
  });

  it('copies every row and every sequence into an empty PostgreSQL, where the server runs', async () => {
    const run = copy(dataDir, target.url);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Terminé en [\d.]+ s : \d+ lignes dans \d+ tables/);

    const copied = await openDatabase({ databaseUrl: target.url });
    try {
      expect(await contents(copied.db)).toEqual(before.rows);
      expect(await sequences(copied.db)).toEqual(before.sequences);
      expect(Number(before.rows.users.split(' ')[0])).toBeGreaterThan(100);

      const app = await buildApp({ database: copied, config: testConfig() });
      try {
        const login = await app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { login: 'pasteur@example.org', password: 'demo1234' },
        });
        expect(login.statusCode).toBe(200);
        const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
        const account = login.json() as { church: { id: number } };
        // a new row takes the next id: the sequences went along
        const created = await app.inject({
          method: 'POST',
          url: '/api/users/faithful',
          headers: { cookie },
          payload: { firstname: 'Nouvelle', lastname: 'Fidèle', church_id: account.church.id },
        });
        expect(created.statusCode, created.body).toBe(201);
        const maxBefore = await queryOne<{ n: number }>(
          copied.db,
          sql`select max(id)::int as n from users where id <> ${(created.json() as { data: { id: number } }).data.id}`,
        );
        expect((created.json() as { data: { id: number } }).data.id).toBeGreaterThan(maxBefore!.n);
      } finally {
        await app.close();
      }
    } finally {
      await copied.close();
    }
  }, 180_000);

  it('refuses a target that holds data already, and leaves it as it was', async () => {
    const run = copy(dataDir, target.url);
    const users = Number(before.rows.users.split(' ')[0]) + 1;
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(COPY_MESSAGES.notEmpty(users));
    const copied = await openDatabase({ databaseUrl: target.url });
    try {
      const row = await queryOne<{ n: number }>(copied.db, sql`select count(*)::int as n from users`);
      expect(row!.n).toBe(users);
    } finally {
      await copied.close();
    }
  }, 120_000);
});
