import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOne, queryRows } from '../../server/src/db/query';
import {
  closeBudgetApp,
  ids,
  openBudgetApp,
  req,
  PASTOR,
  REGION,
  SECTION,
  section,
  t,
  TREASURER,
  YEAR,
  type Budget,
} from './budgets-setup';
import { json, message } from './expenses-setup';

// Decision 0021: budget templates, budgets per fiscal year, approval by the level above (budget against
// actual and the consolidated view: budgets-actuals.test.ts).

beforeAll(openBudgetApp);
afterAll(closeBudgetApp);

async function budgetOf(login: string, id: number): Promise<Budget> {
  const response = await req(login, 'GET', `/api/budgets/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: Budget }>(response).data;
}

async function audits(id: number): Promise<string[]> {
  const rows = await queryRows<{ action: string }>(
    t.db,
    sql`select action from audit_log where entity_type = 'budget' and entity_id = ${id} order by id`,
  );
  return rows.map((r) => r.action);
}

describe('budget templates (admin)', () => {
  it('lists the active items in order, creates, edits, archives and deletes with French messages', async () => {
    const list = await req(TREASURER, 'GET', '/api/budget-item-templates');
    expect(list.statusCode).toBe(200);
    const items = json<{ data: Array<{ name: string; category: string; used_by: number }> }>(list).data;
    expect(items[0]).toMatchObject({ name: 'Dîmes', category: 'INCOME' });
    expect(items.find((i) => i.name === 'Entretien des locaux')!.used_by).toBeGreaterThan(0);

    const denied = await req(TREASURER, 'POST', '/api/budget-item-templates', {
      name: 'X',
      category: 'EXPENSE',
    });
    expect(denied.statusCode).toBe(403);
    expect(message(denied)).toBe("Seul l'administrateur gère les modèles de budget.");

    const invalid = await req('admin@example.org', 'POST', '/api/budget-item-templates', {
      name: ' ',
      category: 'X',
    });
    expect(invalid.statusCode).toBe(400);
    expect(json<{ errors: Array<{ field: string; message: string }> }>(invalid).errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Le nom de la rubrique est obligatoire.' },
        { field: 'category', message: 'La catégorie doit être « Recette » ou « Dépense ».' },
      ]),
    );
    const duplicate = await req('admin@example.org', 'POST', '/api/budget-item-templates', {
      name: 'dîmes',
      category: 'INCOME',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(message(duplicate)).toBe('Une rubrique de cette catégorie porte déjà ce nom.');
    const wrongAccount = await req('admin@example.org', 'POST', '/api/budget-item-templates', {
      name: 'Loyer',
      category: 'EXPENSE',
      operation_account_id: (await queryOne<{ id: number }>(
        t.db,
        sql`select id from operation_accounts where code = '7581'`,
      ))!.id,
    });
    expect(wrongAccount.statusCode).toBe(409);

    const created = await req('admin@example.org', 'POST', '/api/budget-item-templates', {
      name: 'Loyer du temple',
      category: 'EXPENSE',
      operation_account_id: ids.supplies,
      position: 5,
    });
    expect(created.statusCode, created.body).toBe(201);
    const item = json<{ data: { id: number; operation_account: { code: string } } }>(created).data;
    expect(item.operation_account.code).toBe('6047');
    const edited = await req('admin@example.org', 'PUT', `/api/budget-item-templates/${item.id}`, {
      name: 'Loyer',
      category: 'EXPENSE',
      position: 7,
    });
    expect(json<{ data: { name: string; operation_account: null } }>(edited).data).toMatchObject({
      name: 'Loyer',
      operation_account: null,
    });
    expect(
      (await req('admin@example.org', 'DELETE', `/api/budget-item-templates/${item.id}`)).statusCode,
    ).toBe(200);

    // an item a budget uses is archived, never deleted
    const used = items.find((i) => i.name === 'Équipements et matériel') as unknown as { id: number };
    const refused = await req('admin@example.org', 'DELETE', `/api/budget-item-templates/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe(
      'Cette rubrique est utilisée par un budget : archivez-la plutôt que de la supprimer.',
    );
    const archived = await req('admin@example.org', 'POST', `/api/budget-item-templates/${used.id}/archive`);
    expect(json<{ data: { archived_at: string | null } }>(archived).data.archived_at).not.toBeNull();
    const active = json<{ data: Array<{ id: number }> }>(
      await req(TREASURER, 'GET', '/api/budget-item-templates'),
    );
    expect(active.data.some((i) => i.id === used.id)).toBe(false);
    const all = json<{ data: Array<{ id: number }> }>(
      await req(TREASURER, 'GET', '/api/budget-item-templates?archived=true'),
    );
    expect(all.data.some((i) => i.id === used.id)).toBe(true);
    expect(
      (await req('admin@example.org', 'POST', `/api/budget-item-templates/${used.id}/restore`)).statusCode,
    ).toBe(200);
    const actions = await queryRows<{ action: string }>(
      t.db,
      sql`select action from audit_log where entity_type = 'budget_item_template' order by id`,
    );
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'budget_template.create',
        'budget_template.update',
        'budget_template.delete',
        'budget_template.archive',
        'budget_template.restore',
      ]),
    );
  });
});

