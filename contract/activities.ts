import { z } from 'zod';
import {
  entityRefSchema,
  entityTypeSchema,
  limitParam,
  listSchema,
  MAX_ID,
  pageParam,
  searchParam,
  sortParams,
} from './common';
import { calendarDateProblem } from './dates';
import { ATTACHMENT_MIME_TYPES } from './values/expenses';
import {
  ACTIVITY_MESSAGES,
  DEPARTMENT_ROLES,
  ACTIVITY_STATUSES,
  REPORT_STATUSES,
  REPORT_SCOPES,
  REPORT_SORTS,
} from './values/activities';
export * from './values/activities';

/**
 * Activities and departments (decisions 0024 and 0028, docs/features/activities.md): activity types,
 * department members, planned activities and activity reports with their workflow (brouillon -> soumis
 * -> renvoyé).
 *
 * - GET    /activity-types                ?entity_type&entity_id -> { data: ActivityType[] }
 * - POST   /activity-types                { entity_type, entity_id, name } -> { data: ActivityType }
 * - POST   /departments                   { entity_type, entity_id, name, description?, leader_id? }
 * - GET    /departments/:id/members       -> { data: DepartmentMember[] }
 * - POST   /departments/:id/members       { user_id, role } -> { data: DepartmentMember }
 * - DELETE /departments/:id/members/:userId
 * - GET    /departments/:id/summary       ?from&to -> { data: DepartmentSummary }
 * - GET    /activities                    ?entity_type&entity_id&month&status&search&page -> List<Activity>
 * - POST   /activities, GET/PUT /activities/:id
 * - GET    /activity-reports              ?entity_type&entity_id&scope&status&page -> List<ActivityReport>
 * - POST   /activity-reports, GET/PUT /activity-reports/:id
 * - POST   /activity-reports/:id/submit, POST /activity-reports/:id/return { comment }
 * - GET    /activity-reports/:id/attachments            -> { data: ReportAttachment[] }
 * - POST   /activity-reports/:id/attachments            multipart `files` -> 201 { data: ReportAttachment[] }
 * - GET    /activity-reports/:id/attachments/:fileId    the file (Content-Disposition, nosniff)
 * - DELETE /activity-reports/:id/attachments/:fileId    -> { message } (draft or returned report)
 */

const M = ACTIVITY_MESSAGES;

const id = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);
const queryId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message);
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;
const optionalText = (max = 5000) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, M.textTooLong).optional());
const dateField = z
  .string({ error: M.dateRequired })
  .trim()
  .min(1, M.dateRequired)
  .superRefine((value, ctx) => {
    const problem = calendarDateProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => value.slice(0, 10));
const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);
const entityFields = {
  entity_type: z.preprocess(upper, entityTypeSchema),
  entity_id: id('Entité invalide.'),
};
const entityQuery = {
  entity_type: z.preprocess(upper, entityTypeSchema),
  entity_id: queryId('Entité invalide.'),
};

// ---------------------------------------------------------------- activity types

export const activityTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** null: shared by every church */
  entity_type: z.string().nullable(),
  entity_id: z.number().int().nullable(),
});
export type ActivityType = z.infer<typeof activityTypeSchema>;
export const activityTypeListSchema = z.object({ data: z.array(activityTypeSchema) });
export const activityTypeQuerySchema = z.object(entityQuery);
export const activityTypeBodySchema = z.object({
  ...entityFields,
  name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(100, M.nameTooLong),
});
export type ActivityTypeBody = z.infer<typeof activityTypeBodySchema>;
export const activityTypeAnswerSchema = z.object({ data: activityTypeSchema });

// ---------------------------------------------------------------- departments

export const departmentCreateBodySchema = z.object({
  entity_type: z.preprocess(
    upper,
    z.enum(['NATIONAL_OFFICE', 'REGION', 'SECTION', 'CHURCH'], { error: "Type d'entité non supporté" }),
  ),
  entity_id: id('Entité invalide.'),
  name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(100, M.nameTooLong),
  description: optionalText(500),
  leader_id: z.preprocess(blankToUndefined, id(M.memberInvalid).optional()),
});
export type DepartmentCreateBody = z.infer<typeof departmentCreateBodySchema>;
export const departmentCreatedSchema = z.object({
  data: z.object({ id: z.number().int(), name: z.string() }),
});

export const departmentMemberSchema = z.object({
  user_id: z.number().int(),
  fullname: z.string(),
  phone: z.string().nullable(),
  role: z.enum(DEPARTMENT_ROLES),
  created_at: z.string(),
});
export type DepartmentMember = z.infer<typeof departmentMemberSchema>;
export const departmentMembersSchema = z.object({ data: z.array(departmentMemberSchema) });
export const departmentMemberBodySchema = z.object({
  user_id: id(M.memberInvalid),
  role: z.enum(DEPARTMENT_ROLES, { error: M.roleInvalid }).default('member'),
});
export const departmentMemberParamsSchema = z.object({
  id: queryId('Identifiant invalide.'),
  userId: queryId('Identifiant invalide.'),
});
export const departmentMemberAnswerSchema = z.object({ data: departmentMemberSchema });

