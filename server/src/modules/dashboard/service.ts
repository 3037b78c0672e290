import { sql, type SQL } from 'drizzle-orm';
import type { Dashboard, DashboardQuery, PersonalDashboard } from '../../../../contract/dashboard';
import type { Db } from '../../db/client';
import { queryOne, queryRows } from '../../db/query';
import { httpError } from '../../http/errors';

// The dashboards (decision 0026): every figure computed in SQL, from the tables the journals and lists read.

type Level = 'national_office' | 'region' | 'section' | 'church';
const LEVEL: Record<DashboardQuery['entity_type'], Level> = {
  NATIONAL_OFFICE: 'national_office',
  REGION: 'region',
  SECTION: 'section',
  CHURCH: 'church',
};
const TABLE: Record<Level, SQL> = {
  national_office: sql.raw('national_offices'),
  region: sql.raw('regions'),
  section: sql.raw('sections'),
  church: sql.raw('churches'),
};
const GROUP: Record<Level, string> = {
  national_office: 'national_offices',
  region: 'regions',
  section: 'sections',
  church: 'churches',
};

/*
 * The money figures read `derived.treasury_day_totals` (migration `*_dashboard_sql`, decision 0031): per
 * entity, treasury account and UTC day, the receipts (contributions net of their reversals), the
 * expenses (expense payments net of theirs) and the net of every movement, kept by triggers on
 * treasury_movements: the same sums as the journals, from a few thousand rows instead of every movement.
 * The faithful counts read `derived.church_faithful` (the active members per church, kept by triggers on
 * users, same migration).
 */

/** The churches of an entity's subtree. */
function churchesOf(level: Level, id: number): SQL {
  switch (level) {
    case 'church':
      return sql`select c.id from churches c where c.id = ${id}`;
    case 'section':
      return sql`select c.id from churches c where c.section_id = ${id}`;
    case 'region':
      return sql`select c.id from churches c join sections s on s.id = c.section_id where s.region_id = ${id}`;
    case 'national_office':
      return sql`select c.id from churches c join sections s on s.id = c.section_id
                 join regions g on g.id = s.region_id where g.national_office_id = ${id}`;
  }
}

/** (child, entity_type, entity_id): the entities just below `level` and everything under each. */
function childUnits(level: Level, id: number): { type: 'REGION' | 'SECTION' | 'CHURCH'; units: SQL } | null {
  switch (level) {
    case 'section':
      return {
        type: 'CHURCH',
        units: sql`select c.id as child, 'church'::text as entity_type, c.id as entity_id from churches c
                   where c.section_id = ${id} and c.archived_at is null`,
      };
    case 'region':
      return {
        type: 'SECTION',
        units: sql`select s.id as child, 'section'::text as entity_type, s.id as entity_id from sections s
                   where s.region_id = ${id} and s.archived_at is null
                   union all
                   select s.id, 'church', c.id from churches c join sections s on s.id = c.section_id
                   where s.region_id = ${id} and s.archived_at is null`,
      };
    case 'national_office':
      return {
        type: 'REGION',
        units: sql`select g.id as child, 'region'::text as entity_type, g.id as entity_id from regions g
                   where g.national_office_id = ${id} and g.archived_at is null
                   union all
                   select g.id, 'section', s.id from sections s join regions g on g.id = s.region_id
                   where g.national_office_id = ${id} and g.archived_at is null
                   union all
                   select g.id, 'church', c.id from churches c join sections s on s.id = c.section_id
                   join regions g on g.id = s.region_id where g.national_office_id = ${id} and g.archived_at is null`,
      };
    default:
      return null;
  }
}

const n = (value: unknown) => Number(value ?? 0);

