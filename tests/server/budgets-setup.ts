import { sql } from 'drizzle-orm';
import { queryOne } from '../../server/src/db/query';
import { expenseTestApp, type ExpenseIds } from './expenses-setup';
import type { TestApp } from './helpers';

// The budgets' tests (budgets.test.ts, budgets-actuals.test.ts; decision 0021): their app, the demo's
// logins and the answers they read.

export const YEAR = new Date().getUTCFullYear();
export const TREASURER = 'tresorier@example.org';
export const PASTOR = 'pasteur@example.org';
export const SECTION = 'section@example.org';
export const REGION = 'region@example.org';

export type Line = {
  id: number;
  budget_item_template_id: number;
  name: string;
  category: string;
  amount: number;
  actual: number | null;
  remaining: number | null;
  percent: number | null;
};
export type Budget = {
  id: number;
  year: number;
  status: string;
  entity_type: string;
  entity_id: number;
  total_income: number;
  total_expense: number;
  copied_from_id: number | null;
  rejection_reason: string | null;
  approved: { by: string | null; at: string } | null;
  lines: Line[] | null;
  totals: {
    planned_income: number;
    planned_expense: number;
    actual_income: number;
    actual_expense: number;
  } | null;
  can: Record<string, boolean>;
};

// The app of the file's tests and its demo facts, set by openBudgetApp (each test file runs in its own
// process: one app per file).
export let t: TestApp;
export let ids: ExpenseIds;
/** The section of the demo church (`ids.church1`): it approves the church's budgets. */
export let section: number;

/** Opens the expenses' test app (its church, a paid request...) and finds the section of its church. */
export async function openBudgetApp(): Promise<void> {
  ({ t, ids } = await expenseTestApp());
  const row = await queryOne<{ id: number }>(
    t.db,
    sql`select section_id as id from churches where id = ${ids.church1}`,
  );
  section = Number(row!.id);
}

export async function closeBudgetApp(): Promise<void> {
  await t.close();
}

/** A call of the budgets' app as `login`. */
export const req = (
  login: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => t.as(login, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
