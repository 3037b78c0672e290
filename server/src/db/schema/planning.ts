import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './core';
import type { FinanceEntityType } from './finance';

// Budgets and planned activities: the add-expense form links a request to a budget line and to a
// planned activity (SPEC.md section 3). Their own screens (budgets, activities) build on these tables.

export const BUDGET_LINE_CATEGORIES = ['INCOME', 'EXPENSE'] as const;
export type BudgetLineCategory = (typeof BUDGET_LINE_CATEGORIES)[number];

/** A line of the budget templates ('modèles de budget'): e.g. 'Entretien des locaux' (EXPENSE). */
export const budgetItemTemplates = pgTable(
  'budget_item_templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    category: text('category').$type<BudgetLineCategory>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('budget_item_templates_category_ck', sql`${t.category} in ('INCOME', 'EXPENSE')`)],
);

export const BUDGET_STATUSES = ['draft', 'submitted', 'approved', 'finalized', 'rejected'] as const;
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
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('budgets_entity_idx').on(t.entityType, t.entityId, t.year)],
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
    index('budget_lines_budget_idx').on(t.budgetId),
    check('budget_lines_category_ck', sql`${t.category} in ('INCOME', 'EXPENSE')`),
    check('budget_lines_amount_ck', sql`${t.amount} >= 0`),
  ],
);

/** Kinds of activities ('type-activites'): e.g. 'Culte', 'Conférence', 'Séminaire'. */
export const activityTypes = pgTable('activity_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/** An activity an entity plans ('activités planifiées'). */
export const plannedActivities = pgTable(
  'planned_activities',
  {
    id: serial('id').primaryKey(),
    entityType: text('entity_type').$type<FinanceEntityType>().notNull(),
    entityId: integer('entity_id').notNull(),
    title: text('title').notNull(),
    plannedDate: date('planned_date', { mode: 'string' }).notNull(),
    activityTypeId: integer('activity_type_id').references(() => activityTypes.id),
    description: text('description'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('planned_activities_entity_idx').on(t.entityType, t.entityId, t.plannedDate)],
);
