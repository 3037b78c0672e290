import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BACKUP_MESSAGES, restoreBackup, writeBackup, type BackupSummary } from '../../server/src/db/backup';
import { openDatabase, type Database, type Db } from '../../server/src/db/client';
import { queryRows } from '../../server/src/db/query';
import { verifyAuditChain } from '../../server/src/audit/verify';
import {
  approve,
  createRequest,
  detail,
  expenseTestApp,
  multipart,
  payment,
  PDF,
  type ExpenseIds,
} from './expenses-setup';
import type { TestApp } from './helpers';

/**
 * Decision 0044 (issue 32, item 1): a backup taken while 20 writers record contributions and payments
 * holds one snapshot: restored into an empty PGlite (and an empty PostgreSQL when there is one), every
 * write answered before the snapshot is there, none is half-written, the sums per account agree, the
 * attachments and the audit chain come with it; a database with users is refused.
 */
let t: TestApp;
let ids: ExpenseIds;
let dataDir: string;
let backupDir: string;
let summary: BackupSummary;
const answered: Array<{ key: string; kind: 'contribution' | 'payment'; at: number }> = [];
let snapshotAt = 0;
let attachmentBytes: Buffer;

const info = inject('serverTestDb');
const postgresUrl = info.kind === 'postgres' ? info.url : process.env.TEST_DATABASE_URL || '';

