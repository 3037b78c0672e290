import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_MESSAGES } from '../../contract/security';
import { queryOne } from '../../server/src/db/query';
import { recordMovement } from '../../server/src/modules/treasury';
import type { TestApp } from './helpers';
import {
  approve,
  createRequest,
  detail,
  expenseTestApp,
  message,
  payment,
  requestBody,
  type ExpenseIds,
} from './expenses-setup';

/**
 * Issue 20: an archived church keeps its history but takes no more money writes: contributions, expense
 * payments, treasury movements, budgets, subscription payments and billing are refused with a French
 * 409, for its treasurer and a super-admin alike, on the church and on its departments; restored, it
 * writes again.
 */
let t: TestApp;
let ids: ExpenseIds;
let dataDir: string;
const s = { line: 0, contribution: 0, budget: 0, subscription: 0, faithful: 0, receipt: 0, department: 0 };

async function idOf(query: ReturnType<typeof sql>): Promise<number> {
  const row = await queryOne<{ id: number }>(t.db, query);
  if (!row) throw new Error('fixture row missing');
  return Number(row.id);
}

const contribution = (entity: { entity_type: string; entity_id: number }) => ({
  ...entity,
  user_id: s.faithful,
  type: 'tithe',
  amount: 2_000,
  occurred_at: '2026-11-20T10:30',
  receipt_account_id: s.receipt,
  payment_account_id: ids.cash,
});

beforeAll(async () => {
  ({ t, ids, dataDir } = await expenseTestApp());
  const B = ids.otherChurch;
  await t.db.execute(
    sql`update subscriptions set paid_at = now() where church_id = ${B} and paid_at is null`,
  );
  s.faithful = await idOf(sql`select id from users where church_id = ${B} and active order by id limit 1`);
  s.receipt = await idOf(sql`select id from operation_accounts where code = '7581'`);
  s.department = await idOf(
    sql`select id from departments where entity_type = 'church' and entity_id = ${B} order by id limit 1`,
  );
  const request = await createRequest(t, ids, ids.otherTreasurer, { entity_type: 'CHURCH', entity_id: B });
  await approve(t, request, 'admin@example.org');
  s.line = (await detail(t, request, ids.otherTreasurer)).expenses[0].id;
  const made = await t.as(ids.otherTreasurer, {
    method: 'POST',
    url: '/api/contributions',
    payload: contribution({ entity_type: 'CHURCH', entity_id: B }),
  });
  expect(made.statusCode, made.body).toBe(201);
  s.contribution = Number(made.json().data.id);
  const budget = await t.as(ids.otherTreasurer, {
    method: 'POST',
    url: '/api/budgets',
    payload: { entity_type: 'CHURCH', entity_id: B, year: 2030, source: 'templates' },
  });
  expect(budget.statusCode, budget.body).toBe(201);
  s.budget = Number(budget.json().data.id);
  // an unpaid subscription of B, to pay once archived
  s.subscription = await idOf(
    sql`insert into subscriptions (subscription_type_id, church_id, amount, start_date, end_date, status)
        select id, ${B}, 5000, '2026-01-01', '2026-12-31', 'active' from subscription_types order by id limit 1
        returning id`,
  );
  await t.db.execute(sql`update churches set archived_at = now() where id = ${B}`);
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Try = [name: string, login: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object];

describe('money writes against an archived church (issue 20)', () => {
  it('are refused with a French 409, for its treasurer and a super-admin, on the church and its departments', async () => {
    const B = ids.otherChurch;
    const before = await queryOne<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from treasury_movements where entity_type = 'church' and entity_id = ${B}`,
    );
    const tries: Try[] = [];
    for (const login of [ids.otherTreasurer, 'admin@example.org']) {
      tries.push(
        [
          'contribution',
          login,
          'POST',
          '/api/contributions',
          contribution({ entity_type: 'CHURCH', entity_id: B }),
        ],
        [
          'contribution on a department',
          login,
          'POST',
          '/api/contributions',
          contribution({ entity_type: 'ACTIVITY_GROUP', entity_id: s.department }),
        ],
        [
          'cancel a contribution',
          login,
          'POST',
          `/api/contributions/${s.contribution}/cancel`,
          { reason: 'Erreur' },
        ],
        ['expense payment', login, 'PUT', `/api/expenses/${s.line}/validate`, payment(ids, 1_000)],
        [
          'expense request',
          login,
          'POST',
          '/api/expense-requests',
          requestBody(ids, { entity_type: 'CHURCH', entity_id: B }),
        ],
        [
          'budget',
          login,
          'POST',
          '/api/budgets',
          { entity_type: 'CHURCH', entity_id: B, year: 2031, source: 'templates' },
        ],
        ['budget edit', login, 'PUT', `/api/budgets/${s.budget}`, { lines: [] }],
        [
          'subscription payment',
          login,
          'POST',
          `/api/subscriptions/${s.subscription}/payments`,
          { phone: '0701020304' },
        ],
      );
    }
    const type = await idOf(sql`select id from subscription_types order by id limit 1`);
    tries.push([
      'billing the church',
      'admin@example.org',
      'POST',
      '/api/subscriptions',
      {
        subscription_type_id: type,
        amount: 10_000,
        start_date: '01/01/2031',
        end_date: '31/12/2031',
        status: 'active',
        church_id: B,
      },
    ]);
    for (const [name, login, method, url, payload] of tries) {
      const response = await t.as(login, { method, url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${name} by ${login}: ${response.body}`).toBe(409);
      expect(message(response)).toBe(SECURITY_MESSAGES.archivedEntity);
    }
    const after = await queryOne<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from treasury_movements where entity_type = 'church' and entity_id = ${B}`,
    );
    expect(after!.n).toBe(before!.n);
  });

  it('refuses a movement written directly by the service (the rule inside the transaction)', async () => {
    await expect(
      t.db.transaction((tx) =>
        recordMovement(tx, {
          entityType: 'church',
          entityId: ids.otherChurch,
          paymentAccountId: ids.cash,
          operationAccountId: s.receipt,
          occurredAt: '2026-11-20T10:00:00Z',
          designation: 'Essai',
          receipt: 100,
          sourceType: 'contribution',
          sourceId: s.contribution,
          createdBy: null,
        }),
      ),
    ).rejects.toMatchObject({ statusCode: 409 });
  });

  it('keeps the reads open, and the church writes again once restored', async () => {
    const B = ids.otherChurch;
    const read = await t.as(ids.otherTreasurer, {
      method: 'GET',
      url: `/api/contributions?entity_type=CHURCH&entity_id=${B}`,
    });
    expect(read.statusCode, read.body).toBe(200);
    await t.db.execute(sql`update churches set archived_at = null where id = ${B}`);
    // the subscription billed above is settled, so that the billing gate is not what answers
    await t.db.execute(sql`update subscriptions set paid_at = now() where id = ${s.subscription}`);
    const again = await t.as(ids.otherTreasurer, {
      method: 'POST',
      url: '/api/contributions',
      payload: contribution({ entity_type: 'CHURCH', entity_id: B }),
    });
    expect(again.statusCode, again.body).toBe(201);
  });
});
