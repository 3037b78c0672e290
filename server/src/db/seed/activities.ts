import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { queryOne } from '../query';

/**
 * Departments' members, planned activities of this month and next, activity reports in every state
 * (decision 0024). Deterministic for a given organisation and day; runs once (nothing when members exist).
 *
 * - every church department: a leader and 5 members, faithful of its church (no demo account, except
 *   fidele@, who leads the Chorale of their church);
 * - every church: 3 activities (this month: a service and a rehearsal of the Chorale; next month: a
 *   seminar), its own church type 'Répétition de chorale';
 * - the demo church (fidele@'s): a draft, a submitted and a returned report, and the Chorale's submitted
 *   report; the demo section: a submitted report; every other church: last month's report, submitted.
 */
export async function seedActivities(db: Db, options: { now?: Date } = {}): Promise<{ members: number }> {
  const existing = await queryOne<{ n: number }>(db, sql`select count(*)::int as n from department_members`);
  if (Number(existing?.n ?? 0) > 0) return { members: 0 };
  const now = options.now ?? new Date();
  const month = now.toISOString().slice(0, 7);
  const year = now.getUTCFullYear() - (now.getUTCMonth() < 10 ? 1 : 0);
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);

  // leaders and members: the church's faithful in id order, six per department in department order
  await db.execute(
    sql`with d as (
          select id, entity_id as church_id, row_number() over (partition by entity_id order by id) - 1 as k
          from departments where entity_type = 'church'),
        u as (
          select id, church_id, row_number() over (partition by church_id order by id) - 1 as n
          from users where church_id is not null and active
            and (email is null or email not like '%@example.org'))
        insert into department_members (department_id, user_id, role)
        select d.id, u.id, case when u.n = d.k * 6 then 'leader' else 'member' end
        from d join u on u.church_id = d.church_id and u.n between d.k * 6 and d.k * 6 + 5
        order by d.id, u.id`,
  );
  // fidele@ leads the Chorale of their church
  await db.execute(
    sql`update department_members set role = 'member'
        where role = 'leader' and department_id = (
          select d.id from departments d join users u on u.church_id = d.entity_id
          where d.entity_type = 'church' and d.name = 'Chorale' and u.email = 'fidele@example.org')`,
  );
  await db.execute(
    sql`insert into department_members (department_id, user_id, role)
        select d.id, u.id, 'leader' from departments d join users u on u.church_id = d.entity_id
        where d.entity_type = 'church' and d.name = 'Chorale' and u.email = 'fidele@example.org'
        on conflict (department_id, user_id) do update set role = 'leader'`,
  );

  const type = (name: string) =>
    sql`(select id from activity_types where name = ${name} and entity_type is null limit 1)`;
  await db.execute(
    sql`insert into activity_types (name, entity_type, entity_id)
        select 'Répétition de chorale', 'church', id from churches order by id`,
  );
  await db.execute(
    sql`insert into planned_activities (entity_type, entity_id, title, planned_date, planned_time, place,
          activity_type_id, department_id, estimated_cost, status)
        select 'church', c.id, a.title, (a.month || '-' || a.day)::date, a.time, a.place,
          case a.kind when 'rehearsal' then (select id from activity_types t where t.entity_type = 'church' and t.entity_id = c.id limit 1)
            else ${type('Culte')} end,
          case a.kind when 'rehearsal' then (select id from departments d where d.entity_type = 'church' and d.entity_id = c.id and d.name = 'Chorale' limit 1) end,
          a.cost, 'planned'
        from churches c cross join (values
          ('service', 'Culte d''action de grâce', ${month}, '07', '09:00', 'Temple principal', 150000),
          ('rehearsal', 'Répétition générale de la chorale', ${month}, '20', '17:30', 'Salle annexe', 25000),
          ('seminar', 'Séminaire des responsables de département', ${next}, '12', '08:30', 'Salle polyvalente', 300000)
        ) as a(kind, title, month, day, time, place, cost)
        order by c.id, a.month, a.day`,
  );
  await db.execute(
    sql`update planned_activities set activity_type_id = ${type('Séminaire')}
        where title = 'Séminaire des responsables de département'`,
  );

  // reports of the demo church, its Chorale and its section
  await db.execute(
    sql`with c as (select u.church_id as id, ch.section_id from users u join churches ch on ch.id = u.church_id
                   where u.email = 'fidele@example.org'),
        author as (select id from users where email = 'pasteur@example.org'),
        leader as (select id from users where email = 'fidele@example.org'),
        chorale as (select d.id from departments d, c where d.entity_type = 'church' and d.entity_id = c.id and d.name = 'Chorale'),
        culte as (select pa.id from planned_activities pa, c where pa.entity_type = 'church' and pa.entity_id = c.id
                  and pa.title = 'Culte d''action de grâce')
        insert into activity_reports (entity_type, entity_id, title, period_start, period_end, planned_activity_id,
          men, women, children, summary, results, difficulties, status, return_comment, created_by,
          submitted_by, submitted_at, returned_at)
        select r.entity_type, r.entity_id, r.title, r.period_start::date, r.period_end::date, r.activity,
          r.men, r.women, r.children, r.summary, r.results, r.difficulties, r.status, r.comment, r.author,
          case when r.status <> 'draft' then r.author end,
          case when r.status <> 'draft' then now() - interval '3 days' end,
          case when r.status = 'returned' then now() - interval '1 day' end
        from (values
          ('church', (select id from c), 'Culte d''action de grâce', ${`${month}-07`}, ${`${month}-07`}, (select id from culte),
            84, 121, 57, 'Culte d''action de grâce avec la participation de toutes les familles.', 'Trois nouvelles familles accueillies.', null,
            'draft', null, (select id from author)),
          ('church', (select id from c), 'Rapport trimestriel de l''église', ${`${year}-07-01`}, ${`${year}-09-30`}, null,
            310, 402, 188, 'Activités du trimestre : cultes, visites, évangélisation de quartier.', 'Croissance de la fréquentation.', 'Salle trop petite les dimanches.',
            'submitted', null, (select id from author)),
          ('church', (select id from c), 'Campagne d''évangélisation de quartier', ${`${year}-06-01`}, ${`${year}-06-30`}, null,
            40, 52, 10, 'Quatre sorties d''évangélisation dans le quartier.', null, 'Peu de bénévoles disponibles.',
            'returned', 'Merci de préciser le nombre de personnes touchées et le coût de la campagne.', (select id from author)),
          ('department', (select id from chorale), 'Concert de louange', ${`${year}-10-01`}, ${`${year}-10-31`}, null,
            12, 19, 4, 'Concert de louange donné au temple avec deux chorales invitées.', 'Deux nouveaux choristes.', null,
            'submitted', null, (select id from leader)),
          ('section', (select section_id from c), 'Rapport annuel de la section', ${`${year}-01-01`}, ${`${year}-06-30`}, null,
            1200, 1650, 700, 'Synthèse des activités des églises de la section au premier semestre.', null, null,
            'submitted', null, null)
        ) as r(entity_type, entity_id, title, period_start, period_end, activity, men, women, children, summary,
               results, difficulties, status, comment, author)
        where r.entity_id is not null`,
  );
  // every other church: its monthly report of last month, submitted
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const lastStart = last.toISOString().slice(0, 10);
  const lastEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString().slice(0, 10);
  await db.execute(
    sql`insert into activity_reports (entity_type, entity_id, title, period_start, period_end, men, women, children,
          summary, status, submitted_at)
        select 'church', c.id, 'Rapport mensuel des activités', ${lastStart}::date, ${lastEnd}::date,
          20 + c.id % 30, 30 + c.id % 40, 10 + c.id % 20,
          'Cultes du dimanche, réunions de prière et visites aux familles.', 'submitted', now() - interval '5 days'
        from churches c
        where c.id <> (select church_id from users where email = 'fidele@example.org')
        order by c.id`,
  );
  const members = await queryOne<{ n: number }>(db, sql`select count(*)::int as n from department_members`);
  return { members: Number(members?.n ?? 0) };
}
