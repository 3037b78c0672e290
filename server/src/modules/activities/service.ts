import { sql, type SQL } from 'drizzle-orm';
import {
  ACTIVITY_MESSAGES as M,
  type Activity,
  type ActivityCreateBody,
  type ActivityDetail,
  type ActivityListQuery,
  type ActivityReport,
  type ActivityReportCreateBody,
  type ActivityReportDetail,
  type ActivityReportListQuery,
  type ActivityReportUpdateBody,
  type ActivityType,
  type ActivityUpdateBody,
  type DepartmentCreateBody,
  type DepartmentMember,
  type DepartmentSummary,
} from '../../../../contract/activities';
import type { List } from '../../../../contract/common';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { isoString, queryOne, queryRows } from '../../db/query';
import { httpError } from '../../http/errors';
import { activityReportReturned, activityReportSubmitted } from '../notifications';
import { apiType, belowSql, ownerNameSql, type Owner } from './entities';

export type Actor = { userId: number; ip: string };

const like = (search: string) => `%${search.replace(/[\\%_]/g, '\\$&')}%`;
const day = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value)).slice(0, 10);
const num = (value: unknown) => Number(value ?? 0);

// ---------------------------------------------------------------- activity types

type TypeRow = { id: number; name: string; entity_type: string | null; entity_id: number | null };
const toType = (r: TypeRow): ActivityType => ({
  id: num(r.id),
  name: r.name,
  entity_type: r.entity_type ? apiType(r.entity_type) : null,
  entity_id: r.entity_id === null ? null : num(r.entity_id),
});

/** The shared types and the owner's own ones, by name. */
export async function listActivityTypes(db: Db, owner: Owner): Promise<ActivityType[]> {
  const rows = await queryRows<TypeRow>(
    db,
    sql`select id, name, entity_type, entity_id from activity_types
        where entity_type is null or (entity_type = ${owner.type} and entity_id = ${owner.id})
        order by name, id`,
  );
  return rows.map(toType);
}

export async function createActivityType(
  db: Db,
  owner: Owner,
  name: string,
  actor: Actor,
): Promise<ActivityType> {
  return db.transaction(async (tx) => {
    const existing = await queryOne<{ id: number }>(
      tx,
      sql`select id from activity_types where lower(name) = lower(${name})
          and (entity_type is null or (entity_type = ${owner.type} and entity_id = ${owner.id}))`,
    );
    if (existing) throw httpError(409, M.typeExists);
    const row = await queryOne<TypeRow>(
      tx,
      sql`insert into activity_types (name, entity_type, entity_id, created_by)
          values (${name}, ${owner.type}, ${owner.id}, ${actor.userId})
          returning id, name, entity_type, entity_id`,
    );
    await audit(tx, {
      userId: actor.userId,
      action: 'activity_type.create',
      entityType: owner.type,
      entityId: owner.id,
      data: { id: row!.id, name },
      ip: actor.ip,
    });
    return toType(row!);
  });
}

// ---------------------------------------------------------------- departments

/** Whether a user may belong to a department of `owner`: a faithful of its church, or of a church below it. */
async function assertEligibleMember(db: Db, owner: Owner, userId: number): Promise<void> {
  const churches =
    owner.type === 'church'
      ? sql`select ${owner.id}::int as id`
      : sql`select i as id from ${belowSql(owner)} b where b.t = 'church'`;
  const row = await queryOne<{ id: number }>(
    db,
    sql`select u.id from users u where u.id = ${userId} and u.active and u.church_id in (${churches})`,
  );
  if (!row) throw httpError(400, M.memberInvalid);
}

