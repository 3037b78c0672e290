import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BUDGET_MESSAGES,
  type BudgetTemplate,
  type TemplateAccount,
  type templateBodySchema,
} from '../../../../contract/budgets';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { isoString, queryOne, queryRows } from '../../db/query';
import { httpError } from '../../http/errors';
import type { Actor } from '../../http/authorize';

// The budget templates ('modèles de budget'): the denomination's items, each INCOME or EXPENSE, with an
// optional operation account and an order. An item a budget uses is archived, never deleted. Each write
// runs in one transaction with its audit record (budget:manage anywhere, authorised by the caller).

const M = BUDGET_MESSAGES;

type TemplateRow = {
  id: number;
  name: string;
  category: 'INCOME' | 'EXPENSE';
  account_id: number | null;
  account_code: string | null;
  account_name: string | null;
  position: number;
  archived_at: Date | string | null;
  used_by: number;
};

const SELECT = sql`select t.id, t.name, t.category, a.id as account_id, a.code as account_code,
    a.name as account_name, t.position, t.archived_at,
    (select count(distinct bl.budget_id)::int from budget_lines bl where bl.budget_item_template_id = t.id) as used_by
  from budget_item_templates t left join operation_accounts a on a.id = t.operation_account_id`;

function templateOf(row: TemplateRow): BudgetTemplate {
  return {
    id: Number(row.id),
    name: row.name,
    category: row.category,
    operation_account:
      row.account_id === null
        ? null
        : { id: Number(row.account_id), code: String(row.account_code), name: String(row.account_name) },
    position: Number(row.position),
    archived_at: row.archived_at === null ? null : isoString(row.archived_at),
    used_by: Number(row.used_by),
  };
}

/** The items in category (income first), order, name order; the archived ones only when asked. */
export async function listTemplates(db: Db, archived: boolean): Promise<BudgetTemplate[]> {
  const rows = await queryRows<TemplateRow>(
    db,
    sql`${SELECT} ${archived ? sql`` : sql`where t.archived_at is null`}
        order by t.category desc, t.position, t.name, t.id`,
  );
  return rows.map(templateOf);
}

export async function loadTemplate(db: Db, id: number): Promise<BudgetTemplate> {
  const row = await queryOne<TemplateRow>(db, sql`${SELECT} where t.id = ${id}`);
  if (!row) throw httpError(404, M.templateNotFound);
  return templateOf(row);
}

export type TemplateInput = z.output<typeof templateBodySchema>;

/** The account must exist and match the category: receipts for INCOME, expenses for EXPENSE. */
async function assertAccount(tx: Db, accountId: number | null | undefined, category: string) {
  if (!accountId) return;
  const row = await queryOne<{ kind: string }>(
    tx,
    sql`select c.kind from operation_accounts a
        join operation_account_categories c on c.id = a.category_id where a.id = ${accountId}`,
  );
  if (!row) throw httpError(404, M.templateAccountNotFound);
  const kind = row.kind;
  if ((category === 'INCOME' && kind !== 'receipt') || (category === 'EXPENSE' && kind !== 'expense'))
    throw httpError(409, M.templateAccountKind);
}

async function assertUniqueName(tx: Db, input: TemplateInput, exceptId: number | null) {
  const row = await queryOne<{ id: number }>(
    tx,
    sql`select id from budget_item_templates
        where lower(name) = lower(${input.name}) and category = ${input.category}
          and archived_at is null and (${exceptId}::int is null or id <> ${exceptId})`,
  );
  if (row) throw httpError(409, M.templateDuplicate);
}

/** A new item, answered as the list shows it. */
export async function createTemplate(db: Db, actor: Actor, input: TemplateInput): Promise<BudgetTemplate> {
  const id = await db.transaction(async (tx) => {
    await assertAccount(tx, input.operation_account_id, input.category);
    await assertUniqueName(tx, input, null);
    const row = await queryOne<{ id: number }>(
      tx,
      sql`insert into budget_item_templates (name, category, operation_account_id, position)
          values (${input.name}, ${input.category}, ${input.operation_account_id ?? null}, ${input.position})
          returning id`,
    );
    const created = Number(row!.id);
    await audit(tx, {
      userId: actor.userId,
      action: 'budget_template.create',
      entityType: 'budget_item_template',
      entityId: created,
      data: { ...input },
      ip: actor.ip,
    });
    return created;
  });
  return loadTemplate(db, id);
}

