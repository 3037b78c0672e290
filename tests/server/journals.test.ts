import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JOURNAL_MESSAGES,
  treasuryJournalAnswerSchema,
  type AccountJournalAnswer,
  type FinancialReport,
  type GeneralJournalAnswer,
  type TreasuryJournalAnswer,
} from '../../contract/journals';
import { queryOne, queryRows } from '../../server/src/db/query';
import { seedFinanceReferenceData } from '../../server/src/db/seed/accounts';
import { recordMovement, reverseMovement } from '../../server/src/modules/treasury';
import { createTestApp, type TestApp } from './helpers';

// The four accounting documents on the fixture (no movement of its own): every movement below is
// written here with the shared writer, so each expected figure is known.
let t: TestApp;
let a1: number; // Église Nord A1: tresorier@, comptable@ manages it
let a2: number; // Église Nord A2: nobody of the tests but admin
let departmentOfA1: number;
const acc: Record<string, number> = {};
const ids: Record<string, number> = {};

const id = async (query: ReturnType<typeof sql>) => Number((await queryOne<{ id: number }>(t.db, query))!.id);

beforeAll(async () => {
  t = await createTestApp({ template: 'fixture' });
  await seedFinanceReferenceData(t.db);
  a1 = await id(sql`select id from churches where name = 'Église Nord A1'`);
  a2 = await id(sql`select id from churches where name = 'Église Nord A2'`);
  departmentOfA1 = await id(
    sql`select id from departments where entity_type = 'church' and entity_id = ${a1} limit 1`,
  );
  for (const row of await queryRows<{ id: number; code: string }>(
    t.db,
    sql`select id, code from operation_accounts`,
  ))
    acc[row.code] = row.id;
  const user = await id(sql`select id from users where email = 'tresorier@example.org'`);
  const write = (
    name: string,
    at: string,
    amounts: { receipt?: number; expense?: number },
    options: {
      account?: string;
      operation?: string | null;
      church?: number;
      type?: 'church' | 'department';
      source?: 'contribution' | 'expense_payment' | 'opening_balance';
      observations?: string;
    } = {},
  ) =>
    recordMovement(t.db, {
      entityType: options.type ?? 'church',
      entityId: options.church ?? a1,
      paymentAccountId: acc[options.account ?? '5711'],
      operationAccountId:
        options.operation === null ? null : acc[options.operation ?? (amounts.receipt ? '7581' : '6047')],
      occurredAt: at,
      designation: name,
      reference: `REF-${name}`,
      ...amounts,
      observations: options.observations ?? null,
      sourceType: options.source ?? (amounts.receipt ? 'contribution' : 'expense_payment'),
      sourceId: null,
      createdBy: user,
    }).then((row) => (ids[name] = row.id));

  // Église Nord A1, CASH
  await write(
    'ouverture',
    '2026-01-01T00:00:00.000Z',
    { receipt: 100_000 },
    { operation: null, source: 'opening_balance', observations: 'Report à nouveau' },
  );
  await write('dîme février', '2026-02-10T09:00:00.000Z', { receipt: 20_000 });
  await write('fin février', '2026-02-28T23:59:59.999Z', { expense: 5_000 });
  await write('début mars', '2026-03-01T00:00:00.000Z', { receipt: 7_000 }); // first instant of March
  await write('offrande mars', '2026-03-10T10:00:00.000Z', { receipt: 3_000 }, { operation: '7582' });
  await write('électricité', '2026-03-10T10:00:00.000Z', { expense: 12_000 }, { operation: '6052' }); // same instant: id order
  await write('dîme annulée', '2026-03-15T08:00:00.000Z', { receipt: 9_000 });
  await write('fin mars', '2026-03-31T23:59:59.999Z', { receipt: 1_000 }); // last instant of March
  await write('début avril', '2026-04-01T00:00:00.000Z', { expense: 2_000 });
  await reverseMovement(t.db, ids['dîme annulée'], { createdBy: user, at: '2026-03-20T12:00:00.000Z' }).then(
    (row) => (ids['annulation'] = row.id),
  );
  // other journals and entities of the same period
  await write('banque mars', '2026-03-05T10:00:00.000Z', { receipt: 50_000 }, { account: '5211' });
  await write(
    'virement loyer',
    '2026-03-06T10:00:00.000Z',
    { expense: 30_000 },
    { account: '5211', operation: '6222' },
  );
  await write(
    'mobile mars',
    '2026-03-07T10:00:00.000Z',
    { receipt: 4_000 },
    { account: '5551', operation: '7585' },
  );
  await write('A2 mars', '2026-03-08T10:00:00.000Z', { receipt: 999_000 }, { church: a2 });
  await write(
    'département mars',
    '2026-03-09T10:00:00.000Z',
    { receipt: 6_000 },
    { type: 'department', church: departmentOfA1 },
  );
});
afterAll(() => t.close());

