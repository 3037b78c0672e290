import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOne } from '../../server/src/db/query';
import type { TestApp } from './helpers';
import {
  approve,
  createRequest,
  detail,
  expenseTestApp,
  json,
  payment,
  type ExpenseIds,
} from './expenses-setup';

// Run on PostgreSQL too (real concurrency): DATABASE_URL=postgres://... npx vitest run --project server <this file>

let t: TestApp;
let ids: ExpenseIds;
let dataDir: string;

beforeAll(async () => {
  ({ t, ids, dataDir } = await expenseTestApp());
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function counts(lineId: number) {
  const row = await queryOne<{ payments: number; movements: number; paid: number }>(
    t.db,
    sql`select (select count(*)::int from expense_payments where expense_line_id = ${lineId}) as payments,
               (select count(*)::int from treasury_movements m join expense_payments p on p.id = m.source_id
                 where m.source_type = 'expense_payment' and p.expense_line_id = ${lineId}) as movements,
               (select amount_validated from expense_lines where id = ${lineId}) as paid`,
  );
  return { payments: Number(row!.payments), movements: Number(row!.movements), paid: Number(row!.paid) };
}

describe('payments are exactly once', () => {
  it('records one payment and one movement for 20 identical concurrent requests', async () => {
    const id = await createRequest(t, ids);
    await approve(t, id);
    const lineId = (await detail(t, id)).expenses[0].id;
    const cookie = await t.login('tresorier@example.org');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'PUT',
          url: `/api/expenses/${lineId}/validate`,
          payload: payment(ids, 7_000),
          headers: { cookie, 'idempotency-key': 'concurrent-payment-20' },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const paymentIds = new Set(
      answers.map((a) => json<{ data: { payment: { id: number } } }>(a).data.payment.id),
    );
    expect(paymentIds.size).toBe(1);
    expect(await counts(lineId)).toEqual({ payments: 1, movements: 1, paid: 7_000 });
  });

  it('never pays beyond the remaining amount with different keys at once', async () => {
    const id = await createRequest(t, ids);
    await approve(t, id);
    const lineId = (await detail(t, id)).expenses[0].id; // 30,000
    const cookie = await t.login('tresorier@example.org');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/expenses/${lineId}/validate`,
          payload: payment(ids, 10_000),
          headers: { cookie, 'idempotency-key': `different-key-${i}-xyz` },
        }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 201);
    expect(ok).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode !== 201).every((a) => a.statusCode === 409)).toBe(true);
    expect(await counts(lineId)).toEqual({ payments: 3, movements: 3, paid: 30_000 });
    expect((await detail(t, id)).expenses[0].status).toBe('validated');
  });

  it('runs the write again after a failure with the same key (nothing kept from the failed attempt)', async () => {
    const id = await createRequest(t, ids);
    await approve(t, id);
    const lineId = (await detail(t, id)).expenses[0].id;
    const headers = { 'idempotency-key': 'retry-after-failure-1' };
    const failed = await t.as('tresorier@example.org', {
      method: 'PUT',
      url: `/api/expenses/${lineId}/validate`,
      payload: payment(ids, 40_000),
      headers,
    });
    expect(failed.statusCode).toBe(400);
    const retried = await t.as('tresorier@example.org', {
      method: 'PUT',
      url: `/api/expenses/${lineId}/validate`,
      payload: payment(ids, 30_000),
      headers,
    });
    expect(retried.statusCode).toBe(201);
    expect(await counts(lineId)).toEqual({ payments: 1, movements: 1, paid: 30_000 });
  });
});
