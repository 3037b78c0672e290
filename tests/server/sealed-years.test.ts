import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSING_MESSAGES } from '../../contract/closings';
import { todayInDenomination } from '../../contract/dates';
import { queryOne, queryRows } from '../../server/src/db/query';
import { closingLockKey, recordMovement, reverseMovement } from '../../server/src/modules/treasury';
import { createTestApp, type TestApp } from './helpers';

/*
 * Issue 27, item 3: closed years never change. On the demo, the first national office closed the year
 * before last (Z, seeded); here it writes a year of money in last year (Y) through the API, closes Y, and
 * snapshots every document of Y (and Z): the income statement and the balance sheet, the closing, every
 * journal, the treasury totals (its own, and a section's below it), the financial report, the registers.
 * Then every dated write of the OpenAPI document is tried with a date in a closed year: each answers 409
 * 'L'exercice {année} est clôturé.' and the snapshot stays identical. The write routes of the OpenAPI
 * document are all classified below: a new one fails the test until it is.
 */

let t: TestApp;
const today = todayInDenomination();
const Y = Number(today.slice(0, 4)) - 1;
const Z = Y - 1;
const ADMIN = 'admin@example.org';
const NATIONAL = 'national@example.org';
const TREASURER = 'tresorier@example.org';

const ids = {
  office: 0,
  church: 0,
  section: 0,
  otherSection: 0,
  fidele: 0,
  cash: 0,
  bank: 0,
  tithes: 0,
  supplies: 0,
  computers: 0,
  closing: 0,
  contribution: 0,
  line: 0,
  assetLine: 0,
  asset: 0,
  oldAsset: 0,
  employee: 0,
  slipOfY: 0,
  slipOfThisYear: 0,
  budget: 0,
  template: 0,
};

async function one(query: ReturnType<typeof sql>): Promise<number> {
  const row = await queryOne<{ id: number }>(t.db, query);
  if (!row) throw new Error('demo row missing');
  return Number(row.id);
}

function message(response: LightMyRequestResponse): string {
  return String((response.json() as { message?: string }).message ?? '').replace(/^E_HTTP_EXCEPTION: /, '');
}

let keys = 0;
async function call(login: string, options: InjectOptions, expected?: number) {
  const response = await t.as(login, {
    ...options,
    headers: {
      'idempotency-key': `sealed-years-${String(++keys).padStart(4, '0')}`,
      ...(options.headers ?? {}),
    },
  });
  if (expected !== undefined)
    expect(response.statusCode, `${options.method} ${options.url}: ${response.body}`).toBe(expected);
  return response;
}

const office = () => `entity_type=NATIONAL_OFFICE&entity_id=${ids.office}`;
/** A year as the journals' period: up to today for this year (a period never ends in the future). */
const period = (year: number) => `from_date=${year}-01-01&to_date=${year > Y ? today : `${year}-12-31`}`;

/** An asset as PUT /fixed-assets/{id} takes it, read from its GET. */
async function assetBody(id: number): Promise<Record<string, unknown>> {
  const asset = (await call(ADMIN, { url: `/api/fixed-assets/${id}` }, 200)).json().data;
  const {
    operationAccount: _account,
    total_cost: _total,
    acquired_on: _acquired,
    disposal: _disposal,
    ...rest
  } = asset;
  const body: Record<string, unknown> = {};
  for (const field of [
    'name',
    'description',
    'reference',
    'brand',
    'model',
    'additional_costs',
    'currency',
    'purchase_date',
    'commissioning_date',
    'supplier',
    'invoice_number',
    'location',
    'condition_notes',
    'depreciable',
    'useful_life_years',
    'residual_value',
    'annual_depreciation_rate',
    'operation_account_id',
    'purchase_price',
    'entity_type',
    'entity_id',
  ])
    if (rest[field] !== null && rest[field] !== undefined) body[field] = rest[field];
  return body;
}

