import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { ACCOUNT_CATEGORIES } from '../../../../contract/accounts';
import {
  monthLabel,
  PAYROLL_MESSAGES as M,
  STAFF_COST_ACCOUNT_PREFIX,
  type Employee,
  type Payslip,
  type payslipCreateSchema,
  type PayslipList,
  type payslipListQuerySchema,
  type payslipPaySchema,
  type PayslipSort,
  type payslipUpdateSchema,
} from '../../../../contract/payroll';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { isoString, queryOne, queryRows } from '../../db/query';
import { orderBy, type SortColumns } from '../../db/sort';
import type { FinanceEntityType } from '../../db/schema/finance';
import type { Actor } from '../../http/authorize';
import { httpError } from '../../http/errors';
import { assertAccountOfEntity, nationalOfficeOf, usableBy } from '../accounts';
import { assertRecordYearOpen, recordMovement } from '../treasury';
import { employeeOr404, financeEntity, FROM_FINANCE, type Timestamp } from './employees';

/*
 * The monthly payslips of an entity's employees (decision 0029): one per employee and month; net = gross
 * + allowances - deductions, computed here. Paying a payslip is a money write like an expense payment:
 * in idempotentWrite's transaction, one treasury movement through recordMovement (closed years and
 * archived entities refused there), audited. A payslip of a month of a closed year is neither created,
 * changed nor paid (decision 0042).
 */