const march = 'from_date=2026-03-01&to_date=2026-03-31';
const journal = (login: string, query: string) =>
  t.as(login, { method: 'GET', url: `/api/treasury-journal?${query}` });

describe('GET /treasury-journal: balances', () => {
  it('carries the opening balance and computes the running balance in (date, id) order', async () => {
    const response = await journal(
      'tresorier@example.org',
      `entity_type=CHURCH&entity_id=${a1}&type=CASH&${march}`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<TreasuryJournalAnswer>();
    // before March: 100,000 + 20,000 - 5,000 (the last millisecond of February is still February)
    expect(body.opening_balance).toBe(115_000);
    expect(body.data.map((r) => [r.designation, r.receipts, r.expenses, r.solde])).toEqual([
      ['début mars', 7_000, 0, 122_000],
      ['offrande mars', 3_000, 0, 125_000],
      ['électricité', 0, 12_000, 113_000],
      ['dîme annulée', 9_000, 0, 122_000],
      ['Annulation : dîme annulée', 0, 9_000, 113_000],
      ['fin mars', 1_000, 0, 114_000],
    ]);
    expect(body.totals).toEqual({ receipts: 20_000, expenses: 21_000 });
    expect(body.closing_balance).toBe(114_000);
    expect(body.meta).toEqual({ total: 6, page: 1, limit: 1000, next_after: null });
    expect(body.entity).toEqual({ type: 'church', id: a1, name: 'Église Nord A1' });
    expect(body.period).toEqual({
      from_date: '2026-03-01',
      to_date: '2026-03-31',
      time_zone: 'Africa/Abidjan',
    });
    const first = body.data[0];
    expect(first).toMatchObject({
      id: ids['début mars'],
      date: '2026-03-01',
      occurred_at: '2026-03-01T00:00:00.000Z',
      observations: null,
    });
    expect(body.data[4]).toMatchObject({ source_type: 'reversal', date: '2026-03-20' });
    // sent without the serializer's validation: the answer must still be the contract's
    expect(treasuryJournalAnswerSchema.safeParse(body).success).toBe(true);
  });

  it('includes both days of the period and nothing outside (Africa/Abidjan days, UTC+0)', async () => {
    const oneDay = await journal(
      'tresorier@example.org',
      `entity_type=church&entity_id=${a1}&type=CASH&from_date=2026-03-31&to_date=2026-03-31`,
    );
    const body = oneDay.json<TreasuryJournalAnswer>();
    expect(body.data.map((r) => r.designation)).toEqual(['fin mars']);
    expect(body.opening_balance).toBe(113_000);
    const firstDay = await journal(
      'tresorier@example.org',
      `entity_type=church&entity_id=${a1}&type=CASH&from_date=2026-03-01&to_date=2026-03-01`,
    );
    expect(firstDay.json<TreasuryJournalAnswer>().data.map((r) => r.designation)).toEqual(['début mars']);
    const empty = await journal(
      'tresorier@example.org',
      `entity_type=church&entity_id=${a1}&type=CASH&from_date=2026-03-02&to_date=2026-03-09`,
    );
    expect(empty.json<TreasuryJournalAnswer>()).toMatchObject({
      data: [],
      opening_balance: 122_000,
      closing_balance: 122_000,
      meta: { total: 0 },
    });
  });

  it('keeps the running balance across pages', async () => {
    const page2 = await journal(
      'tresorier@example.org',
      `entity_type=CHURCH&entity_id=${a1}&type=CASH&${march}&limit=2&page=2`,
    );
    const body = page2.json<TreasuryJournalAnswer>();
    expect(body.data.map((r) => r.solde)).toEqual([113_000, 122_000]);
    expect(body.meta).toEqual({ total: 6, page: 2, limit: 2, next_after: ids['dîme annulée'] });
    expect(body.closing_balance).toBe(114_000);
    const beyond = await journal(
      'tresorier@example.org',
      `entity_type=CHURCH&entity_id=${a1}&type=CASH&${march}&limit=5&page=3`,
    );
    expect(beyond.json<TreasuryJournalAnswer>()).toMatchObject({ data: [], closing_balance: 114_000 });
  });

  it('pages by keyset: each page starts after the last row read, with the balance carried', async () => {
    const base = `entity_type=CHURCH&entity_id=${a1}&type=CASH&${march}&limit=2`;
    const seen: [string, number][] = [];
    let after: number | null = null;
    let pages = 0;
    do {
      const response = await journal('tresorier@example.org', after ? `${base}&after=${after}` : base);
      expect(response.statusCode).toBe(200);
      const body: TreasuryJournalAnswer = response.json<TreasuryJournalAnswer>();
      expect(treasuryJournalAnswerSchema.safeParse(body).success).toBe(true);
      expect(body).toMatchObject({ opening_balance: 115_000, closing_balance: 114_000, meta: { total: 6 } });
      seen.push(...body.data.map((r): [string, number] => [r.designation, r.solde]));
      after = body.meta.next_after;
      if (after !== null) expect(after).toBe(body.data.at(-1)!.id);
      pages++;
    } while (after !== null && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([
      ['début mars', 122_000],
      ['offrande mars', 125_000],
      ['électricité', 113_000], // same instant as the offering: the id breaks the tie across pages
      ['dîme annulée', 122_000],
      ['Annulation : dîme annulée', 113_000],
      ['fin mars', 114_000],
    ]);
    // the last row read: nothing after it
    const end = await journal('tresorier@example.org', `${base}&after=${ids['fin mars']}`);
    expect(end.json<TreasuryJournalAnswer>()).toMatchObject({ data: [], meta: { next_after: null } });
  });

  it('refuses an `after` outside the journal and period, or not a row id, in French', async () => {
    const base = `entity_type=CHURCH&entity_id=${a1}&type=CASH&${march}`;
    for (const other of [ids['banque mars'], ids['A2 mars'], ids['début avril'], 999_999_999]) {
      const response = await journal('tresorier@example.org', `${base}&after=${other}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(JOURNAL_MESSAGES.afterNotFound);
    }
    for (const junk of ['abc', '0', '-3', '1.5']) {
      const response = await journal('tresorier@example.org', `${base}&after=${junk}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(JOURNAL_MESSAGES.after);
    }
  });

  it('reads one journal type at a time', async () => {
    const bank = await journal(
      'tresorier@example.org',
      `entity_type=CHURCH&entity_id=${a1}&type=BANK&${march}`,
    );
    expect(bank.json<TreasuryJournalAnswer>()).toMatchObject({
      opening_balance: 0,
      totals: { receipts: 50_000, expenses: 30_000 },
      closing_balance: 20_000,
    });
    const department = await journal(
      'tresorier@example.org',
      `entity_type=ACTIVITY_GROUP&entity_id=${departmentOfA1}&type=CASH&${march}`,
    );
    expect(department.statusCode).toBe(200);
    expect(department.json<TreasuryJournalAnswer>()).toMatchObject({
      entity: { type: 'department' },
      closing_balance: 6_000,
    });
  });

  it('matches the movements table for any period (sums reconcile)', async () => {
    for (const [from, to] of [
      ['2026-01-01', '2026-12-31'],
      ['2026-02-15', '2026-03-15'],
      ['2025-01-01', '2025-12-31'],
    ]) {
      const body = (
        await journal(
          'admin@example.org',
          `entity_type=CHURCH&entity_id=${a1}&type=CASH&from_date=${from}&to_date=${to}`,
        )
      ).json<TreasuryJournalAnswer>();
      const all = await queryOne<{ total: string }>(
        t.db,
        sql`select coalesce(sum(receipt - expense), 0) as total from treasury_movements
            where entity_type = 'church' and entity_id = ${a1} and journal_type = 'CASH' and occurred_at < ((${to}::date + 1)::timestamp at time zone 'UTC')`,
      );
      expect(body.closing_balance).toBe(Number(all!.total));
      const last = body.data.at(-1);
      if (last) expect(last.solde).toBe(body.closing_balance);
      expect(body.data.reduce((s, r) => s + r.receipts, 0)).toBe(body.totals.receipts);
      expect(body.data.reduce((s, r) => s + r.expenses, 0)).toBe(body.totals.expenses);
    }
  });
});

describe('GET /treasury-journal: who may read it', () => {
  it('refuses another church, a church the accountant does not manage, and the faithful', async () => {
    const q = (church: number) => `entity_type=CHURCH&entity_id=${church}&type=CASH&${march}`;
    expect((await journal('tresorier@example.org', q(a2))).statusCode).toBe(403);
    expect((await journal('comptable@example.org', q(a1))).statusCode).toBe(200);
    const refused = await journal('comptable@example.org', q(a2));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("E_HTTP_EXCEPTION: Vous n'avez pas accès à cette église.");
    // the faithful member sees the church, not its money
    const faithful = await journal('fidele@example.org', q(a1));
    expect(faithful.statusCode).toBe(403);
    expect(faithful.json().message).toBe(`E_HTTP_EXCEPTION: ${JOURNAL_MESSAGES.forbidden}`);
    expect((await journal('admin@example.org', q(a2))).json<TreasuryJournalAnswer>().closing_balance).toBe(
      999_000,
    );
    expect((await journal('admin@example.org', q(999_999))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/treasury-journal?${q(a1)}` })).statusCode).toBe(
      401,
    );
  });

  it('reads the page with the check in one statement: a grant opens it, its revocation closes it at the next request', async () => {
    // decision 0034: the journal's statement rides on the permission check; nothing of it leaves a refusal
    const q = `entity_type=CHURCH&entity_id=${a1}&type=CASH&${march}`;
    const refused = await journal('fidele@example.org', q);
    expect(refused.statusCode).toBe(403);
    expect(Object.keys(refused.json())).toEqual(['message']);
    const faithful = await id(sql`select id from users where email = 'fidele@example.org'`);
    const grant = await id(
      sql`insert into user_permissions (user_id, permission_id, entity_type, entity_id)
          select ${faithful}, p.id, 'church', ${a1} from permissions p where p.code = 'expense:view'
          returning id`,
    );
    const granted = await journal('fidele@example.org', q);
    expect(granted.statusCode).toBe(200);
    expect(granted.json<TreasuryJournalAnswer>()).toMatchObject({
      entity: { type: 'church', id: a1, name: 'Église Nord A1' },
      closing_balance: 114_000,
    });
    await t.db.execute(sql`update user_permissions set revoked_at = now() where id = ${grant}`);
    const revoked = await journal('fidele@example.org', q);
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json()).toEqual({ message: `E_HTTP_EXCEPTION: ${JOURNAL_MESSAGES.forbidden}` });
    // a signed-out request and an unknown session get the 401, whatever the statement would find
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/treasury-journal?${q}`,
      headers: { cookie: 'session=inconnue' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(Object.keys(unknown.json())).toEqual(['message']);
  });

  it('lets the levels above read their own journal, not the churches below as theirs', async () => {
    const section = await id(sql`select section_id as id from churches where id = ${a1}`);
    const response = await journal(
      'section@example.org',
      `entity_type=SECTION&entity_id=${section}&type=CASH&${march}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<TreasuryJournalAnswer>()).toMatchObject({ data: [], closing_balance: 0 });
    // and the church below it
    expect(
      (await journal('section@example.org', `entity_type=CHURCH&entity_id=${a1}&type=CASH&${march}`))
        .statusCode,
    ).toBe(200);
  });
});

describe('GET /treasury-journal: validation', () => {
  const cases: [string, string][] = [
    [`entity_id=1&type=CASH&${march}`, JOURNAL_MESSAGES.entityTypeRequired],
    [`entity_type=PLANET&entity_id=1&type=CASH&${march}`, JOURNAL_MESSAGES.entityType],
    [`entity_type=CHURCH&type=CASH&${march}`, JOURNAL_MESSAGES.entityIdRequired],
    [`entity_type=CHURCH&entity_id=abc&type=CASH&${march}`, JOURNAL_MESSAGES.entityId],
    [`entity_type=CHURCH&entity_id=1&${march}`, JOURNAL_MESSAGES.typeRequired],
    [`entity_type=CHURCH&entity_id=1&type=card&${march}`, JOURNAL_MESSAGES.type],
    ['entity_type=CHURCH&entity_id=1&type=CASH&to_date=2026-03-31', JOURNAL_MESSAGES.fromRequired],
    ['entity_type=CHURCH&entity_id=1&type=CASH&from_date=2026-03-01', JOURNAL_MESSAGES.toRequired],
    [
      'entity_type=CHURCH&entity_id=1&type=CASH&from_date=01/03/2026&to_date=2026-03-31',
      JOURNAL_MESSAGES.from,
    ],
    ['entity_type=CHURCH&entity_id=1&type=CASH&from_date=2026-03-01&to_date=2026-02-30', JOURNAL_MESSAGES.to],
    [
      'entity_type=CHURCH&entity_id=1&type=CASH&from_date=2026-03-31&to_date=2026-03-01',
      JOURNAL_MESSAGES.order,
    ],
    [
      'entity_type=CHURCH&entity_id=1&type=CASH&from_date=2016-03-01&to_date=2026-03-01',
      JOURNAL_MESSAGES.tooLong,
    ],
    [`entity_type=CHURCH&entity_id=1&type=CASH&${march}&limit=5001`, JOURNAL_MESSAGES.limit],
  ];
  it('answers an empty page far past the end, never a 500', async () => {
    const far = await journal(
      'admin@example.org',
      `entity_type=CHURCH&entity_id=${a1}&type=CASH&${march}&page=1000000&limit=5000`,
    );
    expect(far.statusCode).toBe(200);
    expect(far.json<TreasuryJournalAnswer>()).toMatchObject({ data: [], closing_balance: 114_000 });
    const odd = await journal(
      'admin@example.org',
      `entity_type=church%00&entity_id=${a1}&type=CASH&${march}`,
    );
    expect(odd.statusCode).toBe(400);
  });

  it.each(cases)('%s → 400', async (query, message) => {
    const response = await journal('admin@example.org', query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });
});

describe('GET /general-journal', () => {
  it('lists every movement of the level with its accounts, in date order, with totals', async () => {
    const response = await t.as('comptable@example.org', {
      method: 'GET',
      url: `/api/general-journal?entity_type=CHURCH&entity_id=${a1}&${march}`,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<GeneralJournalAnswer>();
    expect(body.data.map((r) => r.designation)).toEqual([
      'début mars',
      'banque mars',
      'virement loyer',
      'mobile mars',
      'offrande mars',
      'électricité',
      'dîme annulée',
      'Annulation : dîme annulée',
      'fin mars',
    ]);
    expect(body.data[2]).toMatchObject({
      journal_type: 'BANK',
      payment_account: { code: '5211', name: 'Banque locale' },
      operation_account: { code: '6222', name: 'Loyer', category: 'Charges AO' },
      reference: 'REF-virement loyer',
      expenses: 30_000,
    });
    expect(body.totals).toEqual({ receipts: 74_000, expenses: 51_000, count: 9 });
    const cash = (
      await t.as('comptable@example.org', {
        method: 'GET',
        url: `/api/general-journal?entity_type=CHURCH&entity_id=${a1}&${march}&type=CASH&limit=2`,
      })
    ).json<GeneralJournalAnswer>();
    expect(cash.meta).toEqual({ total: 6, page: 1, limit: 2 });
    expect(cash.data).toHaveLength(2);
    expect(
      (
        await t.as('comptable@example.org', {
          method: 'GET',
          url: `/api/general-journal?entity_type=CHURCH&entity_id=${a2}&${march}`,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.as('comptable@example.org', {
          method: 'GET',
          url: `/api/general-journal?entity_type=CHURCH&entity_id=${a1}&from_date=2026-03-01`,
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('GET /account-journal', () => {
  const url = (account: string, period = march) =>
    `/api/account-journal?entity_type=CHURCH&entity_id=${a1}&account_id=${acc[account]}&${period}`;
  it('follows one receipt account with its reversals and a running balance', async () => {
    const body = (
      await t.as('tresorier@example.org', { method: 'GET', url: url('7581') })
    ).json<AccountJournalAnswer>();
    expect(body.balance_direction).toBe('receipts');
    expect(body.opening_balance).toBe(20_000); // dîme février (the opening balance has no account)
    expect(body.data.map((r) => [r.designation, r.solde])).toEqual([
      ['début mars', 27_000],
      ['banque mars', 77_000],
      ['dîme annulée', 86_000],
      ['Annulation : dîme annulée', 77_000],
      ['fin mars', 78_000],
    ]);
    expect(body.closing_balance).toBe(78_000);
    expect(body.account).toMatchObject({ code: '7581', category: 'Produits', journal_type: null });
  });

  it('counts an expense account in the spending direction, and a treasury account on its payment side', async () => {
    const rent = (
      await t.as('tresorier@example.org', { method: 'GET', url: url('6222') })
    ).json<AccountJournalAnswer>();
    expect(rent).toMatchObject({
      balance_direction: 'expenses',
      opening_balance: 0,
      closing_balance: 30_000,
    });
    expect(rent.data.map((r) => r.solde)).toEqual([30_000]);
    const office = (
      await t.as('tresorier@example.org', {
        method: 'GET',
        url: url('6047', 'from_date=2026-01-01&to_date=2026-12-31'),
      })
    ).json<AccountJournalAnswer>();
    expect(office).toMatchObject({ closing_balance: 7_000, totals: { receipts: 0, expenses: 7_000 } });
    const bank = (
      await t.as('tresorier@example.org', { method: 'GET', url: url('5211') })
    ).json<AccountJournalAnswer>();
    expect(bank).toMatchObject({
      balance_direction: 'receipts',
      closing_balance: 20_000,
      meta: { total: 2 },
    });
  });

  it('answers 404 for an unknown account and 400 without one', async () => {
    const unknown = await t.as('tresorier@example.org', {
      method: 'GET',
      url: `/api/account-journal?entity_type=CHURCH&entity_id=${a1}&account_id=999999&${march}`,
    });
    expect(unknown.statusCode).toBe(404);
    const missing = await t.as('tresorier@example.org', {
      method: 'GET',
      url: `/api/account-journal?entity_type=CHURCH&entity_id=${a1}&${march}`,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain(JOURNAL_MESSAGES.accountRequired);
  });
});

describe('GET /financial-report', () => {
  it('groups by category and account, and reconciles with the treasury position', async () => {
    const response = await t.as('tresorier@example.org', {
      method: 'GET',
      url: `/api/financial-report?entity_type=CHURCH&entity_id=${a1}&from_date=2026-02-01&to_date=2026-03-31`,
    });
    expect(response.statusCode).toBe(200);
    const report = response.json<{ data: FinancialReport }>().data;
    // receipts: 7581 = 20,000 + 7,000 + 9,000 - 9,000 + 1,000; 7582 = 3,000; 7585 = 4,000; 'banque mars' 7581 + 50,000
    expect(report.receipts.categories).toEqual([
      {
        category: 'Produits',
        total: 85_000,
        accounts: [
          { id: acc['7581'], code: '7581', name: 'Dîmes', total: 78_000 },
          { id: acc['7582'], code: '7582', name: 'Offrandes', total: 3_000 },
          { id: acc['7585'], code: '7585', name: 'Cotisations des membres', total: 4_000 },
        ],
      },
    ]);
    expect(report.expenses.total).toBe(47_000); // 5,000 + 12,000 + 30,000
    expect(report.expenses.categories[0].accounts.map((a) => [a.code, a.total])).toEqual([
      ['6047', 5_000],
      ['6052', 12_000],
      ['6222', 30_000],
    ]);
    expect(report.result).toBe(38_000);
    expect(report.carried_forward).toBe(0);
    expect(report.treasury).toEqual([
      { journal_type: 'CASH', opening: 100_000, receipts: 40_000, expenses: 26_000, closing: 114_000 },
      { journal_type: 'BANK', opening: 0, receipts: 50_000, expenses: 30_000, closing: 20_000 },
      { journal_type: 'ELECTRONIK', opening: 0, receipts: 4_000, expenses: 0, closing: 4_000 },
    ]);
    expect(report.treasury_total).toEqual({ opening: 100_000, closing: 138_000 });
    // the treasury moves by the result plus what was carried forward
    expect(report.treasury_total.closing - report.treasury_total.opening).toBe(
      report.result + report.carried_forward,
    );
    expect(report.months).toEqual([
      { month: '2026-02', receipts: 20_000, expenses: 5_000 },
      { month: '2026-03', receipts: 65_000, expenses: 42_000 },
    ]);
    const cash = (
      await journal('tresorier@example.org', `entity_type=CHURCH&entity_id=${a1}&type=CASH&${march}`)
    ).json<TreasuryJournalAnswer>();
    expect(report.treasury[0].closing).toBe(cash.closing_balance);
  });

  it('counts the opening balances as carried forward, not as receipts', async () => {
    const report = (
      await t.as('tresorier@example.org', {
        method: 'GET',
        url: `/api/financial-report?entity_type=CHURCH&entity_id=${a1}&from_date=2026-01-01&to_date=2026-01-31`,
      })
    ).json<{ data: FinancialReport }>().data;
    expect(report).toMatchObject({
      result: 0,
      carried_forward: 100_000,
      treasury_total: { opening: 0, closing: 100_000 },
    });
    expect(report.months).toEqual([{ month: '2026-01', receipts: 0, expenses: 0 }]);
    expect(
      (
        await t.as('fidele@example.org', {
          method: 'GET',
          url: `/api/financial-report?entity_type=CHURCH&entity_id=${a1}&${march}`,
        })
      ).statusCode,
    ).toBe(403);
  });
});
