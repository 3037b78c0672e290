import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { queryOne, queryRows } from '../query';

/**
 * Budgets and planned activities of the demo (the add-expense form links a request to a budget line and a
 * planned activity: decision 0006). Deterministic: the same organisation and year give the same rows. Runs
 * once (nothing is added when budget item templates exist).
 *
 * - budget item templates: 7 EXPENSE, 3 INCOME, in order, most with their operation account;
 * - one budget per national office, region, section and church for the current year, with one line per
 *   template (amounts derived from the entity id): approved, except in the demo section (its first
 *   other churches: one submitted, one rejected with a reason, one draft) and in the demo region (its
 *   first other section: submitted); the demo church also has last year's budget, finalised;
 * - the demo expense requests of the current year attached to a budget line of their entity (the line
 *   of their account's item, else one by id), so that the current budgets have actuals (decision 0021);
 * - 5 activity types; 4 planned activities per church, 2 per section, region and national office.
 */
/** [name, operation account code or null]: the actual of an INCOME item is what its account received */
const EXPENSE_TEMPLATES: Array<[string, string | null]> = [
  ['Entretien des locaux', '6241'],
  ['Électricité et eau', '6052'],
  ['Œuvres sociales', '6585'],
  ['Missions et évangélisation', '6586'],
  ['Fournitures de bureau', '6047'],
  ['Transport et déplacements', '6181'],
  ['Équipements et matériel', null],
];
const INCOME_TEMPLATES: Array<[string, string | null]> = [
  ['Dîmes', '7581'],
  ['Offrandes', '7582'],
  ['Dons spéciaux', '7583'],
];
const ACTIVITY_TYPES = [
  'Culte',
  'Conférence',
  'Séminaire',
  'Retraite spirituelle',
  "Campagne d'évangélisation",
];
/** [title, type index, month (1-12), day] */
const CHURCH_ACTIVITIES: Array<[string, number, number, number]> = [
  ['Culte de Pâques', 0, 4, 5],
  ['Conférence des jeunes', 1, 7, 18],
  ['Séminaire des couples', 2, 9, 20],
  ["Campagne d'évangélisation de fin d'année", 4, 12, 6],
];
const UPPER_ACTIVITIES: Array<[string, number, number, number]> = [
  ['Retraite des responsables', 3, 3, 14],
  ['Séminaire des trésoriers', 2, 10, 10],
];

