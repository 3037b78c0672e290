import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ListMeta } from '../../../../contract/common';
import {
  PAYROLL_MESSAGES as M,
  type Employee,
  type employeeCreateSchema,
  type employeeListQuerySchema,
  type EmployeeSort,
  type employeeUpdateSchema,
  type PayrollEntityType,
} from '../../../../contract/payroll';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { isoString, queryOne, queryRows } from '../../db/query';
import { orderBy, type SortColumns } from '../../db/sort';
import { EXPENSE_TO_FINANCE_ENTITY, type FinanceEntityType } from '../../db/schema/finance';
import type { Actor } from '../../http/authorize';
import { httpError } from '../../http/errors';

/*
 * The payroll of an entity (decision 0029): its employees (archived, never deleted) here, and their
 * monthly payslips (payslips.ts). Rows store the entity in the finance tables' words
 * ('national_office'); the API speaks 'NATIONAL_OFFICE'.
 */

export type Timestamp = Date | string;

export const FROM_FINANCE: Record<string, PayrollEntityType> = {
  national_office: 'NATIONAL_OFFICE',
  region: 'REGION',
  section: 'SECTION',
  church: 'CHURCH',
};

export function financeEntity(type: PayrollEntityType): FinanceEntityType {
  return EXPENSE_TO_FINANCE_ENTITY[type];
}

// ---------------------------------------------------------------- employees

type EmployeeRow = {
  id: number | string;
  entity_type: string;
  entity_id: number | string;
  first_name: string;
  last_name: string;
  position: string;
  hired_day: string | null;
  base_salary: number | string;
  phone: string | null;
  active: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
};

// dates as text: node-postgres would read a date as local midnight
const employeeSelect = sql`select e.id, e.entity_type, e.entity_id, e.first_name, e.last_name, e.position,
  to_char(e.hired_on, 'YYYY-MM-DD') as hired_day, e.base_salary, e.phone, e.active, e.created_at, e.updated_at
  from employees e`;

function toEmployee(row: EmployeeRow): Employee {
  return {
    id: Number(row.id),
    entity_type: FROM_FINANCE[row.entity_type]!,
    entity_id: Number(row.entity_id),
    first_name: row.first_name,
    last_name: row.last_name,
    position: row.position,
    hired_on: row.hired_day,
    base_salary: Number(row.base_salary),
    phone: row.phone,
    active: row.active,
    created_at: isoString(row.created_at),
    updated_at: isoString(row.updated_at),
  };
}

export async function employeeOr404(db: Db, id: number, lock = false): Promise<Employee> {
  const row = await queryOne<EmployeeRow>(
    db,
    lock ? sql`${employeeSelect} where e.id = ${id} for update` : sql`${employeeSelect} where e.id = ${id}`,
  );
  if (!row) throw httpError(404, M.employeeNotFound);
  return toEmployee(row);
}

type EmployeeListQuery = z.output<typeof employeeListQuerySchema>;

/** What each sort of the list orders by (the undated hires last both ways). */
const EMPLOYEE_ORDER: SortColumns<EmployeeSort> = {
  name: [sql`e.last_name`, sql`e.first_name`],
  position: sql`lower(e.position)`,
  hired: { by: sql`e.hired_on`, nulls: 'last' },
  salary: sql`e.base_salary`,
};

export async function listEmployees(
  db: Db,
  query: EmployeeListQuery,
): Promise<{ data: Employee[]; meta: ListMeta }> {
  const conditions: SQL[] = [
    sql`e.entity_type = ${financeEntity(query.entity_type)}`,
    sql`e.entity_id = ${query.entity_id}`,
  ];
  if (query.status === 'active') conditions.push(sql`e.active`);
  if (query.status === 'archived') conditions.push(sql`not e.active`);
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(e.first_name ilike ${like} or e.last_name ilike ${like} or e.position ilike ${like}
           or (e.first_name || ' ' || e.last_name) ilike ${like})`,
    );
  }
  const where = sql.join(conditions, sql` and `);
  const total = await queryOne<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from employees e where ${where}`,
  );
  const rows = await queryRows<EmployeeRow>(
    db,
    sql`${employeeSelect} where ${where}
        order by ${orderBy(EMPLOYEE_ORDER, query, { sort: 'name', order: 'asc' }, sql`e.id`)}
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  return {
    data: rows.map(toEmployee),
    meta: { total: Number(total?.n ?? 0), page: query.page, limit: query.limit },
  };
}

type EmployeeFields = z.output<typeof employeeUpdateSchema>;

export async function createEmployee(
  db: Db,
  actor: Actor,
  body: z.output<typeof employeeCreateSchema>,
): Promise<number> {
  return db.transaction(async (tx) => {
    const row = await queryOne<{ id: number | string }>(
      tx,
      sql`insert into employees (entity_type, entity_id, first_name, last_name, position, hired_on, base_salary, phone)
          values (${financeEntity(body.entity_type)}, ${body.entity_id}, ${body.first_name}, ${body.last_name},
            ${body.position}, ${body.hired_on ?? null}, ${body.base_salary}, ${body.phone ?? null})
          returning id`,
    );
    const id = Number(row!.id);
    await audit(tx, {
      userId: actor.userId,
      action: 'employee.create',
      entityType: 'employee',
      entityId: id,
      data: { ...body },
      ip: actor.ip,
    });
    return id;
  });
}

export async function updateEmployee(
  db: Db,
  actor: Actor,
  current: Employee,
  body: EmployeeFields,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update employees set first_name = ${body.first_name}, last_name = ${body.last_name},
            position = ${body.position}, hired_on = ${body.hired_on ?? null}, base_salary = ${body.base_salary},
            phone = ${body.phone ?? null}, updated_at = now()
          where id = ${current.id}`,
    );
    await audit(tx, {
      userId: actor.userId,
      action: 'employee.update',
      entityType: 'employee',
      entityId: current.id,
      data: { before: current, after: body },
      ip: actor.ip,
    });
  });
}

/** Archives (active = false) or restores an employee; an employee is never deleted (their payslips stay). */
export async function setEmployeeActive(db: Db, actor: Actor, id: number, active: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await employeeOr404(tx, id, true);
    if (current.active === active)
      throw httpError(409, active ? M.employeeAlreadyActive : M.employeeAlreadyArchived);
    await tx.execute(sql`update employees set active = ${active}, updated_at = now() where id = ${id}`);
    await audit(tx, {
      userId: actor.userId,
      action: active ? 'employee.restore' : 'employee.archive',
      entityType: 'employee',
      entityId: id,
      ip: actor.ip,
    });
  });
}