type PayslipRow = {
  id: number | string;
  employee_id: number | string;
  first_name: string;
  last_name: string;
  position: string;
  hired_day: string | null;
  employee_active: boolean;
  entity_type: string;
  entity_id: number | string;
  entity_name: string | null;
  month: string;
  gross: number | string;
  allowances: number | string;
  deductions: number | string;
  net: number | string;
  payment_account_id: number | string | null;
  account_code: string | null;
  account_name: string | null;
  paid_day: string | null;
  movement_id: number | string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

const payslipSelect = sql`select p.id, p.employee_id, e.first_name, e.last_name, e.position,
  to_char(e.hired_on, 'YYYY-MM-DD') as hired_day, e.active as employee_active, e.entity_type, e.entity_id,
  case e.entity_type
    when 'church' then (select name from churches where id = e.entity_id)
    when 'section' then (select name from sections where id = e.entity_id)
    when 'region' then (select name from regions where id = e.entity_id)
    when 'national_office' then (select name from national_offices where id = e.entity_id)
  end as entity_name,
  p.month, p.gross, p.allowances, p.deductions, p.net, p.payment_account_id, a.code as account_code,
  a.name as account_name, to_char(p.paid_on, 'YYYY-MM-DD') as paid_day, p.movement_id, p.created_at, p.updated_at
  from payslips p join employees e on e.id = p.employee_id
  left join operation_accounts a on a.id = p.payment_account_id`;

function toPayslip(row: PayslipRow): Payslip {
  return {
    id: Number(row.id),
    employee_id: Number(row.employee_id),
    employee: {
      id: Number(row.employee_id),
      first_name: row.first_name,
      last_name: row.last_name,
      position: row.position,
      hired_on: row.hired_day,
      active: row.employee_active,
    },
    entity_type: FROM_FINANCE[row.entity_type]!,
    entity_id: Number(row.entity_id),
    entity_name: row.entity_name ?? '',
    month: row.month,
    gross: Number(row.gross),
    allowances: Number(row.allowances),
    deductions: Number(row.deductions),
    net: Number(row.net),
    status: row.movement_id === null ? 'unpaid' : 'paid',
    payment_account:
      row.payment_account_id === null
        ? null
        : {
            id: Number(row.payment_account_id),
            code: String(row.account_code),
            name: String(row.account_name),
          },
    paid_on: row.paid_day,
    movement_id: row.movement_id === null ? null : Number(row.movement_id),
    created_at: isoString(row.created_at),
    updated_at: isoString(row.updated_at),
  };
}

export async function payslipOr404(db: Db, id: number, lock = false): Promise<Payslip> {
  const row = await queryOne<PayslipRow>(
    db,
    lock
      ? sql`${payslipSelect} where p.id = ${id} for update of p`
      : sql`${payslipSelect} where p.id = ${id}`,
  );
  if (!row) throw httpError(404, M.payslipNotFound);
  return toPayslip(row);
}

type PayslipListQuery = z.output<typeof payslipListQuerySchema>;

/** What each sort of the list orders by (`status`: to pay before paid). */
const PAYSLIP_ORDER: SortColumns<PayslipSort> = {
  employee: [sql`lower(e.last_name)`, sql`lower(e.first_name)`],
  month: sql`p.month`,
  gross: sql`p.gross`,
  net: sql`p.net`,
  status: sql`(p.movement_id is not null)`,
};

/** A page of an entity's payslips (a month, or all, newest first) and the totals of the whole set, in SQL. */
export async function listPayslips(db: Db, query: PayslipListQuery): Promise<PayslipList> {
  const conditions: SQL[] = [
    sql`e.entity_type = ${financeEntity(query.entity_type)}`,
    sql`e.entity_id = ${query.entity_id}`,
  ];
  if (query.month) conditions.push(sql`p.month = ${query.month}`);
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(e.first_name || ' ' || e.last_name) ilike ${like}`);
  }
  const where = sql.join(conditions, sql` and `);
  const totals = await queryOne<Record<string, number | string>>(
    db,
    sql`select count(*)::int as count, coalesce(sum(p.gross), 0)::bigint as gross,
          coalesce(sum(p.allowances), 0)::bigint as allowances, coalesce(sum(p.deductions), 0)::bigint as deductions,
          coalesce(sum(p.net), 0)::bigint as net,
          coalesce(sum(p.net) filter (where p.movement_id is not null), 0)::bigint as paid,
          coalesce(sum(p.net) filter (where p.movement_id is null), 0)::bigint as unpaid
        from payslips p join employees e on e.id = p.employee_id where ${where}`,
  );
  const rows = await queryRows<PayslipRow>(
    db,
    sql`${payslipSelect} where ${where}
        order by ${
          query.sort
            ? orderBy(PAYSLIP_ORDER, query, { sort: 'month', order: 'desc' }, sql`p.id`)
            : sql`p.month ${sql.raw(query.order === 'asc' ? 'asc' : 'desc')}, e.last_name, e.first_name, p.id`
        }
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  const n = (key: string) => Number(totals?.[key] ?? 0);
  return {
    data: rows.map(toPayslip),
    meta: { total: n('count'), page: query.page, limit: query.limit },
    totals: {
      count: n('count'),
      gross: n('gross'),
      allowances: n('allowances'),
      deductions: n('deductions'),
      net: n('net'),
      paid: n('paid'),
      unpaid: n('unpaid'),
    },
  };
}

/** The books a payslip belongs to: its employee's entity. */
const payslipEntity = (p: Pick<Employee, 'entity_type' | 'entity_id'>) => ({
  type: financeEntity(p.entity_type),
  id: p.entity_id,
});
const yearOfMonth = (month: string) => Number(month.slice(0, 4));

async function assertNoOtherPayslip(tx: Db, employeeId: number, month: string, exceptId: number | null) {
  const other = await queryOne<{ id: number }>(
    tx,
    sql`select id from payslips where employee_id = ${employeeId} and month = ${month}
          and (${exceptId}::int is null or id <> ${exceptId}::int)`,
  );
  if (other) throw httpError(409, M.duplicate(monthLabel(month)));
}

/** A payslip of an active employee; one per employee and month (409); net computed here. */
export async function createPayslip(
  db: Db,
  actor: Actor,
  employee: Employee,
  body: z.output<typeof payslipCreateSchema>,
): Promise<number> {
  return db.transaction(async (tx) => {
    // the employee's row locked: two payslips of the same month cannot pass the check together
    const locked = await employeeOr404(tx, employee.id, true);
    if (!locked.active) throw httpError(409, M.employeeArchived);
    await assertRecordYearOpen(tx, payslipEntity(locked), yearOfMonth(body.month));
    await assertNoOtherPayslip(tx, locked.id, body.month, null);
    const net = body.gross + body.allowances - body.deductions;
    if (net < 0) throw httpError(400, M.netNegative);
    const row = await queryOne<{ id: number | string }>(
      tx,
      sql`insert into payslips (employee_id, month, gross, allowances, deductions, net, created_by)
          values (${locked.id}, ${body.month}, ${body.gross}, ${body.allowances}, ${body.deductions}, ${net},
            ${actor.userId})
          returning id`,
    );
    const id = Number(row!.id);
    await audit(tx, {
      userId: actor.userId,
      action: 'payslip.create',
      entityType: 'payslip',
      entityId: id,
      data: { ...body, net },
      ip: actor.ip,
    });
    return id;
  });
}

/** Edits an unpaid payslip (a paid one is frozen: 409). */
export async function updatePayslip(
  db: Db,
  actor: Actor,
  id: number,
  body: z.output<typeof payslipUpdateSchema>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await payslipOr404(tx, id, true);
    if (current.status === 'paid') throw httpError(409, M.paidNotEditable);
    await employeeOr404(tx, current.employee_id, true);
    // neither the month it leaves nor the one it joins may be of a closed year
    await assertRecordYearOpen(
      tx,
      payslipEntity(current),
      yearOfMonth(current.month),
      yearOfMonth(body.month),
    );
    await assertNoOtherPayslip(tx, current.employee_id, body.month, id);
    const net = body.gross + body.allowances - body.deductions;
    if (net < 0) throw httpError(400, M.netNegative);
    await tx.execute(
      sql`update payslips set month = ${body.month}, gross = ${body.gross}, allowances = ${body.allowances},
            deductions = ${body.deductions}, net = ${net}, updated_at = now()
          where id = ${id}`,
    );
    await audit(tx, {
      userId: actor.userId,
      action: 'payslip.update',
      entityType: 'payslip',
      entityId: id,
      data: {
        before: {
          month: current.month,
          gross: current.gross,
          allowances: current.allowances,
          deductions: current.deductions,
        },
        after: { ...body, net },
      },
      ip: actor.ip,
    });
  });
}

