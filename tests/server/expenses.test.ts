import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expenseRequestAnswerSchema,
  expenseRequestBalanceAnswerSchema,
  expenseRequestListSchema,
} from '../../contract/expenses';
import { queryOne, queryRows } from '../../server/src/db/query';
import type { TestApp } from './helpers';
import {
  approve,
  createRequest,
  detail,
  expenseTestApp,
  json,
  line,
  message,
  payment,
  requestBody,
  type ExpenseIds,
} from './expenses-setup';

let t: TestApp;
let ids: ExpenseIds;
let dataDir: string;

beforeAll(async () => {
  ({ t, ids, dataDir } = await expenseTestApp());
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (login: string, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.as(login, { method: 'POST', url, payload: payload as Record<string, unknown>, headers });
const put = (login: string, url: string, payload: unknown = {}, headers: Record<string, string> = {}) =>
  t.as(login, { method: 'PUT', url, payload: payload as Record<string, unknown>, headers });
const get = (login: string, url: string) => t.as(login, { method: 'GET', url });
const del = (login: string, url: string) => t.as(login, { method: 'DELETE', url });

describe('creation and validation (SPEC.md section 5)', () => {
  it('answers 400 with the exact French messages', async () => {
    const empty = await post('tresorier@example.org', '/api/expense-requests', {});
    expect(empty.statusCode).toBe(400);
    const fields = json<{ errors: Array<{ field: string; message: string }> }>(empty).errors;
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: 'description', message: 'Ce champ est requis.' },
        { field: 'operation_account_id', message: 'Ce champ est requis.' },
        { field: 'made_at', message: 'Ce champ est requis.' },
      ]),
    );

    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ expenses: [line('', 1, 1)] }, 'expenses.0.name', 'Ce champ est requis.'],
      [{ expenses: [{ name: 'A', unit_price: 1 }] }, 'expenses.0.quantity', 'Ce champ est requis.'],
      [{ expenses: [line('A', 'x' as unknown as number, 1)] }, 'expenses.0.quantity', 'Format non valide.'],
      [
        { expenses: [line('A', 1, 'abc' as unknown as number)] },
        'expenses.0.unit_price',
        'Format non valide.',
      ],
      [
        { expenses: [line('A', 1, 1, { donation_type: 'individual', recipient_last_name: 'Kouassi' })] },
        'expenses.0.recipient_first_name',
        'Le prénom est requis pour une personne physique',
      ],
      [
        { expenses: [line('A', 1, 1, { donation_type: 'individual', recipient_first_name: 'Awa' })] },
        'expenses.0.recipient_last_name',
        'Le nom est requis pour une personne physique',
      ],
      [
        { expenses: [line('A', 1, 1, { donation_type: 'legal_entity', recipient_company_name: '' })] },
        'expenses.0.recipient_company_name',
        "Le nom de l'entreprise est requis pour une personne morale",
      ],
      [
        {
          expenses: [
            line('A', 1, 1, {
              donation_type: 'legal_entity',
              recipient_company_name: 'SARL',
              recipient_company_email: 'pas-un-email',
            }),
          ],
        },
        'expenses.0.recipient_company_email',
        'Format email invalide',
      ],
      [
        { expenses: [line('A', 1, 1, { donation_type: 'system_entity' })] },
        'expenses.0.recipient_entity_type',
        "Le type d'entité est requis",
      ],
      [
        { expenses: [line('A', 1, 1, { donation_type: 'system_entity', recipient_entity_type: 'church' })] },
        'expenses.0.recipient_entity_id',
        "L'entité est requise",
      ],
      [{ made_at: '1899-12-31T10:00:00Z' }, 'made_at', 'La date ne peut pas être antérieure au 01/01/1900.'],
      [{ entity_type: 'PLANET' }, 'entity_type', "Type d'entité non supporté"],
      [{ expenses: [] }, 'expenses', 'Ajoutez au moins une dépense.'],
      [{ status: 'approved' }, 'status', "Une demande est toujours créée en attente d'approbation."],
    ];
    for (const [overrides, field, text] of cases) {
      const response = await post(
        'tresorier@example.org',
        '/api/expense-requests',
        requestBody(ids, overrides),
      );
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(json<{ errors: Array<{ field: string; message: string }> }>(response).errors).toContainEqual({
        field,
        message: text,
      });
    }
  });

  it('refuses an account that is not an expense account of the entity, a foreign budget line', async () => {
    const wrong = await post(
      'tresorier@example.org',
      '/api/expense-requests',
      requestBody(ids, { operation_account_id: ids.cash }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(message(wrong)).toBe(
      "Ce type de dépense n'est pas un compte de charges ou d'actifs autorisé pour cette entité.",
    );
    const foreignLine = await queryOne<{ id: number }>(
      t.db,
      sql`select bl.id from budget_lines bl join budgets b on b.id = bl.budget_id
          where b.entity_type = 'church' and b.entity_id = ${ids.otherChurch} limit 1`,
    );
    const response = await post(
      'tresorier@example.org',
      '/api/expense-requests',
      requestBody(ids, { budget_line_id: Number(foreignLine!.id) }),
    );
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe("Cette ligne budgétaire n'appartient pas à cette entité.");
  });

  it('creates a pending request with its lines, keeping only the fields of each donation type', async () => {
    const budgetLine = await queryOne<{ id: number }>(
      t.db,
      sql`select bl.id from budget_lines bl join budgets b on b.id = bl.budget_id
          where b.entity_type = 'church' and b.entity_id = ${ids.church1} and bl.category = 'EXPENSE' limit 1`,
    );
    const activity = await queryOne<{ id: number }>(
      t.db,
      sql`select id from planned_activities where entity_type = 'church' and entity_id = ${ids.church1} limit 1`,
    );
    const id = await createRequest(t, ids, 'tresorier@example.org', {
      budget_line_id: Number(budgetLine!.id),
      planned_activity_id: Number(activity!.id),
      expenses: [
        line('Papier', 2, 1_500, {
          recipient_first_name: 'Ignoré',
          notes: 'ignorée aussi',
          is_anonymous: true,
        }),
        line('Don à une veuve', 1, 10_000, {
          donation_type: 'individual',
          recipient_first_name: 'Awa',
          recipient_last_name: 'Koné',
          recipient_phone: '',
          recipient_company_name: 'Ignorée',
          notes: 'Soutien',
        }),
        line('Quote-part au bureau national', 1, 5_000, {
          donation_type: 'system_entity',
          recipient_entity_type: 'national_office',
          is_anonymous: true,
        }),
      ],
    });
    const response = await get('tresorier@example.org', `/api/expense-requests/${id}`);
    expect(response.statusCode).toBe(200);
    const data = expenseRequestAnswerSchema.parse(response.json()).data;
    expect(data.status).toBe('approval_pending');
    expect(data.amount).toBe(18_000);
    expect(data.amount_validated).toBe(0);
    expect(data.title).toBe('Fournitures de bureau');
    expect(data.entity?.name).toBeTruthy();
    expect(data.createdByUser.fullname).toBeTruthy();
    expect(data.budgetLine?.id).toBe(Number(budgetLine!.id));
    expect(data.plannedActivity?.id).toBe(Number(activity!.id));
    const [plain, individual, system] = data.expenses;
    expect(plain).toMatchObject({
      amount: 3_000,
      status: 'pending',
      recipient_first_name: null,
      notes: null,
      is_anonymous: false,
    });
    expect(individual).toMatchObject({
      recipient_first_name: 'Awa',
      recipient_last_name: 'Koné',
      recipient_phone: null,
      recipient_company_name: null,
      notes: 'Soutien',
    });
    expect(system).toMatchObject({
      recipient_entity_type: 'national_office',
      recipient_entity_id: ids.nationalOffice,
      is_anonymous: false,
    });
    const audit = await queryOne<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where action = 'expense_request.create' and entity_id = ${id}`,
    );
    expect(audit?.n).toBe(1);
  });

  it('creates one request for a double-clicked Enregistrer (same Idempotency-Key)', async () => {
    const headers = { 'idempotency-key': 'create-twice-0001' };
    const body = requestBody(ids, { description: 'Double clic' });
    const [a, b] = await Promise.all([
      post('tresorier@example.org', '/api/expense-requests', body, headers),
      post('tresorier@example.org', '/api/expense-requests', body, headers),
    ]);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(json<{ data: { id: number } }>(a).data.id).toBe(json<{ data: { id: number } }>(b).data.id);
    const count = await queryOne<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from expense_requests where description = 'Double clic'`,
    );
    expect(count?.n).toBe(1);
  });
});