export const departmentSummaryQuerySchema = z.object({
  from: z.preprocess(blankToUndefined, dateField.optional()),
  to: z.preprocess(blankToUndefined, dateField.optional()),
});
export const departmentSummarySchema = z.object({
  department: z.object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    entity_type: z.string(),
    entity_id: z.number().int(),
    entity: entityRefSchema.nullable(),
  }),
  from: z.string(),
  to: z.string(),
  members: z.number().int(),
  leader: z.string().nullable(),
  /** the money of the period: null unless the user holds `contribution:view` or `expense:view` there */
  contributions_total: z.number().int().nullable(),
  expenses_total: z.number().int().nullable(),
  /** per month of the period: 'YYYY-MM', contributions and expenses; null as the totals are */
  months: z
    .array(z.object({ month: z.string(), contributions: z.number().int(), expenses: z.number().int() }))
    .nullable(),
  upcoming: z.array(
    z.object({ id: z.number().int(), title: z.string(), planned_date: z.string(), status: z.string() }),
  ),
  reports: z.array(
    z.object({ id: z.number().int(), title: z.string(), status: z.string(), period_end: z.string() }),
  ),
  /** the signed-in user's role in the department, null when they see it through a permission */
  my_role: z.enum(DEPARTMENT_ROLES).nullable(),
});
export type DepartmentSummary = z.infer<typeof departmentSummarySchema>;
export const departmentSummaryAnswerSchema = z.object({ data: departmentSummarySchema });

/** GET /me: the departments the user belongs to. */
export const myDepartmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(DEPARTMENT_ROLES),
});
export type MyDepartment = z.infer<typeof myDepartmentSchema>;

// ---------------------------------------------------------------- planned activities

export const activitySchema = z.object({
  id: z.number().int(),
  entity_type: z.string(),
  entity_id: z.number().int(),
  title: z.string(),
  planned_date: z.string(),
  planned_time: z.string().nullable(),
  place: z.string().nullable(),
  status: z.enum(ACTIVITY_STATUSES),
  estimated_cost: z.number().int().nullable(),
  /** paid on the expense requests linked to the activity */
  actual_cost: z.number().int(),
  description: z.string().nullable(),
  activityType: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  department: entityRefSchema.nullable(),
  budget_line: entityRefSchema.nullable(),
  created_at: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;
export const activityListSchema = listSchema(activitySchema);
export const activityAnswerSchema = z.object({
  data: activitySchema.extend({
    expenses: z.array(
      z.object({ id: z.number().int(), title: z.string(), status: z.string(), amount: z.number().int() }),
    ),
    can: z.object({ edit: z.boolean() }),
  }),
});
export type ActivityDetail = z.infer<typeof activityAnswerSchema>['data'];

export const activityListQuerySchema = z.object({
  ...entityQuery,
  /** 'YYYY-MM': the activities of that month */
  month: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Mois invalide (AAAA-MM).')
      .optional(),
  ),
  status: z.preprocess(blankToUndefined, z.enum(ACTIVITY_STATUSES, { error: M.statusInvalid }).optional()),
  search: searchParam,
  page: pageParam,
  limit: limitParam(200, 50),
});
export type ActivityListQuery = z.infer<typeof activityListQuerySchema>;

const activityFields = {
  title: z.string({ error: M.titleRequired }).trim().min(1, M.titleRequired).max(200, M.titleTooLong),
  planned_date: dateField,
  planned_time: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.timeInvalid)
      .optional(),
  ),
  place: optionalText(200),
  activity_type_id: z.preprocess(blankToUndefined, id(M.typeInvalid).optional()),
  department_id: z.preprocess(blankToUndefined, id(M.departmentInvalid).optional()),
  budget_line_id: z.preprocess(blankToUndefined, id(M.budgetLineInvalid).optional()),
  estimated_cost: z.preprocess(
    blankToUndefined,
    z
      .number({ error: M.costInvalid })
      .int(M.costInvalid)
      .min(0, M.costInvalid)
      // an integer column in XOF: beyond 2 billion PostgreSQL refuses it (a 500 otherwise)
      .max(2_000_000_000, M.costInvalid)
      .optional(),
  ),
  description: optionalText(),
};
export const activityCreateBodySchema = z.object({ ...entityFields, ...activityFields });
export type ActivityCreateBody = z.infer<typeof activityCreateBodySchema>;
export const activityUpdateBodySchema = z.object({
  ...activityFields,
  status: z.enum(ACTIVITY_STATUSES, { error: M.statusInvalid }).default('planned'),
});
export type ActivityUpdateBody = z.infer<typeof activityUpdateBodySchema>;
export const createdAnswerSchema = z.object({ data: z.object({ id: z.number().int() }) });

