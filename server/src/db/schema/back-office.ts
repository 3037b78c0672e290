import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './core';
import { operationAccounts, treasuryMovements, type FinanceEntityType } from './finance';

// The accounting back office: year-end closings with their carry-forwards (decision 0025), and the
// payroll (decision 0029).

/**
 * A closed fiscal year of an entity: once per entity and year. Its existence locks the year: no treasury
 * movement dated in it is written afterwards (server/src/modules/treasury/movements.ts).
 */
export const fiscalClosings = pgTable(
  'fiscal_closings',
  {
    id: serial('id').primaryKey(),
    entityType: text('entity_type').$type<FinanceEntityType>().notNull(),
    entityId: integer('entity_id').notNull(),
    year: integer('year').notNull(),
    /** class 7 receipts less their reversals */
    products: bigint('products', { mode: 'number' }).notNull(),
    /** class 6 expenses less their reversals */
    charges: bigint('charges', { mode: 'number' }).notNull(),
    /** the year's straight-line depreciation of the entity's fixed assets */
    depreciation: bigint('depreciation', { mode: 'number' }).notNull(),
    /** the year's disposals of fixed assets: prices received - net book values (HAO) */
    disposals: bigint('disposals', { mode: 'number' }).notNull().default(0),
    /** products - charges - depreciation + disposals: carried to 121 (surplus) or 129 (deficit) */
    result: bigint('result', { mode: 'number' }).notNull(),
    closedBy: integer('closed_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('fiscal_closings_entity_year_uq').on(t.entityType, t.entityId, t.year)],
);

/** The carry-forward of a closing: each treasury account's balance at the end of the year. */
export const fiscalClosingAccounts = pgTable(
  'fiscal_closing_accounts',
  {
    closingId: integer('closing_id')
      .notNull()
      .references(() => fiscalClosings.id),
    paymentAccountId: integer('payment_account_id')
      .notNull()
      .references(() => operationAccounts.id),
    openingBalance: bigint('opening_balance', { mode: 'number' }).notNull(),
    receipts: bigint('receipts', { mode: 'number' }).notNull(),
    expenses: bigint('expenses', { mode: 'number' }).notNull(),
    /** = the opening balance of the next year */
    closingBalance: bigint('closing_balance', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.closingId, t.paymentAccountId] })],
);

/** An employee of an entity (payroll). */
export const employees = pgTable(
  'employees',
  {
    id: serial('id').primaryKey(),
    entityType: text('entity_type').$type<FinanceEntityType>().notNull(),
    entityId: integer('entity_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    position: text('position').notNull(),
    hiredOn: date('hired_on', { mode: 'string' }),
    baseSalary: integer('base_salary').notNull(),
    phone: text('phone'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('employees_entity_idx').on(t.entityType, t.entityId),
    check('employees_salary_ck', sql`${t.baseSalary} >= 0`),
  ],
);

/** A payslip: net = gross + allowances - deductions; paying it writes its treasury movement. */
export const payslips = pgTable(
  'payslips',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    /** 'YYYY-MM' */
    month: text('month').notNull(),
    gross: integer('gross').notNull(),
    allowances: integer('allowances').notNull().default(0),
    deductions: integer('deductions').notNull().default(0),
    net: integer('net').notNull(),
    paymentAccountId: integer('payment_account_id').references(() => operationAccounts.id),
    paidOn: date('paid_on', { mode: 'string' }),
    movementId: bigint('movement_id', { mode: 'number' }).references(() => treasuryMovements.id),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payslips_employee_month_uq').on(t.employeeId, t.month),
    check(
      'payslips_amounts_ck',
      sql`${t.gross} >= 0 and ${t.allowances} >= 0 and ${t.deductions} >= 0 and ${t.net} = ${t.gross} + ${t.allowances} - ${t.deductions} and ${t.net} >= 0`,
    ),
  ],
);
