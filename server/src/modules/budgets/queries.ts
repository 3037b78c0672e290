import { sql, type SQL } from 'drizzle-orm';
import {
  BUDGET_MESSAGES,
  type BudgetDetail,
  type BudgetLineDetail,
  type BudgetStatus,
  type BudgetSummary,
  type BudgetTotals,
  type Consolidated,
} from '../../../../contract/budgets';
import type { Db } from '../../db/client';
import { isoString, queryOne, queryRows } from '../../db/query';
import type { Gate } from '../../http/authorize';
import { httpError } from '../../http/errors';
import {
  apiTypeOf,
  approverOf,
  childrenSql,
  entityNameSql,
  subtreeSql,
  type BudgetEntity,
  type BudgetLevel,
} from './entities';
import { budgetAbilities } from './policy';

// The reads of the budgets: summaries, a budget with its lines, and budget against actual, computed in
// SQL (never by loading movements): an EXPENSE line's actual is what was paid, with a payment date in
// the fiscal year, on the expense requests attached to it; an INCOME line's actual is what the entity
// received in the year on the contributions of its item's operation account.

type SummaryRow = {
  id: number;
  entity_type: BudgetLevel;
  entity_id: number;
  entity_name: string | null;
  year: number;
  name: string;
  status: BudgetStatus;
  total_income: number | string;
  total_expense: number | string;
  copied_from_id: number | null;
  created_at: Date | string;
  created_by: string | null;
  submitted_at: Date | string | null;
  submitted_by: string | null;
  approved_at: Date | string | null;
  approved_by: string | null;
  rejected_at: Date | string | null;
  rejected_by: string | null;
  finalized_at: Date | string | null;
  finalized_by: string | null;
  rejection_reason: string | null;
};

const userName = (column: SQL) =>
  sql`(select trim(u.firstname || ' ' || u.lastname) from users u where u.id = ${column})`;

const SUMMARY_COLUMNS = sql`b.id, b.entity_type, b.entity_id,
    ${entityNameSql(sql`b.entity_type`, sql`b.entity_id`)} as entity_name,
    b.year, b.name, b.status, b.copied_from_id, b.rejection_reason,
    (select coalesce(sum(amount) filter (where category = 'INCOME'), 0) from budget_lines where budget_id = b.id) as total_income,
    (select coalesce(sum(amount) filter (where category = 'EXPENSE'), 0) from budget_lines where budget_id = b.id) as total_expense,
    b.created_at, ${userName(sql`b.created_by`)} as created_by,
    b.submitted_at, ${userName(sql`b.submitted_by`)} as submitted_by,
    b.approved_at, ${userName(sql`b.approved_by`)} as approved_by,
    b.rejected_at, ${userName(sql`b.rejected_by`)} as rejected_by,
    b.finalized_at, ${userName(sql`b.finalized_by`)} as finalized_by`;

const act = (at: Date | string | null, by: string | null) => (at === null ? null : { at: isoString(at), by });

function summaryOf(row: SummaryRow): BudgetSummary {
  return {
    id: Number(row.id),
    entity_type: apiTypeOf(row.entity_type),
    entity_id: Number(row.entity_id),
    entity_name: row.entity_name ?? '',
    year: Number(row.year),
    name: row.name,
    status: row.status,
    total_income: Number(row.total_income),
    total_expense: Number(row.total_expense),
    copied_from_id: row.copied_from_id === null ? null : Number(row.copied_from_id),
    created: act(row.created_at, row.created_by),
    submitted: act(row.submitted_at, row.submitted_by),
    approved: act(row.approved_at, row.approved_by),
    rejected: act(row.rejected_at, row.rejected_by),
    finalized: act(row.finalized_at, row.finalized_by),
    rejection_reason: row.rejection_reason,
  };
}

/** The facts of a budget every rule reads (locked `for update` inside a write). */
export type BudgetFacts = {
  id: number;
  entity_type: BudgetLevel;
  entity_id: number;
  year: number;
  status: BudgetStatus;
};

export async function loadBudgetFacts(db: Db, id: number, lock = false): Promise<BudgetFacts> {
  const row = await queryOne<BudgetFacts>(
    db,
    lock
      ? sql`select id, entity_type, entity_id, year, status from budgets where id = ${id} for update`
      : sql`select id, entity_type, entity_id, year, status from budgets where id = ${id}`,
  );
  if (!row) throw httpError(404, BUDGET_MESSAGES.budgetNotFound);
  return { ...row, id: Number(row.id), entity_id: Number(row.entity_id), year: Number(row.year) };
}