describe('budgets: lists, creation, lines, transitions', () => {
  it('lists the church’s own budgets; the section its own and those submitted below', async () => {
    const church = await req(TREASURER, 'GET', `/api/budgets?entity_type=CHURCH&entity_id=${ids.church1}`);
    expect(church.statusCode).toBe(200);
    const own = json<{ data: Budget[]; below: Budget[]; can: { create: boolean } }>(church);
    expect(own.data.map((b) => [b.year, b.status])).toEqual([
      [YEAR, 'approved'],
      [YEAR - 1, 'finalized'],
    ]);
    expect(own.data[0].approved?.by).toBeTruthy();
    expect(own.below).toEqual([]);
    expect(own.can.create).toBe(true);

    const sectionList = json<{ data: Budget[]; below: Budget[] }>(
      await req(SECTION, 'GET', `/api/budgets?entity_type=SECTION&entity_id=${section}`),
    );
    expect(sectionList.data).toHaveLength(1);
    expect(sectionList.below[0].status).toBe('submitted');
    expect(sectionList.below.map((b) => b.status)).toEqual(expect.arrayContaining(['approved', 'rejected']));
    expect(sectionList.below.some((b) => b.status === 'draft')).toBe(false);
    expect(sectionList.below.every((b) => b.entity_type === 'CHURCH')).toBe(true);

    const refused = await req(
      ids.otherTreasurer,
      'GET',
      `/api/budgets?entity_type=CHURCH&entity_id=${ids.church1}`,
    );
    expect(refused.statusCode).toBe(403);
    expect((await req(TREASURER, 'GET', '/api/budgets?entity_type=PLANET&entity_id=1')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/budgets/1` })).statusCode).toBe(401);
  });

  it('copies last year’s budget into a draft, edits it, submits; the section approves then finalises', async () => {
    const copy = await req(TREASURER, 'POST', '/api/budgets', {
      entity_type: 'CHURCH',
      entity_id: ids.church1,
      year: YEAR + 1,
      source: 'copy',
    });
    expect(copy.statusCode, copy.body).toBe(201);
    const draft = json<{ data: Budget }>(copy).data;
    const current = json<{ data: Budget }>(
      await req(TREASURER, 'GET', `/api/budgets/current?entity_type=CHURCH&entity_id=${ids.church1}`),
    ).data;
    expect(draft).toMatchObject({ status: 'draft', year: YEAR + 1, copied_from_id: current.id });
    expect(draft.total_expense).toBe(current.total_expense);
    expect(draft.lines!.map((l) => l.amount)).toEqual(current.lines!.map((l) => l.amount));
    expect(draft.can).toMatchObject({ edit: true, submit: true, approve: false });

    const again = await req(TREASURER, 'POST', '/api/budgets', {
      entity_type: 'CHURCH',
      entity_id: ids.church1,
      year: YEAR + 1,
      source: 'templates',
    });
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe('Un budget existe déjà pour cette entité et cet exercice.');
    const nothing = await req(TREASURER, 'POST', '/api/budgets', {
      entity_type: 'CHURCH',
      entity_id: ids.church1,
      year: YEAR + 5,
      source: 'copy',
    });
    expect(nothing.statusCode).toBe(409);
    expect(message(nothing)).toBe("Aucun budget de l'exercice précédent à copier pour cette entité.");
    const badYear = await req(TREASURER, 'POST', '/api/budgets', {
      entity_type: 'CHURCH',
      entity_id: ids.church1,
      year: 1990,
      source: 'copy',
    });
    expect(badYear.statusCode).toBe(400);
    expect(message(badYear)).toContain("L'exercice doit être une année entre 2000 et 2100.");
    const foreign = await req(ids.otherTreasurer, 'POST', '/api/budgets', {
      entity_type: 'CHURCH',
      entity_id: ids.church1,
      year: YEAR + 3,
      source: 'templates',
    });
    expect(foreign.statusCode).toBe(403);

    // edit the lines
    const lines = draft.lines!.map((l) => ({
      budget_item_template_id: l.budget_item_template_id,
      amount: l.amount,
    }));
    lines[0].amount = 1_234_000;
    const negative = await req(TREASURER, 'PUT', `/api/budgets/${draft.id}`, {
      lines: [{ ...lines[0], amount: -5 }],
    });
    expect(negative.statusCode).toBe(400);
    expect(message(negative)).toContain('Le montant doit être un nombre entier positif ou nul (F CFA).');
    const duplicate = await req(TREASURER, 'PUT', `/api/budgets/${draft.id}`, {
      lines: [lines[0], lines[0]],
    });
    expect(duplicate.statusCode).toBe(400);
    expect(message(duplicate)).toBe('Une rubrique figure deux fois dans le budget.');
    const edited = await req(TREASURER, 'PUT', `/api/budgets/${draft.id}`, {
      lines,
      name: 'Budget prévisionnel',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json<{ data: Budget }>(edited).data.lines![0].amount).toBe(1_234_000);
    expect((await req(ids.otherTreasurer, 'PUT', `/api/budgets/${draft.id}`, { lines })).statusCode).toBe(
      403,
    );

    // submit; the church's own pastor cannot approve its budget: the level above does
    expect((await req(SECTION, 'POST', `/api/budgets/${draft.id}/approve`)).statusCode).toBe(409);
    const submitted = await req(TREASURER, 'POST', `/api/budgets/${draft.id}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(json<{ data: Budget }>(submitted).data.status).toBe('submitted');
    const locked = await req(TREASURER, 'PUT', `/api/budgets/${draft.id}`, { lines });
    expect(locked.statusCode).toBe(409);
    expect(message(locked)).toBe('Seul un budget en brouillon ou rejeté peut être modifié.');
    const byPastor = await req(PASTOR, 'POST', `/api/budgets/${draft.id}/approve`);
    expect(byPastor.statusCode).toBe(403);
    expect(message(byPastor)).toBe(
      "L'approbation, le rejet et la finalisation reviennent au niveau supérieur.",
    );
    expect((await req(TREASURER, 'POST', `/api/budgets/${draft.id}/approve`)).statusCode).toBe(403);
    const seen = await budgetOf(SECTION, draft.id);
    expect(seen.can).toMatchObject({ approve: true, reject: true, finalize: false, edit: false });
    expect((await req(SECTION, 'POST', `/api/budgets/${draft.id}/finalize`)).statusCode).toBe(409);
    const approved = await req(SECTION, 'POST', `/api/budgets/${draft.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(json<{ data: Budget }>(approved).data).toMatchObject({ status: 'approved', with_actuals: true });
    const twice = await req(SECTION, 'POST', `/api/budgets/${draft.id}/approve`);
    expect(twice.statusCode).toBe(409);
    expect(message(twice)).toBe('Seul un budget soumis peut être approuvé.');
    expect((await req(TREASURER, 'POST', `/api/budgets/${draft.id}/finalize`)).statusCode).toBe(403);
    const finalized = await req(SECTION, 'POST', `/api/budgets/${draft.id}/finalize`);
    expect(json<{ data: Budget }>(finalized).data.status).toBe('finalized');
    expect(await audits(draft.id)).toEqual([
      'budget.create',
      'budget.update',
      'budget.submit',
      'budget.approve',
      'budget.finalize',
    ]);
  });

  it('rejects with a reason; the church edits and submits again; drafts alone are deleted', async () => {
    const created = await req(TREASURER, 'POST', '/api/budgets', {
      entity_type: 'CHURCH',
      entity_id: ids.church1,
      year: YEAR + 2,
      source: 'templates',
    });
    expect(created.statusCode, created.body).toBe(201);
    const budget = json<{ data: Budget }>(created).data;
    expect(budget.lines!.every((l) => l.amount === 0)).toBe(true);
    expect(budget.lines!.length).toBeGreaterThanOrEqual(10);
    expect((await req(SECTION, 'POST', `/api/budgets/${budget.id}/reject`, { reason: 'x' })).statusCode).toBe(
      409,
    );
    expect((await req(TREASURER, 'POST', `/api/budgets/${budget.id}/submit`)).statusCode).toBe(200);
    const noReason = await req(SECTION, 'POST', `/api/budgets/${budget.id}/reject`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(message(noReason)).toContain('Le motif du rejet est obligatoire.');
    expect(
      (await req(PASTOR, 'POST', `/api/budgets/${budget.id}/reject`, { reason: 'Non' })).statusCode,
    ).toBe(403);
    const rejected = await req(SECTION, 'POST', `/api/budgets/${budget.id}/reject`, {
      reason: 'Prévoir les missions',
    });
    expect(json<{ data: Budget }>(rejected).data).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Prévoir les missions',
    });
    const deleteRejected = await req(TREASURER, 'DELETE', `/api/budgets/${budget.id}`);
    expect(deleteRejected.statusCode).toBe(409);
    expect(message(deleteRejected)).toBe('Seul un budget en brouillon peut être supprimé.');
    const lines = budget.lines!.map((l) => ({
      budget_item_template_id: l.budget_item_template_id,
      amount: 50_000,
    }));
    expect((await req(TREASURER, 'PUT', `/api/budgets/${budget.id}`, { lines })).statusCode).toBe(200);
    const resubmitted = await req(TREASURER, 'POST', `/api/budgets/${budget.id}/submit`);
    expect(json<{ data: Budget }>(resubmitted).data).toMatchObject({
      status: 'submitted',
      rejection_reason: null,
    });
    expect(await audits(budget.id)).toEqual([
      'budget.create',
      'budget.submit',
      'budget.reject',
      'budget.update',
      'budget.submit',
    ]);

    const empty = await req(TREASURER, 'POST', '/api/budgets', {
      entity_type: 'CHURCH',
      entity_id: ids.church1,
      year: YEAR + 4,
      source: 'templates',
    });
    const emptyId = json<{ data: Budget }>(empty).data.id;
    expect((await req(TREASURER, 'PUT', `/api/budgets/${emptyId}`, { lines: [] })).statusCode).toBe(200);
    const noLines = await req(TREASURER, 'POST', `/api/budgets/${emptyId}/submit`);
    expect(noLines.statusCode).toBe(409);
    expect(message(noLines)).toBe('Le budget doit avoir au moins une ligne pour être soumis.');
    expect((await req(TREASURER, 'DELETE', `/api/budgets/${emptyId}`)).statusCode).toBe(200);
    expect((await req(TREASURER, 'GET', `/api/budgets/${emptyId}`)).statusCode).toBe(404);
  });

  it('the region approves its sections’ budgets, not its churches’; the national office its regions’', async () => {
    const submitted = await queryOne<{ id: number }>(
      t.db,
      sql`select id from budgets where entity_type = 'section' and status = 'submitted' and year = ${YEAR}`,
    );
    expect((await req(SECTION, 'POST', `/api/budgets/${submitted!.id}/approve`)).statusCode).toBe(403);
    expect((await req(REGION, 'POST', `/api/budgets/${submitted!.id}/approve`)).statusCode).toBe(200);
    const churchBudget = await queryOne<{ id: number }>(
      t.db,
      sql`select id from budgets where entity_type = 'church' and status = 'submitted' and year = ${YEAR}`,
    );
    // the region president holds the permission on the section that approves the church: allowed
    const regionOnChurch = await budgetOf(REGION, churchBudget!.id);
    expect(regionOnChurch.can.approve).toBe(true);
    const regionBudget = await queryOne<{ id: number }>(
      t.db,
      sql`select b.id from budgets b join regions r on r.id = b.entity_id
          where b.entity_type = 'region' and b.year = ${YEAR} order by r.id limit 1`,
    );
    await t.db.execute(sql`update budgets set status = 'submitted' where id = ${regionBudget!.id}`);
    expect((await req(REGION, 'POST', `/api/budgets/${regionBudget!.id}/approve`)).statusCode).toBe(403);
    // the national treasurer holds no budget:approve (a leader's permission)
    expect(
      (await req('national@example.org', 'POST', `/api/budgets/${regionBudget!.id}/approve`)).statusCode,
    ).toBe(403);
    expect(
      (await req('admin@example.org', 'POST', `/api/budgets/${regionBudget!.id}/approve`)).statusCode,
    ).toBe(200);
  });

  it('shows the lines only with budget:view_lines (or to the approver)', async () => {
    const fidele = await queryOne<{ id: number }>(
      t.db,
      sql`select id from users where email = 'fidele@example.org'`,
    );
    await t.db.execute(
      sql`insert into role_assignments (user_id, role_id, "group", group_id)
          select ${fidele!.id}, id, 'churches', ${ids.church1} from roles where code = 'church::conseiller'`,
    );
    const current = await req(
      'fidele@example.org',
      'GET',
      `/api/budgets/current?entity_type=CHURCH&entity_id=${ids.church1}`,
    );
    expect(current.statusCode, current.body).toBe(200);
    const data = json<{ data: Budget }>(current).data;
    expect(data.lines).toBeNull();
    expect(data.totals).toBeNull();
    expect(data.total_expense).toBeGreaterThan(0);
    expect(
      (
        await req(
          'fidele@example.org',
          'GET',
          `/api/budgets/consolidated?entity_type=SECTION&entity_id=${section}`,
        )
      ).statusCode,
    ).toBe(403);
    expect((await budgetOf(TREASURER, data.id)).lines).not.toBeNull();
  });
});