const text = (values: string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

export async function seedPlanning(
  db: Db,
  options: { now?: Date } = {},
): Promise<{ budgets: number; activities: number }> {
  const existing = await queryOne<{ n: number }>(
    db,
    sql`select count(*)::int as n from budget_item_templates`,
  );
  if (Number(existing?.n ?? 0) > 0) return { budgets: 0, activities: 0 };
  const year = (options.now ?? new Date()).getUTCFullYear();

  const templates = async (rows: Array<[string, string | null]>, category: string) =>
    db.execute(
      sql`insert into budget_item_templates (name, category, operation_account_id, position)
          select t.name, ${category}, (select id from operation_accounts where code = nullif(t.code, '')), t.n * 10
          from unnest(${text(rows.map((r) => r[0]))}::text[], ${text(rows.map((r) => r[1] ?? ''))}::text[])
            with ordinality as t(name, code, n)
          order by t.n`,
    );
  await templates(INCOME_TEMPLATES, 'INCOME');
  await templates(EXPENSE_TEMPLATES, 'EXPENSE');
  await db.execute(
    sql`insert into activity_types (name) select name from unnest(${text(ACTIVITY_TYPES)}::text[]) with ordinality as t(name, n) order by n`,
  );

  const entities = sql`(select 'national_office'::text as entity_type, id as entity_id from national_offices
      union all select 'region', id from regions
      union all select 'section', id from sections
      union all select 'church', id from churches)`;
  const budgets = await queryOne<{ n: number }>(
    db,
    sql`with inserted as (
          insert into budgets (entity_type, entity_id, year, name, status)
          select e.entity_type, e.entity_id, ${year}, ${`Budget ${year}`}, 'approved'
          from ${entities} e order by e.entity_type, e.entity_id
          returning id, entity_type, entity_id)
        select count(*)::int as n from inserted`,
  );
  // amounts: a multiple of 25,000 F CFA between 100,000 and 2,575,000, higher for the upper levels
  await db.execute(
    sql`insert into budget_lines (budget_id, budget_item_template_id, category, amount)
        select b.id, t.id, t.category,
          (100000 + ((b.entity_id * 7919 + t.id * 104729) % 100) * 25000)
            * case b.entity_type when 'church' then 1 when 'section' then 3 when 'region' then 6 else 12 end
        from budgets b cross join budget_item_templates t
        where b.year = ${year}
        order by b.id, t.id`,
  );
  await seedBudgetStates(db, year, options.now ?? new Date());

  const activities = async (rows: Array<[string, number, number, number]>, level: string, table: string) => {
    const titles = text(rows.map((r) => r[0]));
    const types = `{${rows.map((r) => r[1] + 1).join(',')}}`;
    const dates = text(
      rows.map((r) => `${year}-${String(r[2]).padStart(2, '0')}-${String(r[3]).padStart(2, '0')}`),
    );
    const result = await queryOne<{ n: number }>(
      db,
      sql`with inserted as (
            insert into planned_activities (entity_type, entity_id, title, planned_date, activity_type_id, description)
            select ${level}, e.id, a.title, a.day::date,
              (select id from activity_types order by id offset a.type - 1 limit 1), null
            from ${sql.raw(table)} e
            cross join unnest(${titles}::text[], ${types}::int[], ${dates}::text[]) as a(title, type, day)
            order by e.id, a.day
            returning id)
          select count(*)::int as n from inserted`,
    );
    return Number(result?.n ?? 0);
  };
  const count =
    (await activities(CHURCH_ACTIVITIES, 'church', 'churches')) +
    (await activities(UPPER_ACTIVITIES, 'section', 'sections')) +
    (await activities(UPPER_ACTIVITIES, 'region', 'regions')) +
    (await activities(UPPER_ACTIVITIES, 'national_office', 'national_offices'));
  return { budgets: Number(budgets?.n ?? 0), activities: count };
}

/**
 * Budgets in every state around the demo church (tresorier@ / pasteur@'s): last year's finalised, this
 * year's approved with actuals; in its section, one church's submitted, one rejected, one draft; in its
 * region, one other section's submitted. Then the current year's expense requests are attached to a line.
 */
async function seedBudgetStates(db: Db, year: number, now: Date): Promise<void> {
  await attachRequests(db, year);
  await plannedFromActuals(db, year, now);
  const demo = await queryOne<{ church_id: number; section_id: number; region_id: number }>(
    db,
    sql`select c.id as church_id, c.section_id, s.region_id from users u
        join churches c on c.id = u.church_id join sections s on s.id = c.section_id
        where u.email = 'tresorier@example.org'`,
  );
  if (demo) {
    const { church_id: church, section_id: section, region_id: region } = demo;
    const by = (email: string) => sql`(select id from users where email = ${email})`;
    await db.execute(
      sql`update budgets set created_by = ${by('tresorier@example.org')},
            submitted_by = ${by('tresorier@example.org')}, submitted_at = make_timestamptz(${year} - 1, 11, 20, 10, 0, 0, 'UTC'),
            approved_by = ${by('section@example.org')}, approved_at = make_timestamptz(${year} - 1, 12, 5, 15, 30, 0, 'UTC')
          where entity_type = 'church' and entity_id = ${church} and year = ${year}`,
    );
    // last year's, finalised
    await db.execute(
      sql`with previous as (
            insert into budgets (entity_type, entity_id, year, name, status, created_by, submitted_by, submitted_at,
              approved_by, approved_at, finalized_by, finalized_at)
            values ('church', ${church}, ${year - 1}, ${`Budget ${year - 1}`}, 'finalized', ${by('tresorier@example.org')},
              ${by('tresorier@example.org')}, make_timestamptz(${year} - 2, 11, 18, 9, 0, 0, 'UTC'),
              ${by('section@example.org')}, make_timestamptz(${year} - 2, 12, 2, 11, 0, 0, 'UTC'),
              ${by('section@example.org')}, make_timestamptz(${year}, 1, 15, 16, 0, 0, 'UTC'))
            returning id)
          insert into budget_lines (budget_id, budget_item_template_id, category, amount)
          select p.id, bl.budget_item_template_id, bl.category, bl.amount - bl.amount / 10
          from previous p, budget_lines bl join budgets b on b.id = bl.budget_id
          where b.entity_type = 'church' and b.entity_id = ${church} and b.year = ${year}
          order by bl.id`,
    );
    const others = await queryRows<{ id: number }>(
      db,
      sql`select id from churches where section_id = ${section} and id <> ${church} order by id limit 3`,
    );
    const states: Array<[string, ReturnType<typeof sql>]> = [
      ['submitted', sql`submitted_at = make_timestamptz(${year}, 1, 10, 9, 0, 0, 'UTC')`],
      [
        'rejected',
        sql`submitted_at = make_timestamptz(${year}, 1, 8, 9, 0, 0, 'UTC'),
            rejected_at = make_timestamptz(${year}, 1, 12, 14, 0, 0, 'UTC'), rejected_by = ${by('section@example.org')},
            rejection_reason = 'Les dépenses de transport dépassent les recettes prévues : revoir les montants.'`,
      ],
      ['draft', sql`submitted_at = null`],
    ];
    for (const [index, other] of others.entries()) {
      const [status, set] = states[index];
      await db.execute(
        sql`update budgets set status = ${status}, ${set}
            where entity_type = 'church' and entity_id = ${other.id} and year = ${year}`,
      );
    }
    await db.execute(
      sql`update budgets set status = 'submitted', submitted_at = make_timestamptz(${year}, 1, 9, 9, 0, 0, 'UTC')
          where entity_type = 'section' and year = ${year}
            and entity_id = (select id from sections where region_id = ${region} and id <> ${section} order by id limit 1)`,
    );
  }
}

/** Each demo request of the year on the line of its account's item, else on an EXPENSE line by id. */
async function attachRequests(db: Db, year: number): Promise<void> {
  await db.execute(
    sql`update expense_requests er set budget_line_id = coalesce(
          (select bl.id from budget_lines bl join budget_item_templates t on t.id = bl.budget_item_template_id
           where bl.budget_id = b.id and t.operation_account_id = er.operation_account_id limit 1),
          (select bl.id from budget_lines bl where bl.budget_id = b.id and bl.category = 'EXPENSE'
           order by bl.id offset (er.id % 7) limit 1))
        from budgets b
        where er.budget_line_id is null and b.year = ${year}
          and b.entity_type = lower(er.entity_type) and b.entity_id = er.entity_id
          and er.made_at >= make_timestamptz(${year}, 1, 1, 0, 0, 0, 'UTC')
          and er.made_at < make_timestamptz(${year} + 1, 1, 1, 0, 0, 0, 'UTC')`,
  );
}

/**
 * The churches' planned amounts of the year from their actuals so far, projected over the year, with a
 * margin that differs per line (85 % to 125 %): some lines stay within budget, some go beyond it.
 */
async function plannedFromActuals(db: Db, year: number, now: Date): Promise<void> {
  const start = Date.UTC(year, 0, 1);
  const elapsedDays = Math.max(30, Math.min(365, (now.getTime() - start) / 86_400_000));
  const projection = 365 / elapsedDays;
  await db.execute(
    sql`with lines as (
          select bl.id, bl.category, b.entity_type, b.entity_id, t.operation_account_id
          from budget_lines bl join budgets b on b.id = bl.budget_id
          join budget_item_templates t on t.id = bl.budget_item_template_id
          where b.year = ${year} and b.entity_type = 'church'),
        actuals as (
          select l.id,
            case when l.category = 'EXPENSE' then
              (select coalesce(sum(p.amount), 0) from expense_requests er
                 join expense_lines el on el.expense_request_id = er.id
                 join expense_payments p on p.expense_line_id = el.id
               where er.budget_line_id = l.id
                 and p.validated_at >= make_timestamptz(${year}, 1, 1, 0, 0, 0, 'UTC')
                 and p.validated_at < make_timestamptz(${year} + 1, 1, 1, 0, 0, 0, 'UTC'))
            else
              (select coalesce(sum(c.amount), 0) from contributions c
               where c.entity_type = l.entity_type and c.entity_id = l.entity_id
                 and c.receipt_account_id = l.operation_account_id and c.status = 'valid'
                 and c.occurred_at >= make_timestamptz(${year}, 1, 1, 0, 0, 0, 'UTC')
                 and c.occurred_at < make_timestamptz(${year} + 1, 1, 1, 0, 0, 0, 'UTC'))
            end as amount
          from lines l)
        update budget_lines bl
        set amount = greatest(100000, round(a.amount * ${projection}::float8
              * (0.85 + ((bl.id * 7919) % 41) / 100.0) / 25000.0)::bigint * 25000)
        from actuals a where a.id = bl.id and a.amount > 0`,
  );
}
