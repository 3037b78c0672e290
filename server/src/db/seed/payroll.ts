import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { queryOne } from '../query';
import type { Actor } from '../../http/authorize';
import { createEmployee, createPayslip, employeeOr404, payPayslip } from '../../modules/payroll';
import type { PayrollEntityType } from '../../../../contract/payroll';

/**
 * The payroll of the demo (decision 0029). Deterministic: the same organisation and date give the same rows;
 * runs once (nothing is added when the national office already has employees).
 *
 * - the first national office (national@example.org, its treasurer) and the church of tresorier@example.org
 *   get a few employees, one of them archived;
 * - each active employee has the payslips of the three months before the current one; the two oldest
 *   are paid (on the 28th, from the bank for the office, the cash for the church: their treasury movements
 *   are in the journals), the last one is left unpaid so that 'Payer' can be tried.
 */

type EmployeeSeed = {
  first: string;
  last: string;
  position: string;
  hired: string;
  salary: number;
  phone: string | null;
  allowances: number;
  deductions: number;
  archived?: boolean;
};

const OFFICE_STAFF: EmployeeSeed[] = [
  {
    first: 'Aïcha',
    last: 'Koné',
    position: 'Secrétaire de direction',
    hired: '2019-02-01',
    salary: 250_000,
    phone: '+225 07 48 12 30 11',
    allowances: 30_000,
    deductions: 19_500,
  },
  {
    first: 'Serge',
    last: 'Ouattara',
    position: 'Comptable',
    hired: '2020-09-15',
    salary: 350_000,
    phone: '+225 05 66 21 40 02',
    allowances: 50_000,
    deductions: 28_000,
  },
  {
    first: 'Moussa',
    last: 'Diabaté',
    position: 'Chauffeur',
    hired: '2021-04-01',
    salary: 120_000,
    phone: '+225 01 02 33 44 55',
    allowances: 15_000,
    deductions: 8_400,
  },
  {
    first: 'Clémentine',
    last: 'Yao',
    position: "Agent d'entretien",
    hired: '2022-01-10',
    salary: 90_000,
    phone: null,
    allowances: 0,
    deductions: 6_300,
  },
  {
    first: 'Hervé',
    last: 'Bamba',
    position: 'Gardien',
    hired: '2018-06-01',
    salary: 80_000,
    phone: null,
    allowances: 0,
    deductions: 5_600,
    archived: true,
  },
];

const CHURCH_STAFF: EmployeeSeed[] = [
  {
    first: 'Rebecca',
    last: 'Kouamé',
    position: 'Secrétaire paroissiale',
    hired: '2021-01-04',
    salary: 110_000,
    phone: '+225 07 11 22 33 44',
    allowances: 10_000,
    deductions: 7_700,
  },
  {
    first: 'Emmanuel',
    last: "N'Guessan",
    position: 'Gardien',
    hired: '2023-03-01',
    salary: 75_000,
    phone: null,
    allowances: 5_000,
    deductions: 5_250,
  },
];

/** 'YYYY-MM' of the month `back` months before `now`'s. */
function monthBefore(now: Date, back: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

async function seedStaff(
  db: Db,
  entity: { type: PayrollEntityType; id: number },
  staff: EmployeeSeed[],
  userId: number,
  paymentAccountCode: string,
  now: Date,
): Promise<number> {
  const account = await queryOne<{ id: number }>(
    db,
    sql`select id from operation_accounts where code = ${paymentAccountCode} and entity_type is null`,
  );
  if (!account) return 0;
  // the treasurer writes, as a request of theirs would (no session: the seed runs offline)
  const actor: Actor = { sessionId: '', userId, isSuperAdmin: false, ip: '127.0.0.1' };
  let count = 0;
  for (const s of staff) {
    const id = await createEmployee(db, actor, {
      entity_type: entity.type,
      entity_id: entity.id,
      first_name: s.first,
      last_name: s.last,
      position: s.position,
      hired_on: s.hired,
      base_salary: s.salary,
      phone: s.phone ?? undefined,
    });
    if (s.archived) {
      await db.execute(sql`update employees set active = false where id = ${id}`);
      continue;
    }
    const employee = await employeeOr404(db, id);
    for (const back of [3, 2, 1]) {
      const month = monthBefore(now, back);
      const payslipId = await createPayslip(db, actor, employee, {
        employee_id: id,
        month,
        gross: s.salary,
        allowances: s.allowances,
        deductions: s.deductions,
      });
      count += 1;
      if (back > 1)
        await db.transaction((tx) =>
          payPayslip(tx, actor, payslipId, {
            payment_account_id: Number(account.id),
            paid_on: `${month}-28`,
          }),
        );
    }
  }
  return count;
}

export async function seedPayroll(db: Db, options: { now?: Date } = {}): Promise<{ payslips: number }> {
  const now = options.now ?? new Date();
  const office = await queryOne<{ id: number }>(db, sql`select min(id)::int as id from national_offices`);
  if (!office?.id) return { payslips: 0 };
  const existing = await queryOne<{ n: number }>(
    db,
    sql`select count(*)::int as n from employees where entity_type = 'national_office' and entity_id = ${office.id}`,
  );
  if (Number(existing?.n ?? 0) > 0) return { payslips: 0 };
  let payslips = 0;
  const national = await queryOne<{ id: number }>(
    db,
    sql`select id from users where email = 'national@example.org'`,
  );
  if (national)
    payslips += await seedStaff(
      db,
      { type: 'NATIONAL_OFFICE', id: office.id },
      OFFICE_STAFF,
      Number(national.id),
      '5211',
      now,
    );
  const treasurer = await queryOne<{ id: number; church_id: number | null }>(
    db,
    sql`select id, church_id from users where email = 'tresorier@example.org'`,
  );
  if (treasurer?.church_id)
    payslips += await seedStaff(
      db,
      { type: 'CHURCH', id: Number(treasurer.church_id) },
      CHURCH_STAFF,
      Number(treasurer.id),
      '5711',
      now,
    );
  return { payslips };
}