describe('permissions per entity (SPEC.md section 6)', () => {
  it('refuses creation to users without expense_request:create on the entity', async () => {
    for (const login of ['fidele@example.org', ids.secretary, ids.otherTreasurer]) {
      const response = await post(login, '/api/expense-requests', requestBody(ids));
      expect(response.statusCode, login).toBe(403);
    }
    const accountant = await post('comptable@example.org', '/api/expense-requests', requestBody(ids));
    expect(accountant.statusCode).toBe(201);
  });

  it('isolates the entities: another church reads nothing, a read-only user reads but cannot act', async () => {
    const id = await createRequest(t, ids);
    expect((await get(ids.otherTreasurer, `/api/expense-requests/${id}`)).statusCode).toBe(403);
    expect(
      (await get(ids.otherTreasurer, `/api/expense-requests?entity_type=CHURCH&entity_id=${ids.church1}`))
        .statusCode,
    ).toBe(403);
    expect(
      (await get('fidele@example.org', `/api/expense-requests?entity_type=CHURCH&entity_id=${ids.church1}`))
        .statusCode,
    ).toBe(403);
    expect((await get('fidele@example.org', `/api/expense-requests/${id}`)).statusCode).toBe(403);
    expect((await get(ids.secretary, `/api/expense-requests/${id}`)).statusCode).toBe(200);
    expect((await put(ids.secretary, `/api/expense-requests/${id}/approved`)).statusCode).toBe(403);
    expect((await put(ids.secretary, `/api/expense-requests/${id}/validated`)).statusCode).toBe(403);
    expect((await put(ids.secretary, `/api/expense-requests/${id}/rejected`)).statusCode).toBe(403);
    expect((await put(ids.otherTreasurer, `/api/expense-requests/${id}/approved`)).statusCode).toBe(403);
    expect((await put('tresorier@example.org', `/api/expense-requests/${id}/approved`)).statusCode).toBe(403);
    expect((await get('admin@example.org', `/api/expense-requests/${id}`)).statusCode).toBe(200);
    expect((await get('tresorier@example.org', '/api/expense-requests/999999')).statusCode).toBe(404);
  });

  it('lets the approvers approve and the payers pay and cancel; manage implies all three', async () => {
    const id = await createRequest(t, ids);
    const lines = (await detail(t, id)).expenses;
    expect((await put('pasteur@example.org', `/api/expense-requests/${id}/approved`)).statusCode).toBe(200);
    // the pastor approves but does not pay; the treasurer pays
    expect(
      (await put('pasteur@example.org', `/api/expenses/${lines[0].id}/validate`, payment(ids, 100)))
        .statusCode,
    ).toBe(403);
    expect(
      (await put(ids.secretary, `/api/expenses/${lines[0].id}/validate`, payment(ids, 100))).statusCode,
    ).toBe(403);
    expect(
      (await post(ids.secretary, `/api/expenses/${lines[1].id}/cancel`, { cancelExp: true })).statusCode,
    ).toBe(403);
    expect(
      (await put('tresorier@example.org', `/api/expenses/${lines[0].id}/validate`, payment(ids, 100)))
        .statusCode,
    ).toBe(201);

    // expense_request:manage granted on the church to the read-only secretary
    await t.db.execute(
      sql`insert into user_permissions (user_id, permission_id, entity_type, entity_id)
          select ${ids.secretaryId}, id, 'church', ${ids.church1} from permissions where code = 'expense_request:manage'`,
    );
    expect(
      (await put(ids.secretary, `/api/expenses/${lines[0].id}/validate`, payment(ids, 100))).statusCode,
    ).toBe(201);
    expect(
      (await post(ids.secretary, `/api/expenses/${lines[1].id}/cancel`, { cancelExp: true })).statusCode,
    ).toBe(200);
    const other = await createRequest(t, ids);
    expect((await put(ids.secretary, `/api/expense-requests/${other}/approved`)).statusCode).toBe(200);
    await t.db.execute(
      sql`update user_permissions set revoked_at = now() where user_id = ${ids.secretaryId}`,
    );
    expect((await put(ids.secretary, `/api/expense-requests/${other}/rejected`)).statusCode).toBe(403);
  });
});

