import { z } from 'zod';
import { ACTIVITY_MESSAGES as M } from '@contract/values/activities';
import { DATE_MESSAGES } from '@contract/values/dates';

/*
 * The forms of the feature, with the server's own French messages (contract/activities.ts): every input
 * is checked here, then again by the server.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const optionalCount = z
  .string()
  .trim()
  .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) <= 1_000_000), M.attendanceInvalid);

export const activityFormSchema = z.object({
  title: z.string().trim().min(1, M.titleRequired).max(200, M.titleTooLong),
  activity_type_id: z.string(),
  planned_date: z.string().trim().min(1, M.dateRequired).regex(DATE, DATE_MESSAGES.invalid),
  planned_time: z
    .string()
    .trim()
    .refine((v) => v === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), M.timeInvalid),
  place: z.string().trim().max(200, M.textTooLong),
  department_id: z.string(),
  budget_line_id: z.string(),
  estimated_cost: z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) <= 2_000_000_000), M.costInvalid),
  description: z.string().trim().max(5000, M.textTooLong),
});
export type ActivityFormValues = z.infer<typeof activityFormSchema>;

export const reportFormSchema = z
  .object({
    title: z.string().trim().min(1, M.titleRequired).max(200, M.titleTooLong),
    period_start: z.string().trim().min(1, M.dateRequired).regex(DATE, DATE_MESSAGES.invalid),
    period_end: z.string().trim().min(1, M.dateRequired).regex(DATE, DATE_MESSAGES.invalid),
    planned_activity_id: z.string(),
    men: optionalCount,
    women: optionalCount,
    children: optionalCount,
    summary: z.string().trim().min(1, M.summaryRequired).max(5000, M.textTooLong),
    results: z.string().trim().max(5000, M.textTooLong),
    difficulties: z.string().trim().max(5000, M.textTooLong),
  })
  .refine((v) => !v.period_start || !v.period_end || v.period_end >= v.period_start, {
    message: M.periodInvalid,
    path: ['period_end'],
  });
export type ReportFormValues = z.infer<typeof reportFormSchema>;

export const returnFormSchema = z.object({
  comment: z.string().trim().min(1, M.returnCommentRequired).max(2000, M.textTooLong),
});

export const nameFormSchema = z.object({
  name: z.string().trim().min(1, M.nameRequired).max(100, M.nameTooLong),
  description: z.string().trim().max(500, M.textTooLong),
});
export type NameFormValues = z.infer<typeof nameFormSchema>;

/** '' -> undefined, '12' -> 12. */
export const optionalNumber = (value: string): number | undefined =>
  value.trim() === '' ? undefined : Number(value);