beforeAll(async () => {
  t = await createTestApp();
  ids.church = await one(sql`select church_id as id from users where email = ${TREASURER}`);
  ids.section = await one(sql`select section_id as id from churches where id = ${ids.church}`);
  ids.office = await one(
    sql`select r.national_office_id as id from sections s join regions r on r.id = s.region_id where s.id = ${ids.section}`,
  );
  ids.otherSection = await one(
    sql`select s.id from sections s join regions r on r.id = s.region_id
        where r.national_office_id = ${ids.office} and s.id <> ${ids.section} and s.archived_at is null order by s.id limit 1`,
  );
  ids.fidele = await one(sql`select id from users where email = 'fidele@example.org'`);
  const account = (code: string) => one(sql`select id from operation_accounts where code = ${code}`);
  ids.cash = await account('5711');
  ids.bank = await account('5211');
  ids.tithes = await account('7581');
  ids.supplies = await account('6047');
  ids.computers = await account('2442');
  // the demo: the first national office closed Z, and it is the demo church's office
  expect(await one(sql`select min(id) as id from national_offices`)).toBe(ids.office);
  expect(
    await queryOne(
      t.db,
      sql`select 1 from fiscal_closings where entity_type = 'national_office' and entity_id = ${ids.office} and year = ${Z}`,
    ),
  ).toBeTruthy();
  ids.oldAsset = await one(
    sql`select id from fixed_assets where entity_type = 'NATIONAL_OFFICE' and entity_id = ${ids.office}
          and name like 'Véhicule de mission%'`,
  );

  // a year of the office's money in Y, written through the API while Y is open
  ids.contribution = (
    await call(
      ADMIN,
      {
        method: 'POST',
        url: '/api/contributions',
        payload: {
          entity_type: 'NATIONAL_OFFICE',
          entity_id: ids.office,
          is_anonymous: true,
          type: 'offering',
          amount: 40_000,
          occurred_at: `${Y}-03-12T10:30`,
          receipt_account_id: ids.tithes,
          payment_account_id: ids.cash,
        },
      },
      201,
    )
  ).json().data.id;
  const request = async (account: number, lines: Array<[string, number]>) => {
    const id = (
      await call(
        NATIONAL,
        {
          method: 'POST',
          url: '/api/expense-requests',
          payload: {
            status: 'approval_pending',
            description: 'Dépenses du bureau (exercice clos)',
            expenses: lines.map(([name, price]) => ({ name, quantity: 1, unit_price: price })),
            operation_account_id: account,
            budget_line_id: null,
            planned_activity_id: null,
            entity_type: 'NATIONAL_OFFICE',
            entity_id: ids.office,
            made_at: `${today}T09:00:00.000Z`,
          },
        },
        201,
      )
    ).json().data.id as number;
    await call(ADMIN, { method: 'PUT', url: `/api/expense-requests/${id}/approved`, payload: {} }, 200);
    const detail = (await call(NATIONAL, { url: `/api/expense-requests/${id}` }, 200)).json().data;
    return (detail.expenses as Array<{ id: number }>).map((l) => l.id);
  };
  const [paidLine, openLine] = await request(ids.supplies, [
    ['Fournitures de décembre', 30_000],
    ['Fournitures de fin d’année', 20_000],
  ]);
  ids.line = openLine;
  await call(
    NATIONAL,
    {
      method: 'PUT',
      url: `/api/expenses/${paidLine}/validate`,
      payload: {
        amount: 30_000,
        validated_at: `${Y}-12-20`,
        validate_time: '10:30:00',
        payment_method: 'cash',
        payment_account_id: ids.cash,
      },
    },
    201,
  );
  [ids.assetLine] = await request(ids.computers, [['Serveur de fichiers', 900_000]]);
  ids.asset = (
    await call(
      NATIONAL,
      {
        method: 'POST',
        url: '/api/fixed-assets',
        payload: {
          name: 'Photocopieur (exercice clos)',
          purchase_price: 1_200_000,
          currency: 'XOF',
          purchase_date: `${Y}-03-01`,
          useful_life_years: 4,
          operation_account_id: ids.computers,
          entity_type: 'NATIONAL_OFFICE',
          entity_id: ids.office,
        },
      },
      201,
    )
  ).json().data.id;
  ids.employee = (
    await call(
      NATIONAL,
      {
        method: 'POST',
        url: '/api/employees',
        payload: {
          entity_type: 'NATIONAL_OFFICE',
          entity_id: ids.office,
          first_name: 'Awa',
          last_name: 'Clôture',
          position: 'Comptable',
          hired_on: `${Y}-01-02`,
          base_salary: 150_000,
        },
      },
      201,
    )
  ).json().data.id;
  const payslip = async (month: string) =>
    (
      await call(
        NATIONAL,
        {
          method: 'POST',
          url: '/api/payslips',
          payload: { employee_id: ids.employee, month, gross: 150_000 },
        },
        201,
      )
    ).json().data.id as number;
  const paidSlip = await payslip(`${Y}-10`);
  await call(
    NATIONAL,
    {
      method: 'POST',
      url: `/api/payslips/${paidSlip}/pay`,
      payload: { payment_account_id: ids.bank, paid_on: `${Y}-10-28` },
    },
    200,
  );
  ids.slipOfY = await payslip(`${Y}-11`);
  ids.slipOfThisYear = await payslip(`${Y + 1}-01`);
  ids.budget = (
    await call(
      ADMIN,
      {
        method: 'POST',
        url: '/api/budgets',
        payload: { entity_type: 'NATIONAL_OFFICE', entity_id: ids.office, year: Y, source: 'templates' },
      },
      201,
    )
  ).json().data.id;
  const budget = (await call(ADMIN, { url: `/api/budgets/${ids.budget}` }, 200)).json().data;
  ids.template = budget.lines[0].budget_item_template_id;
  await call(
    ADMIN,
    {
      method: 'PUT',
      url: `/api/budgets/${ids.budget}`,
      payload: { lines: [{ budget_item_template_id: ids.template, amount: 500_000 }] },
    },
    200,
  );
  await call(ADMIN, { method: 'POST', url: `/api/budgets/${ids.budget}/submit` }, 200);

  // ... then Y is closed
  ids.closing = (
    await call(
      NATIONAL,
      {
        method: 'POST',
        url: '/api/closings',
        payload: { entity_type: 'NATIONAL_OFFICE', entity_id: ids.office, year: Y },
      },
      201,
    )
  ).json().data.id;
});
afterAll(() => t?.close());