describe('levels and departments', () => {
  it('lets a section leader approve a church request below it; a department request is scoped to its church', async () => {
    const id = await createRequest(t, ids);
    expect((await put('section@example.org', `/api/expense-requests/${id}/approved`)).statusCode).toBe(200);

    const department = await queryOne<{ id: number }>(
      t.db,
      sql`select id from departments where entity_type = 'church' and entity_id = ${ids.church1} order by id limit 1`,
    );
    const departmentId = Number(department!.id);
    const request = await createRequest(t, ids, 'tresorier@example.org', {
      entity_type: 'ACTIVITY_GROUP',
      entity_id: departmentId,
    });
    const list = expenseRequestListSchema.parse(
      (
        await get(
          'tresorier@example.org',
          `/api/expense-requests?entity_type=ACTIVITY_GROUP&entity_id=${departmentId}`,
        )
      ).json(),
    );
    expect(list.data.map((r) => r.id)).toContain(request);
    expect(list.data.every((r) => r.entity_type === 'ACTIVITY_GROUP' && r.entity_id === departmentId)).toBe(
      true,
    );
    expect((await get(ids.otherTreasurer, `/api/expense-requests/${request}`)).statusCode).toBe(403);
    expect((await put(ids.otherTreasurer, `/api/expense-requests/${request}/approved`)).statusCode).toBe(403);
    expect((await put('pasteur@example.org', `/api/expense-requests/${request}/approved`)).statusCode).toBe(
      200,
    );
    const lineId = (await detail(t, request)).expenses[0].id;
    const paid = await put('tresorier@example.org', `/api/expenses/${lineId}/validate`, payment(ids, 30_000));
    expect(paid.statusCode, paid.body).toBe(201);
    const movement = await queryOne<{ entity_type: string; entity_id: number }>(
      t.db,
      sql`select m.entity_type, m.entity_id from treasury_movements m
          join expense_payments p on p.treasury_movement_id = m.id where p.expense_line_id = ${lineId}`,
    );
    expect(movement).toEqual({ entity_type: 'department', entity_id: departmentId });
  });
});