export async function entityDashboard(db: Db, query: DashboardQuery): Promise<Dashboard> {
  const level = LEVEL[query.entity_type];
  const id = query.entity_id;
  const entity = await queryOne<{ name: string }>(db, sql`select name from ${TABLE[level]} where id = ${id}`);
  if (!entity) throw httpError(404, 'Entité introuvable.');

  const own = sql`d.entity_type = ${level} and d.entity_id = ${id}`;
  const periods = await queryOne<Record<string, number | string>>(
    db,
    sql`with b as (
          select current_date as today, date_trunc('month', current_date)::date as month_start,
                 date_trunc('year', current_date)::date as year_start,
                 (date_trunc('month', current_date) - interval '1 year')::date as lmonth_start,
                 (date_trunc('month', current_date) - interval '11 months')::date as lmonth_end,
                 (date_trunc('year', current_date) - interval '1 year')::date as lyear_start,
                 (current_date - interval '1 year')::date as lyear_today
        )
        select b.today::text as as_of,
          coalesce(sum(d.receipts) filter (where d.day >= b.month_start), 0)::bigint as month_r,
          coalesce(sum(d.expenses) filter (where d.day >= b.month_start), 0)::bigint as month_e,
          coalesce(sum(d.receipts) filter (where d.day >= b.year_start), 0)::bigint as year_r,
          coalesce(sum(d.expenses) filter (where d.day >= b.year_start), 0)::bigint as year_e,
          coalesce(sum(d.receipts) filter (where d.day >= b.lmonth_start and d.day < b.lmonth_end), 0)::bigint as lmonth_r,
          coalesce(sum(d.expenses) filter (where d.day >= b.lmonth_start and d.day < b.lmonth_end), 0)::bigint as lmonth_e,
          coalesce(sum(d.receipts) filter (where d.day >= b.lyear_start and d.day <= b.lyear_today), 0)::bigint as lyear_r,
          coalesce(sum(d.expenses) filter (where d.day >= b.lyear_start and d.day <= b.lyear_today), 0)::bigint as lyear_e
        from b
        left join derived.treasury_day_totals d on ${own} and d.day >= b.lyear_start and d.day <= b.today
        group by b.today`,
  );

  const series = await queryRows<{ month: string; receipts: number; expenses: number }>(
    db,
    sql`with months as (
          select generate_series(date_trunc('month', current_date) - interval '11 months',
                                 date_trunc('month', current_date), interval '1 month')::date as start
        ),
        totals as (
          select date_trunc('month', d.day)::date as start, sum(d.receipts) as receipts, sum(d.expenses) as expenses
          from derived.treasury_day_totals d
          where ${own} and d.day >= (date_trunc('month', current_date) - interval '11 months')::date
            and d.day <= current_date
          group by 1
        )
        select to_char(months.start, 'YYYY-MM') as month,
          coalesce(totals.receipts, 0)::bigint as receipts, coalesce(totals.expenses, 0)::bigint as expenses
        from months left join totals on totals.start = months.start
        order by months.start`,
  );

  const balances = await queryRows<{
    account_id: number;
    name: string;
    journal_type: string;
    balance: number;
  }>(
    db,
    sql`select a.id as account_id, a.name, d.journal_type, sum(d.net)::bigint as balance
        from derived.treasury_day_totals d join operation_accounts a on a.id = d.payment_account_id
        where ${own}
        group by a.id, a.name, d.journal_type order by d.journal_type, a.name`,
  );

  const requestType = query.entity_type;
  const counts = await queryOne<Record<string, number>>(
    db,
    sql`select
          (select count(*) from expense_requests er where er.entity_type = ${requestType} and er.entity_id = ${id}
             and er.status = 'approval_pending')::int as to_approve,
          (select count(*) from expense_requests er where er.entity_type = ${requestType} and er.entity_id = ${id}
             and er.status in ('approved', 'validated') and er.verified_at is null
             and exists (select 1 from expense_lines l where l.expense_request_id = er.id
                           and l.status <> 'cancelled' and l.amount_validated < l.amount))::int as to_pay,
          (select count(distinct ra.user_id) from role_assignments ra
             where ra."group" = ${GROUP[level]} and ra.group_id = ${id})::int as members,
          (select coalesce(sum(f.n), 0) from derived.church_faithful f
             where f.church_id in (${churchesOf(level, id)}))::int as faithful,
          (select count(*) from (${churchesOf(level, id)}) x)::int as churches`,
  );

  // The year's budget of the entity and what its expense lines used, as the budget's page counts it
  // (the yearly totals per line kept by the triggers of migration 0005_budgets_sql).
  const budget = await queryOne<{
    id: number;
    year: number;
    status: 'approved' | 'finalized';
    planned: number | string;
    spent: number | string;
  }>(
    db,
    sql`select b.id, b.year, b.status,
          (select coalesce(sum(bl.amount), 0) from budget_lines bl
             where bl.budget_id = b.id and bl.category = 'EXPENSE')::bigint as planned,
          (select coalesce(sum(s.amount), 0) from budget_lines bl
             join derived.budget_line_year_spent s on s.budget_line_id = bl.id and s.year = b.year
             where bl.budget_id = b.id and bl.category = 'EXPENSE')::bigint as spent
        from budgets b
        where b.entity_type = ${level} and b.entity_id = ${id}
          and b.year = extract(year from current_date)::int and b.status in ('approved', 'finalized')`,
  );

  const below = childUnits(level, id);
  const children = below
    ? await queryRows<{ id: number; name: string; receipts: number; expenses: number; faithful: number }>(
        db,
        sql`with units as (${below.units}),
            money as (
              select u.child, coalesce(sum(d.receipts), 0)::bigint as receipts,
                     coalesce(sum(d.expenses), 0)::bigint as expenses
              from units u
              join derived.treasury_day_totals d on d.entity_type = u.entity_type and d.entity_id = u.entity_id
                and d.day >= date_trunc('year', current_date)::date and d.day <= current_date
              group by u.child
            ),
            people as (
              select u.child, sum(f.n)::int as faithful from units u
              join derived.church_faithful f on f.church_id = u.entity_id and u.entity_type = 'church'
              group by u.child
            )
            select k.id, k.name, coalesce(money.receipts, 0) as receipts, coalesce(money.expenses, 0) as expenses,
                   coalesce(people.faithful, 0) as faithful
            from ${TABLE[below.type === 'CHURCH' ? 'church' : below.type === 'SECTION' ? 'section' : 'region']} k
            join (select distinct child from units) d on d.child = k.id
            left join money on money.child = k.id
            left join people on people.child = k.id
            order by receipts desc, k.name`,
      )
    : [];

  const p = periods!;
  return {
    entity: { type: query.entity_type, id, name: entity.name },
    as_of: String(p.as_of),
    month: { receipts: n(p.month_r), expenses: n(p.month_e) },
    month_last_year: { receipts: n(p.lmonth_r), expenses: n(p.lmonth_e) },
    year: { receipts: n(p.year_r), expenses: n(p.year_e) },
    year_last_year: { receipts: n(p.lyear_r), expenses: n(p.lyear_e) },
    balances: balances.map((b) => ({
      account_id: n(b.account_id),
      name: b.name,
      journal_type: b.journal_type as Dashboard['balances'][number]['journal_type'],
      balance: n(b.balance),
    })),
    pending: { to_approve: n(counts?.to_approve), to_pay: n(counts?.to_pay) },
    counts: { members: n(counts?.members), faithful: n(counts?.faithful), churches: n(counts?.churches) },
    budget: budget
      ? {
          id: n(budget.id),
          year: n(budget.year),
          status: budget.status,
          planned_expense: n(budget.planned),
          spent: n(budget.spent),
        }
      : null,
    series: series.map((s) => ({ month: s.month, receipts: n(s.receipts), expenses: n(s.expenses) })),
    children: children.map((c) => ({
      type: below!.type,
      id: n(c.id),
      name: c.name,
      receipts: n(c.receipts),
      expenses: n(c.expenses),
      faithful: n(c.faithful),
    })),
  };
}