/** Every document of a closed year, as the API answers it, and a digest of the tables behind them. */
async function snapshot() {
  const read = async (url: string) => (await call(ADMIN, { url }, 200)).json();
  const accounts = await queryRows<{ id: number }>(
    t.db,
    sql`select distinct a.id from treasury_movements m
          join operation_accounts a on a.id in (m.payment_account_id, m.operation_account_id)
        where m.entity_type = 'national_office' and m.entity_id = ${ids.office} order by a.id`,
  );
  const documents: Record<string, unknown> = {};
  for (const year of [Z, Y]) {
    documents[`statements ${year}`] = await read(`/api/financial-statements?${office()}&year=${year}`);
    documents[`general journal ${year}`] = await read(
      `/api/general-journal?${office()}&${period(year)}&limit=100`,
    );
    for (const type of ['CASH', 'BANK', 'ELECTRONIK'])
      documents[`treasury journal ${type} ${year}`] = await read(
        `/api/treasury-journal?${office()}&type=${type}&${period(year)}&limit=100`,
      );
    for (const { id } of accounts)
      documents[`account journal ${id} ${year}`] = await read(
        `/api/account-journal?${office()}&account_id=${id}&${period(year)}&limit=100`,
      );
    documents[`treasury totals ${year}`] = await read(`/api/treasury-totals?${office()}&${period(year)}`);
    documents[`section totals ${year}`] = await read(
      `/api/treasury-totals?entity_type=SECTION&entity_id=${ids.section}&${period(year)}`,
    );
    documents[`financial report ${year}`] = await read(`/api/financial-report?${office()}&${period(year)}`);
    documents[`contributions ${year}`] = await read(
      `/api/contributions?${office()}&${period(year)}&limit=100`,
    );
    documents[`budgets ${year}`] = await read(`/api/budgets?${office()}&year=${year}`);
  }
  documents.closings = await read(`/api/closings?${office()}`);
  documents.closing = await read(`/api/closings/${ids.closing}`);
  documents.assets = await read(`/api/fixed-assets?${office()}&limit=100`);
  documents.payslips = await read(`/api/payslips?${office()}&limit=100`);
  documents.tables = await queryOne(
    t.db,
    sql`select (select count(*)::int from treasury_movements) as movements,
          (select md5(coalesce(string_agg(m::text, '|' order by m.id), '')) from treasury_movements m) as movement_rows,
          (select md5(coalesce(string_agg(f::text, '|' order by f.id), '')) from fixed_assets f) as assets,
          (select md5(coalesce(string_agg(p::text, '|' order by p.id), '')) from payslips p) as payslips,
          (select md5(coalesce(string_agg(b::text, '|' order by b.id), '')) from budgets b) as budgets,
          (select md5(coalesce(string_agg(l::text, '|' order by l.id), '')) from budget_lines l) as budget_lines,
          (select md5(coalesce(string_agg(c::text, '|' order by c.id), '')) from contributions c) as contributions,
          (select md5(coalesce(string_agg(c::text, '|' order by c.id), '')) from church_moves c) as moves,
          (select md5(string_agg(c.id || ':' || c.section_id, ',' order by c.id)) from churches c) as churches,
          (select md5(coalesce(string_agg(l.id || ':' || l.amount_validated || ':' || l.status, ',' order by l.id), ''))
             from expense_lines l) as expense_lines`,
  );
  return documents;
}

type DatedWrite = {
  /** the route as the OpenAPI document names it */
  route: string;
  why: string;
  login: string;
  request: () => Promise<InjectOptions>;
  /** the closed year whose figures the write would change */
  year: number;
};

const contribution = (entity: 'NATIONAL_OFFICE' | 'CHURCH', occurredAt: string) =>
  entity === 'NATIONAL_OFFICE'
    ? {
        entity_type: entity,
        entity_id: ids.office,
        is_anonymous: true,
        type: 'offering',
        amount: 10_000,
        occurred_at: occurredAt,
        receipt_account_id: ids.tithes,
        payment_account_id: ids.cash,
      }
    : {
        entity_type: entity,
        entity_id: ids.church,
        user_id: ids.fidele,
        type: 'tithe',
        amount: 10_000,
        occurred_at: occurredAt,
        receipt_account_id: ids.tithes,
        payment_account_id: ids.cash,
      };
const payment = (amount: number, day: string, extra: Record<string, unknown> = {}) => ({
  amount,
  validated_at: day,
  validate_time: '10:30:00',
  payment_method: 'cash',
  payment_account_id: ids.cash,
  ...extra,
});

