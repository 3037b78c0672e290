import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
// The value lists the API shares with the SPA are the contract's, re-exported here.
import { ACTIVITY_STATUSES, DEPARTMENT_ROLES, REPORT_STATUSES } from '../../../../contract/values/activities';
import { BUDGET_CATEGORIES, BUDGET_STATUSES } from '../../../../contract/values/budgets';
import { createdAt, updatedAt } from './columns';
import { departments, users } from './core';
import { operationAccounts, type FinanceEntityType } from './finance';

// Budgets and planned activities: the add-expense form links a request to a budget line and to a
// planned activity (SPEC.md section 3). Their own screens (budgets, activities) build on these tables.

export const BUDGET_LINE_CATEGORIES = BUDGET_CATEGORIES;
export type BudgetLineCategory = (typeof BUDGET_LINE_CATEGORIES)[number];

/** A line of the budget templates ('modèles de budget'): e.g. 'Entretien des locaux' (EXPENSE). */
export const budgetItemTemplates = pgTable(
  'budget_item_templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    category: text('category').$type<BudgetLineCategory>().notNull(),
    /** optional operation account: an INCOME item's actual is what its account received (decision 0021) */
    operationAccountId: integer('operation_account_id').references(() => operationAccounts.id),
    /** display order within its category */
    position: integer('position').notNull().default(0),
    /** an item used by a budget is archived, never deleted: new budgets no longer take it */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    archivedBy: integer('archived_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('budget_item_templates_category_ck', sql`${t.category} in ('INCOME', 'EXPENSE')`)],
);

export { BUDGET_STATUSES };
export type BudgetStatus = (typeof BUDGET_STATUSES)[number];

/** The budget of one entity for one year. */
export const budgets = pgTable(
  'budgets',
  {
    id: serial('id').primaryKey(),
    entityType: text('entity_type').$type<FinanceEntityType>().notNull(),
    entityId: integer('entity_id').notNull(),
    year: integer('year').notNull(),
    name: text('name').notNull(),
    status: text('status').$type<BudgetStatus>().notNull().default('draft'),
    /** the budget it was copied from ('Copier le budget de {année}'), null when built from the templates */
    copiedFromId: integer('copied_from_id'),
    createdBy: integer('created_by').references(() => users.id),
    submittedBy: integer('submitted_by').references(() => users.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    approvedBy: integer('approved_by').references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    rejectedBy: integer('rejected_by').references(() => users.id),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    finalizedBy: integer('finalized_by').references(() => users.id),
    finalizedAt: timestamp('finalized_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // one budget per fiscal year and entity
    uniqueIndex('budgets_entity_year_uq').on(t.entityType, t.entityId, t.year),
    // the consolidated view: the approved budgets of a year
    index('budgets_year_status_idx').on(t.year, t.status),
    check(
      'budgets_status_ck',
      sql`${t.status} in ('draft', 'submitted', 'approved', 'finalized', 'rejected')`,
    ),
  ],
);

export const budgetLines = pgTable(
  'budget_lines',
  {
    id: serial('id').primaryKey(),
    budgetId: integer('budget_id')
      .notNull()
      .references(() => budgets.id, { onDelete: 'cascade' }),
    budgetItemTemplateId: integer('budget_item_template_id')
      .notNull()
      .references(() => budgetItemTemplates.id),
    category: text('category').$type<BudgetLineCategory>().notNull(),
    /** planned amount in XOF */
    amount: integer('amount').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('budget_lines_budget_template_uq').on(t.budgetId, t.budgetItemTemplateId),
    check('budget_lines_category_ck', sql`${t.category} in ('INCOME', 'EXPENSE')`),
    check('budget_lines_amount_ck', sql`${t.amount} >= 0`),
  ],
);

/**
 * Kinds of activities ('type-activites'): e.g. 'Culte', 'Conférence', 'Séminaire'. Those without an
 * entity are shared by every church; a church adds its own (decision 0024).
 */
export const activityTypes = pgTable(
  'activity_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    entityType: text('entity_type').$type<FinanceEntityType>(),
    entityId: integer('entity_id'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('activity_types_entity_idx').on(t.entityType, t.entityId)],
);

export const PLANNED_ACTIVITY_STATUSES = ACTIVITY_STATUSES;
export type PlannedActivityStatus = (typeof PLANNED_ACTIVITY_STATUSES)[number];

/** An activity an entity plans ('activités planifiées'). */
export const plannedActivities = pgTable(
  'planned_activities',
  {
    id: serial('id').primaryKey(),
    entityType: text('entity_type').$type<FinanceEntityType>().notNull(),
    entityId: integer('entity_id').notNull(),
    title: text('title').notNull(),
    plannedDate: date('planned_date', { mode: 'string' }).notNull(),
    /** 'HH:MM', optional */
    plannedTime: text('planned_time'),
    place: text('place'),
    activityTypeId: integer('activity_type_id').references(() => activityTypes.id),
    /** the department that runs it (optional) */
    departmentId: integer('department_id').references(() => departments.id),
    /** estimated cost in XOF */
    estimatedCost: integer('estimated_cost'),
    budgetLineId: integer('budget_line_id').references(() => budgetLines.id),
    status: text('status').$type<PlannedActivityStatus>().notNull().default('planned'),
    description: text('description'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('planned_activities_entity_idx').on(t.entityType, t.entityId, t.plannedDate),
    check('planned_activities_status_ck', sql`${t.status} in ('planned', 'done', 'cancelled')`),
    check('planned_activities_cost_ck', sql`${t.estimatedCost} is null or ${t.estimatedCost} >= 0`),
  ],
);

export { DEPARTMENT_ROLES };
export type DepartmentRole = (typeof DEPARTMENT_ROLES)[number];

/** The members of a department (activity group): its leader and its members, faithful of its church. */
export const departmentMembers = pgTable(
  'department_members',
  {
    id: serial('id').primaryKey(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role').$type<DepartmentRole>().notNull().default('member'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('department_members_uq').on(t.departmentId, t.userId),
    index('department_members_user_idx').on(t.userId),
    check('department_members_role_ck', sql`${t.role} in ('leader', 'member')`),
  ],
);

export { REPORT_STATUSES };
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** An activity report ('rapport d'activités'): drafted, submitted to the level above, maybe sent back. */
export const activityReports = pgTable(
  'activity_reports',
  {
    id: serial('id').primaryKey(),
    entityType: text('entity_type').$type<FinanceEntityType>().notNull(),
    entityId: integer('entity_id').notNull(),
    title: text('title').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    plannedActivityId: integer('planned_activity_id').references(() => plannedActivities.id),
    men: integer('men').notNull().default(0),
    women: integer('women').notNull().default(0),
    children: integer('children').notNull().default(0),
    summary: text('summary').notNull(),
    results: text('results'),
    difficulties: text('difficulties'),
    status: text('status').$type<ReportStatus>().notNull().default('draft'),
    /** the comment of the level above when it sends the report back */
    returnComment: text('return_comment'),
    createdBy: integer('created_by').references(() => users.id),
    submittedBy: integer('submitted_by').references(() => users.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    returnedBy: integer('returned_by').references(() => users.id),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('activity_reports_entity_idx').on(t.entityType, t.entityId, t.periodStart),
    index('activity_reports_status_idx').on(t.status),
    check('activity_reports_status_ck', sql`${t.status} in ('draft', 'submitted', 'returned')`),
    check('activity_reports_attendance_ck', sql`${t.men} >= 0 and ${t.women} >= 0 and ${t.children} >= 0`),
    check('activity_reports_period_ck', sql`${t.periodEnd} >= ${t.periodStart}`),
  ],
);
