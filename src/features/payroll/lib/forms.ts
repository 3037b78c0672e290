import { z } from 'zod';
import { isCalendarDate, moneyDateProblem, todayInDenomination } from '@contract/values/dates';
import {
  MAX_SALARY,
  PAYROLL_MESSAGES as M,
  PAYSLIP_MONTH_PATTERN,
  payslipNet,
} from '@contract/values/payroll';
import type { Employee, EmployeeBody, Payslip, PayslipBody, PayslipPayBody } from '@contract/payroll';

/*
 * The payroll forms: what is typed (strings), checked with the contract's rules and French messages
 * before anything is sent; the server checks them again (contract/payroll.ts).
 */

const WHOLE = /^\d+$/;
const PHONE = /^\+?[0-9 ]{6,20}$/;

/** A whole amount typed in a field ('' = 0 where optional). */
export const amountOf = (value: string | undefined) =>
  WHOLE.test((value ?? '').trim()) ? Number((value ?? '').trim()) : 0;

function amountProblem(value: string, required: string | null): string | null {
  const v = value.trim();
  if (!v) return required;
  if (!WHOLE.test(v)) return M.amountInvalid;
  if (Number(v) > MAX_SALARY) return M.amountTooLarge;
  return null;
}

// ---------------------------------------------------------------- employee

export const employeeFormSchema = z
  .object({
    first_name: z.string(),
    last_name: z.string(),
    position: z.string(),
    hired_on: z.string(),
    base_salary: z.string(),
    phone: z.string(),
  })
  .superRefine((e, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const text = (path: 'first_name' | 'last_name' | 'position', required: string) => {
      if (!e[path].trim()) issue(path, required);
      else if (e[path].trim().length > 150) issue(path, M.textTooLong);
    };
    text('first_name', M.firstNameRequired);
    text('last_name', M.lastNameRequired);
    text('position', M.positionRequired);
    if (e.hired_on) {
      if (!isCalendarDate(e.hired_on) || e.hired_on < '1900-01-01') issue('hired_on', M.dateInvalid);
      else if (e.hired_on > todayInDenomination()) issue('hired_on', M.hiredInFuture);
    }
    const salary = amountProblem(e.base_salary, M.salaryRequired);
    if (salary) issue('base_salary', salary);
    if (e.phone.trim() && !PHONE.test(e.phone.trim())) issue('phone', M.phoneInvalid);
  });
export type EmployeeFormValues = z.infer<typeof employeeFormSchema>;

export function employeeFormValues(employee: Employee | null): EmployeeFormValues {
  return {
    first_name: employee?.first_name ?? '',
    last_name: employee?.last_name ?? '',
    position: employee?.position ?? '',
    hired_on: employee?.hired_on ?? '',
    base_salary: employee ? String(employee.base_salary) : '',
    phone: employee?.phone ?? '',
  };
}

export function toEmployeeBody(values: EmployeeFormValues): EmployeeBody {
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    position: values.position.trim(),
    hired_on: values.hired_on || null,
    base_salary: Number(values.base_salary.trim()),
    phone: values.phone.trim() || null,
  };
}

// ---------------------------------------------------------------- payslip

/** The month before the current one (Africa/Abidjan), 'YYYY-MM': the usual payslip to write. */
export function previousMonth(today = todayInDenomination()): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

export const payslipFormSchema = z
  .object({
    employee_id: z.string(),
    month: z.string(),
    gross: z.string(),
    allowances: z.string(),
    deductions: z.string(),
  })
  .superRefine((p, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!p.employee_id) issue('employee_id', M.employeeRequired);
    if (!p.month) issue('month', M.monthRequired);
    else if (!PAYSLIP_MONTH_PATTERN.test(p.month) || p.month < '1900-01') issue('month', M.monthInvalid);
    else if (p.month > todayInDenomination().slice(0, 7)) issue('month', M.monthInFuture);
    const gross = amountProblem(p.gross, M.required);
    if (gross) issue('gross', gross);
    for (const field of ['allowances', 'deductions'] as const) {
      const problem = amountProblem(p[field], null);
      if (problem) issue(field, problem);
    }
    if (!gross && payslipNet(amountOf(p.gross), amountOf(p.allowances), amountOf(p.deductions)) < 0)
      issue('deductions', M.netNegative);
  });
export type PayslipFormValues = z.infer<typeof payslipFormSchema>;

export function payslipFormValues(payslip: Payslip): PayslipFormValues {
  return {
    employee_id: String(payslip.employee_id),
    month: payslip.month,
    gross: String(payslip.gross),
    allowances: String(payslip.allowances),
    deductions: String(payslip.deductions),
  };
}

export function toPayslipBody(values: PayslipFormValues): PayslipBody {
  return {
    employee_id: Number(values.employee_id),
    month: values.month,
    gross: amountOf(values.gross),
    allowances: amountOf(values.allowances),
    deductions: amountOf(values.deductions),
  };
}

// ---------------------------------------------------------------- payment

export const payFormSchema = (month: string) =>
  z.object({ payment_account_id: z.number().nullable(), paid_on: z.string() }).superRefine((p, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (p.payment_account_id === null) issue('payment_account_id', M.paymentAccountRequired);
    if (!p.paid_on) issue('paid_on', M.paidOnRequired);
    else {
      const problem = moneyDateProblem(p.paid_on);
      if (problem) issue('paid_on', problem);
      else if (p.paid_on.slice(0, 7) < month) issue('paid_on', M.paidBeforeMonth);
    }
  });
export type PayFormValues = { payment_account_id: number | null; paid_on: string };

export function toPayBody(values: PayFormValues): PayslipPayBody {
  return { payment_account_id: values.payment_account_id!, paid_on: values.paid_on };
}
