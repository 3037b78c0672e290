import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountAdminAnswerSchema, accountAdminListSchema } from '../../contract/accounts';
import { queryOne, queryRows } from '../../server/src/db/query';
import { expenseTestApp, type ExpenseIds } from './expenses-setup';
import type { TestApp } from './helpers';

let t: TestApp;
let ids: ExpenseIds;
let presidentEmail: string;
let tithes: number;
let fidele: number;

beforeAll(async () => {
  ({ t, ids } = await expenseTestApp());
  const president = await queryOne<{ email: string }>(
    t.db,
    sql`select u.email from users u join role_assignments ra on ra.user_id = u.id join roles r on r.id = ra.role_id
        where r.code = 'national_office::president' and u.email is not null and u.password_hash is not null
        order by u.id limit 1`,
  );
  presidentEmail = president!.email;
  tithes = Number(
    (await queryOne<{ id: number }>(t.db, sql`select id from operation_accounts where code = '7581'`))!.id,
  );
  fidele = Number(
    (await queryOne<{ id: number }>(t.db, sql`select id from users where email = 'fidele@example.org'`))!.id,
  );
});
afterAll(async () => {
  await t?.close();
});

const message = (r: { json: () => unknown }) => (r.json() as { message: string }).message;

describe('the chart of operation accounts', () => {
  it('creates an account with its SYCEBNL number and kind, refuses bad input in French, archives it', async () => {
    const as = (payload: object, method: 'POST' | 'PUT' = 'POST', url = '/api/operation-accounts') =>
      t.as('admin@example.org', { method, url, payload });
    const bad = await as({ code: '0571', name: 'Caisse', category: 'Trésorerie (actifs comme Passifs)' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Le numéro de compte SYCEBNL commence par la classe (1 à 9)');
    const noKind = await as({
      code: '5713',
      name: 'Caisse annexe',
      category: 'Trésorerie (actifs comme Passifs)',
    });
    expect(noKind.statusCode).toBe(400);
    expect(noKind.body).toContain('Le type de compte de trésorerie est requis');
    const noOperator = await as({
      code: '5555',
      name: 'Mobile money',
      category: 'Trésorerie (actifs comme Passifs)',
      journal_type: 'ELECTRONIK',
    });
    expect(noOperator.body).toContain("L'opérateur est requis pour un compte mobile money.");
    const taken = await as({
      code: '5711',
      name: 'Doublon',
      category: 'Trésorerie (actifs comme Passifs)',
      journal_type: 'CASH',
    });
    expect(taken.statusCode).toBe(409);
    expect(message(taken)).toContain('Ce numéro de compte existe déjà.');
    expect(
      (
        await t.as('tresorier@example.org', {
          method: 'POST',
          url: '/api/operation-accounts',
          payload: {
            code: '5556',
            name: 'Wave Pro',
            category: 'Trésorerie (actifs comme Passifs)',
            journal_type: 'ELECTRONIK',
            operator: 'Wave',
          },
        })
      ).statusCode,
    ).toBe(403);

    const created = await as({
      code: '5556',
      name: 'Wave Pro',
      category: 'Trésorerie (actifs comme Passifs)',
      journal_type: 'ELECTRONIK',
      operator: 'Wave',
    });
    expect(created.statusCode, created.body).toBe(201);
    const account = accountAdminAnswerSchema.parse(created.json()).data;
    expect(account).toMatchObject({
      code: '5556',
      journal_type: 'ELECTRONIK',
      operator: 'Wave',
      active: true,
      uses: 0,
    });

    const archived = await t.as('admin@example.org', {
      method: 'POST',
      url: `/api/operation-accounts/${account.id}/archive`,
    });
    expect(archived.statusCode).toBe(200);
    const list = accountAdminListSchema.parse(
      (await t.as('national@example.org', { url: '/api/operation-accounts?archived=true' })).json(),
    ).data;
    expect(list.map((a) => a.code)).toContain('5556');
    const audits = await queryRows<{ action: string }>(
      t.db,
      sql`select action from audit_log where entity_type = 'operation_account' and entity_id = ${account.id} order by id`,
    );
    expect(audits.map((a) => a.action)).toEqual(['operation_account.create', 'operation_account.archive']);

    // a used account keeps its category
    const cash = accountAdminAnswerSchema.parse(
      (await t.as('admin@example.org', { url: `/api/operation-accounts/${ids.cash}` })).json(),
    ).data;
    expect(cash.uses).toBeGreaterThan(0);
    const moved = await as(
      { code: '5711', name: 'Caisse locale', category: 'Charges AO' },
      'PUT',
      `/api/operation-accounts/${ids.cash}`,
    );
    expect(moved.statusCode).toBe(409);
  });
});

describe('operation_account:forbid (comptes interdits)', () => {
  it('is set by the national office (not a church) and refused by the money writes of the office and its churches', async () => {
    const url = `/api/national-offices/${ids.nationalOffice}/forbidden-accounts`;
    expect(
      (
        await t.as('tresorier@example.org', {
          method: 'PUT',
          url,
          payload: { operation_account_ids: [ids.bank] },
        })
      ).statusCode,
    ).toBe(403);
    const saved = await t.as(presidentEmail, {
      method: 'PUT',
      url,
      payload: { operation_account_ids: [ids.bank, ids.computers] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.as('national@example.org', { url })).json()).toEqual({
      data: { operation_account_ids: [ids.bank, ids.computers].sort((a, b) => a - b) },
    });
    // the pickers no longer offer them
    const authorized = await t.as('tresorier@example.org', {
      url: `/api/operation-accounts/authorized?entity_type=CHURCH&entity_id=${ids.church1}`,
    });
    const offered = (authorized.json() as { data: Array<{ id: number }> }).data.map((a) => a.id);
    expect(offered).not.toContain(ids.bank);
    expect(offered).toContain(ids.cash);

    // a contribution of a church paid into the forbidden bank account
    const contribution = await t.as('tresorier@example.org', {
      method: 'POST',
      url: '/api/contributions',
      headers: { 'idempotency-key': 'forbidden-bank-0001' },
      payload: {
        entity_type: 'CHURCH',
        entity_id: ids.church1,
        user_id: fidele,
        type: 'tithe',
        amount: 10_000,
        occurred_at: '2026-11-20T10:30',
        receipt_account_id: tithes,
        payment_account_id: ids.bank,
      },
    });
    expect(contribution.statusCode).toBe(400);
    // a fixed asset of the office on the forbidden asset account
    const asset = await t.as('national@example.org', {
      method: 'POST',
      url: '/api/fixed-assets',
      payload: {
        name: 'Serveur',
        purchase_price: 900_000,
        useful_life_years: 3,
        operation_account_id: ids.computers,
        entity_type: 'NATIONAL_OFFICE',
        entity_id: ids.nationalOffice,
      },
    });
    expect(asset.statusCode).toBe(400);
    expect(message(asset)).toContain("Ce compte n'est pas un compte d'actifs immobilisés.");

    const audit = await queryOne<{ data: { added: number[] } }>(
      t.db,
      sql`select data from audit_log where action = 'operation_account.forbid' order by id desc limit 1`,
    );
    expect(audit!.data.added.sort()).toEqual([ids.bank, ids.computers].sort());
    // lifted: the bank is usable again
    await t.as(presidentEmail, { method: 'PUT', url, payload: { operation_account_ids: [] } });
    const again = await t.as('tresorier@example.org', {
      url: `/api/operation-accounts/authorized?entity_type=CHURCH&entity_id=${ids.church1}`,
    });
    expect((again.json() as { data: Array<{ id: number }> }).data.map((a) => a.id)).toContain(ids.bank);
  });
});
