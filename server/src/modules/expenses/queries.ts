import { sql, type SQL } from 'drizzle-orm';
import type {
  Attachment,
  ExpenseLine,
  ExpensePayment,
  ExpenseRequestDetail,
  ExpenseRequestListItem,
  UserRef,
} from '../../../../contract/expenses';
import type { Db } from '../../db/client';
import { isoString, queryOne, queryRows } from '../../db/query';
import { requestReference } from './access';

// The read side of the expense requests: one SQL per shape, mapped to the contract's answers.

type Row = Record<string, unknown>;

const num = (value: unknown): number => Number(value);
const numOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);
const isoOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : isoString(value);
const textOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

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

type Lookups = {
  users: Map<number, UserRef>;
  accounts: Map<number, ExpenseRequestListItem['operationAccount']>;
};

async function hydrate(db: Db, rows: Row[]): Promise<Lookups> {
  const userIds = new Set<number>();
  const accountIds = new Set<number>();
  for (const row of rows) {
    for (const key of ['created_by', 'approved_by', 'validated_by', 'rejected_by', 'verified_by'])
      if (row[key] !== null && row[key] !== undefined) userIds.add(num(row[key]));
    accountIds.add(num(row.operation_account_id));
  }
  const ints = (set: Set<number>) => `{${[...set].join(',')}}`;
  const [users, accounts] = await Promise.all([
    userIds.size === 0
      ? Promise.resolve([] as Row[])
      : queryRows<Row>(
          db,
          sql`select id, firstname, lastname, phone from users where id = any(${ints(userIds)}::int[])`,
        ),
    accountIds.size === 0
      ? Promise.resolve([] as Row[])
      : queryRows<Row>(
          db,
          sql`select a.id, a.code, a.name, c.name as category from operation_accounts a
              join operation_account_categories c on c.id = a.category_id where a.id = any(${ints(accountIds)}::int[])`,
        ),
  ]);
  return {
    users: new Map(
      users.map((u) => [
        num(u.id),
        {
          id: num(u.id),
          fullname: `${String(u.firstname)} ${String(u.lastname)}`.trim(),
          phone: textOrNull(u.phone),
        },
      ]),
    ),
    accounts: new Map(
      accounts.map((a) => [
        num(a.id),
        { id: num(a.id), code: String(a.code), name: String(a.name), category: String(a.category) },
      ]),
    ),
  };
}

function toListItem(row: Row, lookups: Lookups): ExpenseRequestListItem {
  const id = num(row.id);
  const user = (key: string) =>
    row[key] === null || row[key] === undefined ? null : (lookups.users.get(num(row[key])) ?? null);
  return {
    id,
    reference: requestReference(id),
    title: String(row.title),
    description: textOrNull(row.description),
    status: row.status as ExpenseRequestListItem['status'],
    amount: num(row.amount),
    amount_validated: num(row.amount_validated),
    entity_type: row.entity_type as ExpenseRequestListItem['entity_type'],
    entity_id: num(row.entity_id),
    entity: row.entity_name === null ? null : { id: num(row.entity_id), name: String(row.entity_name) },
    made_at: isoString(row.made_at),
    created_at: isoString(row.created_at),
    lines_count: num(row.lines_count),
    createdByUser: user('created_by')!,
    approvedByUser: user('approved_by'),
    approved_at: isoOrNull(row.approved_at),
    validatedByUser: user('validated_by'),
    validated_at: isoOrNull(row.validated_at),
    rejectedByUser: user('rejected_by'),
    rejected_at: isoOrNull(row.rejected_at),
    verifiedByUser: user('verified_by'),
    verified_at: isoOrNull(row.verified_at),
    operationAccount: lookups.accounts.get(num(row.operation_account_id))!,
  };
}

/** One page of requests matching `where` (a condition on `er`), newest expense first. */
export async function listRequests(
  db: Db,
  where: SQL,
  page: number,
  limit: number,
): Promise<{ data: ExpenseRequestListItem[]; total: number }> {
  const [rows, count] = await Promise.all([
    queryRows<Row>(
      db,
      sql`select ${requestColumns} from expense_requests er where ${where}
          order by er.made_at desc, er.id desc limit ${limit} offset ${(page - 1) * limit}`,
    ),
    queryOne<{ total: number }>(
      db,
      sql`select count(*)::int as total from expense_requests er where ${where}`,
    ),
  ]);
  const lookups = await hydrate(db, rows);
  return { data: rows.map((row) => toListItem(row, lookups)), total: Number(count?.total ?? 0) };
}