export function budgetEntity(facts: Pick<BudgetFacts, 'entity_type' | 'entity_id'>): BudgetEntity {
  return { type: facts.entity_type, id: facts.entity_id };
}

export async function loadSummary(db: Db, id: number): Promise<BudgetSummary> {
  const row = await queryOne<SummaryRow>(
    db,
    sql`select ${SUMMARY_COLUMNS} from budgets b where b.id = ${id}`,
  );
  if (!row) throw httpError(404, BUDGET_MESSAGES.budgetNotFound);
  return summaryOf(row);
}

/**
 * The entity's own budgets (latest year first) and the budgets of the entities directly below it once
 * submitted (a draft is its entity's own business), those awaiting approval first.
 */
export async function listBudgets(
  db: Db,
  entity: BudgetEntity,
): Promise<{ data: BudgetSummary[]; below: BudgetSummary[] }> {
  const own = await queryRows<SummaryRow>(
    db,
    sql`select ${SUMMARY_COLUMNS} from budgets b
        where b.entity_type = ${entity.type} and b.entity_id = ${entity.id}
        order by b.year desc limit 200`,
  );
  const children = childrenSql(entity);
  const below = children
    ? await queryRows<SummaryRow>(
        db,
        sql`select ${SUMMARY_COLUMNS} from budgets b
            join (${children}) e on e.entity_type = b.entity_type and e.entity_id = b.entity_id
            where b.status <> 'draft'
            order by (b.status = 'submitted') desc, b.year desc, entity_name, b.id
            limit 1000`,
      )
    : [];
  return { data: own.map(summaryOf), below: below.map(summaryOf) };
}

// ---------------------------------------------------------------- budget against actual

/** The bounds of a fiscal year (the calendar year, UTC: the XOF countries are on UTC or UTC+1). */
export function yearBounds(year: number): { start: string; end: string } {
  return { start: `${year}-01-01T00:00:00.000Z`, end: `${year + 1}-01-01T00:00:00.000Z` };
}

/**
 * CTEs `l` (the lines of the budgets of `budgetsSql`, a SELECT of id, entity_type, entity_id,
 * child_type, child_id) and `la` (each line with its actual in `year`), to be followed by a SELECT.
 * Actuals come from the yearly totals the database keeps with triggers (migration 0005_budgets_sql):
 * payments per budget line and year, valid contributions per entity, receipt account and year.
 */
function actualsWith(budgetsSql: SQL, year: number): SQL {
  return sql`with b as (${budgetsSql}),
    l as (
      select bl.id, bl.budget_item_template_id as template_id, bl.category, bl.amount,
             b.entity_type, b.entity_id, b.child_type, b.child_id, t.operation_account_id
      from budget_lines bl
      join b on b.id = bl.budget_id
      join budget_item_templates t on t.id = bl.budget_item_template_id),
    spent as (
      select s.budget_line_id as line_id, s.amount
      from derived.budget_line_year_spent s
      where s.year = ${year} and s.budget_line_id in (select id from l where category = 'EXPENSE')),
    followed as (
      select distinct entity_type, entity_id, operation_account_id from l
      where category = 'INCOME' and operation_account_id is not null),
    received as (
      select r.entity_type, r.entity_id, r.receipt_account_id, r.amount
      from derived.contribution_year_totals r
      join followed f on f.entity_type = r.entity_type and f.entity_id = r.entity_id
        and f.operation_account_id = r.receipt_account_id
      where r.year = ${year}),
    la as (
      select l.*,
        case when l.category = 'EXPENSE' then coalesce(s.amount, 0)
             when l.operation_account_id is null then null
             else coalesce(r.amount, 0) end as actual
      from l
      left join spent s on s.line_id = l.id
      left join received r on r.entity_type = l.entity_type and r.entity_id = l.entity_id
        and r.receipt_account_id = l.operation_account_id)`;
}

function percentOf(actual: number | null, planned: number): number | null {
  if (actual === null || planned <= 0) return null;
  return Math.round((actual / planned) * 1000) / 10;
}

type LineRow = {
  id: number;
  template_id: number;
  name: string;
  category: 'INCOME' | 'EXPENSE';
  position: number;
  archived: boolean;
  amount: number;
  actual: number | string | null;
};

