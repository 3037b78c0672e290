import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminDashboardAnswerSchema,
  dashboardAnswerSchema,
  personalDashboardAnswerSchema,
  type Dashboard,
} from '../../contract/dashboard';
import { queryOne } from '../../server/src/db/query';
import { approve, createRequest, expenseTestApp, payment, type ExpenseIds } from './expenses-setup';
import type { TestApp } from './helpers';

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

async function dashboard(who: string, type: string, id: number): Promise<Dashboard> {
  const response = await t.as(who, { url: `/api/dashboard?entity_type=${type}&entity_id=${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return dashboardAnswerSchema.parse(response.json()).data;
}

describe('GET /dashboard', () => {
  it('agrees with the valid contributions of the church (the receipts list), month and year', async () => {
    const d = await dashboard('tresorier@example.org', 'CHURCH', ids.church1);
    const list = await queryOne<{ month: number; year: number }>(
      t.db,
      sql`select coalesce(sum(amount) filter (where occurred_at >= date_trunc('month', current_date)), 0)::bigint as month,
                 coalesce(sum(amount) filter (where occurred_at >= date_trunc('year', current_date)), 0)::bigint as year
          from contributions where entity_type = 'church' and entity_id = ${ids.church1} and status = 'valid'
            and occurred_at < current_date + interval '1 day'`,
    );
    expect(d.month.receipts).toBe(Number(list!.month));
    expect(d.year.receipts).toBe(Number(list!.year));
    expect(d.series).toHaveLength(12);
    expect(d.series.at(-1)!.receipts).toBe(d.month.receipts);
    expect(d.counts.churches).toBe(1);
    expect(d.counts.faithful).toBeGreaterThan(0);
    expect(d.balances.length).toBeGreaterThan(0);
  });

  it('moves by exactly a payment: expenses of the month and year, the cash balance, the requests to pay', async () => {
    const before = await dashboard('tresorier@example.org', 'CHURCH', ids.church1);
    const id = await createRequest(t, ids);
    const pending = await dashboard('tresorier@example.org', 'CHURCH', ids.church1);
    expect(pending.pending.to_approve).toBe(before.pending.to_approve + 1);
    await approve(t, id);
    const detail = await t.as('tresorier@example.org', { url: `/api/expense-requests/${id}` });
    const lineId = (detail.json() as { data: { expenses: Array<{ id: number }> } }).data.expenses[0].id;
    const approved = await dashboard('tresorier@example.org', 'CHURCH', ids.church1);
    expect(approved.pending.to_pay).toBe(before.pending.to_pay + 1);
    const paid = await t.as('tresorier@example.org', {
      method: 'PUT',
      url: `/api/expenses/${lineId}/validate`,
      payload: payment(ids, 7_000, { validated_at: new Date().toISOString().slice(0, 10) }),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const after = await dashboard('tresorier@example.org', 'CHURCH', ids.church1);
    expect(after.month.expenses).toBe(before.month.expenses + 7_000);
    expect(after.year.expenses).toBe(before.year.expenses + 7_000);
    const cash = (d: Dashboard) => d.balances.find((b) => b.account_id === ids.cash)?.balance ?? 0;
    expect(cash(after)).toBe(cash(before) - 7_000);
  });

  it('ranks the entities below a region with their whole year, summing to the churches’ own', async () => {
    const region = await queryOne<{ id: number }>(
      t.db,
      sql`select s.region_id as id from churches c join sections s on s.id = c.section_id where c.id = ${ids.church1}`,
    );
    const d = await dashboard('region@example.org', 'REGION', Number(region!.id));
    expect(d.children.length).toBeGreaterThan(0);
    expect(d.children.every((c) => c.type === 'SECTION')).toBe(true);
    const receipts = d.children.map((c) => c.receipts);
    expect([...receipts].sort((a, b) => b - a)).toEqual(receipts);
    // a section's figure is its own treasury plus its churches'
    const section = d.children[0];
    const own = await dashboard('region@example.org', 'SECTION', section.id);
    const churches = await Promise.all(
      own.children.map((c) => dashboard('region@example.org', 'CHURCH', c.id)),
    );
    expect(section.receipts).toBe(own.year.receipts + churches.reduce((sum, c) => sum + c.year.receipts, 0));
  });

  it('is refused outside what the user sees, and checks its query in French', async () => {
    const other = await t.as('tresorier@example.org', {
      url: `/api/dashboard?entity_type=CHURCH&entity_id=${ids.otherChurch}`,
    });
    expect(other.statusCode).toBe(403);
    const fidele = await t.as('fidele@example.org', {
      url: `/api/dashboard?entity_type=CHURCH&entity_id=${ids.church1}`,
    });
    expect(fidele.statusCode).toBe(403);
    const bad = await t.as('tresorier@example.org', { url: '/api/dashboard?entity_type=CHURCH&entity_id=x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Identifiant invalide.');
    expect((await t.app.inject({ url: '/api/dashboard/me' })).statusCode).toBe(401);
  });

  it('gives the member their own giving', async () => {
    const response = await t.as('fidele@example.org', { url: '/api/dashboard/me' });
    expect(response.statusCode).toBe(200);
    const { data } = personalDashboardAnswerSchema.parse(response.json());
    const mine = await queryOne<{ y: number }>(
      t.db,
      sql`select coalesce(sum(k.amount), 0)::bigint as y from contributions k join users u on u.id = k.user_id
          where u.email = 'fidele@example.org' and k.status = 'valid' and k.occurred_at >= date_trunc('year', current_date)`,
    );
    expect(data.year.amount).toBe(Number(mine!.y));
    expect(data.last).not.toBeNull();
  });

  it('counts the budget used as the budget page does: paid on its expense lines against planned', async () => {
    const d = await dashboard('tresorier@example.org', 'CHURCH', ids.church1);
    expect(d.budget).not.toBeNull();
    const page = await t.as('tresorier@example.org', { url: `/api/budgets/${d.budget!.id}` });
    expect(page.statusCode, page.body).toBe(200);
    const totals = (page.json() as { data: { totals: { planned_expense: number; actual_expense: number } } })
      .data.totals;
    expect(d.budget!.planned_expense).toBe(totals.planned_expense);
    expect(d.budget!.spent).toBe(totals.actual_expense);
    expect(d.budget!.year).toBe(new Date().getUTCFullYear());
  });
});

describe('the daily treasury totals behind the dashboards (decision 0031)', () => {
  it('agree with the movements, reversals and opening balances included, after the writes above', async () => {
    const reversals = await queryOne<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from treasury_movements where source_type = 'reversal'`,
    );
    expect(Number(reversals!.n)).toBeGreaterThan(0);
    const diff = await queryOne<{ n: number }>(
      t.db,
      sql`with fresh as (
            select m.entity_type, m.entity_id, m.payment_account_id, m.journal_type,
              (m.occurred_at at time zone 'UTC')::date as day,
              sum(case when m.source_type = 'contribution' then m.receipt
                       when m.source_type = 'reversal' and r.source_type = 'contribution' then -r.receipt else 0 end) as receipts,
              sum(case when m.source_type = 'expense_payment' then m.expense
                       when m.source_type = 'reversal' and r.source_type = 'expense_payment' then -r.expense else 0 end) as expenses,
              sum(m.receipt - m.expense) as net
            from treasury_movements m left join treasury_movements r on r.id = m.reverses_id
            group by 1, 2, 3, 4, 5
          )
          select count(*)::int as n from fresh f
          full join derived.treasury_day_totals d using (entity_type, entity_id, payment_account_id, journal_type, day)
          where f.receipts is distinct from d.receipts or f.expenses is distinct from d.expenses
             or f.net is distinct from d.net`,
    );
    expect(Number(diff!.n)).toBe(0);
  });
});