export async function createDepartment(
  db: Db,
  owner: Owner,
  body: DepartmentCreateBody,
  actor: Actor,
): Promise<{ id: number; name: string }> {
  return db.transaction(async (tx) => {
    if (body.leader_id) await assertEligibleMember(tx, owner, body.leader_id);
    const row = await queryOne<{ id: number }>(
      tx,
      sql`insert into departments (name, description, entity_type, entity_id)
          values (${body.name}, ${body.description ?? null}, ${owner.type}, ${owner.id}) returning id`,
    );
    const id = num(row!.id);
    if (body.leader_id)
      await tx.execute(
        sql`insert into department_members (department_id, user_id, role) values (${id}, ${body.leader_id}, 'leader')`,
      );
    await audit(tx, {
      userId: actor.userId,
      action: 'department.create',
      entityType: 'department',
      entityId: id,
      data: {
        name: body.name,
        entity_type: owner.type,
        entity_id: owner.id,
        leader_id: body.leader_id ?? null,
      },
      ip: actor.ip,
    });
    return { id, name: body.name };
  });
}

type MemberRow = {
  user_id: number;
  fullname: string;
  phone: string | null;
  role: 'leader' | 'member';
  created_at: unknown;
};
const toMember = (r: MemberRow): DepartmentMember => ({
  user_id: num(r.user_id),
  fullname: r.fullname,
  phone: r.phone,
  role: r.role,
  created_at: isoString(r.created_at),
});
const memberSelect = sql`select m.user_id, trim(u.firstname || ' ' || u.lastname) as fullname, u.phone, m.role, m.created_at
  from department_members m join users u on u.id = m.user_id`;

export async function listDepartmentMembers(db: Db, departmentId: number): Promise<DepartmentMember[]> {
  const rows = await queryRows<MemberRow>(
    db,
    sql`${memberSelect} where m.department_id = ${departmentId}
        order by (m.role = 'leader') desc, u.lastname, u.firstname, u.id`,
  );
  return rows.map(toMember);
}

/** The department's owner (404 when unknown). */
export async function departmentOwner(db: Db, departmentId: number): Promise<Owner> {
  const row = await queryOne<{ entity_type: Owner['type']; entity_id: number }>(
    db,
    sql`select entity_type, entity_id from departments where id = ${departmentId}`,
  );
  if (!row) throw httpError(404, 'Département introuvable.');
  return { type: row.entity_type, id: num(row.entity_id) };
}

/** Adds a member, or changes their role; a new leader replaces the former one, who stays a member. */
export async function addDepartmentMember(
  db: Db,
  departmentId: number,
  userId: number,
  role: 'leader' | 'member',
  actor: Actor,
): Promise<DepartmentMember> {
  return db.transaction(async (tx) => {
    const owner = await departmentOwner(tx, departmentId);
    await assertEligibleMember(tx, owner, userId);
    const existing = await queryOne<{ role: string }>(
      tx,
      sql`select role from department_members where department_id = ${departmentId} and user_id = ${userId}`,
    );
    if (existing && existing.role === role) throw httpError(409, M.memberExists);
    if (role === 'leader')
      await tx.execute(
        sql`update department_members set role = 'member' where department_id = ${departmentId} and role = 'leader'`,
      );
    await tx.execute(
      sql`insert into department_members (department_id, user_id, role) values (${departmentId}, ${userId}, ${role})
          on conflict (department_id, user_id) do update set role = excluded.role`,
    );
    await audit(tx, {
      userId: actor.userId,
      action: 'department.member_add',
      entityType: 'department',
      entityId: departmentId,
      data: { user_id: userId, role },
      ip: actor.ip,
    });
    const row = await queryOne<MemberRow>(
      tx,
      sql`${memberSelect} where m.department_id = ${departmentId} and m.user_id = ${userId}`,
    );
    return toMember(row!);
  });
}

export async function removeDepartmentMember(
  db: Db,
  departmentId: number,
  userId: number,
  actor: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await queryOne<{ id: number }>(
      tx,
      sql`delete from department_members where department_id = ${departmentId} and user_id = ${userId} returning id`,
    );
    if (!row) throw httpError(404, M.memberNotFound);
    await audit(tx, {
      userId: actor.userId,
      action: 'department.member_remove',
      entityType: 'department',
      entityId: departmentId,
      data: { user_id: userId },
      ip: actor.ip,
    });
  });
}

