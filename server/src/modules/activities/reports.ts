import { sql, type SQL } from 'drizzle-orm';
import {
  ACTIVITY_MESSAGES as M,
  type ActivityReport,
  type ActivityReportCreateBody,
  type ActivityReportDetail,
  type ActivityReportListQuery,
  type ActivityReportUpdateBody,
  type ReportSort,
} from '../../../../contract/activities';
import type { List } from '../../../../contract/common';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { isoString, queryOne, queryRows } from '../../db/query';
import { orderBy, type SortColumns } from '../../db/sort';
import type { Gate } from '../../http/authorize';
import { httpError } from '../../http/errors';
import { activityReportReturned, activityReportSubmitted } from '../notifications';
import { authorizeOwner } from './access';
import { apiType, belowSql, ownerNameSql, parentOf, type Owner, type ReportFacts } from './entities';
import {
  assertMayEdit,
  assertMayReturn,
  assertMaySubmit,
  readsFromAbove,
  reportRights,
  type ReportRights,
} from './policy';
import { day, like, num } from './rows';

// The activity reports: drafted by an entity, submitted to the level above, sent back by it with a
// comment (decision 0024). Who does what is the policy's (reportRights).

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

/** What each sort of the list orders by (the latest period's end first by default). */
const REPORT_ORDER: SortColumns<ReportSort> = {
  period: sql`r.period_end`,
  title: sql`lower(r.title)`,
  entity: sql`lower(${ownerNameSql(sql`r.entity_type`, sql`r.entity_id`)})`,
  attendance: sql`(r.men + r.women + r.children)`,
  status: sql`r.status`,
};

/**
 * The reports of a level (report:view, or a role in the department): its own (`own`; drafts hidden
 * from a viewer of the level above, unless they wrote them) and those of the entities below it
 * (`below`; never drafts).
 */
export async function listReports(
  db: Db,
  gate: Gate,
  owner: Owner,
  query: ActivityReportListQuery,
): Promise<List<ActivityReport>> {
  const role = await authorizeOwner(db, gate, owner, 'report:view');
  const viewer = {
    userId: gate.actor.userId,
    fromAbove: await readsFromAbove(gate, await parentOf(db, owner), role),
  };
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
    sql`${reportSelect} where ${where}
        order by ${orderBy(REPORT_ORDER, query, { sort: 'period', order: 'desc' }, sql`r.id`)}
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  const total = await queryOne<{ n: number }>(
    db,
    sql`select count(*)::int as n from activity_reports r where ${where}`,
  );
  return { data: rows.map(toReport), meta: { total: num(total?.n), page: query.page, limit: query.limit } };
}

/** What the rules read of a report (404 when there is no such report). */
export async function reportFacts(db: Db, id: number): Promise<ReportFacts> {
  const row = await queryOne<{
    entity_type: Owner['type'];
    entity_id: number;
    status: ReportFacts['status'];
    created_by: number | null;
  }>(db, sql`select entity_type, entity_id, status, created_by from activity_reports where id = ${id}`);
  if (!row) throw httpError(404, M.reportNotFound);
  return {
    id,
    owner: { type: row.entity_type, id: num(row.entity_id) },
    status: row.status,
    createdBy: row.created_by === null ? null : num(row.created_by),
  };
}

/**
 * Authorises reading a report (report:view on its entity, or a role in its department; a draft is not
 * found from the level above) and answers what the user may do with it and the level above it.
 */
export async function reportAccess(
  db: Db,
  gate: Gate,
  report: ReportFacts,
): Promise<{ rights: ReportRights; parent: Owner | null }> {
  const role = await authorizeOwner(db, gate, report.owner, 'report:view');
  const parent = await parentOf(db, report.owner);
  return { rights: await reportRights(gate, report, { role, parent }), parent };
}

/** A report, with what the user may do with it. */
export async function reportDetail(db: Db, gate: Gate, report: ReportFacts): Promise<ActivityReportDetail> {
  const { rights } = await reportAccess(db, gate, report);
  return readReport(db, report.id, rights.can);
}

async function readReport(
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

/** Drafts a report of `owner` (report:create); answers its id. */
export async function createReport(
  db: Db,
  gate: Gate,
  owner: Owner,
  body: ActivityReportCreateBody,
): Promise<number> {
  await authorizeOwner(db, gate, owner, 'report:create');
  const { actor } = gate;
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

/** Changes a draft or sent-back report, by whoever may edit it; answers it. */
export async function updateReport(
  db: Db,
  gate: Gate,
  report: ReportFacts,
  body: ActivityReportUpdateBody,
): Promise<ActivityReportDetail> {
  const { rights } = await reportAccess(db, gate, report);
  assertMayEdit(report, rights, {
    locked: M.reportNotEditable,
    forbidden: 'Vous ne pouvez pas modifier ce rapport.',
  });
  const { id, owner } = report;
  const { actor } = gate;
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
  return reportDetail(db, gate, report);
}

/** Submits a draft or sent-back report to the level above, by whoever may edit it. */
export async function submitReport(db: Db, gate: Gate, report: ReportFacts): Promise<void> {
  const { rights, parent } = await reportAccess(db, gate, report);
  assertMaySubmit(report, rights, parent);
  const { id, owner } = report;
  const { actor } = gate;
  await db.transaction(async (tx) => {
    const row = await queryOne<{ id: number; title: string }>(
      tx,
      sql`update activity_reports set status = 'submitted', submitted_by = ${actor.userId}, submitted_at = now(),
            updated_at = now()
          where id = ${id} and status in ('draft', 'returned') returning id, title`,
    );
    if (!row) throw httpError(409, M.reportNotSubmittable);
    // those who may send it back, at the level above (decision 0026), in this transaction
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

/** Sends a submitted report back with a comment, from the level above. */
export async function returnReport(db: Db, gate: Gate, report: ReportFacts, comment: string): Promise<void> {
  const { rights } = await reportAccess(db, gate, report);
  assertMayReturn(report, rights);
  const { id, owner } = report;
  const { actor } = gate;
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
    // its author and its submitter (decision 0026), in this transaction
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