/** Every write of the OpenAPI document that carries a date (or changes a dated figure), tried in a closed year. */
const DATED: DatedWrite[] = [
  {
    route: 'POST /api/contributions',
    why: 'a receipt of the office dated in Y',
    login: ADMIN,
    request: async () => ({
      method: 'POST',
      url: '/api/contributions',
      payload: contribution('NATIONAL_OFFICE', `${Y}-06-15T10:30`),
    }),
    year: Y,
  },
  {
    route: 'POST /api/contributions',
    why: "a church's receipt dated in Y: the office's totals of Y count it",
    login: TREASURER,
    request: async () => ({
      method: 'POST',
      url: '/api/contributions',
      payload: contribution('CHURCH', `${Y}-06-15T10:30`),
    }),
    year: Y,
  },
  {
    route: 'POST /api/contributions',
    why: 'a receipt dated before the first closed year: its balance is carried into Z and Y',
    login: ADMIN,
    request: async () => ({
      method: 'POST',
      url: '/api/contributions',
      payload: contribution('NATIONAL_OFFICE', '2010-06-15T10:30'),
    }),
    year: Z,
  },
  {
    route: 'POST /api/contributions/{id}/cancel',
    why: 'a receipt of Y cancelled: its status is part of Y',
    login: ADMIN,
    request: async () => ({
      method: 'POST',
      url: `/api/contributions/${ids.contribution}/cancel`,
      payload: { reason: 'Erreur' },
    }),
    year: Y,
  },
  {
    route: 'PUT /api/expenses/{id}/validate',
    why: 'an expense paid on a day of Y',
    login: NATIONAL,
    request: async () => ({
      method: 'PUT',
      url: `/api/expenses/${ids.line}/validate`,
      payload: payment(20_000, `${Y}-12-24`),
    }),
    year: Y,
  },
  {
    route: 'PUT /api/expenses/{id}/validate',
    why: 'paid today, but the fixed asset it records was bought in Y',
    login: NATIONAL,
    request: async () => ({
      method: 'PUT',
      url: `/api/expenses/${ids.assetLine}/validate`,
      payload: payment(900_000, today, {
        fixed_asset: { name: 'Serveur de fichiers', useful_life_years: 3, purchase_date: `${Y}-12-01` },
      }),
    }),
    year: Y,
  },
  {
    route: 'POST /api/payslips',
    why: 'a payslip of a month of Y',
    login: NATIONAL,
    request: async () => ({
      method: 'POST',
      url: '/api/payslips',
      payload: { employee_id: ids.employee, month: `${Y}-12`, gross: 150_000 },
    }),
    year: Y,
  },
  {
    route: 'PUT /api/payslips/{id}',
    why: 'a payslip of Y changed',
    login: NATIONAL,
    request: async () => ({
      method: 'PUT',
      url: `/api/payslips/${ids.slipOfY}`,
      payload: { month: `${Y}-11`, gross: 175_000 },
    }),
    year: Y,
  },
  {
    route: 'PUT /api/payslips/{id}',
    why: "this year's payslip moved into a month of Y",
    login: NATIONAL,
    request: async () => ({
      method: 'PUT',
      url: `/api/payslips/${ids.slipOfThisYear}`,
      payload: { month: `${Y}-09`, gross: 150_000 },
    }),
    year: Y,
  },
  {
    route: 'POST /api/payslips/{id}/pay',
    why: 'a payslip paid on a day of Y',
    login: NATIONAL,
    request: async () => ({
      method: 'POST',
      url: `/api/payslips/${ids.slipOfY}/pay`,
      payload: { payment_account_id: ids.bank, paid_on: `${Y}-12-28` },
    }),
    year: Y,
  },
  {
    route: 'POST /api/fixed-assets',
    why: 'an asset bought in Y',
    login: NATIONAL,
    request: async () => ({
      method: 'POST',
      url: '/api/fixed-assets',
      payload: {
        name: 'Vidéoprojecteur',
        purchase_price: 600_000,
        currency: 'XOF',
        purchase_date: `${Y}-04-10`,
        useful_life_years: 3,
        entity_type: 'NATIONAL_OFFICE',
        entity_id: ids.office,
      },
    }),
    year: Y,
  },
  {
    route: 'POST /api/fixed-assets',
    why: 'an asset bought long before, still held on 31 December of Z (the balance sheet)',
    login: NATIONAL,
    request: async () => ({
      method: 'POST',
      url: '/api/fixed-assets',
      payload: {
        name: 'Terrain ancien',
        purchase_price: 5_000_000,
        currency: 'XOF',
        purchase_date: '1999-05-01',
        depreciable: false,
        entity_type: 'NATIONAL_OFFICE',
        entity_id: ids.office,
      },
    }),
    year: Z,
  },
  {
    route: 'PUT /api/fixed-assets/{id}',
    why: "an asset of Y whose life changes: Y's depreciation would",
    login: NATIONAL,
    request: async () => ({
      method: 'PUT',
      url: `/api/fixed-assets/${ids.asset}`,
      payload: { ...(await assetBody(ids.asset)), useful_life_years: 2 },
    }),
    year: Y,
  },
  {
    route: 'PUT /api/fixed-assets/{id}',
    why: "an asset of Y moved to this year: it would leave Y's balance sheet",
    login: NATIONAL,
    request: async () => ({
      method: 'PUT',
      url: `/api/fixed-assets/${ids.asset}`,
      payload: { ...(await assetBody(ids.asset)), purchase_date: `${Y + 1}-01-05` },
    }),
    year: Y,
  },
  {
    route: 'PUT /api/fixed-assets/{id}',
    why: "the demo's vehicle repriced: Z's depreciation first (issue 27's example)",
    login: NATIONAL,
    request: async () => ({
      method: 'PUT',
      url: `/api/fixed-assets/${ids.oldAsset}`,
      payload: { ...(await assetBody(ids.oldAsset)), purchase_price: 21_500_000 },
    }),
    year: Z,
  },
  {
    route: 'DELETE /api/fixed-assets/{id}',
    why: "an asset of Y deleted: Y's balance sheet would lose it",
    login: NATIONAL,
    request: async () => ({ method: 'DELETE', url: `/api/fixed-assets/${ids.asset}` }),
    year: Y,
  },
  {
    route: 'POST /api/fixed-assets/{id}/disposal',
    why: 'an asset scrapped on a day of Y',
    login: NATIONAL,
    request: async () => ({
      method: 'POST',
      url: `/api/fixed-assets/${ids.asset}/disposal`,
      payload: { kind: 'scrap', disposed_on: `${Y}-12-01` },
    }),
    year: Y,
  },
  {
    route: 'POST /api/fixed-assets/{id}/disposal',
    why: 'an asset sold on a day before the closed years: it would leave their balance sheets',
    login: NATIONAL,
    request: async () => {
      const asset = (await call(ADMIN, { url: `/api/fixed-assets/${ids.oldAsset}` }, 200)).json().data;
      return {
        method: 'POST',
        url: `/api/fixed-assets/${ids.oldAsset}/disposal`,
        payload: { kind: 'scrap', disposed_on: `${asset.acquired_on.slice(0, 4)}-12-30` },
      };
    },
    year: Z,
  },
  {
    route: 'POST /api/budgets',
    why: 'a budget of Y',
    login: ADMIN,
    request: async () => ({
      method: 'POST',
      url: '/api/budgets',
      payload: { entity_type: 'NATIONAL_OFFICE', entity_id: ids.office, year: Y, source: 'templates' },
    }),
    year: Y,
  },
  {
    route: 'PUT /api/budgets/{id}',
    why: 'the lines of a budget of Y',
    login: ADMIN,
    request: async () => ({
      method: 'PUT',
      url: `/api/budgets/${ids.budget}`,
      payload: { lines: [{ budget_item_template_id: ids.template, amount: 1 }] },
    }),
    year: Y,
  },
  ...(['submit', 'approve', 'finalize'] as const).map((action) => ({
    route: `POST /api/budgets/{id}/${action}`,
    why: `a budget of Y: ${action}`,
    login: ADMIN,
    request: async () => ({ method: 'POST' as const, url: `/api/budgets/${ids.budget}/${action}` }),
    year: Y,
  })),
  {
    route: 'POST /api/budgets/{id}/reject',
    why: 'a budget of Y: reject',
    login: ADMIN,
    request: async () => ({
      method: 'POST',
      url: `/api/budgets/${ids.budget}/reject`,
      payload: { reason: 'Trop élevé' },
    }),
    year: Y,
  },
  {
    route: 'DELETE /api/budgets/{id}',
    why: 'a budget of Y deleted',
    login: ADMIN,
    request: async () => ({ method: 'DELETE', url: `/api/budgets/${ids.budget}` }),
    year: Y,
  },
  {
    route: 'POST /api/churches/{id}/move',
    why: "a church moved from a day of Y: the office's and both sections' totals of Y would change",
    login: ADMIN,
    request: async () => ({
      method: 'POST',
      url: `/api/churches/${ids.church}/move`,
      payload: { section_id: ids.otherSection, effective_date: `${Y}-06-01` },
    }),
    year: Y,
  },
  {
    route: 'POST /api/churches/{id}/move',
    why: 'a church moved from 1999: every closed year of the office after it would change (issue 27)',
    login: ADMIN,
    request: async () => ({
      method: 'POST',
      url: `/api/churches/${ids.church}/move`,
      payload: { section_id: ids.otherSection, effective_date: '1999-01-01' },
    }),
    year: Z,
  },
];