describe('lines before and after approval (SPEC.md section 4)', () => {
  it('adds, edits and deletes lines only while approval_pending or rejected', async () => {
    const id = await createRequest(t, ids);
    const added = await post('tresorier@example.org', '/api/expenses', {
      expense_request_id: id,
      ...line('Agrafes', 3, 500),
    });
    expect(added.statusCode, added.body).toBe(201);
    const addedId = json<{ data: { id: number } }>(added).data.id;
    expect((await detail(t, id)).amount).toBe(30_000 + 5_000 + 1_500);

    const edited = await put('tresorier@example.org', `/api/expenses/${addedId}`, line('Agrafes', 4, 500));
    expect(edited.statusCode).toBe(200);
    expect(json<{ data: { amount: number } }>(edited).data.amount).toBe(2_000);
    expect((await detail(t, id)).amount).toBe(37_000);
    expect((await del('tresorier@example.org', `/api/expenses/${addedId}`)).statusCode).toBe(200);
    expect((await detail(t, id)).amount).toBe(35_000);
    expect(
      (await post(ids.otherTreasurer, '/api/expenses', { expense_request_id: id, ...line('X', 1, 1) }))
        .statusCode,
    ).toBe(403);

    await approve(t, id);
    const lineId = (await detail(t, id)).expenses[0].id;
    const locked = await put('tresorier@example.org', `/api/expenses/${lineId}`, line('Papier', 1, 1));
    expect(locked.statusCode).toBe(409);
    expect(message(locked)).toBe('La demande a été approuvée : ses lignes ne peuvent plus être modifiées.');
    expect((await del('tresorier@example.org', `/api/expenses/${lineId}`)).statusCode).toBe(409);
    const noAdd = await post('tresorier@example.org', '/api/expenses', {
      expense_request_id: id,
      ...line('X', 1, 1),
    });
    expect(noAdd.statusCode).toBe(409);
    expect(message(noAdd)).toBe(
      "Des lignes ne peuvent être ajoutées qu'à une demande en attente d'approbation ou rejetée.",
    );

    // rejected (nothing paid): editable again, then approved again
    expect(
      (await put('pasteur@example.org', `/api/expense-requests/${id}/rejected`, { reason: 'Devis manquant' }))
        .statusCode,
    ).toBe(200);
    expect((await detail(t, id)).status).toBe('rejected');
    expect(
      (
        await post('tresorier@example.org', '/api/expenses', {
          expense_request_id: id,
          ...line('Devis', 1, 1_000),
        })
      ).statusCode,
    ).toBe(201);
    await approve(t, id);
    expect((await detail(t, id)).status).toBe('approved');
  });

  it('keeps at least one line, and validates the line body', async () => {
    const id = await createRequest(t, ids, 'tresorier@example.org', { expenses: [line('Seule', 1, 100)] });
    const only = (await detail(t, id)).expenses[0].id;
    const last = await del('tresorier@example.org', `/api/expenses/${only}`);
    expect(last.statusCode).toBe(409);
    expect(message(last)).toBe('Une demande doit garder au moins une dépense.');
    const bad = await put('tresorier@example.org', `/api/expenses/${only}`, { name: 'X', quantity: 1 });
    expect(bad.statusCode).toBe(400);
    expect(json<{ errors: unknown[] }>(bad).errors).toContainEqual({
      field: 'unit_price',
      message: 'Ce champ est requis.',
    });
  });
});

