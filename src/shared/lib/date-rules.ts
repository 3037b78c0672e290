import { isCalendarDate, moneyDateProblem } from '@contract/values/dates';
import { EARLIEST_DATE, EXPENSE_MESSAGES as M } from '@contract/values/expenses';

/*
 * The date rules of the forms, written once (the server's are contract/dates.ts): an optional date
 * field is empty or a real calendar day not before 1900-01-01; a money date is also not after today in
 * the denomination's time zone.
 */

/** Why a typed day ('YYYY-MM-DD', '' when empty) is refused, or null. `money`: not in the future either. */
export function dayProblem(value: string, { money = false }: { money?: boolean } = {}): string | null {
  if (!value) return null;
  if (!isCalendarDate(value)) return M.dateInvalid;
  if (value < EARLIEST_DATE) return M.dateTooOld;
  return money ? moneyDateProblem(value) : null;
}

/**
 * The two dates of a fixed asset (the asset form, and the asset created by a payment): the purchase is a
 * money date, the commissioning may lie ahead. Answers the field and its message for each problem.
 */
export function assetDateProblems(asset: {
  purchase_date: string;
  commissioning_date: string;
}): Array<['purchase_date' | 'commissioning_date', string]> {
  const problems: Array<['purchase_date' | 'commissioning_date', string]> = [];
  const purchase = dayProblem(asset.purchase_date, { money: true });
  if (purchase) problems.push(['purchase_date', purchase]);
  const commissioning = dayProblem(asset.commissioning_date);
  if (commissioning) problems.push(['commissioning_date', commissioning]);
  return problems;
}
