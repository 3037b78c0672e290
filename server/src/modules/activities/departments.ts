import { sql } from 'drizzle-orm';
import {
  ACTIVITY_MESSAGES as M,
  type DepartmentCreateBody,
  type DepartmentMember,
  type DepartmentRole,
  type DepartmentSummary,
} from '../../../../contract/activities';
import { todayInDenomination } from '../../../../contract/dates';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { isoString, queryOne, queryRows } from '../../db/query';
import type { Actor, Gate } from '../../http/authorize';
import { httpError } from '../../http/errors';
import { authorizeOwner } from './access';
import { seesDepartmentMoney } from './policy';
import { apiType, belowSql, ownerNameSql, type Owner } from './entities';
import { day, num } from './rows';

// The departments (SPEC.md's activity groups): their creation, their leader and members, and their
// dashboard.

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

/** A department of `owner` (activity:create there, authorised by the caller), with its leader if named. */
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

/** The leader, then the members (member:view or activity:view on the department, or belonging to it). */
export async function listDepartmentMembers(
  db: Db,
  gate: Gate,
  departmentId: number,
): Promise<DepartmentMember[]> {
  await authorizeOwner(db, gate, { type: 'department', id: departmentId }, ['member:view', 'activity:view']);
  const rows = await queryRows<MemberRow>(
    db,
    sql`${memberSelect} where m.department_id = ${departmentId}
        order by (m.role = 'leader') desc, u.lastname, u.firstname, u.id`,
  );
  return rows.map(toMember);
}

/** The department's owner (404 when unknown). */
async function departmentOwner(db: Db, departmentId: number): Promise<Owner> {
  const row = await queryOne<{ entity_type: Owner['type']; entity_id: number }>(
    db,
    sql`select entity_type, entity_id from departments where id = ${departmentId}`,
  );
  if (!row) throw httpError(404, 'Département introuvable.');
  return { type: row.entity_type, id: num(row.entity_id) };
}

/**
 * Adds a member, or changes their role; a new leader replaces the former one, who stays a member
 * (activity:update on the department, authorised by the caller).
 */
export async function addDepartmentMember(
  db: Db,
  departmentId: number,
  userId: number,
  role: DepartmentRole,
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

/** Removes a member (activity:update on the department, authorised by the caller). */
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

/**
 * The department's dashboard (activity:view on it, or belonging to it): members, upcoming activities,
 * last reports, and for its leader or a holder of a finance permission there (seesDepartmentMoney) the
 * money of the period by month; null for everyone else. The period ends `to` (today by default) and starts `from`
 * (by default the first day of the sixth month back).
 */
export async function departmentSummary(
  db: Db,
  gate: Gate,
  departmentId: number,
  query: { from?: string; to?: string },
): Promise<DepartmentSummary> {
  const department: Owner = { type: 'department', id: departmentId };
  const myRole = await authorizeOwner(db, gate, department, 'activity:view');
  const money = await seesDepartmentMoney(gate, department, myRole);
  const period = summaryPeriod(query);
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
  const months = money
    ? await queryRows<{ month: string; contributions: number; expenses: number }>(
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
      )
    : null;
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
  const monthRows =
    months?.map((r) => ({
      month: r.month,
      contributions: num(r.contributions),
      expenses: num(r.expenses),
    })) ?? null;
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
    contributions_total: monthRows && monthRows.reduce((sum, r) => sum + r.contributions, 0),
    expenses_total: monthRows && monthRows.reduce((sum, r) => sum + r.expenses, 0),
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

/** The period of a department's dashboard: `to` (today by default), `from` (six months back). */
function summaryPeriod(query: { from?: string; to?: string }): { from: string; to: string } {
  const to = query.to ?? todayInDenomination();
  const start = new Date(`${to}T00:00:00Z`);
  start.setUTCMonth(start.getUTCMonth() - 5, 1);
  const from = query.from ?? start.toISOString().slice(0, 10);
  if (to < from) throw httpError(400, M.periodInvalid);
  return { from, to };
}