/** The lines of a budget in category then template order, with their actuals when `withActuals`. */
export async function loadLines(
  db: Db,
  facts: BudgetFacts,
  withActuals: boolean,
): Promise<BudgetLineDetail[]> {
  const rows = withActuals
    ? await queryRows<LineRow>(
        db,
        sql`${actualsWith(
          sql`select id, entity_type, entity_id, entity_type as child_type, entity_id as child_id from budgets where id = ${facts.id}`,
          facts.year,
        )}
        select la.id, la.template_id, t.name, la.category, t.position, (t.archived_at is not null) as archived,
               la.amount, la.actual
        from la join budget_item_templates t on t.id = la.template_id
        order by la.category desc, t.position, t.name, la.id`,
      )
    : await queryRows<LineRow>(
        db,
        sql`select bl.id, bl.budget_item_template_id as template_id, t.name, bl.category, t.position,
                   (t.archived_at is not null) as archived, bl.amount, null as actual
            from budget_lines bl join budget_item_templates t on t.id = bl.budget_item_template_id
            where bl.budget_id = ${facts.id}
            order by bl.category desc, t.position, t.name, bl.id`,
      );
  return rows.map((r) => {
    const amount = Number(r.amount);
    const actual = withActuals && r.actual !== null ? Number(r.actual) : null;
    return {
      id: Number(r.id),
      budget_item_template_id: Number(r.template_id),
      name: r.name,
      category: r.category,
      position: Number(r.position),
      archived: Boolean(r.archived),
      amount,
      actual,
      remaining: actual === null ? null : amount - actual,
      percent: percentOf(actual, amount),
    };
  });
}

export function totalsOf(lines: BudgetLineDetail[]): BudgetTotals {
  const sum = (category: string, pick: (l: BudgetLineDetail) => number | null) =>
    lines.filter((l) => l.category === category).reduce((total, l) => total + (pick(l) ?? 0), 0);
  return {
    planned_income: sum('INCOME', (l) => l.amount),
    planned_expense: sum('EXPENSE', (l) => l.amount),
    actual_income: sum('INCOME', (l) => l.actual),
    actual_expense: sum('EXPENSE', (l) => l.actual),
  };
}

async function loadDetail(
  db: Db,
  id: number,
  options: { lines: boolean; can: BudgetDetail['can'] },
): Promise<BudgetDetail> {
  const facts = await loadBudgetFacts(db, id);
  const summary = await loadSummary(db, id);
  const withActuals = facts.status === 'approved' || facts.status === 'finalized';
  const lines = options.lines ? await loadLines(db, facts, withActuals) : null;
  return {
    ...summary,
    lines,
    with_actuals: withActuals && lines !== null,
    totals: lines === null ? null : totalsOf(lines),
    can: options.can,
  };
}

/** A budget with what the user may see of it and do with it (budgetAbilities). */
export async function budgetDetail(db: Db, gate: Gate, id: number): Promise<BudgetDetail> {
  const facts = await loadBudgetFacts(db, id);
  const entity = budgetEntity(facts);
  const abilities = await budgetAbilities(
    gate,
    { entity, status: facts.status },
    await approverOf(db, entity),
  );
  return loadDetail(db, id, abilities);
}

/** The id of the entity's approved or finalised budget of `year`, if any. */
export async function currentBudgetId(db: Db, entity: BudgetEntity, year: number): Promise<number | null> {
  const row = await queryOne<{ id: number }>(
    db,
    sql`select id from budgets where entity_type = ${entity.type} and entity_id = ${entity.id}
          and year = ${year} and status in ('approved', 'finalized')`,
  );
  return row ? Number(row.id) : null;
}

type ConsolidatedRow = {
  by_item: number;
  template_id: number | null;
  child_type: BudgetLevel | null;
  child_id: number | null;
  planned_income: number | string;
  planned_expense: number | string;
  actual_income: number | string;
  actual_expense: number | string;
};

/** The approved and finalised budgets of the year in the entity's subtree, with the part each counts in. */
function consolidatedBudgets(entity: BudgetEntity, year: number): SQL {
  return sql`select b.id, b.entity_type, b.entity_id, t.child_type, t.child_id
      from (${subtreeSql(entity)}) t
      join budgets b on b.entity_type = t.entity_type and b.entity_id = t.entity_id
      where b.year = ${year} and b.status in ('approved', 'finalized')`;
}

/** The consolidated view's one statement (exported for the benchmark's query plan). */
export function consolidatedStatement(entity: BudgetEntity, year: number): SQL {
  return sql`${actualsWith(consolidatedBudgets(entity, year), year)}
      select (grouping(la.template_id) = 0)::int as by_item,
             la.template_id, la.child_type, la.child_id,
             coalesce(sum(la.amount) filter (where la.category = 'INCOME'), 0)::bigint as planned_income,
             coalesce(sum(la.amount) filter (where la.category = 'EXPENSE'), 0)::bigint as planned_expense,
             coalesce(sum(la.actual) filter (where la.category = 'INCOME'), 0)::bigint as actual_income,
             coalesce(sum(la.actual) filter (where la.category = 'EXPENSE'), 0)::bigint as actual_expense
      from la
      group by grouping sets ((la.template_id), (la.child_type, la.child_id), ())`;
}

