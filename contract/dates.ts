import { z } from 'zod';
import { moneyDateProblem } from './values/dates';
export * from './values/dates';

/** The zod refinement of a money date: `moneyDate(z.string(...))`, with the French messages above. */
export function moneyDate<T extends z.ZodType<string>>(schema: T) {
  return schema.superRefine((value, ctx) => {
    const problem = moneyDateProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}