/**
 * Changes an item; its category stays once a budget uses it (the lines keep theirs). Archived items
 * are restored before they change.
 */
export async function updateTemplate(
  db: Db,
  actor: Actor,
  id: number,
  input: TemplateInput,
): Promise<BudgetTemplate> {
  await db.transaction(async (tx) => {
    const current = await loadTemplate(tx, id);
    if (current.archived_at) throw httpError(409, M.templateArchived);
    if (current.used_by > 0 && current.category !== input.category)
      throw httpError(409, 'Cette rubrique est utilisée par un budget : sa catégorie ne peut plus changer.');
    await assertAccount(tx, input.operation_account_id, input.category);
    await assertUniqueName(tx, input, id);
    await tx.execute(
      sql`update budget_item_templates set name = ${input.name}, category = ${input.category},
            operation_account_id = ${input.operation_account_id ?? null}, position = ${input.position},
            updated_at = now()
          where id = ${id}`,
    );
    await audit(tx, {
      userId: actor.userId,
      action: 'budget_template.update',
      entityType: 'budget_item_template',
      entityId: id,
      data: { before: { name: current.name, category: current.category }, after: { ...input } },
      ip: actor.ip,
    });
  });
  return loadTemplate(db, id);
}

/** Archives an item (the budgets that use it keep it), or restores it. */
export async function archiveTemplate(
  db: Db,
  actor: Actor,
  id: number,
  archive: boolean,
): Promise<BudgetTemplate> {
  await db.transaction(async (tx) => {
    const current = await loadTemplate(tx, id);
    if (archive && current.archived_at) throw httpError(409, M.templateArchived);
    if (!archive && !current.archived_at) throw httpError(409, M.templateNotArchived);
    if (!archive)
      await assertUniqueName(
        tx,
        {
          name: current.name,
          category: current.category,
          position: current.position,
          operation_account_id: null,
        },
        id,
      );
    await tx.execute(
      archive
        ? sql`update budget_item_templates set archived_at = now(), archived_by = ${actor.userId}, updated_at = now() where id = ${id}`
        : sql`update budget_item_templates set archived_at = null, archived_by = null, updated_at = now() where id = ${id}`,
    );
    await audit(tx, {
      userId: actor.userId,
      action: archive ? 'budget_template.archive' : 'budget_template.restore',
      entityType: 'budget_item_template',
      entityId: id,
      data: { name: current.name },
      ip: actor.ip,
    });
  });
  return loadTemplate(db, id);
}

/** Deletes an item no budget uses (409 otherwise: archive it). */
export async function deleteTemplate(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await loadTemplate(tx, id);
    if (current.used_by > 0) throw httpError(409, M.templateUsed);
    await tx.execute(sql`delete from budget_item_templates where id = ${id}`);
    await audit(tx, {
      userId: actor.userId,
      action: 'budget_template.delete',
      entityType: 'budget_item_template',
      entityId: id,
      data: { name: current.name, category: current.category },
      ip: actor.ip,
    });
  });
}

/** The denomination's active receipt and expense accounts, which an item may follow. */
export async function templateAccounts(db: Db): Promise<TemplateAccount[]> {
  const rows = await queryRows<{ id: number; code: string; name: string; kind: string }>(
    db,
    sql`select a.id, a.code, a.name, c.kind from operation_accounts a
        join operation_account_categories c on c.id = a.category_id
        where a.active and a.entity_type is null and c.kind in ('receipt', 'expense')
        order by a.code`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    code: r.code,
    name: r.name,
    category: r.kind === 'receipt' ? 'INCOME' : 'EXPENSE',
  }));
}