/** The department's dashboard: members, money of the period by month, upcoming activities, last reports. */
export async function departmentSummary(
  db: Db,
  departmentId: number,
  period: { from: string; to: string },
  myRole: 'leader' | 'member' | null,
): Promise<DepartmentSummary> {
  const d = await queryOne<{
    id: number;
    name: string;
    description: string | null;
    entity_type: string;
    entity_id: number;
    entity_name: string | null;
    members: number;
    leader: string | null;
  }>(
    db,
    sql`select d.id, d.name, d.description, d.entity_type, d.entity_id,
          ${ownerNameSql(sql`d.entity_type`, sql`d.entity_id`)} as entity_name,
          (select count(*)::int from department_members m where m.department_id = d.id) as members,
          (select trim(u.firstname || ' ' || u.lastname) from department_members m join users u on u.id = m.user_id
            where m.department_id = d.id and m.role = 'leader' limit 1) as leader
        from departments d where d.id = ${departmentId}`,
  );
  if (!d) throw httpError(404, 'Département introuvable.');
  const months = await queryRows<{ month: string; contributions: number; expenses: number }>(
    db,
    sql`with m as (
          select to_char(g, 'YYYY-MM') as month
          from generate_series(date_trunc('month', ${period.from}::date), ${period.to}::date, interval '1 month') g),
        c as (
          select to_char(occurred_at at time zone 'Africa/Abidjan', 'YYYY-MM') as month, sum(amount)::bigint as total
          from contributions
          where entity_type = 'department' and entity_id = ${departmentId} and status = 'valid'
            and (occurred_at at time zone 'Africa/Abidjan')::date between ${period.from}::date and ${period.to}::date
          group by 1),
        e as (
          select to_char(p.validated_at at time zone 'Africa/Abidjan', 'YYYY-MM') as month, sum(p.amount)::bigint as total
          from expense_payments p join expense_lines l on l.id = p.expense_line_id
            join expense_requests er on er.id = l.expense_request_id
          where er.entity_type = 'ACTIVITY_GROUP' and er.entity_id = ${departmentId}
            and (p.validated_at at time zone 'Africa/Abidjan')::date between ${period.from}::date and ${period.to}::date
          group by 1)
        select m.month, coalesce(c.total, 0)::bigint as contributions, coalesce(e.total, 0)::bigint as expenses
        from m left join c on c.month = m.month left join e on e.month = m.month order by m.month`,
  );
  const upcoming = await queryRows<{ id: number; title: string; planned_date: unknown; status: string }>(
    db,
    sql`select id, title, planned_date, status from planned_activities
        where ((entity_type = 'department' and entity_id = ${departmentId}) or department_id = ${departmentId})
          and planned_date >= current_date and status = 'planned'
        order by planned_date, id limit 5`,
  );
  const reports = await queryRows<{ id: number; title: string; status: string; period_end: unknown }>(
    db,
    sql`select id, title, status, period_end from activity_reports
        where entity_type = 'department' and entity_id = ${departmentId}
        order by period_end desc, id desc limit 5`,
  );
  const monthRows = months.map((r) => ({
    month: r.month,
    contributions: num(r.contributions),
    expenses: num(r.expenses),
  }));
  return {
    department: {
      id: num(d.id),
      name: d.name,
      description: d.description,
      entity_type: apiType(d.entity_type),
      entity_id: num(d.entity_id),
      entity: d.entity_name ? { id: num(d.entity_id), name: d.entity_name } : null,
    },
    from: period.from,
    to: period.to,
    members: num(d.members),
    leader: d.leader,
    contributions_total: monthRows.reduce((sum, r) => sum + r.contributions, 0),
    expenses_total: monthRows.reduce((sum, r) => sum + r.expenses, 0),
    months: monthRows,
    upcoming: upcoming.map((r) => ({
      id: num(r.id),
      title: r.title,
      planned_date: day(r.planned_date),
      status: r.status,
    })),
    reports: reports.map((r) => ({
      id: num(r.id),
      title: r.title,
      status: r.status,
      period_end: day(r.period_end),
    })),
    my_role: myRole,
  };
}

