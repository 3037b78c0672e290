import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOne } from '../../server/src/db/query';
import type { TestApp } from './helpers';
import {
  createRequest,
  detail,
  expenseTestApp,
  line,
  payment,
  requestBody,
  type ExpenseIds,
} from './expenses-setup';

/**
 * Finding 1 of issue 17: a department's (ACTIVITY_GROUP's) permissions are those of the entity that owns
 * it, checked there. A church treasurer who is also a member of another church (a faithful of it, or a
 * minor position there) may not act on, nor read, that church's departments.
 */
let t: TestApp;
let ids: ExpenseIds;
let dataDir: string;
let department: number;
let ownDepartment: number;
let treasurerId: number;
let otherFaithful: number;
const ATTACKER = 'tresorier@example.org';

async function idOf(query: ReturnType<typeof sql>): Promise<number> {
  const row = await queryOne<{ id: number }>(t.db, query);
  if (!row) throw new Error('fixture row missing');
  return Number(row.id);
}

beforeAll(async () => {
  ({ t, ids, dataDir } = await expenseTestApp());
  department = await idOf(
    sql`select id from departments where entity_type = 'church' and entity_id = ${ids.otherChurch} order by id limit 1`,
  );
  ownDepartment = await idOf(
    sql`select id from departments where entity_type = 'church' and entity_id = ${ids.church1} order by id limit 1`,
  );
  treasurerId = await idOf(sql`select id from users where email = ${ATTACKER}`);
  otherFaithful = await idOf(
    sql`select id from users where church_id = ${ids.otherChurch} and active order by id limit 1`,
  );
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const as = (login: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.as(login, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

/** Everything the attacker tries on the other church's department; each answer must be 403. */
async function attempts(): Promise<Array<[string, number, string]>> {
  const pending = await createRequest(t, ids, ids.otherTreasurer, {
    entity_type: 'ACTIVITY_GROUP',
    entity_id: department,
  });
  const approved = await createRequest(t, ids, ids.otherTreasurer, {
    entity_type: 'ACTIVITY_GROUP',
    entity_id: department,
  });
  expect(
    (await as('admin@example.org', 'PUT', `/api/expense-requests/${approved}/approved`, {})).statusCode,
  ).toBe(200);
  const pendingLine = (await detail(t, pending, ids.otherTreasurer)).expenses[0].id;
  const approvedLine = (await detail(t, approved, ids.otherTreasurer)).expenses[0].id;
  const dep = `entity_type=ACTIVITY_GROUP&entity_id=${department}`;
  const tries: Array<[string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
    ['pay a line', 'PUT', `/api/expenses/${approvedLine}/validate`, payment(ids, 1_000)],
    ['edit a line', 'PUT', `/api/expenses/${pendingLine}`, line('Piratage', 1, 100)],
    ['add a line', 'POST', '/api/expenses', { ...line('Piratage', 1, 100), expense_request_id: pending }],
    ['delete a line', 'DELETE', `/api/expenses/${pendingLine}`],
    ['cancel a line', 'POST', `/api/expenses/${approvedLine}/cancel`, { cancelExp: true }],
    ['verify', 'PUT', `/api/expense-requests/${approved}/verified`, {}],
    ['approve', 'PUT', `/api/expense-requests/${pending}/approved`, {}],
    ['reject', 'PUT', `/api/expense-requests/${pending}/rejected`, { reason: 'Non' }],
    ['validate', 'PUT', `/api/expense-requests/${pending}/validated`, {}],
    [
      'create a request',
      'POST',
      '/api/expense-requests',
      requestBody(ids, { entity_type: 'ACTIVITY_GROUP', entity_id: department }),
    ],
    [
      'record a contribution',
      'POST',
      '/api/contributions',
      {
        entity_type: 'ACTIVITY_GROUP',
        entity_id: department,
        user_id: otherFaithful,
        type: 'tithe',
        amount: 1_000,
        occurred_at: '2026-11-20T10:30',
        receipt_account_id: await idOf(sql`select id from operation_accounts where code = '7581'`),
        payment_account_id: ids.cash,
      },
    ],
    ['read the list', 'GET', `/api/expense-requests?${dep}`],
    ['read the balance', 'GET', `/api/expense-requests-balance?${dep}`],
    ['read a request', 'GET', `/api/expense-requests/${approved}`],
    ['read its lines', 'GET', `/api/expenses?expense_request_id=${approved}`],
    ['read a line', 'GET', `/api/expenses/${approvedLine}`],
    ['read the contributions', 'GET', `/api/contributions?${dep}`],
    [
      'read the treasury journal',
      'GET',
      `/api/treasury-journal?${dep}&from_date=2026-01-01&to_date=2026-11-20&type=CASH`,
    ],
  ];
  const answers: Array<[string, number, string]> = [];
  for (const [name, method, url, payload] of tries) {
    const response = await as(ATTACKER, method, url, payload);
    answers.push([name, response.statusCode, response.body.slice(0, 120)]);
  }
  return answers;
}

describe("a department's permissions are those of its owning entity (issue 17, finding 1)", () => {
  it('refuses a treasurer who is a faithful member of the other church every act on its department', async () => {
    await t.db.execute(sql`update users set church_id = ${ids.otherChurch} where id = ${treasurerId}`);
    try {
      for (const [name, status, body] of await attempts()) expect(status, `${name}: ${body}`).toBe(403);
    } finally {
      await t.db.execute(sql`update users set church_id = ${ids.church1} where id = ${treasurerId}`);
    }
  });

  it('refuses a treasurer who holds a minor position in the other church', async () => {
    await t.db.execute(
      sql`insert into role_assignments (user_id, role_id, "group", group_id)
          select ${treasurerId}, id, 'churches', ${ids.otherChurch} from roles where code = 'church::conseiller'`,
    );
    for (const [name, status, body] of await attempts()) expect(status, `${name}: ${body}`).toBe(403);
  });

  it("still lets the owning church's treasurer, and the treasurer on his own church's department", async () => {
    const theirs = await createRequest(t, ids, ids.otherTreasurer, {
      entity_type: 'ACTIVITY_GROUP',
      entity_id: department,
    });
    expect((await as(ids.otherTreasurer, 'GET', `/api/expense-requests/${theirs}`)).statusCode).toBe(200);
    const mine = await createRequest(t, ids, ATTACKER, {
      entity_type: 'ACTIVITY_GROUP',
      entity_id: ownDepartment,
    });
    expect(
      (await as('pasteur@example.org', 'PUT', `/api/expense-requests/${mine}/approved`, {})).statusCode,
    ).toBe(200);
    const lineId = (await detail(t, mine)).expenses[0].id;
    const paid = await as(ATTACKER, 'PUT', `/api/expenses/${lineId}/validate`, payment(ids, 1_000));
    expect(paid.statusCode, paid.body).toBe(201);
  });

  it('answers the SPA hint for ACTIVITY_GROUP in the global scope, which allows nothing on the server', async () => {
    const hint = await as(ATTACKER, 'POST', '/api/permissions/check', {
      permission: 'expense:validate',
      entity_type: 'ACTIVITY_GROUP',
      entity_id: department,
    });
    expect(hint.statusCode).toBe(200);
    expect(hint.json()).toEqual({ hasPermission: true });
  });
});
