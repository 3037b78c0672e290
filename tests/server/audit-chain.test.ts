import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../server/src/audit/verify';
import { queryOne, queryRows } from '../../server/src/db/query';
import { createTestApp, type TestApp } from './helpers';

/**
 * Decision 0044 (issue 32, item 3): the audit log is one chain of hashes. Concurrent writers chain one
 * after the other; `verifyAuditChain` (npm run audit:verify) names the first record altered or removed.
 */
let t: TestApp;
const ids = { church: 0, fidele: 0, tithes: 0, cash: 0 };

async function idOf(query: ReturnType<typeof sql>): Promise<number> {
  return Number((await queryOne<{ id: number }>(t.db, query))!.id);
}

beforeAll(async () => {
  t = await createTestApp();
  ids.fidele = await idOf(sql`select id from users where email = 'fidele@example.org'`);
  ids.church = await idOf(sql`select church_id as id from users where email = 'fidele@example.org'`);
  ids.tithes = await idOf(sql`select id from operation_accounts where code = '7581'`);
  ids.cash = await idOf(sql`select id from operation_accounts where code = '5711'`);
});
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 300));
  await t?.close();
});

function contribution(i: number) {
  return t.as('tresorier@example.org', {
    method: 'POST',
    url: '/api/contributions',
    payload: {
      entity_type: 'CHURCH',
      entity_id: ids.church,
      user_id: ids.fidele,
      type: 'tithe',
      amount: 1_000 + i,
      occurred_at: '2026-11-20T10:30',
      receipt_account_id: ids.tithes,
      payment_account_id: ids.cash,
      notes: `chaîne ${i}`,
    },
    headers: { 'idempotency-key': `audit-chain-${i}-${Math.random().toString(16).slice(2)}` },
  });
}

describe('the audit chain', () => {
  it('chains the demo data and 20 concurrent writers without a gap', async () => {
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
    const before = await queryOne<{ n: number }>(t.db, sql`select count(*)::int as n from audit_log`);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => contribution(i)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const report = await verifyAuditChain(t.db);
    expect(report.problem).toBeNull();
    expect(report.checked).toBeGreaterThanOrEqual(before!.n + 20);
    const seqs = await queryRows<{ gaps: number }>(
      t.db,
      sql`select (max(chain_seq) - min(chain_seq) + 1 - count(*))::int as gaps from audit_log`,
    );
    expect(seqs[0].gaps).toBe(0);
  });

  it('names the record edited in SQL', async () => {
    const target = await queryOne<{ id: number }>(
      t.db,
      sql`select id from audit_log where action like 'contribution%' order by chain_seq limit 1 offset 3`,
    );
    const id = Number(target!.id);
    await t.db.execute(sql`update audit_log set data = jsonb_set(data, '{amount}', '1') where id = ${id}`);
    const report = await verifyAuditChain(t.db);
    expect(report.ok).toBe(false);
    expect(report.problem).toMatchObject({ kind: 'altered', id });
    expect(report.problem!.message).toContain(`n° ${id}`);
    // the edit undone, the chain holds again
    await t.db.execute(
      sql`update audit_log a set data = jsonb_set(a.data, '{amount}', to_jsonb(c.amount))
          from contributions c where a.id = ${id} and c.id = (a.data->>'id')::int`,
    );
    const again = await verifyAuditChain(t.db);
    if (!again.ok) {
      // the record's data has no amount/id pair to restore from: the test names it once more
      expect(again.problem!.id).toBe(id);
    }
  });

  it('names the record after one removed, and records removed at the end', async () => {
    const fresh = await createTestApp();
    try {
      const rows = await queryRows<{ id: number; seq: number }>(
        fresh.db,
        sql`select id, chain_seq::int as seq from audit_log order by chain_seq desc limit 5`,
      );
      await fresh.db.execute(sql`delete from audit_log where id = ${rows[2].id}`);
      const report = await verifyAuditChain(fresh.db);
      expect(report.problem).toMatchObject({ kind: 'removed', id: Number(rows[1].id) });
      expect(report.problem!.message).toContain(`n° ${rows[2].seq}`);
      await fresh.db.execute(sql`delete from audit_log where chain_seq >= ${rows[2].seq}`);
      const tail = await verifyAuditChain(fresh.db);
      expect(tail.problem).toMatchObject({ kind: 'head' });
      expect(tail.problem!.message).toContain(`n° ${rows[2].seq} à ${rows[0].seq}`);
    } finally {
      await fresh.close();
    }
  });

  it('names a record slipped in with the trigger off', async () => {
    const fresh = await createTestApp();
    try {
      await fresh.db.execute(sql`alter table audit_log disable trigger audit_log_chain`);
      await fresh.db.execute(sql`insert into audit_log (action) values ('forged')`);
      await fresh.db.execute(sql`alter table audit_log enable trigger audit_log_chain`);
      const report = await verifyAuditChain(fresh.db);
      expect(report.problem).toMatchObject({ kind: 'unchained' });
      expect(report.problem!.message).toContain('forged');
    } finally {
      await fresh.close();
    }
  });
});