export async function requestBalance(db: Db, where: SQL) {
  // two simple aggregates (the paid sum through a join) rather than a sub-query per request
  const [row, paidRow] = await Promise.all([
    queryOne<Row>(
      db,
      sql`select count(*)::int as count,
            count(*) filter (where er.status = 'approval_pending')::int as approval_pending,
            count(*) filter (where er.status = 'rejected')::int as rejected,
            count(*) filter (where er.status = 'approved')::int as approved,
            count(*) filter (where er.status = 'validated')::int as validated,
            coalesce(sum(er.amount) filter (where er.status <> 'rejected'), 0)::bigint as amount
          from expense_requests er where ${where}`,
    ),
    queryOne<Row>(
      db,
      sql`select coalesce(sum(l.amount_validated), 0)::bigint as paid
          from expense_lines l join expense_requests er on er.id = l.expense_request_id where ${where}`,
    ),
  ]);
  const amount = num(row?.amount ?? 0);
  const paid = num(paidRow?.paid ?? 0);
  return {
    count: num(row?.count ?? 0),
    count_by_status: {
      approval_pending: num(row?.approval_pending ?? 0),
      rejected: num(row?.rejected ?? 0),
      approved: num(row?.approved ?? 0),
      validated: num(row?.validated ?? 0),
    },
    amount,
    paid,
    remaining: amount - paid,
  };
}

function toPayment(row: Row): ExpensePayment {
  return {
    id: num(row.id),
    expense_id: num(row.expense_line_id),
    amount: num(row.amount),
    validated_at: isoString(row.validated_at),
    payment_method: String(row.payment_method),
    user_id: num(row.user_id),
    user: {
      id: num(row.user_id),
      fullname: `${String(row.u_firstname)} ${String(row.u_lastname)}`.trim(),
      phone: textOrNull(row.u_phone),
    },
    payment_account_id: num(row.payment_account_id),
    paymentAccount: {
      id: num(row.payment_account_id),
      name: String(row.pa_name),
      journal_type: (row.pa_journal_type ?? null) as ExpensePayment['paymentAccount']['journal_type'],
    },
    treasury_movement_id: numOrNull(row.treasury_movement_id),
    fixed_asset_id: numOrNull(row.fixed_asset_id),
    created_at: isoString(row.created_at),
  };
}

function toLine(row: Row, payments: ExpensePayment[]): ExpenseLine {
  const amount = num(row.amount);
  const paid = num(row.amount_validated);
  return {
    id: num(row.id),
    expense_request_id: num(row.expense_request_id),
    name: String(row.name),
    quantity: num(row.quantity),
    unit_price: num(row.unit_price),
    amount,
    amount_validated: paid,
    remaining: row.status === 'cancelled' ? 0 : amount - paid,
    status: row.status as ExpenseLine['status'],
    donation_type: row.donation_type as ExpenseLine['donation_type'],
    is_anonymous: Boolean(row.is_anonymous),
    notes: textOrNull(row.notes),
    recipient_first_name: textOrNull(row.recipient_first_name),
    recipient_last_name: textOrNull(row.recipient_last_name),
    recipient_phone: textOrNull(row.recipient_phone),
    recipient_address: textOrNull(row.recipient_address),
    recipient_company_name: textOrNull(row.recipient_company_name),
    recipient_registration_number: textOrNull(row.recipient_registration_number),
    recipient_tax_id: textOrNull(row.recipient_tax_id),
    recipient_company_address: textOrNull(row.recipient_company_address),
    recipient_company_phone: textOrNull(row.recipient_company_phone),
    recipient_company_email: textOrNull(row.recipient_company_email),
    recipient_entity_type: (row.recipient_entity_type ?? null) as ExpenseLine['recipient_entity_type'],
    recipient_entity_id: numOrNull(row.recipient_entity_id),
    cancelled_at: isoOrNull(row.cancelled_at),
    created_at: isoString(row.created_at),
    payments,
  };
}

