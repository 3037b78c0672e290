import { z } from 'zod';
import { listMetaSchema, listQuerySchema, MAX_ID, sortParams } from './common';
import { isCalendarDate, todayInDenomination } from './dates';
import { moneyDateOnlySchema } from './fields';
import {
  MAX_SALARY,
  PAYROLL_MESSAGES as M,
  PAYSLIP_MONTH_PATTERN,
  PAYSLIP_SORTS,
  EMPLOYEE_SORTS,
} from './values/payroll';
export * from './values/payroll';

/**
 * The payroll of an entity (decision 0029): employees and their monthly payslips.
 * - GET  /employees?entity_type&entity_id&status&search&page&limit -> { data: Employee[], meta }
 * - GET  /employees/{id}                                           -> { data: Employee }
 * - POST /employees { entity_type, entity_id, ...fields }          -> 201 { data: Employee }
 * - PUT  /employees/{id} { ...fields }                             -> { data: Employee }
 * - POST /employees/{id}/archive, /employees/{id}/restore          -> { data: Employee } (never deleted)
 * - GET  /payslips?entity_type&entity_id&month&page&limit          -> { data: Payslip[], meta, totals }
 * - GET  /payslips/{id}                                            -> { data: Payslip }
 * - POST /payslips { employee_id, month, gross, allowances, deductions } -> 201 (409 on a duplicate month)
 * - PUT  /payslips/{id} { month, gross, allowances, deductions }   -> { data: Payslip } (unpaid only)
 * - POST /payslips/{id}/pay { payment_account_id, paid_on }        -> { data: Payslip } (idempotent money write)
 */

/** The entity types that have a payroll (those of the expenses: not the activity groups). */
export const PAYROLL_ENTITY_TYPES = ['NATIONAL_OFFICE', 'REGION', 'SECTION', 'CHURCH'] as const;
export type PayrollEntityType = (typeof PAYROLL_ENTITY_TYPES)[number];

const entityType = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.enum(PAYROLL_ENTITY_TYPES, { error: "Type d'entité non supporté" }),
);
const entityId = z.coerce
  .number({ error: 'Entité invalide.' })
  .int('Entité invalide.')
  .positive('Entité invalide.')
  .max(MAX_ID, 'Entité invalide.');
const idField = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

const requiredText = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(150, M.textTooLong);
const amount = (requiredMessage: string) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? requiredMessage : M.amountInvalid,
    })
    .int(M.amountInvalid)
    .min(0, M.amountInvalid)
    .max(MAX_SALARY, M.amountTooLarge);
const optionalAmount = z.preprocess((v) => (v === null || v === undefined ? 0 : v), amount(M.required));

/** 'YYYY-MM', not after the current month (Africa/Abidjan). */
export const payslipMonthSchema = z
  .string({ error: M.monthRequired })
  .trim()
  .min(1, M.monthRequired)
  .regex(PAYSLIP_MONTH_PATTERN, M.monthInvalid)
  .refine((v) => v >= '1900-01', M.monthInvalid)
  .refine((v) => v <= todayInDenomination().slice(0, 7), M.monthInFuture);

const hiredOn = z.preprocess(
  (v) => (v === null || v === '' ? undefined : v),
  z
    .string({ error: M.dateInvalid })
    .regex(/^\d{4}-\d{2}-\d{2}$/, M.dateInvalid)
    .refine(isCalendarDate, M.dateInvalid)
    .refine((v) => v >= '1900-01-01', M.dateInvalid)
    .refine((v) => v <= todayInDenomination(), M.hiredInFuture)
    .optional(),
);

const employeeFields = {
  first_name: requiredText(M.firstNameRequired),
  last_name: requiredText(M.lastNameRequired),
  position: requiredText(M.positionRequired),
  hired_on: hiredOn,
  base_salary: amount(M.salaryRequired),
  phone: z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z
      .string({ error: M.phoneInvalid })
      .trim()
      .regex(/^\+?[0-9 ]{6,20}$/, M.phoneInvalid)
      .optional(),
  ),
};

