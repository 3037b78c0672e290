/**
 * The zod fields the money forms share (expense requests and their payments, fixed assets, payslips):
 * ids, optional texts, calendar dates and money dates, with the French messages of SPEC.md section 5
 * (EXPENSE_MESSAGES, contract/values/expenses.ts).
 */
import { z } from 'zod';
import { MAX_ID } from './common';
import { isCalendarDate, moneyDate } from './dates';
import { EARLIEST_DATE, EXPENSE_MESSAGES as M } from './values/expenses';

/** A required id of a JSON body: `message` when absent or not a positive integer. */
export const idField = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);
/** A required id of a query string (text read as a number). */
export const queryId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

/** An optional text: empty strings and null are read as absent (SPEC.md section 3). */
export const optionalText = (max: number, message: string = M.textTooLong) =>
  z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    z.string({ error: M.invalidFormat }).trim().max(max, message).optional(),
  );

function notBefore1900(value: string): boolean {
  return value.slice(0, 10) >= EARLIEST_DATE;
}

/** YYYY-MM-DD, a real calendar date (no 30 February), not before 1900-01-01. */
export const dateOnlySchema = z
  .string({ error: M.required })
  .min(1, M.required)
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.dateInvalid)
  .refine(isCalendarDate, M.dateInvalid)
  .refine(notBefore1900, M.dateTooOld);

/** An ISO datetime (Z or offset), a real calendar date, not before 1900-01-01. */
export const isoDateTimeSchema = z
  .string({ error: M.required })
  .min(1, M.required)
  .refine((value) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value), M.dateInvalid)
  .refine((value) => !Number.isNaN(Date.parse(value)) && isCalendarDate(value.slice(0, 10)), M.dateInvalid)
  .refine(notBefore1900, M.dateTooOld);

/**
 * The date of a money write (a payment, an asset's purchase): a real calendar date, not before
 * 1900-01-01, not after today in Africa/Abidjan (contract/dates.ts, decision 0014).
 */
export const moneyDateOnlySchema = moneyDate(dateOnlySchema);
export const moneyDateTimeSchema = moneyDate(isoDateTimeSchema);
