import { sql, type SQL } from 'drizzle-orm';
import {
  ACTIVITY_MESSAGES as M,
  type Activity,
  type ActivityCreateBody,
  type ActivityDetail,
  type ActivityListQuery,
  type ActivityUpdateBody,
} from '../../../../contract/activities';
import type { List } from '../../../../contract/common';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { isoString, queryOne, queryRows } from '../../db/query';
import type { Gate } from '../../http/authorize';
import { httpError } from '../../http/errors';
import { authorizeOwner } from './access';
import { apiType, type Owner } from './entities';
import { mayEditActivity } from './policy';
import { day, like, num } from './rows';

// The planned activities of an entity: listed by date (a month's agenda), created and edited with their
// type, department and budget line, their status moved (planned, done, cancelled); the actual cost is
// what was paid on the expense requests linked to them.

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

/** The owner's activities (a church's include those of its departments), by date (activity:view). */
export async function listActivities(
  db: Db,
  gate: Gate,
  owner: Owner,
  query: ActivityListQuery,
): Promise<List<Activity>> {
  await authorizeOwner(db, gate, owner, 'activity:view');
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

/** The entity an activity belongs to (404 when there is no such activity). */
export async function activityOwner(db: Db, id: number): Promise<Owner> {
  const row = await queryOne<{ entity_type: Owner['type']; entity_id: number }>(
    db,
    sql`select entity_type, entity_id from planned_activities where id = ${id}`,
  );
  if (!row) throw httpError(404, M.activityNotFound);
  return { type: row.entity_type, id: num(row.entity_id) };
}

/** An activity of `owner` with its linked expense requests (activity:view), and whether the user edits it. */
export async function activityDetail(db: Db, gate: Gate, id: number, owner: Owner): Promise<ActivityDetail> {
  const role = await authorizeOwner(db, gate, owner, 'activity:view');
  return readActivity(db, id, await mayEditActivity(gate, owner, role));
}

async function readActivity(db: Db, id: number, canEdit: boolean): Promise<ActivityDetail> {
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

/** Plans an activity of `owner` (activity:create); answers its id. */
export async function createActivity(
  db: Db,
  gate: Gate,
  owner: Owner,
  body: ActivityCreateBody,
): Promise<number> {
  await authorizeOwner(db, gate, owner, 'activity:create');
  const { actor } = gate;
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

/** Changes an activity of `owner` (activity:update) and answers it. */
export async function updateActivity(
  db: Db,
  gate: Gate,
  id: number,
  owner: Owner,
  body: ActivityUpdateBody,
): Promise<ActivityDetail> {
  await authorizeOwner(db, gate, owner, 'activity:update');
  const { actor } = gate;
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
  return readActivity(db, id, true);
}