/** The lines matching `where` (a condition on `l`), oldest first, each with its payments. */
export async function loadLines(db: Db, where: SQL): Promise<ExpenseLine[]> {
  const lines = await queryRows<Row>(db, sql`select l.* from expense_lines l where ${where} order by l.id`);
  if (lines.length === 0) return [];
  const ids = `{${lines.map((l) => num(l.id)).join(',')}}`;
  const payments = await queryRows<Row>(
    db,
    sql`select p.*, u.firstname as u_firstname, u.lastname as u_lastname, u.phone as u_phone,
               pa.name as pa_name, pa.journal_type as pa_journal_type,
               (select fa.id from fixed_assets fa where fa.expense_payment_id = p.id limit 1) as fixed_asset_id
        from expense_payments p
        join users u on u.id = p.user_id
        join operation_accounts pa on pa.id = p.payment_account_id
        where p.expense_line_id = any(${ids}::int[])
        order by p.validated_at, p.id`,
  );
  const byLine = new Map<number, ExpensePayment[]>();
  for (const p of payments) {
    const list = byLine.get(num(p.expense_line_id)) ?? [];
    list.push(toPayment(p));
    byLine.set(num(p.expense_line_id), list);
  }
  return lines.map((l) => toLine(l, byLine.get(num(l.id)) ?? []));
}

export async function loadLine(db: Db, id: number): Promise<ExpenseLine | null> {
  const [line] = await loadLines(db, sql`l.id = ${id}`);
  return line ?? null;
}

export async function loadPayment(db: Db, id: number): Promise<ExpensePayment> {
  const row = await queryOne<Row>(
    db,
    sql`select p.*, u.firstname as u_firstname, u.lastname as u_lastname, u.phone as u_phone,
               pa.name as pa_name, pa.journal_type as pa_journal_type,
               (select fa.id from fixed_assets fa where fa.expense_payment_id = p.id limit 1) as fixed_asset_id
        from expense_payments p
        join users u on u.id = p.user_id
        join operation_accounts pa on pa.id = p.payment_account_id
        where p.id = ${id}`,
  );
  return toPayment(row!);
}

export function toAttachment(row: Row): Attachment {
  const id = num(row.id);
  return {
    id,
    attachable_type: 'expense_request',
    attachable_id: num(row.attachable_id),
    original_name: String(row.original_name),
    mime_type: row.mime_type as Attachment['mime_type'],
    size: num(row.size),
    url: `/attachments/${id}`,
    created_at: isoString(row.created_at),
  };
}

export async function loadAttachments(db: Db, requestId: number): Promise<Attachment[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select id, attachable_id, original_name, mime_type, size, created_at from attachments
        where attachable_type = 'expense_request' and attachable_id = ${requestId} order by id`,
  );
  return rows.map(toAttachment);
}

export async function loadRequestDetail(db: Db, id: number): Promise<ExpenseRequestDetail | null> {
  const row = await queryOne<Row>(
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
  if (!row) return null;
  const [expenses, attachments, lookups] = await Promise.all([
    loadLines(db, sql`l.expense_request_id = ${id}`),
    loadAttachments(db, id),
    hydrate(db, [row]),
  ]);
  const budgetLineId = numOrNull(row.budget_line_id);
  const activityId = numOrNull(row.planned_activity_id);
  return {
    ...toListItem(row, lookups),
    budget_line_id: budgetLineId,
    budgetLine:
      budgetLineId !== null && row.bl_name !== null
        ? { id: budgetLineId, name: String(row.bl_name), amount: num(row.bl_amount) }
        : null,
    planned_activity_id: activityId,
    plannedActivity:
      activityId !== null && row.act_title !== null
        ? {
            id: activityId,
            title: String(row.act_title),
            planned_date: String(row.act_date instanceof Date ? isoString(row.act_date) : row.act_date).slice(
              0,
              10,
            ),
            activity_type: textOrNull(row.act_type),
          }
        : null,
    expenses,
    attachments,
  };
}
