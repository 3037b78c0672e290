import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedAssetAnswerSchema, fixedAssetStatisticsAnswerSchema } from '../../contract/fixed-assets';
import { financialStatementsAnswerSchema, type FinancialStatements } from '../../contract/journals';
import { queryOne, queryRows } from '../../server/src/db/query';
import { recordMovement, type NewMovement } from '../../server/src/modules/treasury';
import { expenseTestApp, type ExpenseIds } from './expenses-setup';
import type { TestApp } from './helpers';

/*
 * The financial statements and the disposal of a fixed asset, on a small fixture written in 2004 and 2005
 * for church 1 (the demo has nothing of it before 2006), against figures computed by hand below.
 */

let t: TestApp;
let ids: ExpenseIds;
const code: Record<string, number> = {};
let computerId: number;
let soundId: number;

const church = () => `entity_type=CHURCH&entity_id=${ids.church1}`;
const statements = async (year: number, login = 'tresorier@example.org') => {
  const response = await t.as(login, { url: `/api/financial-statements?${church()}&year=${year}` });
  expect(response.statusCode, response.body).toBe(200);
  return financialStatementsAnswerSchema.parse(response.json()).data;
};
const move = (m: Partial<NewMovement> & Pick<NewMovement, 'occurredAt' | 'paymentAccountId'>) =>
  t.db.transaction((tx) =>
    recordMovement(tx, {
      entityType: 'church',
      entityId: ids.church1,
      operationAccountId: null,
      designation: 'Fixture',
      sourceType: 'opening_balance',
      sourceId: null,
      createdBy: null,
      ...m,
    }),
  );
const dispose = (assetId: number, body: Record<string, unknown>, key: string) =>
  t.as('tresorier@example.org', {
    method: 'POST',
    url: `/api/fixed-assets/${assetId}/disposal`,
    headers: { 'idempotency-key': key },
    payload: body,
  });