/**
 * The staff-cost account (SYCEBNL class 66) a payslip's movement is charged to: the lowest-numbered
 * active 'Charges AO' account of class 66 that the entity may use (its national office's forbidden
 * accounts excluded), else 409.
 */
export async function staffCostAccount(
  tx: Db,
  entity: FinanceEntityType,
  entityId: number,
  chosen?: number,
): Promise<number> {
  const officeId = await nationalOfficeOf(tx, entity, entityId);
  const row = await queryOne<{ id: number | string }>(
    tx,
    sql`select a.id from operation_accounts a join operation_account_categories c on c.id = a.category_id
        where a.active and c.name = ${ACCOUNT_CATEGORIES.EXPENSE} and a.code like ${`${STAFF_COST_ACCOUNT_PREFIX}%`}
          and ${usableBy(entity, entityId, officeId)}
          and (${chosen ?? null}::int is null or a.id = ${chosen ?? null}::int)
        order by a.code, a.id limit 1`,
  );
  if (!row) throw chosen ? httpError(400, M.staffAccountInvalid) : httpError(409, M.noStaffAccount);
  return Number(row.id);
}

/**
 * Pays a payslip, in the caller's transaction `tx` (idempotentWrite's): the payslip locked, not yet paid,
 * (of any month: paid on a day of an open year), a treasury account the entity may use, a date not
 * before the payslip's month; one expense movement of the net (recordMovement refuses a closed year and an archived entity),
 * the payslip marked paid, audited.
 */
export async function payPayslip(
  tx: Db,
  actor: Actor,
  id: number,
  body: z.output<typeof payslipPaySchema>,
): Promise<Payslip> {
  const payslip = await payslipOr404(tx, id, true);
  if (payslip.status === 'paid') throw httpError(409, M.alreadyPaid);
  // a payslip of a closed year's month may be paid on a day of an open year: its movement lands there
  // and no figure of the closed year reads the payslip's status (decision 0042); a day of a closed
  // year is refused by recordMovement
  if (payslip.net <= 0) throw httpError(409, M.nothingToPay);
  if (body.paid_on.slice(0, 7) < payslip.month) throw httpError(400, M.paidBeforeMonth);
  const entity = financeEntity(payslip.entity_type);
  await assertAccountOfEntity(
    tx,
    body.payment_account_id,
    [ACCOUNT_CATEGORIES.TREASURY],
    entity,
    payslip.entity_id,
    M.paymentAccountInvalid,
  );
  const chargeAccount = await staffCostAccount(tx, entity, payslip.entity_id, body.operation_account_id);
  const name = `${payslip.employee.first_name} ${payslip.employee.last_name}`;
  const movement = await recordMovement(tx, {
    entityType: entity,
    entityId: payslip.entity_id,
    paymentAccountId: body.payment_account_id,
    operationAccountId: chargeAccount,
    occurredAt: `${body.paid_on}T00:00:00Z`,
    designation: `Salaire ${monthLabel(payslip.month)} — ${name}`,
    reference: `PAIE-${payslip.month}-${String(payslip.id).padStart(5, '0')}`,
    expense: payslip.net,
    sourceType: 'payslip',
    sourceId: payslip.id,
    createdBy: actor.userId,
  });
  await tx.execute(
    sql`update payslips set payment_account_id = ${body.payment_account_id}, paid_on = ${body.paid_on},
          movement_id = ${movement.id}, updated_at = now()
        where id = ${id}`,
  );
  await audit(tx, {
    userId: actor.userId,
    action: 'payslip.pay',
    entityType: 'payslip',
    entityId: id,
    data: {
      employee_id: payslip.employee_id,
      month: payslip.month,
      net: payslip.net,
      payment_account_id: body.payment_account_id,
      paid_on: body.paid_on,
      treasury_movement_id: movement.id,
    },
    ip: actor.ip,
  });
  return payslipOr404(tx, id);
}
