import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  EXPENSE_MESSAGES,
  type ExpenseRequestDetail,
  type ExpenseRequestListItem,
  type ExpenseRequestSort,
  type expenseRequestBalanceQuerySchema,
  type UserRef,
} from '../../../../contract/expenses';
import type { ListSort } from '../../../../contract/common';
import type { Db } from '../../db/client';
import { isoString, queryOne, queryRows } from '../../db/query';
import { orderBy, type SortColumns } from '../../db/sort';
import type { ExpenseEntityType, ExpenseRequestStatus } from '../../db/schema/finance';
import { httpError } from '../../http/errors';
import { visibleEntityCondition, type Visibility } from '../../permissions/visibility';
import { requestReference } from './facts';
import {
  fullname,
  loadAttachments,
  loadRequestLines,
  type OperationAccountRef,
  type Timestamp,
} from './line-queries';

// The read side of the expense requests: one SQL per shape, mapped to the contract's answers (their
// lines, payments and attachments: line-queries.ts).

const M = EXPENSE_MESSAGES;

const isoOrNull = (value: Timestamp | null): string | null => (value === null ? null : isoString(value));

// ---------------------------------------------------------------- which requests a list shows

export type ListQuery = z.output<typeof expenseRequestBalanceQuerySchema>;

/** The financial entity type of `er` as the visibility conditions name it (ACTIVITY_GROUP is a department). */
const financeTypeSql = sql`(case er.entity_type when 'ACTIVITY_GROUP' then 'department' else lower(er.entity_type) end)`;

/**
 * The condition on `er` of a list the route authorised: `mine` the user's own requests; with an entity,
 * that entity's; without, those of every entity the user sees (unless `mine`); then the filters
 * (400 for a period that ends before it starts).
 */
