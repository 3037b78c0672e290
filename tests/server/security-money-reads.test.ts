import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closingAnswerSchema, closingListSchema } from '../../contract/closings';
import { departmentSummaryAnswerSchema } from '../../contract/activities';
import { queryOne } from '../../server/src/db/query';
import { expenseTestApp, plainFaithful, type ExpenseIds } from './expenses-setup';
import type { TestApp } from './helpers';

/**
 * Issue 27, hole 4: money figures need the finance permissions the journals need (`contribution:view`
 * or `expense:view` on the entity). Any faithful read their church's closings (products, charges,
 * result, receipts and expenses per account), and a department's dashboard showed its money to anyone
 * holding `activity:view` or belonging to it. Members and department members now see counts only.
 */
let t: TestApp;
let ids: ExpenseIds;
let chorale: number;
let closingId: number;
const year = new Date().getUTCFullYear() - 1;

beforeAll(async () => {
  ({ t, ids } = await expenseTestApp());
  chorale = Number(
    (await queryOne<{ id: number }>(
      t.db,
      sql`select id from departments where entity_type = 'church' and entity_id = ${ids.church1} and name = 'Chorale'`,
    ))!.id,
  );
  const closed = await t.as('tresorier@example.org', {
    method: 'POST',
    url: '/api/closings',
    payload: { entity_type: 'CHURCH', entity_id: ids.church1, year },
  });
  expect(closed.statusCode, closed.body).toBe(201);
  closingId = closingAnswerSchema.parse(closed.json()).data.id!;
});
afterAll(() => t?.close());

/** A faithful of church1 who holds no position and belongs to the Chorale as a plain member. */
async function plainMember(): Promise<string> {
  const email = await plainFaithful(t, ids.church1);
  await t.db.execute(
    sql`insert into department_members (department_id, user_id, role)
        select ${chorale}, id, 'member' from users where email = ${email}`,
  );
  return email;
}

describe('closings: money figures need a finance permission (issue 27, hole 4)', () => {
  const list = () => `/api/closings?entity_type=CHURCH&entity_id=${ids.church1}`;

  it('a faithful of the church reads neither the list nor a closing', async () => {
    for (const url of [list(), `/api/closings/${closingId}`]) {
      const answer = await t.as('fidele@example.org', { url });
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json().message).toMatch(/^E_HTTP_EXCEPTION: /);
      expect(answer.body).not.toMatch(/products|charges/);
    }
  });

  it('the treasurer and the pastor (contribution:view, expense:view) read them', async () => {
    for (const who of ['tresorier@example.org', 'pasteur@example.org']) {
      const listed = await t.as(who, { url: list() });
      expect(listed.statusCode, who).toBe(200);
      expect(closingListSchema.parse(listed.json()).data.map((c) => c.year)).toContain(year);
      const one = await t.as(who, { url: `/api/closings/${closingId}` });
      expect(one.statusCode, who).toBe(200);
      expect(closingAnswerSchema.parse(one.json()).data.accounts.length).toBeGreaterThan(0);
    }
  });
});

describe('department dashboard: counts for its members, money for finance readers (issue 27, hole 4)', () => {
  const summary = (who: string) => t.as(who, { url: `/api/departments/${chorale}/summary` });

  it('its members (no finance permission) see the counts but no money', async () => {
    const member = await plainMember();
    for (const who of [member]) {
      const answer = await summary(who);
      expect(answer.statusCode, who).toBe(200);
      const data = departmentSummaryAnswerSchema.parse(answer.json()).data;
      expect(data.members, who).toBeGreaterThan(0);
      expect(Array.isArray(data.upcoming)).toBe(true);
      expect(Array.isArray(data.reports)).toBe(true);
      expect(data.contributions_total, who).toBeNull();
      expect(data.expenses_total, who).toBeNull();
      expect(data.months, who).toBeNull();
    }
  });

  it('a holder of contribution:view or expense:view on the church, and its leader (decision 0047), see the money', async () => {
    for (const who of ['tresorier@example.org', 'pasteur@example.org', 'fidele@example.org']) {
      const answer = await summary(who);
      expect(answer.statusCode, who).toBe(200);
      const data = departmentSummaryAnswerSchema.parse(answer.json()).data;
      expect(typeof data.contributions_total, who).toBe('number');
      expect(typeof data.expenses_total, who).toBe('number');
      expect(data.months, who).toHaveLength(6);
    }
  });

  it('an officer with activity:view only sees the counts', async () => {
    const officer = await queryOne<{ id: number; email: string }>(
      t.db,
      sql`select u.id, u.email from users u
          where u.church_id = ${ids.church1} and u.email is not null and u.password_hash is not null
            and not exists (select 1 from role_assignments ra join roles r on r.id = ra.role_id
                            where ra.user_id = u.id and r.code <> 'faithful')
            and not exists (select 1 from department_members m where m.user_id = u.id)
          order by u.id desc limit 1`,
    );
    await t.db.execute(
      sql`insert into role_assignments (user_id, role_id, "group", group_id)
          select ${officer!.id}, id, 'churches', ${ids.church1} from roles where code = 'church::conseiller'`,
    );
    const answer = await summary(officer!.email);
    expect(answer.statusCode, answer.body).toBe(200);
    const data = departmentSummaryAnswerSchema.parse(answer.json()).data;
    expect(data.contributions_total).toBeNull();
    expect(data.months).toBeNull();
  });
});
