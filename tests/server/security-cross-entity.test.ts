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
  line,
  payment,
  requestBody,
  type ExpenseIds,
} from './expenses-setup';

/**
 * Issue 17's security suite, cross-entity part: a user authorised on church A (its general treasurer,
 * every money permission there) reads and writes nothing of church B. Every entity type and every write
 * is tried: expense requests and their lines, contributions, journal movements, faithful, budgets,
 * permissions, positions and subscriptions; activity types, departments, planned activities, activity
 * reports, the dashboard, fixed assets and year-end closings (issues 14, 15, 16). Each answer is a 403 or a 404 with a French message, and
 * nothing of church B changed.
 */
let t: TestApp;
let ids: ExpenseIds;
let dataDir: string;
const ATTACKER = 'tresorier@example.org';

const b = {
  request: 0,
  line: 0,
  approvedRequest: 0,
  approvedLine: 0,
  contribution: 0,
  faithful: 0,
  treasurer: 0,
  budget: 0,
  subscription: 0,
  receiptAccount: 0,
  role: 0,
};

async function idOf(query: ReturnType<typeof sql>): Promise<number> {
  const row = await queryOne<{ id: number }>(t.db, query);
  if (!row) throw new Error('fixture row missing');
  return Number(row.id);
}

beforeAll(async () => {
  ({ t, ids, dataDir } = await expenseTestApp());
  const B = ids.otherChurch;
  // church B is up to date with its fee, so that its own treasurer writes (the gate is not the subject)
  await t.db.execute(
    sql`update subscriptions set paid_at = now() where church_id = ${B} and paid_at is null`,
  );
  b.faithful = await idOf(sql`select id from users where church_id = ${B} and active order by id limit 1`);
  b.treasurer = await idOf(sql`select id from users where email = ${ids.otherTreasurer}`);
  b.receiptAccount = await idOf(sql`select id from operation_accounts where code = '7581'`);
  b.role = await idOf(sql`select id from roles where code = 'church::conseiller'`);
  const church = { entity_type: 'CHURCH', entity_id: B };
  b.request = await createRequest(t, ids, ids.otherTreasurer, church);
  b.line = (await detail(t, b.request, ids.otherTreasurer)).expenses[0].id;
  b.approvedRequest = await createRequest(t, ids, ids.otherTreasurer, church);
  await approve(t, b.approvedRequest, 'admin@example.org');
  b.approvedLine = (await detail(t, b.approvedRequest, ids.otherTreasurer)).expenses[0].id;
  const contribution = await t.as(ids.otherTreasurer, {
    method: 'POST',
    url: '/api/contributions',
    payload: {
      ...church,
      user_id: b.faithful,
      type: 'tithe',
      amount: 5_000,
      occurred_at: '2026-11-20T10:30',
      receipt_account_id: b.receiptAccount,
      payment_account_id: ids.cash,
    },
  });
  expect(contribution.statusCode, contribution.body).toBe(201);
  b.contribution = Number((contribution.json() as { data: { id: number } }).data.id);
  const budget = await t.as(ids.otherTreasurer, {
    method: 'POST',
    url: '/api/budgets',
    payload: { ...church, year: 2030, source: 'templates' },
  });
  expect(budget.statusCode, budget.body).toBe(201);
  b.budget = Number((budget.json() as { data: { id: number } }).data.id);
  b.subscription = await idOf(sql`select id from subscriptions where church_id = ${B} order by id limit 1`);
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Try = [name: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown];

function reads(): Try[] {
  const B = ids.otherChurch;
  const entity = `entity_type=CHURCH&entity_id=${B}`;
  const period = 'from_date=2026-01-01&to_date=2026-11-20';
  return [
    ['expense requests of B', 'GET', `/api/expense-requests?${entity}`],
    ['expense balance of B', 'GET', `/api/expense-requests-balance?${entity}`],
    ['an expense request of B', 'GET', `/api/expense-requests/${b.request}`],
    ['its attachments', 'GET', `/api/expense-requests/${b.request}/attachments`],
    ['its lines', 'GET', `/api/expenses?expense_request_id=${b.request}`],
    ['a line of B', 'GET', `/api/expenses/${b.line}`],
    ['contributions of B', 'GET', `/api/contributions?${entity}`],
    ['receipt accounts of B', 'GET', `/api/contributions/receipt-accounts?${entity}&${period}`],
    ['a contribution of B', 'GET', `/api/contributions/${b.contribution}`],
    ['treasury journal of B', 'GET', `/api/treasury-journal?${entity}&${period}&type=CASH`],
    ['general journal of B', 'GET', `/api/general-journal?${entity}&${period}`],
    [
      'account journal of B',
      'GET',
      `/api/account-journal?${entity}&${period}&account_id=${b.receiptAccount}`,
    ],
    ['financial report of B', 'GET', `/api/financial-report?${entity}&${period}`],
    ['faithful of B', 'GET', `/api/users/faithful?${entity}`],
    ['a faithful of B', 'GET', `/api/users/${b.faithful}`],
    ['members of B', 'GET', `/api/churches/${B}/members`],
    ['budgets of B', 'GET', `/api/budgets?${entity}`],
    ['current budget of B', 'GET', `/api/budgets/current?${entity}`],
    ['a budget of B', 'GET', `/api/budgets/${b.budget}`],
    ["permissions of B's treasurer", 'GET', `/api/permissions/user/${b.treasurer}`],
    ['subscriptions of B', 'GET', `/api/subscriptions?church_id=${B}`],
    ['a subscription of B', 'GET', `/api/subscriptions/${b.subscription}`],
    ['activity types of B', 'GET', `/api/activity-types?${entity}`],
    ['planned activities of B', 'GET', `/api/activities?${entity}`],
    ['activity reports of B', 'GET', `/api/activity-reports?${entity}`],
    ['dashboard of B', 'GET', `/api/dashboard?${entity}`],
    ['fixed assets of B', 'GET', `/api/fixed-assets?${entity}`],
    ['closings of B', 'GET', `/api/closings?${entity}`],
    ['a closing preview of B', 'GET', `/api/closings/preview?${entity}&year=2025`],
  ];
}

function writes(): Try[] {
  const B = ids.otherChurch;
  const church = { entity_type: 'CHURCH', entity_id: B };
  return [
    ['create an expense request on B', 'POST', '/api/expense-requests', requestBody(ids, church)],
    ['approve a request of B', 'PUT', `/api/expense-requests/${b.request}/approved`, {}],
    ['reject a request of B', 'PUT', `/api/expense-requests/${b.request}/rejected`, { reason: 'Non' }],
    ['verify a request of B', 'PUT', `/api/expense-requests/${b.approvedRequest}/verified`, {}],
    ['delete a request of B', 'DELETE', `/api/expense-requests/${b.request}`],
    [
      'add a line to B',
      'POST',
      '/api/expenses',
      { ...line('Piratage', 1, 100), expense_request_id: b.request },
    ],
    ['edit a line of B', 'PUT', `/api/expenses/${b.line}`, line('Piratage', 1, 100)],
    ['delete a line of B', 'DELETE', `/api/expenses/${b.line}`],
    [
      'pay a line of B (a journal movement)',
      'PUT',
      `/api/expenses/${b.approvedLine}/validate`,
      payment(ids, 1_000),
    ],
    ['cancel a line of B', 'POST', `/api/expenses/${b.approvedLine}/cancel`, { cancelExp: true }],
    [
      'record a contribution on B (a journal movement)',
      'POST',
      '/api/contributions',
      {
        ...church,
        user_id: b.faithful,
        type: 'tithe',
        amount: 1_000,
        occurred_at: '2026-11-20T10:30',
        receipt_account_id: b.receiptAccount,
        payment_account_id: ids.cash,
      },
    ],
    [
      'cancel a contribution of B',
      'POST',
      `/api/contributions/${b.contribution}/cancel`,
      { reason: 'Erreur' },
    ],
    [
      'add a faithful to B',
      'POST',
      '/api/users/faithful',
      { church_id: B, firstname: 'Awa', lastname: 'Intruse', gender: 'F' },
    ],
    [
      'edit a faithful of B',
      'PUT',
      `/api/users/${b.faithful}`,
      { firstname: 'Piraté', lastname: 'Pirate', gender: 'M' },
    ],
    ['give a position in B', 'POST', `/api/churches/${B}/members`, { user_id: b.faithful, roles: [b.role] }],
    ['create a budget for B', 'POST', '/api/budgets', { ...church, year: 2031, source: 'templates' }],
    ['edit a budget of B', 'PUT', `/api/budgets/${b.budget}`, { lines: [] }],
    ['submit a budget of B', 'POST', `/api/budgets/${b.budget}/submit`],
    ['delete a budget of B', 'DELETE', `/api/budgets/${b.budget}`],
    [
      'grant a permission on B',
      'POST',
      '/api/permissions/grant',
      { user_id: b.faithful, permission: 'expense:approve', ...church },
    ],
    [
      'revoke a permission on B',
      'POST',
      '/api/permissions/revoke',
      { user_id: b.treasurer, permission: 'expense:approve', ...church },
    ],
    [
      'pay a subscription of B',
      'POST',
      `/api/subscriptions/${b.subscription}/payments`,
      { phone: '0701020304' },
    ],
    [
      'bill B',
      'POST',
      '/api/subscriptions',
      {
        subscription_type_id: 1,
        amount: 10_000,
        start_date: '01/01/2031',
        end_date: '31/12/2031',
        status: 'active',
        church_id: B,
      },
    ],
    ['create an activity type on B', 'POST', '/api/activity-types', { ...church, name: 'Veillée pirate' }],
    ['create a department on B', 'POST', '/api/departments', { ...church, name: 'Département pirate' }],
    [
      'plan an activity on B',
      'POST',
      '/api/activities',
      { ...church, title: 'Activité pirate', planned_date: '2026-12-20' },
    ],
    [
      'write an activity report on B',
      'POST',
      '/api/activity-reports',
      {
        ...church,
        title: 'Rapport pirate',
        period_start: '2026-10-01',
        period_end: '2026-10-31',
        summary: 'Rien',
      },
    ],
    ['close a year of B', 'POST', '/api/closings', { ...church, year: 2025 }],
  ];
}

/** A French message: an accented letter or a French word, never an English default. */
function assertFrench(name: string, body: string): void {
  const message = String((JSON.parse(body) as { message?: unknown }).message ?? '');
  expect(message, `${name}: ${body}`).not.toMatch(/\b(not found|forbidden|unauthorized|error)\b/i);
  expect(message, `${name}: ${body}`).toMatch(
    /[àâçéèêëîïôûùü]|\b(vous|pas|introuvable|droit|accès|permission)\b/i,
  );
}

async function fingerprint(): Promise<string> {
  const B = ids.otherChurch;
  const row = await queryOne<{ f: string }>(
    t.db,
    sql`select concat_ws('|',
          (select string_agg(concat(id, status, amount, verified_at), ',' order by id) from expense_requests
            where entity_type = 'CHURCH' and entity_id = ${B}),
          (select string_agg(concat(l.id, l.status, l.amount, l.amount_validated), ',' order by l.id)
            from expense_lines l join expense_requests r on r.id = l.expense_request_id
            where r.entity_type = 'CHURCH' and r.entity_id = ${B}),
          (select count(*) from contributions where entity_type = 'church' and entity_id = ${B}),
          (select string_agg(concat(id, status), ',' order by id) from contributions
            where entity_type = 'church' and entity_id = ${B}),
          (select count(*) from users where church_id = ${B}),
          (select concat(firstname, lastname) from users where id = ${b.faithful}),
          (select count(*) from role_assignments where "group" = 'churches' and group_id = ${B}),
          (select string_agg(concat(id, status), ',' order by id) from budgets
            where entity_type = 'church' and entity_id = ${B}),
          (select count(*) from user_permissions where entity_type = 'church' and entity_id = ${B}),
          (select count(*) from subscriptions where church_id = ${B}),
          (select count(*) from subscription_payment_attempts a join subscriptions s on s.id = a.subscription_id
            where s.church_id = ${B}),
          (select count(*) from activity_types where entity_type = 'church' and entity_id = ${B}),
          (select count(*) from departments where entity_type = 'church' and entity_id = ${B}),
          (select count(*) from planned_activities where entity_type = 'church' and entity_id = ${B}),
          (select count(*) from activity_reports where entity_type = 'church' and entity_id = ${B}),
          (select count(*) from fiscal_closings where entity_type = 'church' and entity_id = ${B})) as f`,
  );
  return row!.f;
}

describe('a user authorised on church A reads and writes nothing of church B (issue 17)', () => {
  it('the attacker holds the money permissions on his own church A', async () => {
    const own = await t.as(ATTACKER, {
      method: 'GET',
      url: `/api/expense-requests?entity_type=CHURCH&entity_id=${ids.church1}`,
    });
    expect(own.statusCode).toBe(200);
  });

  it('every read of B answers 403 or 404 in French', async () => {
    for (const [name, method, url] of reads()) {
      const response = await t.as(ATTACKER, { method, url });
      expect([403, 404], `${name}: ${response.statusCode} ${response.body.slice(0, 200)}`).toContain(
        response.statusCode,
      );
      assertFrench(name, response.body);
    }
  });

  it('every write on B answers 403 or 404 in French, and nothing of B changed', async () => {
    const before = await fingerprint();
    for (const [name, method, url, payload] of writes()) {
      const response = await t.as(ATTACKER, {
        method,
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expect([403, 404], `${name}: ${response.statusCode} ${response.body.slice(0, 200)}`).toContain(
        response.statusCode,
      );
      assertFrench(name, response.body);
    }
    expect(await fingerprint()).toBe(before);
  });
});
