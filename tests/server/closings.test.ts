import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSING_MESSAGES, closingAnswerSchema } from '../../contract/closings';
import { queryOne, queryRows } from '../../server/src/db/query';
import { computeClosing } from '../../server/src/modules/closings';
import { expenseTestApp, type ExpenseIds } from './expenses-setup';
import type { TestApp } from './helpers';

let t: TestApp;
let ids: ExpenseIds;
let tithes: number;
let fidele: number;
const year = new Date().getUTCFullYear() - 1;

beforeAll(async () => {
  ({ t, ids } = await expenseTestApp());
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

const tithe = (occurredAt: string, key: string) =>
  t.as('tresorier@example.org', {
    method: 'POST',
    url: '/api/contributions',
    headers: { 'idempotency-key': key },
    payload: {
      entity_type: 'CHURCH',
      entity_id: ids.church1,
      user_id: fidele,
      type: 'tithe',
      amount: 15_000,
      occurred_at: occurredAt,
      receipt_account_id: tithes,
      payment_account_id: ids.cash,
    },
  });

describe('year-end closing of a church', () => {
  it('previews, closes once in order, carries every balance forward, then locks the year', async () => {
    const church = `entity_type=CHURCH&entity_id=${ids.church1}`;
    // before the closing, a receipt dated in the year is still accepted
    expect((await tithe(`${year}-12-30T10:30`, 'closing-before-0001')).statusCode).toBe(201);

    const current = await t.as('tresorier@example.org', {
      url: `/api/closings/preview?${church}&year=${year + 1}`,
    });
    expect(current.statusCode).toBe(409);
    expect(current.json()).toMatchObject({
      message: expect.stringContaining('Seul un exercice terminé peut être clôturé.'),
    });
    expect(
      (await t.as('fidele@example.org', { url: `/api/closings/preview?${church}&year=${year}` })).statusCode,
    ).toBe(403);

    const preview = closingAnswerSchema.parse(
      (await t.as('tresorier@example.org', { url: `/api/closings/preview?${church}&year=${year}` })).json(),
    ).data;
    expect(preview.id).toBeNull();
    expect(preview.accounts.length).toBeGreaterThan(0);
    expect(await queryOne(t.db, sql`select 1 from fiscal_closings where entity_type = 'church'`)).toBeFalsy();

    const closed = await t.as('tresorier@example.org', {
      method: 'POST',
      url: '/api/closings',
      payload: { entity_type: 'CHURCH', entity_id: ids.church1, year },
    });
    expect(closed.statusCode, closed.body).toBe(201);
    const closing = closingAnswerSchema.parse(closed.json()).data;
    expect(closing).toMatchObject({ year, result: preview.result, products: preview.products });
    expect(closing.result_account).toBe(closing.result >= 0 ? '121' : '129');
    expect(closing.result).toBe(
      closing.products - closing.charges - closing.depreciation + closing.disposals,
    );

    // every treasury account: closing balance of N = everything written up to the end of N
    const balances = await queryRows<{ id: number; balance: string | number }>(
      t.db,
      sql`select payment_account_id as id, sum(receipt - expense)::bigint as balance from treasury_movements
          where entity_type = 'church' and entity_id = ${ids.church1} and occurred_at < ${`${year + 1}-01-01T00:00:00Z`}::timestamptz
          group by payment_account_id`,
    );
    expect(closing.accounts).toHaveLength(balances.length);
    for (const b of balances)
      expect(closing.accounts.find((a) => a.payment_account_id === Number(b.id))?.closing_balance).toBe(
        Number(b.balance),
      );
    for (const a of closing.accounts)
      expect(a.closing_balance).toBe(a.opening_balance + a.receipts - a.expenses);
    // ... = the opening balance of N+1
    const next = await computeClosing(t.db, 'CHURCH', ids.church1, year + 1);
    for (const a of closing.accounts)
      expect(next.accounts.find((n) => n.payment_account_id === a.payment_account_id)?.opening_balance).toBe(
        a.closing_balance,
      );

    const again = await t.as('tresorier@example.org', {
      method: 'POST',
      url: '/api/closings',
      payload: { entity_type: 'CHURCH', entity_id: ids.church1, year },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: expect.stringContaining('Cet exercice est déjà clôturé.'),
    });

    // the lock: a receipt dated in the closed year is refused in French, one of this year is accepted
    const locked = await tithe(`${year}-06-15T10:30`, 'closing-locked-0001');
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({
      message: expect.stringContaining(CLOSING_MESSAGES.yearClosed(year)),
    });
    const open = await tithe(`${year + 1}-01-02T10:30`, 'closing-open-0001');
    expect(open.statusCode).toBe(201);

    const audit = await queryOne<{ action: string }>(
      t.db,
      sql`select action from audit_log where action = 'fiscal_year.close' and entity_id = ${ids.church1}`,
    );
    expect(audit?.action).toBe('fiscal_year.close');
    const detail = await t.as('pasteur@example.org', { url: `/api/closings/${closing.id}` });
    expect([200, 403]).toContain(detail.statusCode);
  });

  it('closes the years of an entity in order', async () => {
    // church1's last closed year is `year`: closing year - 2 again, or skipping, is refused
    const old = await t.as('tresorier@example.org', {
      method: 'POST',
      url: '/api/closings',
      payload: { entity_type: 'CHURCH', entity_id: ids.church1, year: year - 2 },
    });
    expect(old.statusCode).toBe(409);
  });
});