// ---------------------------------------------------------------- planned activities

type ActivityRow = {
  id: number;
  entity_type: string;
  entity_id: number;
  title: string;
  planned_date: unknown;
  planned_time: string | null;
  place: string | null;
  status: Activity['status'];
  estimated_cost: number | null;
  actual_cost: number;
  description: string | null;
  type_id: number | null;
  type_name: string | null;
  department_id: number | null;
  department_name: string | null;
  budget_line_id: number | null;
  budget_line_name: string | null;
  created_at: unknown;
};
const activitySelect = sql`select pa.id, pa.entity_type, pa.entity_id, pa.title, pa.planned_date, pa.planned_time,
    pa.place, pa.status, pa.estimated_cost, pa.description, pa.created_at,
    t.id as type_id, t.name as type_name, d.id as department_id, d.name as department_name,
    bl.id as budget_line_id, bit.name as budget_line_name,
    (select coalesce(sum(p.amount), 0)::bigint from expense_payments p
       join expense_lines l on l.id = p.expense_line_id
       join expense_requests er on er.id = l.expense_request_id
       where er.planned_activity_id = pa.id) as actual_cost
  from planned_activities pa
  left join activity_types t on t.id = pa.activity_type_id
  left join departments d on d.id = pa.department_id
  left join budget_lines bl on bl.id = pa.budget_line_id
  left join budget_item_templates bit on bit.id = bl.budget_item_template_id`;
const toActivity = (r: ActivityRow): Activity => ({
  id: num(r.id),
  entity_type: apiType(r.entity_type),
  entity_id: num(r.entity_id),
  title: r.title,
  planned_date: day(r.planned_date),
  planned_time: r.planned_time,
  place: r.place,
  status: r.status,
  estimated_cost: r.estimated_cost === null ? null : num(r.estimated_cost),
  actual_cost: num(r.actual_cost),
  description: r.description,
  activityType: r.type_id === null ? null : { id: num(r.type_id), name: String(r.type_name) },
  department: r.department_id === null ? null : { id: num(r.department_id), name: String(r.department_name) },
  budget_line:
    r.budget_line_id === null ? null : { id: num(r.budget_line_id), name: String(r.budget_line_name) },
  created_at: isoString(r.created_at),
});

/** The owner's activities (a church's include those of its departments), by date. */
export async function listActivities(
  db: Db,
  owner: Owner,
  query: ActivityListQuery,
): Promise<List<Activity>> {
  const conditions: SQL[] = [
    owner.type === 'department'
      ? sql`((pa.entity_type = 'department' and pa.entity_id = ${owner.id}) or pa.department_id = ${owner.id})`
      : sql`pa.entity_type = ${owner.type} and pa.entity_id = ${owner.id}`,
  ];
  if (query.month) conditions.push(sql`to_char(pa.planned_date, 'YYYY-MM') = ${query.month}`);
  if (query.status) conditions.push(sql`pa.status = ${query.status}`);
  if (query.search)
    conditions.push(sql`(pa.title ilike ${like(query.search)} or t.name ilike ${like(query.search)})`);
  const where = sql.join(conditions, sql` and `);
  const offset = (query.page - 1) * query.limit;
  const rows = await queryRows<ActivityRow>(
    db,
    sql`${activitySelect} where ${where} order by pa.planned_date, pa.planned_time nulls first, pa.id
        limit ${query.limit} offset ${offset}`,
  );
  const total = await queryOne<{ n: number }>(
    db,
    sql`select count(*)::int as n from planned_activities pa left join activity_types t on t.id = pa.activity_type_id
        where ${where}`,
  );
  return { data: rows.map(toActivity), meta: { total: num(total?.n), page: query.page, limit: query.limit } };
}

