import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditListSchema, auditVerificationSchema } from '../../contract/audit';
import { backupListSchema } from '../../contract/backups';
import { queryOne } from '../../server/src/db/query';
import { createTestApp, type TestApp } from './helpers';

/**
 * Decision 0044: the audit log's pages (admin everything; a national office's accountant the records
 * of the office's entities; others 403) and the admin's backups (list, 'Sauvegarder maintenant',
 * download; idempotent while one is written).
 */
let t: TestApp;
let backupDir: string;

beforeAll(async () => {
  backupDir = mkdtempSync(path.join(tmpdir(), 'backups-routes-'));
  t = await createTestApp({ config: { backupDir, opsToken: 'x'.repeat(64) } });
});
afterAll(async () => {
  await t?.close();
  rmSync(backupDir, { recursive: true, force: true });
});

describe('GET /api/audit-log', () => {
  it('answers the admin every record, newest first, with its author and filters', async () => {
    const response = await t.as('admin@example.org', { url: '/api/audit-log?limit=5' });
    expect(response.statusCode, response.body).toBe(200);
    const list = auditListSchema.parse(response.json());
    expect(list.data.length).toBe(5);
    expect(list.meta.total).toBeGreaterThan(5);
    const times = list.data.map((r) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const login = await t.as('admin@example.org', { url: '/api/audit-log?action=auth&limit=1000' });
    const logins = auditListSchema.parse(login.json());
    expect(logins.data.every((r) => r.action === 'auth' || r.action.startsWith('auth.'))).toBe(true);
    const facets = await t.as('admin@example.org', { url: '/api/audit-log/facets' });
    expect(facets.statusCode).toBe(200);
    expect(facets.json().actions.length).toBeGreaterThan(1);
  });

  it("answers a national office's accountant the records of the office's entities only", async () => {
    // a contribution recorded in a church of the office: a record on an entity below the office
    const one = async (query: ReturnType<typeof sql>) =>
      Number((await queryOne<{ id: number }>(t.db, query))!.id);
    const recorded = await t.as('tresorier@example.org', {
      method: 'POST',
      url: '/api/contributions',
      headers: { 'idempotency-key': 'audit-routes-contribution-1' },
      payload: {
        entity_type: 'CHURCH',
        entity_id: await one(sql`select church_id as id from users where email = 'tresorier@example.org'`),
        user_id: await one(sql`select id from users where email = 'fidele@example.org'`),
        type: 'tithe',
        amount: 5_000,
        occurred_at: '2026-11-20T10:30',
        receipt_account_id: await one(sql`select id from operation_accounts where code = '7581'`),
        payment_account_id: await one(sql`select id from operation_accounts where code = '5711'`),
      },
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const response = await t.as('national@example.org', { url: '/api/audit-log?limit=1000' });
    expect(response.statusCode, response.body).toBe(200);
    const list = auditListSchema.parse(response.json());
    expect(list.data.some((r) => r.entity_type === 'contribution')).toBe(true);
    expect(list.data.some((r) => r.entity_type === 'user' || r.entity_type === 'operation_account')).toBe(
      false,
    );
    const all = auditListSchema.parse(
      (await t.as('admin@example.org', { url: '/api/audit-log?limit=1' })).json(),
    );
    expect(list.meta.total).toBeLessThan(all.meta.total);
  });

  it('refuses a church treasurer, a faithful and a guest', async () => {
    expect((await t.as('tresorier@example.org', { url: '/api/audit-log' })).statusCode).toBe(403);
    expect((await t.as('fidele@example.org', { url: '/api/audit-log' })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/audit-log' })).statusCode).toBe(401);
  });

  it('checks the chain for the admin or the ops token', async () => {
    const admin = await t.as('admin@example.org', { url: '/api/audit-log/verification' });
    expect(auditVerificationSchema.parse(admin.json()).ok).toBe(true);
    const ops = await t.app.inject({
      url: '/api/audit-log/verification',
      headers: { 'x-ops-token': 'x'.repeat(64) },
    });
    expect(ops.statusCode).toBe(200);
    const wrong = await t.app.inject({
      url: '/api/audit-log/verification',
      headers: { 'x-ops-token': 'y'.repeat(64) },
    });
    expect(wrong.statusCode).toBe(401);
    expect((await t.as('national@example.org', { url: '/api/audit-log/verification' })).statusCode).toBe(403);
  });
});

describe('/api/backups', () => {
  it('takes one at once (idempotent while it is written), lists it and downloads it, for the admin only', async () => {
    const [a, b] = await Promise.all([
      t.as('admin@example.org', { method: 'POST', url: '/api/backups', payload: {} }),
      t.as('admin@example.org', { method: 'POST', url: '/api/backups', payload: {} }),
    ]);
    expect(a.statusCode, a.body).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(a.json().data.name).toBe(b.json().data.name);
    const list = backupListSchema.parse((await t.as('admin@example.org', { url: '/api/backups' })).json());
    expect(list.data).toHaveLength(1);
    expect(list.data[0].tables).toBeGreaterThan(30);
    expect(list.data[0].rows).toBeGreaterThan(100);
    const file = await t.as('admin@example.org', { url: `/api/backups/${list.data[0].name}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/gzip');
    expect(file.rawPayload.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))).toBe(true);
    expect((await t.as('national@example.org', { url: '/api/backups' })).statusCode).toBe(403);
    expect(
      (await t.as('national@example.org', { method: 'POST', url: '/api/backups', payload: {} })).statusCode,
    ).toBe(403);
    expect(
      (await t.as('admin@example.org', { url: '/api/backups/ekklesia-20990101-000000.jsonl.gz' })).statusCode,
    ).toBe(404);
    expect((await t.as('admin@example.org', { url: '/api/backups/..%2Fpglite' })).statusCode).toBe(400);
  });
});