/**
 * The other writes of the OpenAPI document, and why none of them changes a figure of a closed year.
 * Those that carry a date carry one that no document of a year reads as its own.
 */
const NOT_DATED: Record<string, string> = {
  'POST /api/login': 'session',
  'DELETE /api/logout': 'session',
  'POST /api/national-offices': 'organisation (no money)',
  'PUT /api/national-offices/{id}': 'name and contact fields',
  'DELETE /api/national-offices/{id}': 'archived, its books kept',
  'POST /api/regions': 'organisation (no money)',
  'PUT /api/regions/{id}': 'name and contact fields',
  'DELETE /api/regions/{id}': 'archived, its books kept',
  'POST /api/sections': 'organisation (no money)',
  'PUT /api/sections/{id}': 'name and contact fields',
  'DELETE /api/sections/{id}': 'archived, its books kept',
  'POST /api/churches': 'organisation (no money)',
  'PUT /api/churches/{id}': 'name and contact fields',
  'DELETE /api/churches/{id}': 'archived, its books kept',
  'POST /api/national-offices/{id}/restore': 'organisation',
  'POST /api/regions/{id}/restore': 'organisation',
  'POST /api/sections/{id}/restore': 'organisation',
  'POST /api/churches/{id}/restore': 'organisation',
  'POST /api/departments': 'organisation',
  'POST /api/permissions/check': 'a question',
  'POST /api/permissions/check-multiple': 'a question',
  'POST /api/permissions/grant': 'access (expires_at: not a figure)',
  'POST /api/permissions/revoke': 'access',
  'POST /api/operation-accounts': 'a new account: no movement on it yet',
  'PUT /api/operation-accounts/{id}':
    'the chart of accounts (a used account keeps its category and kind; its number can change: see decision 0042)',
  'POST /api/operation-accounts/{id}/archive': 'archived, its movements kept',
  'POST /api/operation-accounts/{id}/restore': 'chart of accounts',
  'PUT /api/national-offices/{id}/forbidden-accounts': 'which accounts future writes may use',
  'POST /api/closings':
    "the closing itself: a closed year again is refused ('Cet exercice est déjà clôturé.')",
  'POST /api/employees': 'the staff register (hired_on: not a figure)',
  'PUT /api/employees/{id}': 'the staff register (base salary: a default for new payslips)',
  'POST /api/employees/{id}/archive': 'the staff register',
  'POST /api/employees/{id}/restore': 'the staff register',
  'POST /api/expense-requests': 'a request moves no money (made_at: not a figure); its payments are dated',
  'DELETE /api/expense-requests/{id}': 'only an unpaid, unapproved request',
  'PUT /api/expense-requests/{id}/approved': 'a status: no money',
  'PUT /api/expense-requests/{id}/validated': 'a status: no money',
  'PUT /api/expense-requests/{id}/rejected': 'a status: no money',
  'PUT /api/expense-requests/{id}/verified': 'a status: no money',
  'POST /api/expenses': 'a line of a request: no money',
  'PUT /api/expenses/{id}': 'a line before approval: no money',
  'DELETE /api/expenses/{id}': 'a line before approval: no money',
  'POST /api/expenses/{id}/cancel': 'only a line nothing was paid on',
  'POST /api/attachments': 'documents',
  'POST /api/users/faithful': 'people',
  'PUT /api/users/{id}': 'people',
  'POST /api/users/faithful/imports': 'people',
  'POST /api/faithful-transfers': 'people',
  'POST /api/faithful-transfers/{id}/accept': 'people',
  'POST /api/faithful-transfers/{id}/reject': 'people',
  'POST /api/faithful-transfers/{id}/cancel': 'people',
  'POST /api/national-offices/{id}/members': 'positions',
  'DELETE /api/national-offices/{id}/members': 'positions',
  'POST /api/regions/{id}/members': 'positions',
  'DELETE /api/regions/{id}/members': 'positions',
  'POST /api/sections/{id}/members': 'positions',
  'DELETE /api/sections/{id}/members': 'positions',
  'POST /api/churches/{id}/members': 'positions',
  'DELETE /api/churches/{id}/members': 'positions',
  'POST /api/users/external-accountants': 'people',
  'PUT /api/users/{id}/edit-managed-churches': 'access',
  'POST /api/subscriptions': "the denomination's billing, not an entity's books (no treasury movement)",
  'POST /api/subscription-types': 'billing catalogue',
  'PATCH /api/subscription-types/{id}': 'billing catalogue',
  'POST /api/subscriptions/{id}/payments': 'billing: paid now, no treasury movement',
  'POST /api/subscriptions/payments/notify': 'billing: paid now, no treasury movement',
  'POST /api/budget-item-templates': 'catalogue (a budget keeps its lines)',
  'PUT /api/budget-item-templates/{id}': 'catalogue',
  'DELETE /api/budget-item-templates/{id}': 'only an item no budget uses',
  'POST /api/budget-item-templates/{id}/archive': 'catalogue (budgets keep it)',
  'POST /api/budget-item-templates/{id}/restore': 'catalogue',
  'POST /api/activity-types': 'planning',
  'POST /api/departments/{id}/members': 'people',
  'DELETE /api/departments/{id}/members/{userId}': 'people',
  'POST /api/activities': 'planning (planned_date, estimated cost: not in any document of a year)',
  'PUT /api/activities/{id}': 'planning',
  'POST /api/activity-reports': 'reports (a period, no money)',
  'PUT /api/activity-reports/{id}': 'reports',
  'POST /api/activity-reports/{id}/submit': 'reports',
  'POST /api/activity-reports/{id}/return': 'reports',
  'POST /api/activity-reports/{id}/attachments': 'documents',
  'DELETE /api/activity-reports/{id}/attachments/{fileId}': 'documents',
  'PUT /api/notifications/{id}/read': 'the user',
  'PUT /api/notifications/read-all': 'the user',
  'PUT /api/profile': 'the user',
  'PUT /api/profile/password': 'the user',
  'POST /api/giving/checkouts':
    "a gift is recorded when the provider confirms it, dated that day, through the contributions' service and its closed-year rule",
  'POST /api/giving/public/{code}/checkouts':
    'a guest gift: recorded as a member gift is, on the day confirmed',
  'POST /api/giving/checkouts/{id}/verify':
    'records a confirmed gift on the day it is confirmed (the same rule)',
  'POST /api/giving/notify': 'the provider names a checkout: recorded as above, never on its word',
  'POST /api/giving/reconciliation': "a comparison with the provider's statement: writes nothing",
  'PUT /api/giving/settings': "the church's online giving settings",
  'PUT /api/giving/installation-settings': "the denomination's merchant account",
  'POST /api/backups': 'a copy of the data: changes nothing',
  'DELETE /api/profile/sessions': 'the user',
  'DELETE /api/profile/sessions/{id}': 'the user',
};

