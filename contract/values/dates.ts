/** The zod-free part of contract/dates.ts (re-exported there): what the SPA may import without zod (decision 0023). */

/**
 * The date rule of every money write (decision 0014, section 3), shared by the forms and the
 * server: a real calendar date (no 30 February), not before 1900-01-01, and not after today in the
 * denomination's time zone (Africa/Abidjan). The same functions back the zod refinements of contract/
 * and the forms of src/, so both give the same French message.
 */
export const DENOMINATION_TIME_ZONE = 'Africa/Abidjan';
export const EARLIEST_MONEY_DATE = '1900-01-01';

export const DATE_MESSAGES = {
  invalid: 'Date invalide.',
  tooOld: 'La date ne peut pas être antérieure au 01/01/1900.',
  future: 'La date ne peut pas être dans le futur.',
} as const;

/** 'YYYY-MM-DD' names a day of the calendar ('2026-02-30' does not). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The day of `instant` in the denomination's time zone, 'YYYY-MM-DD'. */
export function dayIn(instant: Date, timeZone = DENOMINATION_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** Today in the denomination's time zone. */
export function todayInDenomination(now: Date = new Date()): string {
  return dayIn(now);
}

const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Why a money date ('YYYY-MM-DD', or an ISO date-time with or without offset, read in Africa/Abidjan
 * without one) is refused, or null when it is accepted. `now` for the tests.
 */
export function moneyDateProblem(value: string, now: Date = new Date()): string | null {
  const match = DATE_TIME.exec(value.trim());
  if (!match) return DATE_MESSAGES.invalid;
  const [, day, hh, mm, ss, offset] = match;
  if (!isCalendarDate(day)) return DATE_MESSAGES.invalid;
  if (hh !== undefined && (Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? 0) > 59))
    return DATE_MESSAGES.invalid;
  // The day it is in the denomination: the literal day without an offset (Abidjan's wall clock).
  const local = offset ? dayIn(new Date(value.trim())) : day;
  if (local < EARLIEST_MONEY_DATE || day < EARLIEST_MONEY_DATE) return DATE_MESSAGES.tooOld;
  if (local > todayInDenomination(now)) return DATE_MESSAGES.future;
  return null;
}

/** A date (not a money date): the calendar check alone, for dates that may lie ahead. */
export function calendarDateProblem(value: string): string | null {
  const match = DATE_TIME.exec(value.trim());
  if (!match || !isCalendarDate(match[1])) return DATE_MESSAGES.invalid;
  if (match[1] < EARLIEST_MONEY_DATE) return DATE_MESSAGES.tooOld;
  return null;
}

/** The months in French, January first. */
export const MONTH_NAMES = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;

/** 'YYYY-MM' as 'mars 2026'. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-');
  const name = MONTH_NAMES[Number(m) - 1];
  return name ? `${name} ${year}` : month;
}
