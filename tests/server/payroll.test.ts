import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInDenomination } from '../../contract/dates';
import {
  employeeAnswerSchema,
  employeeListSchema,
  monthLabel,
  PAYROLL_MESSAGES as M,
  payslipAnswerSchema,
  payslipListSchema,
} from '../../contract/payroll';
import { SECURITY_MESSAGES } from '../../contract/security';
import { queryOne, queryRows } from '../../server/src/db/query';
import { lockedYearMessage } from '../../server/src/modules/treasury';
import { expenseTestApp, message, type ExpenseIds } from './expenses-setup';
import type { TestApp } from './helpers';

/**
 * Payroll (issue 15): employees of an entity (archived, never deleted), payslips one per employee and
 * month with the net computed by the server, and paying one through the money writer: idempotent,
 * audited, one treasury movement, refused in a closed year and on an archived entity.
 */
let t: TestApp;
let ids: ExpenseIds;
const TREASURER = 'tresorier@example.org';
const today = todayInDenomination();
const thisMonth = today.slice(0, 7);
const lastYear = Number(today.slice(0, 4)) - 1;
const church = () => ({ entity_type: 'CHURCH', entity_id: ids.church1 });

beforeAll(async () => {
  ({ t, ids } = await expenseTestApp());
});
afterAll(async () => {
  await t?.close();
});

const employee = (overrides: Record<string, unknown> = {}) => ({
  ...church(),
  first_name: 'Awa',
  last_name: 'Traoré',
  position: 'Secrétaire',
  hired_on: '2022-03-01',
  base_salary: 150_000,
  phone: '+225 07 00 00 00',
  ...overrides,
});