export async function loadActivityOwner(db: Db, id: number): Promise<Owner & { status: string }> {
  const row = await queryOne<{ entity_type: Owner['type']; entity_id: number; status: string }>(
    db,
    sql`select entity_type, entity_id, status from planned_activities where id = ${id}`,
  );
  if (!row) throw httpError(404, M.activityNotFound);
  return { type: row.entity_type, id: num(row.entity_id), status: row.status };
}

export async function getActivity(db: Db, id: number, canEdit: boolean): Promise<ActivityDetail> {
  const row = await queryOne<ActivityRow>(db, sql`${activitySelect} where pa.id = ${id}`);
  if (!row) throw httpError(404, M.activityNotFound);
  const expenses = await queryRows<{ id: number; title: string; status: string; amount: number }>(
    db,
    sql`select id, title, status, amount from expense_requests where planned_activity_id = ${id} order by made_at, id`,
  );
  return {
    ...toActivity(row),
    expenses: expenses.map((e) => ({
      id: num(e.id),
      title: e.title,
      status: e.status,
      amount: num(e.amount),
    })),
    can: { edit: canEdit },
  };
}

/** The type, department and budget line must belong to the owner (400 otherwise). */
async function checkActivityLinks(db: Db, owner: Owner, body: ActivityUpdateBody | ActivityCreateBody) {
  if (body.activity_type_id) {
    const ok = await queryOne(
      db,
      sql`select 1 from activity_types where id = ${body.activity_type_id}
          and (entity_type is null or (entity_type = ${owner.type} and entity_id = ${owner.id})
            or (${owner.type} = 'department' and (entity_type, entity_id) = (select entity_type, entity_id from departments where id = ${owner.id})))`,
    );
    if (!ok) throw httpError(400, M.typeInvalid);
  }
  if (body.department_id) {
    const ok = await queryOne(
      db,
      owner.type === 'department'
        ? sql`select 1 where ${body.department_id}::int = ${owner.id}::int`
        : sql`select 1 from departments where id = ${body.department_id} and entity_type = ${owner.type} and entity_id = ${owner.id}`,
    );
    if (!ok) throw httpError(400, M.departmentInvalid);
  }
  if (body.budget_line_id) {
    const ok = await queryOne(
      db,
      sql`select 1 from budget_lines bl join budgets b on b.id = bl.budget_id
          where bl.id = ${body.budget_line_id} and bl.category = 'EXPENSE'
            and b.entity_type = ${owner.type} and b.entity_id = ${owner.id}`,
    );
    if (!ok) throw httpError(400, M.budgetLineInvalid);
  }
}

export async function createActivity(
  db: Db,
  owner: Owner,
  body: ActivityCreateBody,
  actor: Actor,
): Promise<number> {
  return db.transaction(async (tx) => {
    await checkActivityLinks(tx, owner, body);
    const row = await queryOne<{ id: number }>(
      tx,
      sql`insert into planned_activities (entity_type, entity_id, title, planned_date, planned_time, place,
            activity_type_id, department_id, budget_line_id, estimated_cost, description, created_by)
          values (${owner.type}, ${owner.id}, ${body.title}, ${body.planned_date}::date, ${body.planned_time ?? null},
            ${body.place ?? null}, ${body.activity_type_id ?? null}, ${body.department_id ?? null},
            ${body.budget_line_id ?? null}, ${body.estimated_cost ?? null}, ${body.description ?? null}, ${actor.userId})
          returning id`,
    );
    const id = num(row!.id);
    await audit(tx, {
      userId: actor.userId,
      action: 'activity.create',
      entityType: owner.type,
      entityId: owner.id,
      data: { id, title: body.title, planned_date: body.planned_date },
      ip: actor.ip,
    });
    return id;
  });
}