export function listCondition(query: ListQuery, scope: { userId: number; visibility: Visibility }): SQL {
  const parts: SQL[] = [];
  if (query.mine) parts.push(sql`er.created_by = ${scope.userId}`);
  if (query.entity_type !== undefined && query.entity_id !== undefined) {
    parts.push(sql`er.entity_type = ${query.entity_type} and er.entity_id = ${query.entity_id}`);
  } else {
    if (query.entity_type !== undefined) parts.push(sql`er.entity_type = ${query.entity_type}`);
    if (!query.mine) parts.push(visibleEntityCondition(scope.visibility, financeTypeSql, sql`er.entity_id`));
  }
  if (query.status) parts.push(sql`er.status = ${query.status}`);
  if (query.from_date && query.to_date && query.from_date > query.to_date)
    throw httpError(400, M.periodInvalid);
  if (query.from_date) parts.push(sql`er.made_at >= ${query.from_date}::date`);
  if (query.to_date) parts.push(sql`er.made_at < (${query.to_date}::date + 1)`);
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, '\\$&')}%`;
    const id = /^(DEP-)?0*(\d{1,9})$/i.exec(query.search)?.[2];
    parts.push(
      sql`(er.title ilike ${like} or er.description ilike ${like}${id ? sql` or er.id = ${Number(id)}` : sql``})`,
    );
  }
  if (parts.length === 0) return sql`true`;
  return sql.join(parts, sql` and `);
}

// ---------------------------------------------------------------- requests

/** SQL: the name of the entity of an expense request row `er`. */
export const entityNameSql = sql`case er.entity_type
    when 'CHURCH' then (select name from churches where id = er.entity_id)
    when 'SECTION' then (select name from sections where id = er.entity_id)
    when 'REGION' then (select name from regions where id = er.entity_id)
    when 'NATIONAL_OFFICE' then (select name from national_offices where id = er.entity_id)
    when 'ACTIVITY_GROUP' then (select name from departments where id = er.entity_id) end`;

/**
 * The list item columns of `expense_requests er`. Users and accounts are read afterwards for the page's
 * rows only (`hydrate`): a join of five user aliases made PostgreSQL spend more time planning the page
 * (~20 ms) than running it.
 */
const requestColumns = sql`er.id, er.title, er.description, er.status, er.amount, er.entity_type, er.entity_id,
  er.made_at, er.created_at, er.approved_at, er.validated_at, er.rejected_at, er.verified_at,
  er.created_by, er.approved_by, er.validated_by, er.rejected_by, er.verified_by, er.operation_account_id,
  er.budget_line_id, er.planned_activity_id,
  (select coalesce(sum(l.amount_validated), 0)::int from expense_lines l where l.expense_request_id = er.id) as amount_validated,
  (select count(*)::int from expense_lines l where l.expense_request_id = er.id) as lines_count,
  ${entityNameSql} as entity_name`;

type RequestRow = {
  id: number;
  title: string;
  description: string | null;
  status: ExpenseRequestStatus;
  amount: number;
  entity_type: ExpenseEntityType;
  entity_id: number;
  made_at: Timestamp;
  created_at: Timestamp;
  approved_at: Timestamp | null;
  validated_at: Timestamp | null;
  rejected_at: Timestamp | null;
  verified_at: Timestamp | null;
  created_by: number;
  approved_by: number | null;
  validated_by: number | null;
  rejected_by: number | null;
  verified_by: number | null;
  operation_account_id: number;
  budget_line_id: number | null;
  planned_activity_id: number | null;
  amount_validated: number;
  lines_count: number;
  entity_name: string | null;
};

type UserRow = { id: number; firstname: string; lastname: string; phone: string | null };

type Lookups = { users: Map<number, UserRef>; accounts: Map<number, OperationAccountRef> };

const USER_COLUMNS = ['created_by', 'approved_by', 'validated_by', 'rejected_by', 'verified_by'] as const;

async function hydrate(db: Db, rows: RequestRow[]): Promise<Lookups> {
  const userIds = new Set<number>();
  const accountIds = new Set<number>();
  for (const row of rows) {
    for (const key of USER_COLUMNS) {
      const id = row[key];
      if (id !== null && id !== undefined) userIds.add(Number(id));
    }
    accountIds.add(Number(row.operation_account_id));
  }
  const ints = (set: Set<number>) => `{${[...set].join(',')}}`;
  const [users, accounts] = await Promise.all([
    userIds.size === 0
      ? Promise.resolve([])
      : queryRows<UserRow>(
          db,
          sql`select id, firstname, lastname, phone from users where id = any(${ints(userIds)}::int[])`,
        ),
    accountIds.size === 0
      ? Promise.resolve([])
      : queryRows<OperationAccountRef>(
          db,
          sql`select a.id, a.code, a.name, c.name as category from operation_accounts a
              join operation_account_categories c on c.id = a.category_id where a.id = any(${ints(accountIds)}::int[])`,
        ),
  ]);
  return {
    users: new Map(
      users.map((u) => [
        Number(u.id),
        { id: Number(u.id), fullname: fullname(u.firstname, u.lastname), phone: u.phone ?? null },
      ]),
    ),
    accounts: new Map(
      accounts.map((a) => [
        Number(a.id),
        { id: Number(a.id), code: a.code, name: a.name, category: a.category },
      ]),
    ),
  };
}

function toListItem(row: RequestRow, lookups: Lookups): ExpenseRequestListItem {
  const id = Number(row.id);
  const user = (key: (typeof USER_COLUMNS)[number]) => {
    const userId = row[key];
    return userId === null || userId === undefined ? null : (lookups.users.get(Number(userId)) ?? null);
  };
  return {
    id,
    reference: requestReference(id),
    title: row.title,
    description: row.description ?? null,
    status: row.status,
    amount: Number(row.amount),
    amount_validated: Number(row.amount_validated),
    entity_type: row.entity_type,
    entity_id: Number(row.entity_id),
    entity: row.entity_name === null ? null : { id: Number(row.entity_id), name: row.entity_name },
    made_at: isoString(row.made_at),
    created_at: isoString(row.created_at),
    lines_count: Number(row.lines_count),
    createdByUser: user('created_by')!,
    approvedByUser: user('approved_by'),
    approved_at: isoOrNull(row.approved_at),
    validatedByUser: user('validated_by'),
    validated_at: isoOrNull(row.validated_at),
    rejectedByUser: user('rejected_by'),
    rejected_at: isoOrNull(row.rejected_at),
    verifiedByUser: user('verified_by'),
    verified_at: isoOrNull(row.verified_at),
    operationAccount: lookups.accounts.get(Number(row.operation_account_id))!,
  };
}

/** What each sort of the list orders by (`reference` is the id's number: `DEP-000042`; `paid` the validated sum). */
const SORTS: SortColumns<ExpenseRequestSort> = {
  date: sql`er.made_at`,
  reference: sql`er.id`,
  title: sql`lower(er.title)`,
  amount: sql`er.amount`,
  paid: sql`(select coalesce(sum(l.amount_validated), 0) from expense_lines l where l.expense_request_id = er.id)`,
  status: sql`er.status`,
};

/** One page of requests matching `where` (a condition on `er`), newest expense first unless `sort` says otherwise. */
export async function listRequests(
  db: Db,
  where: SQL,
  page: number,
  limit: number,
  sort: ListSort<ExpenseRequestSort> = {},
): Promise<{ data: ExpenseRequestListItem[]; total: number }> {
  const [rows, count] = await Promise.all([
    queryRows<RequestRow>(
      db,
      sql`select ${requestColumns} from expense_requests er where ${where}
          order by ${orderBy(SORTS, sort, { sort: 'date', order: 'desc' }, sql`er.id`)}
          limit ${limit} offset ${(page - 1) * limit}`,
    ),
    queryOne<{ total: number }>(
      db,
      sql`select count(*)::int as total from expense_requests er where ${where}`,
    ),
  ]);
  const lookups = await hydrate(db, rows);
  return { data: rows.map((row) => toListItem(row, lookups)), total: Number(count?.total ?? 0) };
}

/** bigint sums come as text from node-postgres */
type Sum = string | number;

export async function requestBalance(db: Db, where: SQL) {
  // two simple aggregates (the paid sum through a join) rather than a sub-query per request
  const [row, paidRow] = await Promise.all([
    queryOne<{
      count: number;
      approval_pending: number;
      rejected: number;
      approved: number;
      validated: number;
      amount: Sum;
    }>(
      db,
      sql`select count(*)::int as count,
            count(*) filter (where er.status = 'approval_pending')::int as approval_pending,
            count(*) filter (where er.status = 'rejected')::int as rejected,
            count(*) filter (where er.status = 'approved')::int as approved,
            count(*) filter (where er.status = 'validated')::int as validated,
            coalesce(sum(er.amount) filter (where er.status <> 'rejected'), 0)::bigint as amount
          from expense_requests er where ${where}`,
    ),
    queryOne<{ paid: Sum }>(
      db,
      sql`select coalesce(sum(l.amount_validated), 0)::bigint as paid
          from expense_lines l join expense_requests er on er.id = l.expense_request_id where ${where}`,
    ),
  ]);
  const amount = Number(row?.amount ?? 0);
  const paid = Number(paidRow?.paid ?? 0);
  return {
    count: Number(row?.count ?? 0),
    count_by_status: {
      approval_pending: Number(row?.approval_pending ?? 0),
      rejected: Number(row?.rejected ?? 0),
      approved: Number(row?.approved ?? 0),
      validated: Number(row?.validated ?? 0),
    },
    amount,
    paid,
    remaining: amount - paid,
  };
}

// ---------------------------------------------------------------- detail

type DetailRow = RequestRow & {
  bl_name: string | null;
  bl_amount: number | null;
  act_title: string | null;
  act_date: string | null;
  act_type: string | null;
};

/** A request with its lines, payments and attachments, 404 when unknown. */
export async function loadRequestDetail(db: Db, id: number): Promise<ExpenseRequestDetail> {
  const row = await queryOne<DetailRow>(
    db,
    sql`select ${requestColumns},
          bt.name as bl_name, bl.amount as bl_amount,
          pa.title as act_title, to_char(pa.planned_date, 'YYYY-MM-DD') as act_date, at.name as act_type
        from expense_requests er
        left join budget_lines bl on bl.id = er.budget_line_id
        left join budget_item_templates bt on bt.id = bl.budget_item_template_id
        left join planned_activities pa on pa.id = er.planned_activity_id
        left join activity_types at on at.id = pa.activity_type_id
        where er.id = ${id}`,
  );
  if (!row) throw httpError(404, M.requestNotFound);
  const [expenses, attachments, lookups] = await Promise.all([
    loadRequestLines(db, id),
    loadAttachments(db, id),
    hydrate(db, [row]),
  ]);
  const budgetLineId = row.budget_line_id === null ? null : Number(row.budget_line_id);
  const activityId = row.planned_activity_id === null ? null : Number(row.planned_activity_id);
  return {
    ...toListItem(row, lookups),
    budget_line_id: budgetLineId,
    budgetLine:
      budgetLineId !== null && row.bl_name !== null
        ? { id: budgetLineId, name: row.bl_name, amount: Number(row.bl_amount) }
        : null,
    planned_activity_id: activityId,
    plannedActivity:
      activityId !== null && row.act_title !== null
        ? {
            id: activityId,
            title: row.act_title,
            planned_date: String(row.act_date).slice(0, 10),
            activity_type: row.act_type ?? null,
          }
        : null,
    expenses,
    attachments,
  };
}
