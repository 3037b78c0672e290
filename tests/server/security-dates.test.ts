import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_MESSAGES, moneyDateProblem, todayInDenomination } from '../../contract/dates';
import { queryOne } from '../../server/src/db/query';
import type { TestApp } from './helpers';
import { approve, createRequest, detail, expenseTestApp, payment, type ExpenseIds } from './expenses-setup';

/**
 * Finding 3 of issue 17: the dates of every money write (payments, contributions, fixed assets) are real
 * calendar dates, not after today in Africa/Abidjan, not before 1900-01-01, with French messages.
 */
let t: TestApp;
let ids: ExpenseIds;
let dataDir: string;
let fidele: number;
let tithes: number;

beforeAll(async () => {
  ({ t, ids, dataDir } = await expenseTestApp());
  fidele = Number(
    (await queryOne<{ id: number }>(t.db, sql`select id from users where email = 'fidele@example.org'`))!.id,
  );
  tithes = Number(
    (await queryOne<{ id: number }>(t.db, sql`select id from operation_accounts where code = '7581'`))!.id,
  );
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The French messages of a 400 answer. */
function problems(response: { statusCode: number; json: () => unknown }): string[] {
  const body = response.json() as { message: string; errors?: Array<{ message: string }> };
  return [body.message, ...(body.errors ?? []).map((e) => e.message)];
}

const BAD_DATES: Array<[string, string]> = [
  ['2099-01-01', DATE_MESSAGES.future],
  ['2026-02-30', DATE_MESSAGES.invalid],
  ['2025-13-01', DATE_MESSAGES.invalid],
  ['0000-00-00', DATE_MESSAGES.invalid],
  ['1899-12-31', DATE_MESSAGES.tooOld],
];

describe('the shared rule (contract/dates.ts)', () => {
  it('reads dates in Africa/Abidjan and refuses impossible, future and pre-1900 ones', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(moneyDateProblem('2026-11-25', now)).toBeNull();
    expect(moneyDateProblem('2026-11-25T23:59', now)).toBeNull();
    expect(moneyDateProblem('2026-11-26', now)).toBe(DATE_MESSAGES.future);
    // 23:30 in New York on the 25th is the 26th in Abidjan
    expect(moneyDateProblem('2026-11-25T23:30:00-05:00', now)).toBe(DATE_MESSAGES.future);
    expect(moneyDateProblem('2024-02-29', now)).toBeNull();
    expect(moneyDateProblem('2026-02-29', now)).toBe(DATE_MESSAGES.invalid);
    expect(moneyDateProblem('2026-11-20T24:00', now)).toBe(DATE_MESSAGES.invalid);
    expect(moneyDateProblem('1900-01-01', now)).toBeNull();
    for (const [value, expected] of BAD_DATES) expect(moneyDateProblem(value, now), value).toBe(expected);
  });
});

describe('money writes refuse impossible dates (issue 17, finding 3)', () => {
  it('refuses a payment dated in the future, on a day that does not exist, or before 1900', async () => {
    const id = await createRequest(t, ids);
    await approve(t, id);
    const lineId = (await detail(t, id)).expenses[0].id;
    for (const [value, expected] of BAD_DATES) {
      const response = await t.as('tresorier@example.org', {
        method: 'PUT',
        url: `/api/expenses/${lineId}/validate`,
        payload: payment(ids, 100, { validated_at: value }),
      });
      expect(response.statusCode, `${value}: ${response.body}`).toBe(400);
      expect(problems(response).join(' | '), value).toContain(expected);
    }
    const today = await t.as('tresorier@example.org', {
      method: 'PUT',
      url: `/api/expenses/${lineId}/validate`,
      payload: payment(ids, 100, { validated_at: todayInDenomination(), validate_time: '00:00:00' }),
    });
    expect(today.statusCode, today.body).toBe(201);
    const lines = (await detail(t, id)).expenses[0];
    expect(lines.amount_validated).toBe(100);
  });

  it('refuses a contribution dated in the future or on a day that does not exist', async () => {
    for (const [value, expected] of BAD_DATES) {
      const response = await t.as('tresorier@example.org', {
        method: 'POST',
        url: '/api/contributions',
        payload: {
          entity_type: 'CHURCH',
          entity_id: ids.church1,
          user_id: fidele,
          type: 'tithe',
          amount: 1_000,
          occurred_at: `${value}T10:30`,
          receipt_account_id: tithes,
          payment_account_id: ids.cash,
        },
      });
      expect(response.statusCode, `${value}: ${response.body}`).toBe(400);
      expect(problems(response).join(' | '), value).toContain(expected);
    }
  });

  it('refuses a fixed asset bought in the future or on a day that does not exist', async () => {
    for (const [value, expected] of BAD_DATES) {
      const response = await t.as('national@example.org', {
        method: 'POST',
        url: '/api/fixed-assets',
        payload: {
          name: 'Véhicule de service',
          purchase_price: 1_000_000,
          currency: 'XOF',
          depreciable: false,
          purchase_date: value,
          entity_type: 'NATIONAL_OFFICE',
          entity_id: ids.nationalOffice,
        },
      });
      expect(response.statusCode, `${value}: ${response.body}`).toBe(400);
      expect(problems(response).join(' | '), value).toContain(expected);
    }
  });
});