describe('the faithful counts (derived.church_faithful, decision 0031)', () => {
  it('agree with the active members of the churches, and follow a member leaving', async () => {
    const count = async () =>
      Number(
        (await queryOne<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from users where active and church_id = ${ids.church1}`,
        ))!.n,
      );
    const before = await dashboard('tresorier@example.org', 'CHURCH', ids.church1);
    expect(before.counts.faithful).toBe(await count());
    const leaving = await queryOne<{ id: number }>(
      t.db,
      sql`select id from users where active and church_id = ${ids.church1} and email is null order by id limit 1`,
    );
    await t.db.execute(sql`update users set active = false where id = ${leaving!.id}`);
    const after = await dashboard('tresorier@example.org', 'CHURCH', ids.church1);
    expect(after.counts.faithful).toBe(before.counts.faithful - 1);
    expect(after.counts.faithful).toBe(await count());
    await t.db.execute(sql`update users set active = true where id = ${leaving!.id}`);
    const all = await queryOne<{ n: number }>(
      t.db,
      sql`select (select count(*) from users where active and church_id is not null)
                 - (select coalesce(sum(n), 0) from derived.church_faithful) as n`,
    );
    expect(Number(all!.n)).toBe(0);
  });
});

describe('GET /dashboard/admin', () => {
  it('counts the installation in one answer, agreeing with its tables', async () => {
    const response = await t.as('admin@example.org', { url: '/api/dashboard/admin' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { data } = adminDashboardAnswerSchema.parse(response.json());
    const facts = await queryOne<Record<string, number>>(
      t.db,
      sql`select (select count(*) from churches where archived_at is null)::int as churches,
                 (select count(*) from regions where archived_at is null)::int as regions,
                 (select count(*) from users where active)::int as users,
                 (select count(*) from sessions where expires_at > now())::int as sessions,
                 (select count(*) from subscriptions where status = 'active' and paid_at is null)::int as unpaid,
                 (select max(id) from audit_log)::int as last_audit`,
    );
    expect(data.counts.churches).toBe(Number(facts!.churches));
    expect(data.counts.regions).toBe(Number(facts!.regions));
    expect(data.counts.users).toBe(Number(facts!.users));
    expect(data.sessions.active).toBe(Number(facts!.sessions));
    expect(data.sessions.active).toBeGreaterThan(0);
    expect(data.unpaid_subscriptions.count).toBe(Number(facts!.unpaid));
    expect(data.audit.length).toBeGreaterThan(0);
    expect(data.audit.length).toBeLessThanOrEqual(10);
    expect(data.audit[0].id).toBe(Number(facts!.last_audit));
    const ids = data.audit.map((a) => a.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });

  it('is the administrators’ only, with a French 403', async () => {
    const pastor = await t.as('pasteur@example.org', { url: '/api/dashboard/admin' });
    expect(pastor.statusCode).toBe(403);
    expect(pastor.json().message).toContain(
      'Seul un administrateur peut voir le tableau de bord de l’administration.',
    );
    expect((await t.app.inject({ url: '/api/dashboard/admin' })).statusCode).toBe(401);
  });
});
