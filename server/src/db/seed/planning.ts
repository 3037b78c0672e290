import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { queryOne } from '../query';

/**
 * Budgets and planned activities of the demo (issue 4: the add-expense form links a request to a budget
 * line and a planned activity). Deterministic: the same organisation and year give the same rows. Runs
 * once (nothing is added when budget item templates exist).
 *
 * - budget item templates: 7 EXPENSE, 3 INCOME;
 * - one approved budget per national office, region, section and church for the current year, with one line
 *   per template (amounts derived from the entity id);
 * - 5 activity types; 4 planned activities per church, 2 per section, region and national office.
 */
const EXPENSE_TEMPLATES = [
  'Entretien des locaux',
  'Électricité et eau',
  'Œuvres sociales',
  'Missions et évangélisation',
  'Fournitures de bureau',
  'Transport et déplacements',
  'Équipements et matériel',
];
const INCOME_TEMPLATES = ['Dîmes', 'Offrandes', 'Dons spéciaux'];
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

  await db.execute(
    sql`insert into budget_item_templates (name, category)
        select name, 'EXPENSE' from unnest(${text(EXPENSE_TEMPLATES)}::text[]) with ordinality as t(name, n)
        union all
        select name, 'INCOME' from unnest(${text(INCOME_TEMPLATES)}::text[]) with ordinality as t(name, n)`,
  );
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