async function createEmployee(overrides: Record<string, unknown> = {}, as = TREASURER) {
  const response = await t.as(as, { method: 'POST', url: '/api/employees', payload: employee(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return employeeAnswerSchema.parse(response.json()).data;
}

async function createPayslip(employeeId: number, month: string, amounts = { gross: 150_000 }) {
  return t.as(TREASURER, {
    method: 'POST',
    url: '/api/payslips',
    payload: { employee_id: employeeId, month, ...amounts },
  });
}

const pay = (id: number, body: Record<string, unknown>, key?: string, as = TREASURER) =>
  t.as(as, {
    method: 'POST',
    url: `/api/payslips/${id}/pay`,
    headers: key ? { 'idempotency-key': key } : {},
    payload: body,
  });

describe('employees', () => {
  it('creates, edits, lists, archives (never deletes) and restores an employee', async () => {
    const created = await createEmployee();
    expect(created).toMatchObject({ ...employee(), active: true });

    const edited = await t.as(TREASURER, {
      method: 'PUT',
      url: `/api/employees/${created.id}`,
      payload: { ...employee(), position: 'Secrétaire comptable', base_salary: 175_000, phone: '' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(employeeAnswerSchema.parse(edited.json()).data).toMatchObject({
      position: 'Secrétaire comptable',
      base_salary: 175_000,
      phone: null,
    });

    const archived = await t.as(TREASURER, { method: 'POST', url: `/api/employees/${created.id}/archive` });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(employeeAnswerSchema.parse(archived.json()).data.active).toBe(false);
    const again = await t.as(TREASURER, { method: 'POST', url: `/api/employees/${created.id}/archive` });
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe(M.employeeAlreadyArchived);

    const listed = (status: string) =>
      t.as(TREASURER, {
        url: `/api/employees?entity_type=CHURCH&entity_id=${ids.church1}&status=${status}&limit=100`,
      });
    const active = employeeListSchema.parse((await listed('active')).json());
    expect(active.data.map((e) => e.id)).not.toContain(created.id);
    const gone = employeeListSchema.parse((await listed('archived')).json());
    expect(gone.data.map((e) => e.id)).toContain(created.id);

    // an archived employee gets no payslip
    const refused = await createPayslip(created.id, thisMonth);
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe(M.employeeArchived);

    const restored = await t.as(TREASURER, { method: 'POST', url: `/api/employees/${created.id}/restore` });
    expect(restored.statusCode).toBe(200);
    expect(employeeAnswerSchema.parse(restored.json()).data.active).toBe(true);
    // no delete route: the row and its history stay
    const deleted = await t.as(TREASURER, { method: 'DELETE', url: `/api/employees/${created.id}` });
    expect(deleted.statusCode).toBe(404);
    const audited = await queryRows<{ action: string }>(
      t.db,
      sql`select action from audit_log where entity_type = 'employee' and entity_id = ${created.id} order by id`,
    );
    expect(audited.map((a) => a.action)).toEqual([
      'employee.create',
      'employee.update',
      'employee.archive',
      'employee.restore',
    ]);
  });

  it('checks every field in French', async () => {
    const response = await t.as(TREASURER, {
      method: 'POST',
      url: '/api/employees',
      payload: employee({
        first_name: ' ',
        position: '',
        base_salary: -5,
        hired_on: '2999-01-01',
        phone: 'abc',
      }),
    });
    expect(response.statusCode).toBe(400);
    const problems = (response.json() as { errors: { field: string; message: string }[] }).errors;
    expect(problems).toEqual(
      expect.arrayContaining([
        { field: 'first_name', message: M.firstNameRequired },
        { field: 'position', message: M.positionRequired },
        { field: 'base_salary', message: M.amountInvalid },
        { field: 'hired_on', message: M.hiredInFuture },
        { field: 'phone', message: M.phoneInvalid },
      ]),
    );
  });

  it('authorises every call on the entity', async () => {
    const mine = await createEmployee({ first_name: 'Koffi' });
    const list = `/api/employees?entity_type=CHURCH&entity_id=${ids.church1}`;
    expect((await t.as('fidele@example.org', { url: list })).statusCode).toBe(403);
    expect((await t.as(ids.otherTreasurer, { url: list })).statusCode).toBe(403);
    expect((await t.as(ids.otherTreasurer, { url: `/api/employees/${mine.id}` })).statusCode).toBe(403);
    const write = await t.as(ids.otherTreasurer, {
      method: 'PUT',
      url: `/api/employees/${mine.id}`,
      payload: employee({ first_name: 'Pirate' }),
    });
    expect(write.statusCode).toBe(403);
    const foreign = await t.as(ids.otherTreasurer, {
      method: 'POST',
      url: '/api/employees',
      payload: employee(),
    });
    expect(foreign.statusCode).toBe(403);
    expect(
      (await t.as(ids.otherTreasurer, { method: 'POST', url: `/api/employees/${mine.id}/archive` }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: list })).statusCode).toBe(401);
  });
});

describe('payslips', () => {
  it('computes the net, refuses a second payslip of the month in French, totals a month in SQL', async () => {
    const a = await createEmployee({ first_name: 'Marie', last_name: 'Kouassi' });
    const b = await createEmployee({ first_name: 'Paul', last_name: 'Yao' });
    const first = await t.as(TREASURER, {
      method: 'POST',
      url: '/api/payslips',
      // a net sent by the client is ignored: the server computes it
      payload: {
        employee_id: a.id,
        month: '2025-01',
        gross: 200_000,
        allowances: 25_000,
        deductions: 18_000,
        net: 1,
      },
    });
    expect(first.statusCode, first.body).toBe(201);
    const slip = payslipAnswerSchema.parse(first.json()).data;
    expect(slip).toMatchObject({ net: 207_000, status: 'unpaid', month: '2025-01', paid_on: null });
    expect(slip.entity_name).not.toBe('');

    const duplicate = await createPayslip(a.id, '2025-01');
    expect(duplicate.statusCode).toBe(409);
    expect(message(duplicate)).toBe(M.duplicate(monthLabel('2025-01')));
    expect(message(duplicate)).toBe('Cet employé a déjà une fiche de paie pour janvier 2025.');

    expect((await createPayslip(b.id, '2025-01', { gross: 100_000 })).statusCode).toBe(201);
    expect((await createPayslip(b.id, '2025-02', { gross: 100_000 })).statusCode).toBe(201);

    const negative = await createPayslip(b.id, '2025-03', { gross: 10_000, deductions: 20_000 } as never);
    expect(negative.statusCode).toBe(400);
    expect(message(negative)).toContain(M.netNegative);
    const future = await createPayslip(b.id, '2999-01');
    expect(future.statusCode).toBe(400);
    expect(message(future)).toContain(M.monthInFuture);
    const badMonth = await createPayslip(b.id, '2025-13');
    expect(message(badMonth)).toContain(M.monthInvalid);

    const month = payslipListSchema.parse(
      (
        await t.as(TREASURER, {
          url: `/api/payslips?entity_type=CHURCH&entity_id=${ids.church1}&month=2025-01&limit=1`,
        })
      ).json(),
    );
    expect(month.meta.total).toBe(2);
    expect(month.data).toHaveLength(1);
    // totals of the whole month, not of the page
    expect(month.totals).toEqual({
      count: 2,
      gross: 300_000,
      allowances: 25_000,
      deductions: 18_000,
      net: 307_000,
      paid: 0,
      unpaid: 307_000,
    });

    // editing recomputes the net; moving to a month that has its payslip is refused
    const edit = await t.as(TREASURER, {
      method: 'PUT',
      url: `/api/payslips/${slip.id}`,
      payload: { month: '2025-01', gross: 210_000, allowances: 0, deductions: 10_000 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(payslipAnswerSchema.parse(edit.json()).data.net).toBe(200_000);
    const clash = await t.as(TREASURER, {
      method: 'PUT',
      url: `/api/payslips/${slip.id}`,
      payload: { month: '2025-01', gross: 1 },
    });
    expect(clash.statusCode).toBe(200);
    const bClash = await t.as(TREASURER, {
      method: 'PUT',
      url: `/api/payslips/${await firstPayslipOf(b.id, '2025-02')}`,
      payload: { month: '2025-01', gross: 1 },
    });
    expect(bClash.statusCode).toBe(409);

    expect((await t.as('fidele@example.org', { url: `/api/payslips/${slip.id}` })).statusCode).toBe(403);
    expect((await t.as(ids.otherTreasurer, { url: `/api/payslips/${slip.id}` })).statusCode).toBe(403);
  });
});

async function firstPayslipOf(employeeId: number, month: string): Promise<number> {
  const row = await queryOne<{ id: number }>(
    t.db,
    sql`select id from payslips where employee_id = ${employeeId} and month = ${month}`,
  );
  return Number(row!.id);
}

describe('paying a payslip', () => {
  it('writes one treasury movement, idempotently, audited; then the payslip is frozen', async () => {
    const e = await createEmployee({ first_name: 'Jean', last_name: 'Payé' });
    const made = await createPayslip(e.id, thisMonth, {
      gross: 120_000,
      allowances: 10_000,
      deductions: 5_000,
    } as never);
    const slip = payslipAnswerSchema.parse(made.json()).data;

    const refusedAccount = await pay(slip.id, { payment_account_id: ids.supplies, paid_on: today });
    expect(refusedAccount.statusCode).toBe(400);
    expect(message(refusedAccount)).toBe(M.paymentAccountInvalid);
    const missing = await pay(slip.id, {});
    expect(missing.statusCode).toBe(400);
    expect(message(missing)).toContain(M.paymentAccountRequired);
    const tooEarly = await pay(slip.id, { payment_account_id: ids.cash, paid_on: `${lastYear}-06-01` });
    expect(message(tooEarly)).toBe(M.paidBeforeMonth);
    expect(
      (await pay(slip.id, { payment_account_id: ids.cash, paid_on: today }, undefined, 'fidele@example.org'))
        .statusCode,
    ).toBe(403);
    expect(
      (await pay(slip.id, { payment_account_id: ids.cash, paid_on: today }, undefined, ids.otherTreasurer))
        .statusCode,
    ).toBe(403);

    const body = { payment_account_id: ids.cash, paid_on: today };
    const first = await pay(slip.id, body, 'payroll-pay-0001');
    expect(first.statusCode, first.body).toBe(200);
    const paid = payslipAnswerSchema.parse(first.json()).data;
    expect(paid).toMatchObject({ status: 'paid', paid_on: today, payment_account: { id: ids.cash } });
    expect(paid.movement_id).not.toBeNull();

    // the same key replays the answer; nothing is written twice
    const replay = await pay(slip.id, body, 'payroll-pay-0001');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const movements = await queryRows<{
      expense: number;
      receipt: number;
      code: string;
      entity_type: string;
      designation: string;
    }>(
      t.db,
      sql`select m.expense, m.receipt, o.code, m.entity_type, m.designation from treasury_movements m
          join operation_accounts o on o.id = m.operation_account_id
          where m.source_type = 'payslip' and m.source_id = ${slip.id}`,
    );
    expect(movements).toHaveLength(1);
    expect(movements[0]).toMatchObject({ receipt: 0, code: '661', entity_type: 'church' });
    expect(Number(movements[0]!.expense)).toBe(125_000);
    expect(movements[0]!.designation).toContain('Jean Payé');

    // a new key: already paid
    const twice = await pay(slip.id, body, 'payroll-pay-0002');
    expect(twice.statusCode).toBe(409);
    expect(message(twice)).toBe(M.alreadyPaid);
    const edit = await t.as(TREASURER, {
      method: 'PUT',
      url: `/api/payslips/${slip.id}`,
      payload: { month: thisMonth, gross: 1 },
    });
    expect(edit.statusCode).toBe(409);
    expect(message(edit)).toBe(M.paidNotEditable);

    const audited = await queryOne<{ data: { treasury_movement_id: number } }>(
      t.db,
      sql`select data from audit_log where action = 'payslip.pay' and entity_id = ${slip.id}`,
    );
    expect(Number(audited!.data.treasury_movement_id)).toBe(paid.movement_id);

    // the journal of the church's cash shows it
    const journal = await t.as(TREASURER, {
      url: `/api/treasury-journal?entity_type=CHURCH&entity_id=${ids.church1}&type=CASH&from_date=${today}&to_date=${today}&limit=100`,
    });
    expect(journal.statusCode, journal.body).toBe(200);
    expect(journal.body).toContain('Jean Payé');

    // the month's totals count it as paid
    const totals = payslipListSchema.parse(
      (
        await t.as(TREASURER, {
          url: `/api/payslips?entity_type=CHURCH&entity_id=${ids.church1}&month=${thisMonth}`,
        })
      ).json(),
    ).totals;
    expect(totals.paid).toBeGreaterThanOrEqual(125_000);
  });

  it('is refused in a closed year, with its own message, and rolls back', async () => {
    const e = await createEmployee({ first_name: 'Ali', last_name: 'Clos' });
    const made = await createPayslip(e.id, `${lastYear}-11`);
    const slip = payslipAnswerSchema.parse(made.json()).data;
    await t.db.execute(
      sql`insert into fiscal_closings (entity_type, entity_id, year, products, charges, depreciation, result)
          values ('church', ${ids.church1}, ${lastYear}, 0, 0, 0, 0)`,
    );
    const refused = await pay(
      slip.id,
      { payment_account_id: ids.cash, paid_on: `${lastYear}-12-05` },
      'payroll-closed-1',
    );
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe(lockedYearMessage(lastYear));
    const after = payslipAnswerSchema.parse(
      (await t.as(TREASURER, { url: `/api/payslips/${slip.id}` })).json(),
    ).data;
    expect(after.status).toBe('unpaid');
    // a payslip of a closed year can be neither changed nor written again in that year (decision 0042)
    const edited = await t.as(TREASURER, {
      method: 'PUT',
      url: `/api/payslips/${slip.id}`,
      payload: { month: `${lastYear}-11`, gross: 1 },
    });
    expect(edited.statusCode).toBe(409);
    expect(message(edited)).toBe(lockedYearMessage(lastYear));
    const another = await createPayslip(e.id, `${lastYear}-12`);
    expect(another.statusCode).toBe(409);
    expect(message(another)).toBe(lockedYearMessage(lastYear));
    // paid on a day of the open year, it passes: the movement lands there, the closed year is unchanged
    const ok = await pay(slip.id, { payment_account_id: ids.cash, paid_on: today }, 'payroll-closed-1');
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('is refused on an archived entity', async () => {
    const e = await createEmployee({ first_name: 'Eve', last_name: 'Archivée' });
    const slip = payslipAnswerSchema.parse((await createPayslip(e.id, thisMonth)).json()).data;
    await t.db.execute(sql`update churches set archived_at = now() where id = ${ids.church1}`);
    try {
      const refused = await pay(slip.id, { payment_account_id: ids.cash, paid_on: today });
      expect(refused.statusCode).toBe(409);
      expect(message(refused)).toBe(SECURITY_MESSAGES.archivedEntity);
      const created = await t.as(TREASURER, { method: 'POST', url: '/api/employees', payload: employee() });
      expect(created.statusCode).toBe(409);
    } finally {
      await t.db.execute(sql`update churches set archived_at = null where id = ${ids.church1}`);
    }
  });

  it('refuses a staff account the national office forbade, and any other account than class 66', async () => {
    const e = await createEmployee({ first_name: 'Zoé', last_name: 'Interdit' });
    const slip = payslipAnswerSchema.parse((await createPayslip(e.id, thisMonth)).json()).data;
    const wrong = await pay(slip.id, {
      payment_account_id: ids.cash,
      paid_on: today,
      operation_account_id: ids.supplies,
    });
    expect(wrong.statusCode).toBe(400);
    expect(message(wrong)).toBe(M.staffAccountInvalid);
    const staff = await queryRows<{ id: number }>(
      t.db,
      sql`select a.id from operation_accounts a where a.code like '66%' and a.active`,
    );
    for (const { id } of staff)
      await t.db.execute(
        sql`insert into operation_account_exclusions (operation_account_id, entity_type, entity_id)
            values (${id}, 'national_office', ${ids.nationalOffice}) on conflict do nothing`,
      );
    const none = await pay(slip.id, { payment_account_id: ids.cash, paid_on: today });
    expect(none.statusCode).toBe(409);
    expect(message(none)).toBe(M.noStaffAccount);
    await t.db.execute(
      sql`delete from operation_account_exclusions where entity_type = 'national_office' and entity_id = ${ids.nationalOffice}
            and operation_account_id in (select id from operation_accounts where code like '66%')`,
    );
  });
});