export const employeeUpdateSchema = z.object(employeeFields);
export const employeeCreateSchema = z.object({
  entity_type: entityType,
  entity_id: entityId,
  ...employeeFields,
});
export type EmployeeBody = z.input<typeof employeeUpdateSchema>;

export const EMPLOYEE_STATUSES = ['active', 'archived', 'all'] as const;
export const employeeListQuerySchema = listQuerySchema.extend({
  entity_type: entityType,
  entity_id: entityId,
  status: z.enum(EMPLOYEE_STATUSES, { error: 'Statut invalide.' }).default('active'),
  ...sortParams(EMPLOYEE_SORTS),
});

export const employeeSchema = z.object({
  id: z.number().int(),
  entity_type: z.enum(PAYROLL_ENTITY_TYPES),
  entity_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  position: z.string(),
  hired_on: z.string().nullable(),
  base_salary: z.number().int(),
  phone: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Employee = z.infer<typeof employeeSchema>;
export const employeeAnswerSchema = z.object({ data: employeeSchema });
export const employeeListSchema = z.object({ data: z.array(employeeSchema), meta: listMetaSchema });
export type EmployeeList = z.infer<typeof employeeListSchema>;

const payslipAmounts = {
  month: payslipMonthSchema,
  gross: amount(M.required),
  allowances: optionalAmount,
  deductions: optionalAmount,
};
const netNotNegative = (b: { gross: number; allowances: number; deductions: number }) =>
  b.gross + b.allowances - b.deductions >= 0;

export const payslipUpdateSchema = z
  .object(payslipAmounts)
  .refine(netNotNegative, { message: M.netNegative, path: ['deductions'] });
export const payslipCreateSchema = z
  .object({ employee_id: idField(M.employeeRequired), ...payslipAmounts })
  .refine(netNotNegative, { message: M.netNegative, path: ['deductions'] });
export type PayslipBody = z.input<typeof payslipCreateSchema>;

export const payslipPaySchema = z.object({
  payment_account_id: idField(M.paymentAccountRequired),
  /** the day paid: a real date, not in the future, not before the payslip's month */
  paid_on: moneyDateOnlySchema,
  /** the staff-cost account (class 66) charged; absent: the lowest-numbered one the entity may use */
  operation_account_id: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    idField(M.staffAccountInvalid).optional(),
  ),
});
export type PayslipPayBody = z.input<typeof payslipPaySchema>;

export const payslipListQuerySchema = listQuerySchema.extend({
  entity_type: entityType,
  entity_id: entityId,
  /** one month, 'YYYY-MM'; absent: every month, the newest first */
  month: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().regex(PAYSLIP_MONTH_PATTERN, M.monthInvalid).optional(),
  ),
  ...sortParams(PAYSLIP_SORTS),
});

export const payslipSchema = z.object({
  id: z.number().int(),
  employee_id: z.number().int(),
  employee: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    position: z.string(),
    hired_on: z.string().nullable(),
    active: z.boolean(),
  }),
  entity_type: z.enum(PAYROLL_ENTITY_TYPES),
  entity_id: z.number().int(),
  /** the entity's name (printed on the payslip) */
  entity_name: z.string(),
  month: z.string(),
  gross: z.number().int(),
  allowances: z.number().int(),
  deductions: z.number().int(),
  net: z.number().int(),
  status: z.enum(['unpaid', 'paid']),
  payment_account: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable(),
  paid_on: z.string().nullable(),
  movement_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Payslip = z.infer<typeof payslipSchema>;
export const payslipAnswerSchema = z.object({ data: payslipSchema });

export const payslipTotalsSchema = z.object({
  count: z.number().int(),
  gross: z.number().int(),
  allowances: z.number().int(),
  deductions: z.number().int(),
  net: z.number().int(),
  /** net of the paid payslips */
  paid: z.number().int(),
  /** net still to pay */
  unpaid: z.number().int(),
});
export type PayslipTotals = z.infer<typeof payslipTotalsSchema>;
export const payslipListSchema = z.object({
  data: z.array(payslipSchema),
  meta: listMetaSchema,
  /** of the whole filtered set (every page), computed in SQL */
  totals: payslipTotalsSchema,
});
export type PayslipList = z.infer<typeof payslipListSchema>;