const createAsset = async (body: Record<string, unknown>) => {
  const response = await t.as('tresorier@example.org', {
    method: 'POST',
    url: '/api/fixed-assets',
    payload: { entity_type: 'CHURCH', entity_id: ids.church1, currency: 'XOF', ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return fixedAssetAnswerSchema.parse(response.json()).data.id;
};
/** The two sides of the balance sheet, each summed from its own lines. */
function sides(s: FinancialStatements) {
  const b = s.balance;
  return {
    actif: b.fixed_assets.reduce((x, l) => x + l.net, 0) + b.treasury.reduce((x, l) => x + l.amount, 0),
    passif:
      b.funds +
      b.carried_forward +
      b.other_changes +
      b.result +
      b.treasury_liabilities.reduce((x, l) => x + l.amount, 0),
  };
}

beforeAll(async () => {
  ({ t, ids } = await expenseTestApp());
  for (const c of ['7581', '7582', '2443'])
    code[c] = Number(
      (await queryOne<{ id: number }>(t.db, sql`select id from operation_accounts where code = ${c}`))!.id,
    );
  // the fixture stands alone: nothing of church 1 before 2006, no closing
  const before = await queryOne<{ n: number }>(
    t.db,
    sql`select (select count(*) from treasury_movements where entity_type = 'church' and entity_id = ${ids.church1}
                  and occurred_at < '2006-01-01')
             + (select count(*) from fiscal_closings where entity_type = 'church' and entity_id = ${ids.church1})
             + (select count(*) from fixed_assets where entity_type = 'CHURCH' and entity_id = ${ids.church1}
                  and coalesce(purchase_date, commissioning_date, created_at::date) < '2006-01-01') as n`,
  );
  expect(Number(before?.n)).toBe(0);

  // 2004: tithes 100,000 in cash; the bank's opening balance 50,000; a sound system of 60,000 received
  // without a payment (5 years from January: 12,000 a year)
  await move({
    occurredAt: '2004-06-01T10:30:00Z',
    paymentAccountId: ids.cash,
    operationAccountId: code['7581'],
    receipt: 100_000,
    sourceType: 'contribution',
  });
  await move({ occurredAt: '2004-07-01T10:30:00Z', paymentAccountId: ids.bank, receipt: 50_000 });
  soundId = await createAsset({
    name: 'Sonorisation',
    purchase_price: 60_000,
    purchase_date: '2004-01-15',
    useful_life_years: 5,
    operation_account_id: code['2443'],
  });
  // 2005: tithes 200,000 cash, supplies 30,000 cash, a computer 120,000 paid by the bank (overdrawn),
  // offerings 10,000 to the bank; the computer depreciates over 3 years from April (9 months: 30,000)
  await move({
    occurredAt: '2005-02-01T10:30:00Z',
    paymentAccountId: ids.cash,
    operationAccountId: code['7581'],
    receipt: 200_000,
    sourceType: 'contribution',
  });
  await move({
    occurredAt: '2005-03-01T10:30:00Z',
    paymentAccountId: ids.cash,
    operationAccountId: ids.supplies,
    expense: 30_000,
    sourceType: 'expense_payment',
  });
  await move({
    occurredAt: '2005-04-01T10:30:00Z',
    paymentAccountId: ids.bank,
    operationAccountId: ids.computers,
    expense: 120_000,
    sourceType: 'expense_payment',
  });
  await move({
    occurredAt: '2005-05-01T10:30:00Z',
    paymentAccountId: ids.bank,
    operationAccountId: code['7582'],
    receipt: 10_000,
    sourceType: 'contribution',
  });
  computerId = await createAsset({
    name: 'Ordinateur',
    purchase_price: 120_000,
    purchase_date: '2005-04-01',
    useful_life_years: 3,
    operation_account_id: ids.computers,
  });
});
afterAll(async () => {
  await t?.close();
});

describe('financial statements', () => {
  it('2004: the income statement and a balanced balance sheet, figures computed by hand', async () => {
    const s = await statements(2004);
    expect(s.closing).toBeNull();
    expect(s.income).toMatchObject({
      products_total: 100_000,
      charges_total: 0,
      depreciation: 12_000,
      ordinary_result: 88_000,
      disposal_result: 0,
      result: 88_000,
    });
    expect(s.income.products).toEqual([{ code: '7581', name: 'Dîmes', amount: 100_000 }]);
    expect(s.balance.fixed_assets).toEqual([
      { code: '2443', name: expect.any(String), gross: 60_000, depreciation: 12_000, net: 48_000 },
    ]);
    expect(s.balance.treasury.map((l) => l.amount).sort()).toEqual([100_000, 50_000].sort());
    // nothing before 2004: the funds come from the bank's opening balance and the asset received
    expect(s.balance).toMatchObject({
      assets_total: 198_000,
      funds: 0,
      carried_forward: 0,
      other_changes: 110_000,
      result: 88_000,
      liabilities_total: 198_000,
    });
    expect(sides(s)).toEqual({ actif: 198_000, passif: 198_000 });
  });

  it('closing 2004 carries its result; the sound system sold in 2005 (a receipt, a gain) leaves the register', async () => {
    const closed = await t.as('tresorier@example.org', {
      method: 'POST',
      url: '/api/closings',
      payload: { entity_type: 'CHURCH', entity_id: ids.church1, year: 2004 },
    });
    expect(closed.statusCode, closed.body).toBe(201);
    expect(closed.json().data).toMatchObject({ result: 88_000, depreciation: 12_000, disposals: 0 });

    const sale = { kind: 'sale', disposed_on: '2005-06-20', price: 50_000, payment_account_id: ids.cash };
    // checked twice: the body, then the rules
    const noAccount = await dispose(soundId, { ...sale, payment_account_id: undefined }, 'dispose-bad-0001');
    expect(noAccount.statusCode).toBe(400);
    expect(noAccount.json().message).toContain('Veuillez choisir le compte de paiement.');
    const noPrice = await dispose(soundId, { ...sale, price: 0 }, 'dispose-bad-0002');
    expect(noPrice.statusCode).toBe(400);
    expect(noPrice.json().message).toContain('Le prix de cession est requis.');
    const early = await dispose(soundId, { ...sale, disposed_on: '2003-12-31' }, 'dispose-bad-0003');
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toContain("La date de sortie ne peut pas précéder la date d'acquisition");
    const notCash = await dispose(soundId, { ...sale, payment_account_id: ids.supplies }, 'dispose-bad-0004');
    expect(notCash.statusCode).toBe(400);
    // a disposal dated in the closed year is refused, with or without a price
    const locked = await dispose(soundId, { kind: 'scrap', disposed_on: '2004-12-01' }, 'dispose-locked-01');
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toContain("L'exercice 2004 est clôturé");
    const stranger = await t.as(ids.otherTreasurer, {
      method: 'POST',
      url: `/api/fixed-assets/${soundId}/disposal`,
      payload: sale,
    });
    expect(stranger.statusCode).toBe(403);

    const sold = await dispose(soundId, sale, 'dispose-sound-0001');
    expect(sold.statusCode, sold.body).toBe(201);
    const asset = fixedAssetAnswerSchema.parse(sold.json()).data;
    // 12,000 in 2004 + 6 months of 2005 (January to June) = 18,000 depreciated: 42,000 net, a gain of 8,000
    expect(asset.disposal).toMatchObject({
      kind: 'sale',
      date: '2005-06-20',
      price: 50_000,
      net_book_value: 42_000,
      gain: 8_000,
    });
    // the same key again: the same answer, one movement
    const replay = await dispose(soundId, sale, 'dispose-sound-0001');
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const moves = await queryRows<{ receipt: number; payment_account_id: number }>(
      t.db,
      sql`select receipt, payment_account_id from treasury_movements
          where source_type = 'fixed_asset_disposal' and source_id = ${soundId}`,
    );
    expect(moves.map((m) => [Number(m.receipt), Number(m.payment_account_id)])).toEqual([[50_000, ids.cash]]);
    const again = await dispose(soundId, sale, 'dispose-sound-0002');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('Cette immobilisation est déjà sortie du patrimoine.');
    const edit = await t.as('tresorier@example.org', {
      method: 'PUT',
      url: `/api/fixed-assets/${soundId}`,
      payload: {
        entity_type: 'CHURCH',
        entity_id: ids.church1,
        name: 'Autre',
        purchase_price: 1,
        useful_life_years: 1,
      },
    });
    expect(edit.statusCode).toBe(409);
    const audit = await queryOne<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where action = 'fixed_asset.dispose' and entity_id = ${soundId}`,
    );
    expect(Number(audit?.n)).toBe(1);

    // the register's totals: the computer alone
    const stats = fixedAssetStatisticsAnswerSchema.parse(
      (await t.as('tresorier@example.org', { url: `/api/fixed-assets/statistics?${church()}` })).json(),
    ).data;
    const held = await queryOne<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from fixed_assets where entity_type = 'CHURCH' and entity_id = ${ids.church1} and disposed_on is null`,
    );
    expect(stats.count).toBe(Number(held?.n));
    expect(stats.by_account.every((g) => g.name !== 'Sonorisation et instruments' || g.count === 0)).toBe(
      true,
    );
  });

  it('2005: the depreciation up to the sale, the gain (HAO), an overdrawn bank, and actif = passif', async () => {
    const s = await statements(2005);
    expect(s.income).toMatchObject({
      products_total: 210_000,
      charges_total: 30_000,
      depreciation: 36_000, // computer 30,000 + sound system 6,000
      ordinary_result: 144_000,
      disposal_proceeds: 50_000,
      disposal_book_values: 42_000,
      disposal_result: 8_000,
      result: 152_000,
    });
    expect(s.income.charges).toEqual([{ code: '6047', name: expect.any(String), amount: 30_000 }]);
    expect(s.balance.fixed_assets).toEqual([
      { code: '2442', name: expect.any(String), gross: 120_000, depreciation: 30_000, net: 90_000 },
    ]);
    expect(s.balance.treasury).toEqual([{ code: '5711', name: expect.any(String), amount: 320_000 }]);
    expect(s.balance.treasury_liabilities).toEqual([
      { code: '5211', name: expect.any(String), amount: 60_000 },
    ]);
    expect(s.balance).toMatchObject({
      assets_total: 410_000,
      funds: 110_000, // 198,000 on 1 January less 2004's result carried
      carried_forward: 88_000,
      other_changes: 0, // the computer paid 120,000 and entered at 120,000
      result: 152_000,
      equity_total: 350_000,
      liabilities_total: 410_000,
    });
    expect(sides(s)).toEqual({ actif: 410_000, passif: 410_000 });
    // the closing of 2005 agrees with the income statement
    const preview = await t.as('tresorier@example.org', {
      url: `/api/closings/preview?${church()}&year=2005`,
    });
    expect(preview.json().data).toMatchObject({ result: 152_000, depreciation: 36_000, disposals: 8_000 });
    expect(computerId).toBeGreaterThan(0);
  });

  it('the statements of the demo national office balance for each of the last three years', async () => {
    const office = await queryOne<{ id: number }>(t.db, sql`select min(id)::int as id from national_offices`);
    const year = new Date().getUTCFullYear();
    for (const y of [year - 2, year - 1, year]) {
      const response = await t.as('national@example.org', {
        url: `/api/financial-statements?entity_type=NATIONAL_OFFICE&entity_id=${office!.id}&year=${y}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const s = financialStatementsAnswerSchema.parse(response.json()).data;
      expect(s.balance.assets_total).toBe(s.balance.liabilities_total);
      const { actif, passif } = sides(s);
      expect(actif).toBe(passif);
    }
  });

  it('is read only by who holds a money permission on the entity', async () => {
    expect(
      (await t.as('fidele@example.org', { url: `/api/financial-statements?${church()}&year=2005` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.as(ids.otherTreasurer, { url: `/api/financial-statements?${church()}&year=2005` })).statusCode,
    ).toBe(403);
    const bad = await t.as('tresorier@example.org', {
      url: `/api/financial-statements?${church()}&year=abc`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("L'exercice est invalide.");
    expect((await t.app.inject({ url: `/api/financial-statements?${church()}&year=2005` })).statusCode).toBe(
      401,
    );
  });
});