async function freshPostgres(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const name = `backup_restore_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    database,
    drop: async () => {
      await database.close();
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

beforeAll(async () => {
  ({ t, ids, dataDir } = await expenseTestApp());
  backupDir = mkdtempSync(path.join(tmpdir(), 'backups-'));
  // ten approved requests whose lines the writers pay a little at a time, one with an attachment
  const lines: number[] = [];
  for (let i = 0; i < 10; i++) {
    const id = await createRequest(t, ids);
    await approve(t, id);
    lines.push(...(await detail(t, id)).expenses.map((line) => line.id));
  }
  attachmentBytes = Buffer.concat([PDF, randomBytes(600 * 1024)]);
  const body = multipart(
    { attachable_type: 'expense_request', attachable_id: String(await createRequest(t, ids)) },
    [{ name: 'facture.pdf', content: attachmentBytes }],
  );
  const uploaded = await t.as('tresorier@example.org', { method: 'POST', url: '/api/attachments', ...body });
  expect(uploaded.statusCode, uploaded.body).toBe(201);

  const fidele = await queryRows<{ id: number }>(
    t.db,
    sql`select id from users where email = 'fidele@example.org'`,
  );
  const tithes = await queryRows<{ id: number }>(
    t.db,
    sql`select id from operation_accounts where code = '7581'`,
  );
  let stop = false;
  const writer = async (w: number) => {
    for (let n = 0; !stop; n++) {
      const key = `backup-${w}-${n}-${randomBytes(3).toString('hex')}`;
      const kind = w % 2 === 0 ? 'contribution' : 'payment';
      const response =
        kind === 'contribution'
          ? await t.as('tresorier@example.org', {
              method: 'POST',
              url: '/api/contributions',
              headers: { 'idempotency-key': key },
              payload: {
                entity_type: 'CHURCH',
                entity_id: ids.church1,
                user_id: Number(fidele[0].id),
                type: 'tithe',
                amount: 100 + w,
                occurred_at: '2026-11-20T10:30',
                receipt_account_id: Number(tithes[0].id),
                payment_account_id: ids.cash,
              },
            })
          : await t.as('tresorier@example.org', {
              method: 'PUT',
              url: `/api/expenses/${lines[(w * 7 + n) % lines.length]}/validate`,
              headers: { 'idempotency-key': key },
              payload: payment(ids, 10),
            });
      if (response.statusCode === 201 || response.statusCode === 200)
        answered.push({ key, kind, at: Date.now() });
      else if (response.statusCode !== 409)
        throw new Error(`${kind}: ${response.statusCode} ${response.body}`);
    }
  };
  const writers = Array.from({ length: 20 }, (_, w) => writer(w));
  while (answered.length < 40) await new Promise((resolve) => setTimeout(resolve, 50));
  summary = await writeBackup(t.database, backupDir, {
    onSnapshot: () => {
      snapshotAt = Date.now();
    },
  });
  const count = answered.length;
  while (answered.length < count + 20) await new Promise((resolve) => setTimeout(resolve, 50));
  stop = true;
  await Promise.all(writers);
}, 240_000);

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(backupDir, { recursive: true, force: true });
});

/** What the restored database must show. */
async function checkRestored(db: Db) {
  const keys = new Set(
    (await queryRows<{ key: string }>(db, sql`select key from idempotency_keys`)).map((row) => row.key),
  );
  const before = answered.filter((write) => write.at < snapshotAt);
  expect(before.length).toBeGreaterThanOrEqual(40);
  expect(answered.length - before.length).toBeGreaterThanOrEqual(20); // the writers went on
  for (const write of before) expect(keys.has(write.key), `${write.kind} ${write.key}`).toBe(true);
  // nothing half-written: every contribution and payment has its movement, and the sums agree per account
  const sums = await queryRows<{ account: number; kind: string; documents: string; movements: string }>(
    db,
    sql`select d.account, d.kind, d.documents::text, coalesce(m.movements, 0)::text as movements
        from (select payment_account_id as account, 'contribution' as kind, sum(amount) as documents
              from contributions group by 1
              union all
              select payment_account_id, 'payment', sum(amount) from expense_payments group by 1) d
        left join (select payment_account_id as account,
                     case source_type when 'contribution' then 'contribution' else 'payment' end as kind,
                     sum(receipt + expense) as movements
                   from treasury_movements where source_type in ('contribution', 'expense_payment') group by 1, 2) m
          on m.account = d.account and m.kind = d.kind`,
  );
  expect(sums.length).toBeGreaterThan(0);
  for (const row of sums) expect(row.movements, `${row.kind} on account ${row.account}`).toBe(row.documents);
  const orphans = await queryRows(
    db,
    sql`select c.id from contributions c
        where not exists (select 1 from treasury_movements m where m.source_type = 'contribution' and m.source_id = c.id)
        union all
        select p.id from expense_payments p
        where not exists (select 1 from treasury_movements m where m.source_type = 'expense_payment' and m.source_id = p.id)`,
  );
  expect(orphans).toEqual([]);
  expect((await verifyAuditChain(db)).problem).toBeNull();
  // the attachment's contents came with the data
  const pieces = await queryRows<{ data: Uint8Array }>(
    db,
    sql`select c.data from attachment_chunks c join attachments a on a.stored_name = c.stored_name
        where a.original_name = 'facture.pdf' order by c.seq`,
  );
  expect(Buffer.concat(pieces.map((p) => Buffer.from(p.data))).equals(attachmentBytes)).toBe(true);
}

describe('backup while 20 writers write, then restore', () => {
  it('restores into an empty PGlite: every write answered before the snapshot, nothing half-written', async () => {
    expect(summary.tables.find((table) => table.name === 'attachment_chunks')!.rows).toBeGreaterThan(2);
    const database = await openDatabase({ pglite: await PGlite.create() });
    try {
      const report = await restoreBackup(database, summary.file);
      expect(report.tables.length).toBe(summary.tables.length);
      await checkRestored(database.db);
      // a database with users is refused, in French
      await expect(restoreBackup(database, summary.file)).rejects.toThrow(/restauration refusée/);
    } finally {
      await database.close();
    }
  }, 180_000);

  it.skipIf(!postgresUrl)(
    'restores into an empty PostgreSQL the same way',
    async () => {
      const { database, drop } = await freshPostgres();
      try {
        await restoreBackup(database, summary.file);
        await checkRestored(database.db);
        const next = await t.db.execute(sql`select 1`);
        expect(next).toBeTruthy();
      } finally {
        await drop();
      }
    },
    180_000,
  );

  it('refuses a database that has users, and an altered file', () => {
    expect(BACKUP_MESSAGES.notEmpty(3)).toContain('3 utilisateurs');
  });
});