export async function updateActivity(
  db: Db,
  id: number,
  owner: Owner,
  body: ActivityUpdateBody,
  actor: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    await checkActivityLinks(tx, owner, body);
    // Only a planned activity's fields change; a done or cancelled one only changes status (decision 0028).
    const current = await queryOne<{ status: string; same: boolean }>(
      tx,
      sql`select status, (title, planned_date, planned_time, place, activity_type_id, department_id,
              budget_line_id, estimated_cost, description)
            is not distinct from (${body.title}::text, ${body.planned_date}::date, ${body.planned_time ?? null}::text,
              ${body.place ?? null}::text, ${body.activity_type_id ?? null}::int, ${body.department_id ?? null}::int,
              ${body.budget_line_id ?? null}::int, ${body.estimated_cost ?? null}::int, ${body.description ?? null}::text) as same
          from planned_activities where id = ${id} for update`,
    );
    if (!current) throw httpError(404, M.activityNotFound);
    if (current.status !== 'planned' && !current.same) throw httpError(409, M.activityNotEditable);
    await tx.execute(
      sql`update planned_activities set title = ${body.title}, planned_date = ${body.planned_date}::date,
            planned_time = ${body.planned_time ?? null}, place = ${body.place ?? null},
            activity_type_id = ${body.activity_type_id ?? null}, department_id = ${body.department_id ?? null},
            budget_line_id = ${body.budget_line_id ?? null}, estimated_cost = ${body.estimated_cost ?? null},
            description = ${body.description ?? null}, status = ${body.status}, updated_at = now()
          where id = ${id}`,
    );
    await audit(tx, {
      userId: actor.userId,
      action: 'activity.update',
      entityType: owner.type,
      entityId: owner.id,
      data: { id, status: body.status, title: body.title, planned_date: body.planned_date },
      ip: actor.ip,
    });
  });
}

// ---------------------------------------------------------------- activity reports

type ReportRow = {
  id: number;
  entity_type: string;
  entity_id: number;
  entity: string | null;
  title: string;
  period_start: unknown;
  period_end: unknown;
  status: ActivityReport['status'];
  men: number;
  women: number;
  children: number;
  pa_id: number | null;
  pa_title: string | null;
  pa_date: unknown;
  submitted_at: unknown;
  created_at: unknown;
};
const reportSelect = sql`select r.id, r.entity_type, r.entity_id, ${ownerNameSql(sql`r.entity_type`, sql`r.entity_id`)} as entity,
    r.title, r.period_start, r.period_end, r.status, r.men, r.women, r.children,
    pa.id as pa_id, pa.title as pa_title, pa.planned_date as pa_date, r.submitted_at, r.created_at
  from activity_reports r left join planned_activities pa on pa.id = r.planned_activity_id`;
const toReport = (r: ReportRow): ActivityReport => ({
  id: num(r.id),
  entity_type: apiType(r.entity_type),
  entity_id: num(r.entity_id),
  entity: r.entity,
  title: r.title,
  period_start: day(r.period_start),
  period_end: day(r.period_end),
  status: r.status,
  men: num(r.men),
  women: num(r.women),
  children: num(r.children),
  plannedActivity:
    r.pa_id === null ? null : { id: num(r.pa_id), title: String(r.pa_title), planned_date: day(r.pa_date) },
  submitted_at: r.submitted_at === null ? null : isoString(r.submitted_at),
  created_at: isoString(r.created_at),
});

/**
 * The reports of a level: its own (`own`; drafts hidden from a viewer of the level above, unless they
 * wrote them) and those of the entities below it (`below`; never drafts).
 */