describe('payments (SPEC.md sections 4 and 5)', () => {
  it('pays partly then fully, records the movement, and validates the request when every line is paid', async () => {
    const id = await createRequest(t, ids);
    const [paper, pens] = (await detail(t, id)).expenses;
    const early = await put(
      'tresorier@example.org',
      `/api/expenses/${paper.id}/validate`,
      payment(ids, 1_000),
    );
    expect(early.statusCode).toBe(409);
    expect(message(early)).toBe('La demande doit être approuvée avant le paiement.');
    await approve(t, id);

    const beyond = await put(
      'tresorier@example.org',
      `/api/expenses/${paper.id}/validate`,
      payment(ids, 30_001),
    );
    expect(beyond.statusCode).toBe(400);
    expect(message(beyond)).toBe('Le montant ne peut pas être supérieur à 30000.');
    const invalid = await put('tresorier@example.org', `/api/expenses/${paper.id}/validate`, {
      ...payment(ids, 0),
      payment_method: '',
      validate_time: '7h',
    });
    expect(invalid.statusCode).toBe(400);
    expect(json<{ errors: Array<{ field: string; message: string }> }>(invalid).errors).toEqual(
      expect.arrayContaining([
        { field: 'amount', message: 'Le montant doit être au moins 1.' },
        { field: 'payment_method', message: 'Veuillez choisir la méthode de paiement.' },
        { field: 'validate_time', message: "Format d'heure invalide (HH:MM ou HH:MM:SS)" },
      ]),
    );
    const expenseAccount = await put(
      'tresorier@example.org',
      `/api/expenses/${paper.id}/validate`,
      payment(ids, 10, { payment_account_id: ids.supplies }),
    );
    expect(expenseAccount.statusCode).toBe(400);

    const partial = await put(
      'tresorier@example.org',
      `/api/expenses/${paper.id}/validate`,
      payment(ids, 12_000),
    );
    expect(partial.statusCode, partial.body).toBe(201);
    const result = json<{
      data: {
        payment: { id: number; treasury_movement_id: number; validated_at: string };
        expense: { status: string; amount_validated: number; remaining: number };
        expenseRequest: { status: string; amount_validated: number };
      };
    }>(partial).data;
    expect(result.expense).toMatchObject({ status: 'paid', amount_validated: 12_000, remaining: 18_000 });
    expect(result.expenseRequest).toMatchObject({ status: 'approved', amount_validated: 12_000 });
    expect(result.payment.validated_at).toBe('2026-11-20T10:30:00.000Z');
    const movement = await queryOne<Record<string, unknown>>(
      t.db,
      sql`select * from treasury_movements where id = ${result.payment.treasury_movement_id}`,
    );
    expect(movement).toMatchObject({
      entity_type: 'church',
      entity_id: ids.church1,
      payment_account_id: ids.cash,
      journal_type: 'CASH',
      operation_account_id: ids.supplies,
      expense: 12_000,
      receipt: 0,
      source_type: 'expense_payment',
      source_id: result.payment.id,
      reference: `DEP-${String(id).padStart(6, '0')}`,
    });

    const rest = await put(
      'tresorier@example.org',
      `/api/expenses/${paper.id}/validate`,
      payment(ids, 18_000),
    );
    expect(rest.statusCode).toBe(201);
    const after = await detail(t, id);
    expect(after.expenses[0]).toMatchObject({ status: 'validated', amount_validated: 30_000, remaining: 0 });
    expect(after.expenses[0].payments).toHaveLength(2);
    const full = await put('tresorier@example.org', `/api/expenses/${paper.id}/validate`, payment(ids, 1));
    expect(full.statusCode).toBe(409);
    expect(message(full)).toBe('Cette dépense est déjà entièrement payée.');
    expect(after.status).toBe('approved');

    // the last line paid: the request becomes validated
    expect(
      (await put('tresorier@example.org', `/api/expenses/${pens.id}/validate`, payment(ids, 5_000)))
        .statusCode,
    ).toBe(201);
    const done = await detail(t, id);
    expect(done.status).toBe('validated');
    expect(done.amount_validated).toBe(35_000);
  });

  it('cancels an unpaid line irreversibly, never a paid one, never pays a cancelled one', async () => {
    const id = await createRequest(t, ids);
    const [paper, pens] = (await detail(t, id)).expenses;
    const early = await post('tresorier@example.org', `/api/expenses/${pens.id}/cancel`, { cancelExp: true });
    expect(early.statusCode).toBe(409);
    await approve(t, id);
    expect(
      (await put('tresorier@example.org', `/api/expenses/${paper.id}/validate`, payment(ids, 100)))
        .statusCode,
    ).toBe(201);
    const paid = await post('tresorier@example.org', `/api/expenses/${paper.id}/cancel`, { cancelExp: true });
    expect(paid.statusCode).toBe(409);
    expect(message(paid)).toBe("Impossible d'annuler une dépense déjà payée, même partiellement.");

    const cancelled = await post('pasteur@example.org', `/api/expenses/${pens.id}/cancel`, {
      cancelExp: true,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(json<{ data: { status: string; remaining: number } }>(cancelled).data).toMatchObject({
      status: 'cancelled',
      remaining: 0,
    });
    expect((await detail(t, id)).amount).toBe(30_000);
    const again = await post('tresorier@example.org', `/api/expenses/${pens.id}/cancel`, {});
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe('Cette dépense est déjà annulée.');
    const pay = await put('tresorier@example.org', `/api/expenses/${pens.id}/validate`, payment(ids, 100));
    expect(pay.statusCode).toBe(409);
    expect(message(pay)).toBe('Cette dépense a été annulée : elle ne peut pas être payée.');

    // paying the rest of the only open line validates the request
    expect(
      (await put('tresorier@example.org', `/api/expenses/${paper.id}/validate`, payment(ids, 29_900)))
        .statusCode,
    ).toBe(201);
    expect((await detail(t, id)).status).toBe('validated');
  });

  it('replays a payment sent twice with the same Idempotency-Key', async () => {
    const id = await createRequest(t, ids);
    await approve(t, id);
    const lineId = (await detail(t, id)).expenses[0].id;
    const headers = { 'idempotency-key': 'pay-twice-000001' };
    const first = await put(
      'tresorier@example.org',
      `/api/expenses/${lineId}/validate`,
      payment(ids, 1_000),
      headers,
    );
    const second = await put(
      'tresorier@example.org',
      `/api/expenses/${lineId}/validate`,
      payment(ids, 1_000),
      headers,
    );
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    const rows = await queryRows<{ id: number }>(
      t.db,
      sql`select id from expense_payments where expense_line_id = ${lineId}`,
    );
    expect(rows).toHaveLength(1);
  });
});

describe('verification (irreversible, blocks every change)', () => {
  it('is done by the accountant or a treasurer on an approved request, then nothing changes', async () => {
    const id = await createRequest(t, ids);
    const [paper, pens] = (await detail(t, id)).expenses;
    const pending = await put('comptable@example.org', `/api/expense-requests/${id}/verified`, {
      user_id: 1,
    });
    expect(pending.statusCode).toBe(409);
    expect(message(pending)).toBe('Seule une demande approuvée ou validée peut être vérifiée.');
    await approve(t, id);
    expect(
      (await put('tresorier@example.org', `/api/expenses/${paper.id}/validate`, payment(ids, 1_000)))
        .statusCode,
    ).toBe(201);
    expect((await put(ids.secretary, `/api/expense-requests/${id}/verified`)).statusCode).toBe(403);
    expect((await put('pasteur@example.org', `/api/expense-requests/${id}/verified`)).statusCode).toBe(403);
    const verified = await put('comptable@example.org', `/api/expense-requests/${id}/verified`, {});
    expect(verified.statusCode, verified.body).toBe(200);
    const data = json<{ data: { verified_at: string; verifiedByUser: { fullname: string } } }>(verified).data;
    expect(data.verified_at).toBeTruthy();
    expect(data.verifiedByUser.fullname).toBeTruthy();

    const blocked = [
      await put('tresorier@example.org', `/api/expenses/${paper.id}/validate`, payment(ids, 1_000)),
      await post('tresorier@example.org', `/api/expenses/${pens.id}/cancel`, { cancelExp: true }),
      await put('tresorier@example.org', `/api/expense-requests/${id}/validated`),
      await put('pasteur@example.org', `/api/expense-requests/${id}/rejected`),
    ];
    for (const response of blocked) {
      expect(response.statusCode).toBe(409);
      expect(message(response)).toBe('Cette demande a été vérifiée : elle ne peut plus être modifiée.');
    }
    const twice = await put('tresorier@example.org', `/api/expense-requests/${id}/verified`);
    expect(twice.statusCode).toBe(409);
    expect(message(twice)).toBe('Cette demande est déjà vérifiée.');
  });

  it('validates explicitly (expense:validate), refusing a rejected request', async () => {
    // created by the pastor: the treasurer's validation approves it too, never his own (issue 17)
    const id = await createRequest(t, ids, 'pasteur@example.org');
    const response = await put('tresorier@example.org', `/api/expense-requests/${id}/validated`, {
      user_id: 5,
    });
    expect(response.statusCode).toBe(200);
    const data = json<{ data: { status: string; approvedByUser: unknown } }>(response).data;
    expect(data.status).toBe('validated');
    expect(data.approvedByUser).not.toBeNull();
    const rejected = await createRequest(t, ids, 'pasteur@example.org');
    expect((await put('pasteur@example.org', `/api/expense-requests/${rejected}/rejected`)).statusCode).toBe(
      200,
    );
    const refused = await put('tresorier@example.org', `/api/expense-requests/${rejected}/validated`);
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe("Une demande rejetée doit d'abord être approuvée.");
  });
});

describe('rollback delete', () => {
  it('is allowed to the creator only, before approval', async () => {
    const id = await createRequest(t, ids);
    const other = await del('pasteur@example.org', `/api/expense-requests/${id}`);
    expect(other.statusCode).toBe(403);
    expect(message(other)).toBe('Seul le créateur de la demande peut la supprimer.');
    expect((await del('tresorier@example.org', `/api/expense-requests/${id}`)).statusCode).toBe(200);
    expect((await get('tresorier@example.org', `/api/expense-requests/${id}`)).statusCode).toBe(404);
    const approved = await createRequest(t, ids);
    await approve(t, approved);
    const locked = await del('tresorier@example.org', `/api/expense-requests/${approved}`);
    expect(locked.statusCode).toBe(409);
    expect(message(locked)).toBe('Une demande approuvée, payée ou vérifiée ne peut pas être supprimée.');
  });
});

describe('lists and balance', () => {
  it('pages, filters and totals the requests of an entity', async () => {
    const base = `/api/expense-requests?entity_type=CHURCH&entity_id=${ids.church1}`;
    const response = await get('tresorier@example.org', `${base}&limit=5`);
    expect(response.statusCode).toBe(200);
    const list = expenseRequestListSchema.parse(response.json());
    expect(list.data).toHaveLength(5);
    expect(list.meta.total).toBeGreaterThan(50);
    for (let i = 1; i < list.data.length; i++)
      expect(list.data[i - 1].made_at >= list.data[i].made_at).toBe(true);
    expect(list.data.every((r) => r.entity_type === 'CHURCH' && r.entity_id === ids.church1)).toBe(true);

    const pending = expenseRequestListSchema.parse(
      (await get('tresorier@example.org', `${base}&status=rejected&limit=100`)).json(),
    );
    expect(pending.data.every((r) => r.status === 'rejected')).toBe(true);
    const period = expenseRequestListSchema.parse(
      (
        await get('tresorier@example.org', `${base}&from_date=2026-11-20&to_date=2026-11-20&limit=100`)
      ).json(),
    );
    expect(period.data.every((r) => r.made_at.startsWith('2026-11-20'))).toBe(true);
    const search = expenseRequestListSchema.parse(
      (await get('tresorier@example.org', `${base}&search=secr%C3%A9tariat`)).json(),
    );
    expect(search.data.length).toBeGreaterThan(0);
    expect(
      (await get('tresorier@example.org', `${base}&from_date=2026-11-21&to_date=2026-11-01`)).statusCode,
    ).toBe(400);

    const balance = expenseRequestBalanceAnswerSchema.parse(
      (
        await get(
          'tresorier@example.org',
          `/api/expense-requests-balance?entity_type=CHURCH&entity_id=${ids.church1}`,
        )
      ).json(),
    ).data;
    const sums = await queryOne<{ amount: string; paid: string; count: number }>(
      t.db,
      sql`select coalesce(sum(er.amount) filter (where er.status <> 'rejected'), 0)::bigint as amount, count(*)::int as count,
            (select coalesce(sum(l.amount_validated), 0)::bigint from expense_lines l join expense_requests r on r.id = l.expense_request_id
              where r.entity_type = 'CHURCH' and r.entity_id = ${ids.church1}) as paid
          from expense_requests er where er.entity_type = 'CHURCH' and er.entity_id = ${ids.church1}`,
    );
    expect(balance.count).toBe(sums!.count);
    expect(balance.amount).toBe(Number(sums!.amount));
    expect(balance.paid).toBe(Number(sums!.paid));
    expect(balance.remaining).toBe(balance.amount - balance.paid);
    expect(Object.values(balance.count_by_status).reduce((a, b) => a + b, 0)).toBe(balance.count);
  });

  it('shows the accountant the churches they manage, and mine=true the requests one created', async () => {
    const managed = await queryRows<{ church_id: number }>(
      t.db,
      sql`select mc.church_id from managed_churches mc join users u on u.id = mc.user_id where u.email = 'comptable@example.org'`,
    );
    const list = expenseRequestListSchema.parse(
      (await get('comptable@example.org', '/api/expense-requests?limit=100')).json(),
    );
    expect(list.data.length).toBeGreaterThan(0);
    const allowed = new Set(managed.map((m) => Number(m.church_id)));
    const departments = await queryRows<{ id: number }>(
      t.db,
      sql`select id from departments where entity_type = 'church' and entity_id = any(${`{${[...allowed].join(',')}}`}::int[])`,
    );
    const allowedDepartments = new Set(departments.map((d) => Number(d.id)));
    expect(list.data.some((r) => r.entity_type === 'CHURCH')).toBe(true);
    for (const r of list.data) {
      if (r.entity_type === 'CHURCH') expect(allowed.has(r.entity_id)).toBe(true);
      else {
        expect(r.entity_type).toBe('ACTIVITY_GROUP');
        expect(allowedDepartments.has(r.entity_id)).toBe(true);
      }
    }

    const mine = expenseRequestListSchema.parse(
      (await get('comptable@example.org', '/api/expense-requests?mine=true&limit=100')).json(),
    );
    expect(mine.data.length).toBeGreaterThan(0);
    const me = await queryOne<{ id: number }>(
      t.db,
      sql`select id from users where email = 'comptable@example.org'`,
    );
    expect(mine.data.every((r) => r.createdByUser.id === Number(me!.id))).toBe(true);
    expect((await get('fidele@example.org', '/api/expense-requests')).statusCode).toBe(403);
    expect((await get('fidele@example.org', '/api/expense-requests?mine=true')).statusCode).toBe(200);
  });
});

describe('lookups of the add-expense form', () => {
  it('lists the budget lines and planned activities of a visible entity', async () => {
    const lines = await get(
      'tresorier@example.org',
      `/api/budgets/budget-lines?entity_type=CHURCH&entity_id=${ids.church1}`,
    );
    expect(lines.statusCode).toBe(200);
    const data = json<{ data: Array<{ category: string; budgetItemTemplate: { name: string } }> }>(
      lines,
    ).data;
    expect(
      data.some((l) => l.category === 'EXPENSE' && l.budgetItemTemplate.name === 'Entretien des locaux'),
    ).toBe(true);
    const activities = await get(
      'tresorier@example.org',
      `/api/planned-activities?entity_type=CHURCH&entity_id=${ids.church1}&search=jeunes`,
    );
    expect(activities.statusCode).toBe(200);
    expect(json<{ data: Array<{ title: string; activityType: { name: string } }> }>(activities).data).toEqual(
      [
        expect.objectContaining({
          title: 'Conférence des jeunes',
          activityType: expect.objectContaining({ name: 'Conférence' }),
        }),
      ],
    );
    expect(
      (await get(ids.otherTreasurer, `/api/budgets/budget-lines?entity_type=CHURCH&entity_id=${ids.church1}`))
        .statusCode,
    ).toBe(403);
    expect(
      (await get('tresorier@example.org', `/api/planned-activities?entity_type=PLANET&entity_id=1`))
        .statusCode,
    ).toBe(400);
  });
});
