import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departmentSummaryAnswerSchema } from '../../contract/activities';
import { queryOne } from '../../server/src/db/query';
import type { TestApp } from './helpers';
import { expenseTestApp, json, line, plainFaithful, requestBody, type ExpenseIds } from './expenses-setup';

/**
 * A department's leader answers for its money (decision 0047): fidele@, who leads the Chorale of the
 * demo church and holds no finance permission, reads its contributions and expense requests (lists,
 * totals, details, lines, files), sees the money of its dashboard and asks for its expenses (the form's
 * lookups included). Nothing wider: a plain member of the Chorale, the leader of another department,
 * and the users of another church are still refused.
 */
let t: TestApp;
let ids: ExpenseIds;
let dataDir: string;
let chorale: number;
let otherDepartment: number;
let otherChurchChorale: number;
let member: string;
let otherLeader: string;
let choraleRequest: number;
let choraleLine: number;
let choraleContribution: number;
const LEADER = 'fidele@example.org';

async function idOf(query: ReturnType<typeof sql>): Promise<number> {
  const row = await queryOne<{ id: number }>(t.db, query);
  if (!row) throw new Error('fixture row missing');
  return Number(row.id);
}

beforeAll(async () => {
  ({ t, ids, dataDir } = await expenseTestApp());
  chorale = await idOf(
    sql`select d.id from departments d join users u on u.church_id = d.entity_id
        where d.entity_type = 'church' and d.name = 'Chorale' and u.email = ${LEADER}`,
  );
  otherDepartment = await idOf(
    sql`select id from departments where entity_type = 'church' and entity_id = ${ids.church1}
          and id <> ${chorale} order by id limit 1`,
  );
  otherChurchChorale = await idOf(
    sql`select id from departments where entity_type = 'church' and entity_id = ${ids.otherChurch}
          and name = 'Chorale'`,
  );
  // a plain member of the Chorale, and the leader of another department of the same church
  member = await plainFaithful(t, ids.church1, [LEADER]);
  await t.db.execute(
    sql`insert into department_members (department_id, user_id, role)
        select ${chorale}, id, 'member' from users where email = ${member}`,
  );
  otherLeader = await plainFaithful(t, ids.church1, [LEADER, member]);
  await t.db.execute(
    sql`update department_members set role = 'member' where department_id = ${otherDepartment} and role = 'leader'`,
  );
  await t.db.execute(
    sql`insert into department_members (department_id, user_id, role)
        select ${otherDepartment}, id, 'leader' from users where email = ${otherLeader}`,
  );
  // the Chorale's money in the demo data: a request the treasurer created, a contribution of another member
  choraleRequest = await idOf(
    sql`select er.id from expense_requests er join users u on u.id = er.created_by
        where er.entity_type = 'ACTIVITY_GROUP' and er.entity_id = ${chorale} and u.email <> ${LEADER}
        order by er.id limit 1`,
  );
  choraleLine = await idOf(
    sql`select id from expense_lines where expense_request_id = ${choraleRequest} order by id limit 1`,
  );
  choraleContribution = await idOf(
    sql`select c.id from contributions c
        where c.entity_type = 'department' and c.entity_id = ${chorale}
          and c.user_id is distinct from (select id from users where email = ${LEADER})
        order by c.id limit 1`,
  );
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (login: string, url: string) => t.as(login, { method: 'GET', url });
const dep = (id: number) => `entity_type=ACTIVITY_GROUP&entity_id=${id}`;

/** The money reads of a department's pages, and of one of its requests and contributions. */
function moneyReads(department: number): Array<[string, string]> {
  return [
    ['its contributions', `/api/contributions?${dep(department)}&page=1&limit=20`],
    ['its requests', `/api/expense-requests?${dep(department)}&page=1&limit=20`],
    ['their totals', `/api/expense-requests-balance?${dep(department)}`],
  ];
}

function recordReads(): Array<[string, string]> {
  return [
    ['a request', `/api/expense-requests/${choraleRequest}`],
    ['its files', `/api/expense-requests/${choraleRequest}/attachments`],
    ['its lines', `/api/expenses?expense_request_id=${choraleRequest}`],
    ['a line', `/api/expenses/${choraleLine}`],
    ['a contribution', `/api/contributions/${choraleContribution}`],
  ];
}

/** The lookups of the add-expense form, for the department. */
function formLookups(department: number): Array<[string, string]> {
  return [
    [
      'the accounts',
      `/api/operation-accounts/authorized?${dep(department)}&categories=${encodeURIComponent('Charges AO,Actifs immobilisés')}`,
    ],
    ['the budget lines', `/api/budgets/budget-lines?${dep(department)}`],
    ['the planned activities', `/api/planned-activities?${dep(department)}`],
  ];
}

function newRequest(department: number) {
  return requestBody(ids, {
    entity_type: 'ACTIVITY_GROUP',
    entity_id: department,
    title: 'Partitions de Noël',
    description: 'Achat de partitions pour le concert de Noël',
    expenses: [line('Partitions', 4, 2_500)],
  });
}

describe("a department's leader reads and asks for its money (decision 0047)", () => {
  it("reads the Chorale's contributions and requests, with their totals, every row the Chorale's", async () => {
    for (const [name, url] of moneyReads(chorale)) {
      const answer = await get(LEADER, url);
      expect(answer.statusCode, `${name}: ${answer.body.slice(0, 200)}`).toBe(200);
    }
    const contributions = json<{ data: Array<{ entity_type: string; entity_id: number }> }>(
      await get(LEADER, moneyReads(chorale)[0][1]),
    ).data;
    expect(contributions.length).toBeGreaterThan(0);
    expect(contributions.every((c) => c.entity_type === 'ACTIVITY_GROUP' && c.entity_id === chorale)).toBe(
      true,
    );
    const requests = json<{ data: Array<{ entity_type: string; entity_id: number }> }>(
      await get(LEADER, moneyReads(chorale)[1][1]),
    ).data;
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((r) => r.entity_type === 'ACTIVITY_GROUP' && r.entity_id === chorale)).toBe(true);
    const totals = json<{ data: { count: number } }>(await get(LEADER, moneyReads(chorale)[2][1])).data;
    expect(totals.count).toBe(requests.length);
  });

  it("reads one of its requests (lines, files, a line) and one of its contributions, someone else's", async () => {
    for (const [name, url] of recordReads()) {
      const answer = await get(LEADER, url);
      expect(answer.statusCode, `${name}: ${answer.body.slice(0, 200)}`).toBe(200);
    }
  });

  it("sees the money of the Chorale's dashboard", async () => {
    const answer = await get(LEADER, `/api/departments/${chorale}/summary`);
    expect(answer.statusCode).toBe(200);
    const data = departmentSummaryAnswerSchema.parse(answer.json()).data;
    expect(typeof data.contributions_total).toBe('number');
    expect(typeof data.expenses_total).toBe('number');
    expect(data.months).toHaveLength(6);
  });

  it("loads the add-expense form's lists and creates a request for the Chorale (201, audited)", async () => {
    for (const [name, url] of formLookups(chorale)) {
      const answer = await get(LEADER, url);
      expect(answer.statusCode, `${name}: ${answer.body.slice(0, 200)}`).toBe(200);
    }
    const accounts = json<{ data: Array<{ id: number }> }>(
      await get(LEADER, formLookups(chorale)[0][1]),
    ).data;
    expect(accounts.map((a) => a.id)).toContain(ids.supplies);

    const created = await t.as(LEADER, {
      method: 'POST',
      url: '/api/expense-requests',
      payload: newRequest(chorale),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = json<{ data: { id: number } }>(created).data.id;
    const row = await queryOne<{ status: string; amount: number; created_by: number; leader: number }>(
      t.db,
      sql`select er.status, er.amount, er.created_by, (select id from users where email = ${LEADER}) as leader
          from expense_requests er where er.id = ${id}`,
    );
    expect(row).toMatchObject({ status: 'approval_pending' });
    expect(Number(row!.amount)).toBe(10_000);
    expect(Number(row!.created_by)).toBe(Number(row!.leader));
    const audited = await queryOne<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log
          where action = 'expense_request.create' and entity_id = ${id} and user_id = ${row!.leader}`,
    );
    expect(Number(audited!.n)).toBe(1);
    // listed with the Chorale's requests
    const listed = json<{ data: Array<{ id: number }> }>(await get(LEADER, moneyReads(chorale)[1][1])).data;
    expect(listed.map((r) => r.id)).toContain(id);
  });

  it('decides nothing: approving, validating or paying a request of the Chorale stays refused', async () => {
    for (const action of ['approved', 'validated', 'rejected']) {
      const answer = await t.as(LEADER, {
        method: 'PUT',
        url: `/api/expense-requests/${choraleRequest}/${action}`,
        payload: action === 'rejected' ? { reason: 'Non' } : {},
      });
      expect(answer.statusCode, `${action}: ${answer.body.slice(0, 200)}`).toBe(403);
    }
  });

  it("reads nothing of the church's money beyond the Chorale, nor another department's", async () => {
    for (const url of [
      `/api/contributions?entity_type=CHURCH&entity_id=${ids.church1}&page=1&limit=20`,
      `/api/expense-requests?entity_type=CHURCH&entity_id=${ids.church1}&page=1&limit=20`,
      `/api/expense-requests?page=1&limit=20`,
      ...moneyReads(otherDepartment).map(([, u]) => u),
      ...moneyReads(otherChurchChorale).map(([, u]) => u),
    ]) {
      const answer = await get(LEADER, url);
      expect(answer.statusCode, url).toBe(403);
    }
    const elsewhere = await t.as(LEADER, {
      method: 'POST',
      url: '/api/expense-requests',
      payload: newRequest(otherDepartment),
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(403);
  });
});

describe('nobody else passes by the rule', () => {
  it('a plain member of the Chorale: 403 on its money, no money on its dashboard, no request', async () => {
    for (const [name, url] of [...moneyReads(chorale), ...recordReads()]) {
      const answer = await get(member, url);
      expect(answer.statusCode, `${name}: ${answer.body.slice(0, 200)}`).toBe(403);
    }
    const summary = await get(member, `/api/departments/${chorale}/summary`);
    expect(summary.statusCode).toBe(200);
    const data = departmentSummaryAnswerSchema.parse(summary.json()).data;
    expect(data.members).toBeGreaterThan(0);
    expect(data.contributions_total).toBeNull();
    expect(data.expenses_total).toBeNull();
    expect(data.months).toBeNull();
    const created = await t.as(member, {
      method: 'POST',
      url: '/api/expense-requests',
      payload: newRequest(chorale),
    });
    expect(created.statusCode, created.body).toBe(403);
  });

  it("the leader of another department: 403 on the Chorale's money, the Chorale's dashboard without money", async () => {
    for (const [name, url] of [...moneyReads(chorale), ...recordReads()]) {
      const answer = await get(otherLeader, url);
      expect(answer.statusCode, `${name}: ${answer.body.slice(0, 200)}`).toBe(403);
    }
    const created = await t.as(otherLeader, {
      method: 'POST',
      url: '/api/expense-requests',
      payload: newRequest(chorale),
    });
    expect(created.statusCode, created.body).toBe(403);
    // while their own department's money is theirs to read
    for (const [name, url] of moneyReads(otherDepartment)) {
      const answer = await get(otherLeader, url);
      expect(answer.statusCode, `${name}: ${answer.body.slice(0, 200)}`).toBe(200);
    }
  });

  it("another church's treasurer: 403 on the Chorale's money and its requests", async () => {
    for (const [name, url] of [...moneyReads(chorale), ...recordReads()]) {
      const answer = await get(ids.otherTreasurer, url);
      expect(answer.statusCode, `${name}: ${answer.body.slice(0, 200)}`).toBe(403);
    }
    const created = await t.as(ids.otherTreasurer, {
      method: 'POST',
      url: '/api/expense-requests',
      payload: newRequest(chorale),
    });
    expect(created.statusCode, created.body).toBe(403);
  });
});