describe('a closed year never changes (issue 27, item 3)', () => {
  it('classifies every write of the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const writes = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => method !== 'get' && method !== 'head' && method !== 'options')
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    const classified = new Set([...DATED.map((w) => w.route), ...Object.keys(NOT_DATED)]);
    expect(
      writes.filter((route) => !classified.has(route)),
      'writes not classified',
    ).toEqual([]);
    expect(
      [...classified].filter((route) => !writes.includes(route)),
      'classified, not served',
    ).toEqual([]);
  });

  it('answers 409 to every dated write in a closed year, and the year stays identical', async () => {
    const before = await snapshot();
    const answers: Array<{ route: string; why: string; status: number; message: string }> = [];
    for (const write of DATED) {
      const response = await call(write.login, await write.request());
      answers.push({
        route: write.route,
        why: write.why,
        status: response.statusCode,
        message: message(response),
      });
    }
    const after = await snapshot();
    // the answers (soft: on a failure, the documents that changed are reported too)
    expect.soft(answers).toEqual(
      DATED.map((write) => ({
        route: write.route,
        why: write.why,
        status: 409,
        message: CLOSING_MESSAGES.yearClosed(write.year),
      })),
    );
    const changed = Object.keys(before).filter((key) => !isDeepStrictEqual(after[key], before[key]));
    expect(changed, 'documents of the closed years that changed').toEqual([]);
    expect(after).toEqual(before);
  });
});