/** The member's own giving: this year, last year to the same day, this month, the last gift. */
export async function personalDashboard(db: Db, userId: number): Promise<PersonalDashboard> {
  const row = await queryOne<Record<string, number | string | null>>(
    db,
    sql`select
          coalesce(sum(k.amount) filter (where k.occurred_at >= date_trunc('year', current_date)), 0)::bigint as y,
          count(*) filter (where k.occurred_at >= date_trunc('year', current_date))::int as yc,
          coalesce(sum(k.amount) filter (where k.occurred_at >= date_trunc('year', current_date) - interval '1 year'
            and k.occurred_at < current_date - interval '1 year' + interval '1 day'), 0)::bigint as ly,
          count(*) filter (where k.occurred_at >= date_trunc('year', current_date) - interval '1 year'
            and k.occurred_at < current_date - interval '1 year' + interval '1 day')::int as lyc,
          coalesce(sum(k.amount) filter (where k.occurred_at >= date_trunc('month', current_date)), 0)::bigint as m,
          count(*) filter (where k.occurred_at >= date_trunc('month', current_date))::int as mc
        from contributions k where k.user_id = ${userId} and k.status = 'valid'`,
  );
  const last = await queryOne<{
    id: number;
    amount: number;
    occurred_at: string | Date;
    receipt_number: string;
  }>(
    db,
    sql`select id, amount, occurred_at, receipt_number from contributions
        where user_id = ${userId} and status = 'valid' order by occurred_at desc, id desc limit 1`,
  );
  return {
    year: { amount: n(row?.y), count: n(row?.yc) },
    year_last_year: { amount: n(row?.ly), count: n(row?.lyc) },
    month: { amount: n(row?.m), count: n(row?.mc) },
    last: last
      ? {
          id: n(last.id),
          amount: n(last.amount),
          date: new Date(last.occurred_at).toISOString(),
          receipt_number: last.receipt_number,
        }
      : null,
  };
}
