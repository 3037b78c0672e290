import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { BUDGET_MESSAGES, type budgetLinesBodySchema } from '../../../../contract/budgets';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { queryOne, queryRows } from '../../db/query';
import type { Actor, Gate } from '../../http/authorize';
import { httpError } from '../../http/errors';
import { assertRecordYearOpen } from '../treasury';
import { approverOf, type BudgetEntity } from './entities';
import { authorizeTransition, WRITE_CODES, type BudgetTransition } from './policy';
import { budgetEntity, loadBudgetFacts, type BudgetFacts } from './queries';

// The writes of the budgets, each in one transaction with its audit record: creation (from the
// templates or a copy of last year's), the lines while draft or rejected, and the transitions
// draft/rejected -> submitted -> approved -> finalized, submitted -> rejected (with a reason). A write
// on an existing budget is authorised on the budget as it locked it (the Gate, policy.ts). A budget of a
// year its entity closed no longer changes, whatever its status (decision 0042).

const M = BUDGET_MESSAGES;

/**
 * Creates the entity's draft budget of `year` (budget:create there, authorised by the caller): one line
 * per active template item at 0, or the lines of the entity's budget of `year - 1` (items archived
 * since are left out). Answers its id.
 */
export async function createBudget(
  db: Db,
  actor: Actor,
  entity: BudgetEntity,
  year: number,
  source: 'templates' | 'copy',
): Promise<number> {
  return db.transaction(async (tx) => {
    await assertRecordYearOpen(tx, entity, year);
    const existing = await queryOne<{ id: number }>(
      tx,
      sql`select id from budgets where entity_type = ${entity.type} and entity_id = ${entity.id} and year = ${year}`,
    );
    if (existing) throw httpError(409, M.budgetExists);
    let copiedFrom: number | null = null;
    if (source === 'copy') {
      const previous = await queryOne<{ id: number }>(
        tx,
        sql`select id from budgets where entity_type = ${entity.type} and entity_id = ${entity.id} and year = ${year - 1}`,
      );
      if (!previous) throw httpError(409, M.copySourceMissing);
      copiedFrom = Number(previous.id);
    } else {
      const active = await queryOne<{ n: number }>(
        tx,
        sql`select count(*)::int as n from budget_item_templates where archived_at is null`,
      );
      if (Number(active?.n ?? 0) === 0) throw httpError(409, M.noTemplates);
    }
    const row = await queryOne<{ id: number }>(
      tx,
      sql`insert into budgets (entity_type, entity_id, year, name, status, copied_from_id, created_by)
          values (${entity.type}, ${entity.id}, ${year}, ${`Budget ${year}`}, 'draft', ${copiedFrom}, ${actor.userId})
          on conflict (entity_type, entity_id, year) do nothing
          returning id`,
    );
    if (!row) throw httpError(409, M.budgetExists);
    const id = Number(row.id);
    if (copiedFrom !== null)
      await tx.execute(
        sql`insert into budget_lines (budget_id, budget_item_template_id, category, amount)
            select ${id}, bl.budget_item_template_id, t.category, bl.amount
            from budget_lines bl join budget_item_templates t on t.id = bl.budget_item_template_id
            where bl.budget_id = ${copiedFrom} and t.archived_at is null
            order by bl.id`,
      );
    else
      await tx.execute(
        sql`insert into budget_lines (budget_id, budget_item_template_id, category, amount)
            select ${id}, t.id, t.category, 0 from budget_item_templates t
            where t.archived_at is null order by t.category desc, t.position, t.name, t.id`,
      );
    await audit(tx, {
      userId: actor.userId,
      action: 'budget.create',
      entityType: 'budget',
      entityId: id,
      data: { entity_type: entity.type, entity_id: entity.id, year, source, copied_from_id: copiedFrom },
      ip: actor.ip,
    });
    return id;
  });
}

export type BudgetLinesInput = z.output<typeof budgetLinesBodySchema>;

/**
 * Sets the lines of a draft or rejected budget to `body.lines` (amounts per template item), for a
 * holder of budget:update or budget:create on its entity: new items must be active; a line that
 * expense requests use stays. Its name too when given.
 */