describe('fixed assets: what a closed year shows never changes', () => {
  it("refuses an edit that changes a closed year's depreciation, accepts one that changes no figure", async () => {
    const statements = async () =>
      (await call(ADMIN, { url: `/api/financial-statements?${office()}&year=${Z}` }, 200)).json().data;
    const before = await statements();
    const body = await assetBody(ids.oldAsset);
    // issue 27: a longer life moved the closed year's depreciation
    const longer = await call(NATIONAL, {
      method: 'PUT',
      url: `/api/fixed-assets/${ids.oldAsset}`,
      payload: { ...body, useful_life_years: 8 },
    });
    expect(longer.statusCode).toBe(409);
    expect(message(longer)).toBe(CLOSING_MESSAGES.yearClosed(Z));
    const commissioned = await call(NATIONAL, {
      method: 'PUT',
      url: `/api/fixed-assets/${ids.oldAsset}`,
      payload: { ...body, commissioning_date: `${Z}-12-01` },
    });
    expect(commissioned.statusCode).toBe(409);
    // the name, the place, the supplier: no figure
    const renamed = await call(
      NATIONAL,
      {
        method: 'PUT',
        url: `/api/fixed-assets/${ids.oldAsset}`,
        payload: { ...body, name: 'Véhicule de mission (Hilux)', location: 'Garage du siège' },
      },
      200,
    );
    expect(renamed.json().data.name).toBe('Véhicule de mission (Hilux)');
    expect(await statements()).toEqual(before);
    // an asset of this year: free to change
    const fresh = (
      await call(
        NATIONAL,
        {
          method: 'POST',
          url: '/api/fixed-assets',
          payload: {
            name: 'Tablette',
            purchase_price: 300_000,
            currency: 'XOF',
            purchase_date: `${Y + 1}-02-01`,
            useful_life_years: 3,
            entity_type: 'NATIONAL_OFFICE',
            entity_id: ids.office,
          },
        },
        201,
      )
    ).json().data.id;
    await call(
      NATIONAL,
      {
        method: 'PUT',
        url: `/api/fixed-assets/${fresh}`,
        payload: { ...(await assetBody(fresh)), useful_life_years: 2 },
      },
      200,
    );
    await call(NATIONAL, { method: 'DELETE', url: `/api/fixed-assets/${fresh}` }, 200);
  });
});

describe('a church moved with an effective date', () => {
  it('is refused when the date falls in or before a closed year of a group it changes', async () => {
    const totals = async (type: string, id: number, year: number) =>
      (
        await call(
          ADMIN,
          { url: `/api/treasury-totals?entity_type=${type}&entity_id=${id}&${period(year)}` },
          200,
        )
      ).json().data;
    const before = [await totals('SECTION', ids.section, Z), await totals('SECTION', ids.otherSection, Z)];
    const backdated = await call(ADMIN, {
      method: 'POST',
      url: `/api/churches/${ids.church}/move`,
      payload: { section_id: ids.otherSection, effective_date: '1999-01-01' },
    });
    expect(backdated.statusCode).toBe(409);
    expect(message(backdated)).toBe(CLOSING_MESSAGES.yearClosed(Z));
    expect([await totals('SECTION', ids.section, Z), await totals('SECTION', ids.otherSection, Z)]).toEqual(
      before,
    );
    // from a day of the open year: the church moves
    await call(
      ADMIN,
      {
        method: 'POST',
        url: `/api/churches/${ids.church}/move`,
        payload: { section_id: ids.otherSection, effective_date: `${Y + 1}-01-02` },
      },
      200,
    );
    expect([await totals('SECTION', ids.section, Z), await totals('SECTION', ids.otherSection, Z)]).toEqual(
      before,
    );
  });
});