/**
 * The approved and finalised budgets of `year` of the entity and of every entity below it, with their
 * actuals: per template item, and per part (the entity's own budget, then each entity directly below
 * with its subtree), in one statement (grouping sets).
 */
export async function consolidated(db: Db, entity: BudgetEntity, year: number): Promise<Consolidated> {
  const rows = await queryRows<ConsolidatedRow>(db, consolidatedStatement(entity, year));
  // how many budgets each part counts (a distinct count in the statement above would forbid hashing)
  const counted = await queryRows<{ child_type: BudgetLevel | null; child_id: number | null; n: number }>(
    db,
    sql`with b as (${consolidatedBudgets(entity, year)})
        select child_type, child_id, count(*)::int as n from b group by grouping sets ((child_type, child_id), ())`,
  );
  const budgetsOf = (type: string | null, id: number | null) =>
    Number(
      counted.find((c) => c.child_type === type && (c.child_id === null ? null : Number(c.child_id)) === id)
        ?.n ?? 0,
    );
  const templates = await queryRows<{
    id: number;
    name: string;
    category: 'INCOME' | 'EXPENSE';
    position: number;
  }>(db, sql`select id, name, category, position from budget_item_templates`);
  const templateById = new Map(templates.map((t) => [Number(t.id), t]));
  const n = (value: number | string) => Number(value);

  const itemRows = rows.filter((r) => Number(r.by_item) === 1);
  const partRows = rows.filter((r) => Number(r.by_item) === 0 && r.child_type !== null);
  const total = rows.find((r) => Number(r.by_item) === 0 && r.child_type === null && r.template_id === null);

  const items = itemRows
    .map((r) => {
      const t = templateById.get(Number(r.template_id));
      const category = t?.category ?? 'EXPENSE';
      return {
        budget_item_template_id: Number(r.template_id),
        name: t?.name ?? '',
        category,
        planned: category === 'INCOME' ? n(r.planned_income) : n(r.planned_expense),
        actual: category === 'INCOME' ? n(r.actual_income) : n(r.actual_expense),
        position: t?.position ?? 0,
      };
    })
    .sort((a, b) =>
      a.category === b.category
        ? a.position - b.position || a.name.localeCompare(b.name)
        : a.category === 'INCOME'
          ? -1
          : 1,
    )
    .map(({ position: _position, ...item }) => item);

  // every entity directly below appears, even without an approved budget
  const children = childrenSql(entity);
  const names = await queryRows<{ entity_type: BudgetLevel; entity_id: number; name: string }>(
    db,
    sql`select e.entity_type, e.entity_id, ${entityNameSql(sql`e.entity_type`, sql`e.entity_id`)} as name
        from (select ${entity.type}::text as entity_type, ${entity.id}::int as entity_id
              ${children ? sql`union all ${children}` : sql``}) e`,
  );
  const partOf = new Map(partRows.map((r) => [`${r.child_type}:${Number(r.child_id)}`, r]));
  const rowsOut = names
    .map((e) => {
      const part = partOf.get(`${e.entity_type}:${Number(e.entity_id)}`);
      return {
        entity_type: apiTypeOf(e.entity_type),
        entity_id: Number(e.entity_id),
        name: e.name ?? '',
        own: e.entity_type === entity.type && Number(e.entity_id) === entity.id,
        budgets: budgetsOf(e.entity_type, Number(e.entity_id)),
        planned_income: part ? n(part.planned_income) : 0,
        planned_expense: part ? n(part.planned_expense) : 0,
        actual_income: part ? n(part.actual_income) : 0,
        actual_expense: part ? n(part.actual_expense) : 0,
      };
    })
    .sort((a, b) => (a.own === b.own ? a.name.localeCompare(b.name, 'fr') : a.own ? -1 : 1));
  const own = rowsOut.find((r) => r.own);
  return {
    year,
    entity_type: apiTypeOf(entity.type),
    entity_id: entity.id,
    entity_name: own?.name ?? '',
    budgets: budgetsOf(null, null),
    items,
    rows: rowsOut,
    totals: {
      planned_income: total ? n(total.planned_income) : 0,
      planned_expense: total ? n(total.planned_expense) : 0,
      actual_income: total ? n(total.actual_income) : 0,
      actual_expense: total ? n(total.actual_expense) : 0,
    },
  };
}
