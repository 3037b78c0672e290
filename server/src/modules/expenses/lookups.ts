import { sql } from 'drizzle-orm';
import type { BudgetLine, PlannedActivity } from '../../../../contract/expenses';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query';
import type { FinanceEntityType } from '../../db/schema/finance';
import type { EntityRef } from '../../http/authorize';
import { financeEntityOf } from '../../permissions/entity';

// The lookups of the add-expense form, on an entity the route saw visible (as the API names it:
// 'CHURCH', 'church', 'ACTIVITY_GROUP' = its department...). The SPA keeps the EXPENSE lines of the
// budget lines.

/** The entity in the finance tables' words: one the route authorised, so its type names one. */
function ownerOf(entity: EntityRef): { type: FinanceEntityType; id: number } {
  return { type: financeEntityOf(entity.type)!, id: entity.id };
}

/**
 * The lines (receipts and expenses) of the entity's budgets not rejected, the latest year first; an
 * EXPENSE line of an approved or finalised budget with what was paid on it in its year (decision 0021).
 */
export async function budgetLines(db: Db, of: EntityRef): Promise<BudgetLine[]> {
  const { type: entity, id: entityId } = ownerOf(of);
  const rows = await queryRows<{
    id: number;
    budget_id: number;
    year: number;
    category: BudgetLine['category'];
    amount: number;
    template_id: number;
    template_name: string;
    actual: number | string | null;
  }>(
    db,
    sql`select bl.id, bl.budget_id, b.year, bl.category, bl.amount, t.id as template_id, t.name as template_name,
          case when b.status in ('approved', 'finalized') and bl.category = 'EXPENSE' then
            (select coalesce(sum(p.amount), 0)::bigint from expense_requests er
               join expense_lines el on el.expense_request_id = er.id
               join expense_payments p on p.expense_line_id = el.id
             where er.budget_line_id = bl.id
               and p.validated_at >= make_timestamptz(b.year, 1, 1, 0, 0, 0, 'UTC')
               and p.validated_at < make_timestamptz(b.year + 1, 1, 1, 0, 0, 0, 'UTC'))
          end as actual
        from budget_lines bl
        join budgets b on b.id = bl.budget_id
        join budget_item_templates t on t.id = bl.budget_item_template_id
        where b.entity_type = ${entity} and b.entity_id = ${entityId} and b.status <> 'rejected'
        order by b.year desc, bl.category, t.name, bl.id
        limit 500`,
  );
  return rows.map((r) => {
    const actual = r.actual === null ? null : Number(r.actual);
    return {
      id: Number(r.id),
      budget_id: Number(r.budget_id),
      year: Number(r.year),
      category: r.category,
      amount: Number(r.amount),
      budgetItemTemplate: { id: Number(r.template_id), name: r.template_name },
      actual,
      remaining: actual === null ? null : Number(r.amount) - actual,
    };
  });
}

/** The entity's planned activities whose title or type holds `search`, the latest first, 50 at most. */
export async function plannedActivities(db: Db, of: EntityRef, search: string): Promise<PlannedActivity[]> {
  const { type: entity, id: entityId } = ownerOf(of);
  const like = `%${search.replace(/[\\%_]/g, '\\$&')}%`;
  const rows = await queryRows<{
    id: number;
    title: string;
    planned_date: string;
    type_id: number | null;
    type_name: string | null;
  }>(
    db,
    sql`select pa.id, pa.title, to_char(pa.planned_date, 'YYYY-MM-DD') as planned_date, t.id as type_id, t.name as type_name
        from planned_activities pa left join activity_types t on t.id = pa.activity_type_id
        where pa.entity_type = ${entity} and pa.entity_id = ${entityId}
          and (${search} = '' or pa.title ilike ${like} or t.name ilike ${like})
        order by pa.planned_date desc, pa.id desc
        limit 50`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    title: r.title,
    planned_date: String(r.planned_date).slice(0, 10),
    activityType: r.type_id === null ? null : { id: Number(r.type_id), name: String(r.type_name) },
  }));
}