export async function listReports(
  db: Db,
  owner: Owner,
  query: ActivityReportListQuery,
  viewer: { userId: number; fromAbove: boolean },
): Promise<List<ActivityReport>> {
  const own = sql`(r.entity_type = ${owner.type} and r.entity_id = ${owner.id}
    and (r.status <> 'draft' or ${!viewer.fromAbove} or r.created_by = ${viewer.userId}))`;
  const below = sql`((r.entity_type, r.entity_id) in (select t, i from ${belowSql(owner)} b) and r.status <> 'draft')`;
  const conditions: SQL[] = [
    query.scope === 'own' ? own : query.scope === 'below' ? below : sql`(${own} or ${below})`,
  ];
  if (query.status) conditions.push(sql`r.status = ${query.status}`);
  if (query.search) conditions.push(sql`r.title ilike ${like(query.search)}`);
  const where = sql.join(conditions, sql` and `);
  const rows = await queryRows<ReportRow>(
    db,
    sql`${reportSelect} where ${where} order by r.period_end desc, r.id desc
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  const total = await queryOne<{ n: number }>(
    db,
    sql`select count(*)::int as n from activity_reports r where ${where}`,
  );
  return { data: rows.map(toReport), meta: { total: num(total?.n), page: query.page, limit: query.limit } };
}

export type ReportFacts = Owner & { status: ActivityReport['status']; createdBy: number | null };

export async function loadReportFacts(db: Db, id: number): Promise<ReportFacts> {
  const row = await queryOne<{
    entity_type: Owner['type'];
    entity_id: number;
    status: ReportFacts['status'];
    created_by: number | null;
  }>(db, sql`select entity_type, entity_id, status, created_by from activity_reports where id = ${id}`);
  if (!row) throw httpError(404, M.reportNotFound);
  return {
    type: row.entity_type,
    id: num(row.entity_id),
    status: row.status,
    createdBy: row.created_by === null ? null : num(row.created_by),
  };
}

export async function getReport(
  db: Db,
  id: number,
  can: ActivityReportDetail['can'],
): Promise<ActivityReportDetail> {
  const row = await queryOne<
    ReportRow & {
      summary: string;
      results: string | null;
      difficulties: string | null;
      return_comment: string | null;
      returned_at: unknown;
      returned_by: string | null;
      submitted_by: string | null;
      created_by: string | null;
      actual_cost: number | null;
    }
  >(
    db,
    sql`select x.*, r.summary, r.results, r.difficulties, r.return_comment, r.returned_at,
          (select trim(u.firstname || ' ' || u.lastname) from users u where u.id = r.returned_by) as returned_by,
          (select trim(u.firstname || ' ' || u.lastname) from users u where u.id = r.submitted_by) as submitted_by,
          (select trim(u.firstname || ' ' || u.lastname) from users u where u.id = r.created_by) as created_by,
          case when r.planned_activity_id is null then null else
            (select coalesce(sum(p.amount), 0)::bigint from expense_payments p
               join expense_lines l on l.id = p.expense_line_id
               join expense_requests er on er.id = l.expense_request_id
               where er.planned_activity_id = r.planned_activity_id) end as actual_cost
        from (${reportSelect} where r.id = ${id}) x join activity_reports r on r.id = x.id`,
  );
  if (!row) throw httpError(404, M.reportNotFound);
  return {
    ...toReport(row),
    summary: row.summary,
    results: row.results,
    difficulties: row.difficulties,
    return_comment: row.return_comment,
    returned_at: row.returned_at === null ? null : isoString(row.returned_at),
    returned_by: row.returned_by,
    submitted_by: row.submitted_by,
    created_by: row.created_by,
    actual_cost: row.actual_cost === null ? null : num(row.actual_cost),
    can,
  };
}

async function checkReportActivity(db: Db, owner: Owner, activityId: number | undefined) {
  if (!activityId) return;
  const ok = await queryOne(
    db,
    sql`select 1 from planned_activities where id = ${activityId}
        and ((entity_type = ${owner.type} and entity_id = ${owner.id})
          or (${owner.type} = 'department' and department_id = ${owner.id}))`,
  );
  if (!ok) throw httpError(400, M.activityInvalid);
}

export async function createReport(
  db: Db,
  owner: Owner,
  body: ActivityReportCreateBody,
  actor: Actor,
): Promise<number> {
  return db.transaction(async (tx) => {
    await checkReportActivity(tx, owner, body.planned_activity_id);
    const row = await queryOne<{ id: number }>(
      tx,
      sql`insert into activity_reports (entity_type, entity_id, title, period_start, period_end, planned_activity_id,
            men, women, children, summary, results, difficulties, created_by)
          values (${owner.type}, ${owner.id}, ${body.title}, ${body.period_start}::date, ${body.period_end}::date,
            ${body.planned_activity_id ?? null}, ${body.men}, ${body.women}, ${body.children}, ${body.summary},
            ${body.results ?? null}, ${body.difficulties ?? null}, ${actor.userId})
          returning id`,
    );
    const id = num(row!.id);
    await audit(tx, {
      userId: actor.userId,
      action: 'activity_report.create',
      entityType: owner.type,
      entityId: owner.id,
      data: { id, title: body.title },
      ip: actor.ip,
    });
    return id;
  });
}

export async function updateReport(
  db: Db,
  id: number,
  owner: Owner,
  body: ActivityReportUpdateBody,
  actor: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    await checkReportActivity(tx, owner, body.planned_activity_id);
    const row = await queryOne<{ id: number }>(
      tx,
      sql`update activity_reports set title = ${body.title}, period_start = ${body.period_start}::date,
            period_end = ${body.period_end}::date, planned_activity_id = ${body.planned_activity_id ?? null},
            men = ${body.men}, women = ${body.women}, children = ${body.children}, summary = ${body.summary},
            results = ${body.results ?? null}, difficulties = ${body.difficulties ?? null}, updated_at = now()
          where id = ${id} and status in ('draft', 'returned') returning id`,
    );
    if (!row) throw httpError(409, M.reportNotEditable);
    await audit(tx, {
      userId: actor.userId,
      action: 'activity_report.update',
      entityType: owner.type,
      entityId: owner.id,
      data: { id },
      ip: actor.ip,
    });
  });
}

export async function submitReport(
  db: Db,
  id: number,
  owner: Owner,
  parent: Owner,
  actor: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await queryOne<{ id: number; title: string }>(
      tx,
      sql`update activity_reports set status = 'submitted', submitted_by = ${actor.userId}, submitted_at = now(),
            updated_at = now()
          where id = ${id} and status in ('draft', 'returned') returning id, title`,
    );
    if (!row) throw httpError(409, M.reportNotSubmittable);
    // those who may send it back, at the level above (issue 16), in this transaction
    await activityReportSubmitted(
      tx,
      { id, title: row.title, ownerType: owner.type, ownerId: owner.id },
      parent,
      actor.userId,
    );
    await audit(tx, {
      userId: actor.userId,
      action: 'activity_report.submit',
      entityType: owner.type,
      entityId: owner.id,
      data: { id },
      ip: actor.ip,
    });
  });
}

export async function returnReport(
  db: Db,
  id: number,
  owner: Owner,
  comment: string,
  actor: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await queryOne<{
      id: number;
      title: string;
      created_by: number | null;
      submitted_by: number | null;
    }>(
      tx,
      sql`update activity_reports set status = 'returned', return_comment = ${comment}, returned_by = ${actor.userId},
            returned_at = now(), updated_at = now()
          where id = ${id} and status = 'submitted' returning id, title, created_by, submitted_by`,
    );
    if (!row) throw httpError(409, M.reportNotReturnable);
    // its author and its submitter (issue 16), in this transaction
    await activityReportReturned(
      tx,
      {
        id,
        title: row.title,
        ownerType: owner.type,
        ownerId: owner.id,
        createdBy: row.created_by === null ? null : Number(row.created_by),
        submittedBy: row.submitted_by === null ? null : Number(row.submitted_by),
      },
      comment,
      actor.userId,
    );
    await audit(tx, {
      userId: actor.userId,
      action: 'activity_report.return',
      entityType: owner.type,
      entityId: owner.id,
      data: { id, comment },
      ip: actor.ip,
    });
  });
}