// ---------------------------------------------------------------- activity reports

export const activityReportSchema = z.object({
  id: z.number().int(),
  entity_type: z.string(),
  entity_id: z.number().int(),
  entity: z.string().nullable(),
  title: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  status: z.enum(REPORT_STATUSES),
  men: z.number().int(),
  women: z.number().int(),
  children: z.number().int(),
  plannedActivity: z.object({ id: z.number().int(), title: z.string(), planned_date: z.string() }).nullable(),
  submitted_at: z.string().nullable(),
  created_at: z.string(),
});
export type ActivityReport = z.infer<typeof activityReportSchema>;
export const activityReportListSchema = listSchema(activityReportSchema);
export const activityReportDetailSchema = activityReportSchema.extend({
  summary: z.string(),
  results: z.string().nullable(),
  difficulties: z.string().nullable(),
  return_comment: z.string().nullable(),
  returned_at: z.string().nullable(),
  returned_by: z.string().nullable(),
  submitted_by: z.string().nullable(),
  created_by: z.string().nullable(),
  /** paid on the expense requests linked to the planned activity */
  actual_cost: z.number().int().nullable(),
  can: z.object({ edit: z.boolean(), submit: z.boolean(), return: z.boolean() }),
});
export type ActivityReportDetail = z.infer<typeof activityReportDetailSchema>;
export const activityReportAnswerSchema = z.object({ data: activityReportDetailSchema });

export const activityReportListQuerySchema = z.object({
  ...entityQuery,
  scope: z.enum(REPORT_SCOPES, { error: 'Portée invalide.' }).default('all'),
  status: z.preprocess(blankToUndefined, z.enum(REPORT_STATUSES, { error: M.statusInvalid }).optional()),
  search: searchParam,
  page: pageParam,
  limit: limitParam(200, 20),
  ...sortParams(REPORT_SORTS),
});
export type ActivityReportListQuery = z.infer<typeof activityReportListQuerySchema>;

const attendance = z
  .number({ error: M.attendanceInvalid })
  .int(M.attendanceInvalid)
  .min(0, M.attendanceInvalid)
  .max(1_000_000, M.attendanceInvalid);
const reportFields = z.object({
  title: z.string({ error: M.titleRequired }).trim().min(1, M.titleRequired).max(200, M.titleTooLong),
  period_start: dateField,
  period_end: dateField,
  planned_activity_id: z.preprocess(blankToUndefined, id(M.activityInvalid).optional()),
  men: attendance.default(0),
  women: attendance.default(0),
  children: attendance.default(0),
  summary: z.string({ error: M.summaryRequired }).trim().min(1, M.summaryRequired).max(5000, M.textTooLong),
  results: optionalText(),
  difficulties: optionalText(),
});
const periodOrder = <T extends { period_start: string; period_end: string }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.period_end < value.period_start)
    ctx.addIssue({ code: 'custom', message: M.periodInvalid, path: ['period_end'] });
};
export const activityReportCreateBodySchema = reportFields.extend(entityFields).superRefine(periodOrder);
export type ActivityReportCreateBody = z.infer<typeof activityReportCreateBodySchema>;
export const activityReportUpdateBodySchema = reportFields.superRefine(periodOrder);
export type ActivityReportUpdateBody = z.infer<typeof activityReportUpdateBodySchema>;
export const activityReportReturnBodySchema = z.object({
  comment: z
    .string({ error: M.returnCommentRequired })
    .trim()
    .min(1, M.returnCommentRequired)
    .max(2000, M.textTooLong),
});
export const messageAnswerSchema = z.object({ message: z.string() });

// ---------------------------------------------------------------- report attachments

/** A photo or PDF of a report (the attachment rules of expenses: JPEG, PNG, WebP, PDF, 10 MB). */
export const reportAttachmentSchema = z.object({
  id: z.number().int(),
  original_name: z.string(),
  mime_type: z.enum(ATTACHMENT_MIME_TYPES),
  size: z.number().int(),
  created_at: z.string(),
  /** the download path under /api: '/activity-reports/{id}/attachments/{fileId}' */
  url: z.string(),
});
export type ReportAttachment = z.infer<typeof reportAttachmentSchema>;
export const reportAttachmentListSchema = z.object({ data: z.array(reportAttachmentSchema) });
export const reportAttachmentParamsSchema = z.object({
  id: queryId('Identifiant invalide.'),
  fileId: queryId('Identifiant invalide.'),
});