export async function updateLines(db: Db, gate: Gate, id: number, body: BudgetLinesInput): Promise<void> {
  const { actor } = gate;
  await db.transaction(async (tx) => {
    const facts = await loadBudgetFacts(tx, id, true);
    await gate.authorize(budgetEntity(facts), WRITE_CODES, { db: tx });
    await assertRecordYearOpen(tx, budgetEntity(facts), facts.year);
    if (facts.status !== 'draft' && facts.status !== 'rejected') throw httpError(409, M.editLocked);

    const ids = body.lines.map((l) => l.budget_item_template_id);
    if (new Set(ids).size !== ids.length) throw httpError(400, M.lineDuplicate);
    const current = await queryRows<{ id: number; template_id: number; used: boolean }>(
      tx,
      sql`select bl.id, bl.budget_item_template_id as template_id,
                 exists (select 1 from expense_requests er where er.budget_line_id = bl.id) as used
          from budget_lines bl where bl.budget_id = ${id}`,
    );
    const currentByTemplate = new Map(current.map((l) => [Number(l.template_id), l]));
    const templates = ids.length
      ? await queryRows<{ id: number; category: 'INCOME' | 'EXPENSE'; archived: boolean }>(
          tx,
          sql`select id, category, archived_at is not null as archived from budget_item_templates
              where id = any(${`{${ids.join(',')}}`}::int[])`,
        )
      : [];
    const templateById = new Map(templates.map((t) => [Number(t.id), t]));
    for (const templateId of ids) {
      const template = templateById.get(templateId);
      if (!template) throw httpError(400, M.lineTemplateUnknown);
      if (template.archived && !currentByTemplate.has(templateId))
        throw httpError(409, M.lineTemplateArchived);
    }
    const kept = new Set(ids);
    const removed = current.filter((l) => !kept.has(Number(l.template_id)));
    if (removed.some((l) => l.used)) throw httpError(409, M.lineUsed);

    if (removed.length)
      await tx.execute(
        sql`delete from budget_lines where id = any(${`{${removed.map((l) => Number(l.id)).join(',')}}`}::int[])`,
      );
    for (const line of body.lines) {
      const template = templateById.get(line.budget_item_template_id)!;
      await tx.execute(
        sql`insert into budget_lines (budget_id, budget_item_template_id, category, amount)
            values (${id}, ${line.budget_item_template_id}, ${template.category}, ${line.amount})
            on conflict (budget_id, budget_item_template_id) do update set amount = excluded.amount`,
      );
    }
    await tx.execute(
      sql`update budgets set name = coalesce(${body.name ?? null}, name), updated_at = now() where id = ${id}`,
    );
    const totals = await queryOne<{ income: number; expense: number }>(
      tx,
      sql`select coalesce(sum(amount) filter (where category = 'INCOME'), 0)::bigint as income,
                 coalesce(sum(amount) filter (where category = 'EXPENSE'), 0)::bigint as expense
          from budget_lines where budget_id = ${id}`,
    );
    await audit(tx, {
      userId: actor.userId,
      action: 'budget.update',
      entityType: 'budget',
      entityId: id,
      data: {
        lines: body.lines.length,
        removed: removed.length,
        total_income: Number(totals?.income ?? 0),
        total_expense: Number(totals?.expense ?? 0),
        ...(body.name ? { name: body.name } : {}),
      },
      ip: actor.ip,
    });
  });
}

const TRANSITIONS: Record<
  BudgetTransition,
  { from: BudgetFacts['status'][]; to: BudgetFacts['status']; refused: string; set: ReturnType<typeof sql> }
> = {
  submit: {
    from: ['draft', 'rejected'],
    to: 'submitted',
    refused: M.submitNotAllowed,
    set: sql`submitted_at = now(), submitted_by = `,
  },
  approve: {
    from: ['submitted'],
    to: 'approved',
    refused: M.approveNotAllowed,
    set: sql`approved_at = now(), approved_by = `,
  },
  reject: {
    from: ['submitted'],
    to: 'rejected',
    refused: M.rejectNotAllowed,
    set: sql`rejected_at = now(), rejected_by = `,
  },
  finalize: {
    from: ['approved'],
    to: 'finalized',
    refused: M.finalizeNotAllowed,
    set: sql`finalized_at = now(), finalized_by = `,
  },
};

/**
 * Moves a budget along its life: who may (authorizeTransition) first, then the rule; `reason` for a
 * rejection.
 */
export async function transition(
  db: Db,
  gate: Gate,
  id: number,
  action: BudgetTransition,
  reason?: string,
): Promise<void> {
  const { actor } = gate;
  await db.transaction(async (tx) => {
    const facts = await loadBudgetFacts(tx, id, true);
    const entity = budgetEntity(facts);
    await authorizeTransition(gate, action, entity, () => approverOf(tx, entity), tx);
    await assertRecordYearOpen(tx, entity, facts.year);
    const rule = TRANSITIONS[action];
    if (!rule.from.includes(facts.status)) throw httpError(409, rule.refused);
    if (action === 'submit') {
      const lines = await queryOne<{ n: number }>(
        tx,
        sql`select count(*)::int as n from budget_lines where budget_id = ${id}`,
      );
      if (Number(lines?.n ?? 0) === 0) throw httpError(409, M.submitEmpty);
    }
    await tx.execute(
      sql`update budgets set status = ${rule.to}, ${rule.set}${actor.userId},
            rejection_reason = ${action === 'reject' ? (reason ?? null) : action === 'submit' ? null : sql`rejection_reason`},
            updated_at = now()
          where id = ${id}`,
    );
    await audit(tx, {
      userId: actor.userId,
      action: `budget.${action}`,
      entityType: 'budget',
      entityId: id,
      data: { from: facts.status, to: rule.to, ...(reason ? { reason } : {}) },
      ip: actor.ip,
    });
  });
}

/**
 * Deletes a draft budget and its lines (none of which an expense request uses), for a holder of
 * budget:delete or budget:update on its entity.
 */
export async function deleteBudget(db: Db, gate: Gate, id: number): Promise<void> {
  const { actor } = gate;
  await db.transaction(async (tx) => {
    const facts = await loadBudgetFacts(tx, id, true);
    await gate.authorize(budgetEntity(facts), ['budget:delete', 'budget:update'], { db: tx });
    await assertRecordYearOpen(tx, budgetEntity(facts), facts.year);
    if (facts.status !== 'draft') throw httpError(409, M.deleteLocked);
    const used = await queryOne<{ used: boolean }>(
      tx,
      sql`select exists (select 1 from expense_requests er join budget_lines bl on bl.id = er.budget_line_id
                         where bl.budget_id = ${id}) as used`,
    );
    if (used?.used) throw httpError(409, M.lineUsed);
    await tx.execute(sql`delete from budgets where id = ${id}`);
    await audit(tx, {
      userId: actor.userId,
      action: 'budget.delete',
      entityType: 'budget',
      entityId: id,
      data: { entity_type: facts.entity_type, entity_id: facts.entity_id, year: facts.year },
      ip: actor.ip,
    });
  });
}