describe('a reversal posts on its own day', () => {
  it("cancels a movement of a closed year today, the closed year's figures unchanged; never dated in it", async () => {
    // a church of the office, its own movement of Z (recorded before Z closes: a direct closing row below)
    const church = await one(
      sql`select c.id from churches c join sections s on s.id = c.section_id join regions r on r.id = s.region_id
          where r.national_office_id = ${ids.office} and c.id <> ${ids.church} and c.archived_at is null order by c.id limit 1`,
    );
    const record = (day: string) =>
      t.db.transaction((tx) =>
        recordMovement(tx, {
          entityType: 'church',
          entityId: church,
          paymentAccountId: ids.cash,
          operationAccountId: ids.tithes,
          occurredAt: `${day}T10:00:00Z`,
          designation: 'Offrande (essai de la contrepassation)',
          receipt: 7_000,
          sourceType: 'contribution',
          sourceId: null,
          createdBy: null,
        }),
      );
    const general = async (year: number) =>
      (
        await call(
          ADMIN,
          { url: `/api/general-journal?entity_type=CHURCH&entity_id=${church}&${period(year)}&limit=1` },
          200,
        )
      ).json().totals;
    // Y is closed by the church's office: a movement of the church dated in it would change Y's totals
    await expect(record(`${Y}-05-02`)).rejects.toMatchObject({
      statusCode: 409,
      message: CLOSING_MESSAGES.yearClosed(Y),
    });
    // a year closed by the church itself (none of its office's): Z - 1
    const old = Z - 1;
    const movement = await record(`${old}-05-02`);
    await t.db.execute(
      sql`insert into fiscal_closings (entity_type, entity_id, year, products, charges, depreciation, result)
          values ('church', ${church}, ${old}, 0, 0, 0, 0)`,
    );
    try {
      const closedYear = await general(old);
      const thisYear = await general(Y + 1);
      const reverse = (at?: string) =>
        t.db.transaction((tx) => reverseMovement(tx, movement.id, { createdBy: null, at }));
      // dated in the closed year: refused
      await expect(reverse(`${old}-06-01T10:00:00Z`)).rejects.toMatchObject({
        statusCode: 409,
        message: CLOSING_MESSAGES.yearClosed(old),
      });
      // dated today: posted in the open year, the closed year's figures stay
      await reverse();
      expect(await general(old)).toEqual(closedYear);
      expect(await general(Y + 1)).toEqual({
        ...thisYear,
        count: thisYear.count + 1,
        expenses: thisYear.expenses + 7_000,
      });
      // ... and a movement dated before it is refused: its balance is carried into the closed year
      await expect(record(`${old - 1}-05-02`)).rejects.toMatchObject({
        statusCode: 409,
        message: CLOSING_MESSAGES.yearClosed(old),
      });
    } finally {
      await t.db.execute(
        sql`delete from fiscal_closings where entity_type = 'church' and entity_id = ${church}`,
      );
    }
  });

  it("refuses to cancel a receipt of a closed year (its status is the year's), accepts one of the open year", async () => {
    const cancelled = await call(ADMIN, {
      method: 'POST',
      url: `/api/contributions/${ids.contribution}/cancel`,
      payload: { reason: 'Doublon' },
    });
    expect(cancelled.statusCode).toBe(409);
    expect(message(cancelled)).toBe(CLOSING_MESSAGES.yearClosed(Y));
    const recent = (
      await call(
        ADMIN,
        {
          method: 'POST',
          url: '/api/contributions',
          payload: contribution('NATIONAL_OFFICE', `${today}T00:00`),
        },
        201,
      )
    ).json().data.id;
    await call(
      ADMIN,
      { method: 'POST', url: `/api/contributions/${recent}/cancel`, payload: { reason: 'Doublon' } },
      200,
    );
  });
});

describe('a write and the closing of its year never both pass', () => {
  /** A church of the office with no closing of its own, other than those the tests already use. */
  const freshChurch = (offset: number) =>
    one(
      sql`select c.id from churches c join sections s on s.id = c.section_id join regions r on r.id = s.region_id
          where r.national_office_id = ${ids.office} and c.archived_at is null
            and not exists (select 1 from fiscal_closings f where f.entity_type = 'church' and f.entity_id = c.id)
          order by c.id desc limit 1 offset ${offset}`,
    );
  const old = Z - 2;
  const receipt = (church: number, day: string) => ({
    ...contribution('NATIONAL_OFFICE', `${day}T10:30`),
    entity_type: 'CHURCH',
    entity_id: church,
    amount: 7_000,
  });

  it('a write that starts while the closing runs waits for it, then is refused', async () => {
    const church = await freshChurch(0);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    // a closing of `old` in progress: its lock taken, its row written, not committed yet
    const closing = t.db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${closingLockKey({ type: 'church', id: church })}))`,
      );
      await tx.execute(
        sql`insert into fiscal_closings (entity_type, entity_id, year, products, charges, depreciation, result)
            values ('church', ${church}, ${old}, 0, 0, 0, 0)`,
      );
      started();
      await released;
    });
    await running;
    const write = call(ADMIN, {
      method: 'POST',
      url: '/api/contributions',
      payload: receipt(church, `${old}-06-15`),
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    release();
    await closing;
    const response = await write;
    expect(response.statusCode, response.body).toBe(409);
    expect(message(response)).toBe(CLOSING_MESSAGES.yearClosed(old));
  });

  it('a closing waits for the writes in flight, and counts them', async () => {
    const church = await freshChurch(0);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const write = t.db.transaction(async (tx) => {
      await recordMovement(tx, {
        entityType: 'church',
        entityId: church,
        paymentAccountId: ids.cash,
        operationAccountId: ids.tithes,
        occurredAt: `${old}-03-01T10:00:00Z`,
        designation: 'Offrande (pendant la clôture)',
        receipt: 7_000,
        sourceType: 'contribution',
        sourceId: null,
        createdBy: null,
      });
      started();
      await released;
    });
    await running;
    const closing = call(ADMIN, {
      method: 'POST',
      url: '/api/closings',
      payload: { entity_type: 'CHURCH', entity_id: church, year: old },
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    release();
    await write;
    const closed = await closing;
    expect(closed.statusCode, closed.body).toBe(201);
    const cash = (
      closed.json().data.accounts as Array<{ payment_account_id: number; receipts: number }>
    ).find((a) => a.payment_account_id === ids.cash);
    expect(cash?.receipts).toBe(7_000);
  });
});
