import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOne } from '../../server/src/db/query';
import { createRequest, expenseTestApp, line, message, type ExpenseIds } from './expenses-setup';
import type { TestApp } from './helpers';

/**
 * The sorted lists: `?sort=&order=` orders on the server by a whitelisted column with the id as the
 * tie-break (the same order from a page to the next), and an unknown key is a 400 in French.
 */
let t: TestApp;
let ids: ExpenseIds;
let tithes = 0;

type Row = { id: number };
type Page<T> = { data: T[]; meta: { total: number; page: number; limit: number } };

async function read<T>(login: string, url: string): Promise<Page<T>> {
  const response = await t.as(login, { url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page<T>;
}

/** Every page of `url` with `limit`, one after another. */
async function allPages<T>(login: string, url: string, limit: number): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; page <= 200; page++) {
    const answer = await read<T>(login, `${url}&limit=${limit}&page=${page}`);
    rows.push(...answer.data);
    if (rows.length >= answer.meta.total || answer.data.length === 0) break;
  }
  return rows;
}

/** `rows` ordered by `value` in `order`, ties by id in the same order: what the server must answer. */
function expected<T extends Row>(rows: T[], value: (row: T) => number, order: 'asc' | 'desc'): number[] {
  const sign = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * (value(a) - value(b) || a.id - b.id)).map((row) => row.id);
}

beforeAll(async () => {
  ({ t, ids } = await expenseTestApp());
  const account = await queryOne<{ id: number }>(
    t.db,
    sql`select id from operation_accounts where code = '7581'`,
  );
  tithes = Number(account!.id);
});
afterAll(() => t.close());

describe('GET /contributions?sort=&order=', () => {
  // one day of receipts of the treasurer's church, with equal amounts and equal dates
  const day = '2026-11-03';
  const window = () =>
    `/api/contributions?entity_type=CHURCH&entity_id=${ids.church1}&from_date=${day}&to_date=${day}`;

  beforeAll(async () => {
    const user = await queryOne<{ id: number }>(
      t.db,
      sql`select id from users where church_id = ${ids.church1} and active order by id limit 1`,
    );
    const receipts: [number, string][] = [
      [7_777, '08:00'],
      [12_000, '09:00'],
      [7_777, '09:00'],
      [500, '07:30'],
      [7_777, '08:00'],
      [12_000, '10:15'],
      [7_777, '08:00'],
    ];
    let n = 0;
    for (const [amount, time] of receipts) {
      const response = await t.as('tresorier@example.org', {
        method: 'POST',
        url: '/api/contributions',
        headers: { 'idempotency-key': `sorting-receipt-${n++}` },
        payload: {
          entity_type: 'CHURCH',
          entity_id: ids.church1,
          user_id: user!.id,
          type: 'tithe',
          amount,
          occurred_at: `${day}T${time}`,
          receipt_account_id: tithes,
          payment_account_id: ids.cash,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  type Receipt = Row & { amount: number; occurred_at: string };

  it('orders by amount, largest first, ties by id, the same across pages', async () => {
    const all = (await read<Receipt>('tresorier@example.org', `${window()}&limit=1000`)).data;
    expect(all.length).toBeGreaterThanOrEqual(7);
    const paged = await allPages<Receipt>('tresorier@example.org', `${window()}&sort=amount&order=desc`, 2);
    expect(paged.map((r) => r.id)).toEqual(expected(all, (r) => r.amount, 'desc'));
    expect(new Set(paged.map((r) => r.id)).size).toBe(paged.length);
  });

  it('orders by date, oldest first, ties by id, the same across pages', async () => {
    const all = (await read<Receipt>('tresorier@example.org', `${window()}&limit=1000`)).data;
    const paged = await allPages<Receipt>('tresorier@example.org', `${window()}&sort=date&order=asc`, 3);
    expect(paged.map((r) => r.id)).toEqual(expected(all, (r) => Date.parse(r.occurred_at), 'asc'));
  });

  it('keeps newest first when no sort is asked, and ascending when a sort comes without order', async () => {
    const all = (await read<Receipt>('tresorier@example.org', `${window()}&limit=1000`)).data;
    expect(all.map((r) => r.id)).toEqual(expected(all, (r) => Date.parse(r.occurred_at), 'desc'));
    const byAmount = (await read<Receipt>('tresorier@example.org', `${window()}&sort=amount&limit=1000`))
      .data;
    expect(byAmount.map((r) => r.id)).toEqual(expected(all, (r) => r.amount, 'asc'));
  });

  it('refuses an unknown sort or order with a 400 in French, never a 500 nor SQL', async () => {
    for (const query of [
      'sort=c.amount;drop%20table%20contributions',
      'sort=id',
      'sort=constructor',
      'sort=amount&order=sideways',
      'sort=amount&sort=date',
    ]) {
      const response = await t.as('tresorier@example.org', { url: `${window()}&${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(message(response), query).toMatch(
        /^Champ « (sort|order) » : (Tri inconnu|Ordre de tri invalide)/,
      );
    }
    const unknown = await t.as('tresorier@example.org', { url: `${window()}&sort=montant` });
    expect(message(unknown)).toBe(
      'Champ « sort » : Tri inconnu. Tris possibles : date, receipt_number, contributor, type, amount, status.',
    );
    const still = await read<Receipt>('tresorier@example.org', `${window()}&limit=1`);
    expect(still.meta.total).toBeGreaterThanOrEqual(7);
  });
});

describe('GET /expense-requests?sort=&order=', () => {
  const day = '2026-11-04';
  const window = () =>
    `/api/expense-requests?entity_type=CHURCH&entity_id=${ids.church1}&from_date=${day}&to_date=${day}`;
  type Request = Row & { amount: number; made_at: string };

  beforeAll(async () => {
    const requests: [number, string][] = [
      [4_000, '08:00'],
      [9_000, '08:00'],
      [4_000, '11:00'],
      [4_000, '08:00'],
      [1_500, '06:00'],
    ];
    for (const [amount, time] of requests)
      await createRequest(t, ids, 'tresorier@example.org', {
        expenses: [line('Fournitures', 1, amount)],
        made_at: `${day}T${time}:00.000Z`,
      });
  });

  it('orders by amount, largest first, and by date, oldest first, ties by id across pages', async () => {
    const all = (await read<Request>('tresorier@example.org', `${window()}&limit=100`)).data;
    expect(all.length).toBeGreaterThanOrEqual(5);
    const byAmount = await allPages<Request>(
      'tresorier@example.org',
      `${window()}&sort=amount&order=desc`,
      2,
    );
    expect(byAmount.map((r) => r.id)).toEqual(expected(all, (r) => r.amount, 'desc'));
    const byDate = await allPages<Request>('tresorier@example.org', `${window()}&sort=date&order=asc`, 2);
    expect(byDate.map((r) => r.id)).toEqual(expected(all, (r) => Date.parse(r.made_at), 'asc'));
  });

  it('refuses an unknown sort with a 400 in French', async () => {
    const response = await t.as('tresorier@example.org', { url: `${window()}&sort=er.amount` });
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe(
      'Champ « sort » : Tri inconnu. Tris possibles : date, reference, title, amount, paid, status.',
    );
  });
});

describe('GET /users/faithful and /group-members?sort=&order=', () => {
  type Person = Row & { created_at?: string; registration_number: string | null };

  it('orders the faithful by registration date, newest first, ties by id across pages', async () => {
    const url = `/api/users/faithful?entity_type=CHURCH&entity_id=${ids.church1}`;
    const all = await allPages<Person>('pasteur@example.org', url, 100);
    expect(all.length).toBeGreaterThan(30);
    const paged = await allPages<Person>('pasteur@example.org', `${url}&sort=created_at&order=desc`, 30);
    expect(paged.map((r) => r.id)).toEqual(expected(all, (r) => Date.parse(r.created_at!), 'desc'));
  });

  it('sorts the faithful of a region by the same keys under its SPEC.md address', async () => {
    const region = await queryOne<{ id: number }>(
      t.db,
      sql`select s.region_id as id from churches c join sections s on s.id = c.section_id where c.id = ${ids.church1}`,
    );
    const url = `/api/regions/${region!.id}/faithful?limit=100`;
    const asc = await read<Person>('region@example.org', `${url}&sort=created_at&order=asc`);
    const desc = await read<Person>('region@example.org', `${url}&sort=created_at&order=desc`);
    expect(asc.data.length).toBeGreaterThan(1);
    const first = (rows: Person[]) => rows.map((r) => Date.parse(r.created_at!))[0];
    expect(first(asc.data)).toBeLessThanOrEqual(first(desc.data));
    expect(asc.data.map((r) => r.id)).not.toEqual(desc.data.map((r) => r.id));
    const refused = await t.as('region@example.org', { url: `${url}&sort=lastname` });
    expect(refused.statusCode).toBe(400);
    expect(message(refused)).toMatch(/^Champ « sort » : Tri inconnu\./);
  });

  it("orders a group's members by registration number both ways, the same across pages", async () => {
    const url = `/api/group-members?group=churches&id=${ids.church1}`;
    const asc = await allPages<Person>(
      'pasteur@example.org',
      `${url}&sort=registration_number&order=asc`,
      30,
    );
    const desc = await allPages<Person>(
      'pasteur@example.org',
      `${url}&sort=registration_number&order=desc`,
      30,
    );
    expect(asc.length).toBeGreaterThan(30);
    expect(new Set(asc.map((r) => r.id)).size).toBe(asc.length);
    // the id breaks ties in the sort's direction too: one order is exactly the other reversed
    expect(desc.map((r) => r.id)).toEqual(asc.map((r) => r.id).reverse());
    const byName = await allPages<Person>('pasteur@example.org', url, 100);
    expect(asc.map((r) => r.id)).not.toEqual(byName.map((r) => r.id));
  });

  it('refuses an unknown sort of either list with a 400 in French', async () => {
    const faithful = await t.as('pasteur@example.org', {
      url: `/api/users/faithful?entity_type=CHURCH&entity_id=${ids.church1}&sort=password_hash`,
    });
    expect(faithful.statusCode).toBe(400);
    expect(message(faithful)).toBe(
      'Champ « sort » : Tri inconnu. Tris possibles : name, registration_number, phone, email, created_at.',
    );
    const members = await t.as('pasteur@example.org', {
      url: `/api/group-members?group=churches&id=${ids.church1}&sort=name&order=up`,
    });
    expect(members.statusCode).toBe(400);
    expect(message(members)).toBe('Champ « order » : Ordre de tri invalide : asc ou desc.');
  });
});

describe('GET /fixed-assets?sort=&order=', () => {
  type Asset = Row & { total_cost: number; purchase_date: string | null };

  beforeAll(async () => {
    const year = new Date().getUTCFullYear();
    const assets: [string, number, number][] = [
      ['Chaises', 300_000, 0],
      ['Sono', 850_000, 50_000],
      ['Tables', 250_000, 50_000],
      ['Ventilateurs', 300_000, 0],
    ];
    for (const [name, price, extra] of assets) {
      const created = await t.as('tresorier@example.org', {
        method: 'POST',
        url: '/api/fixed-assets',
        payload: {
          entity_type: 'CHURCH',
          entity_id: ids.church1,
          name,
          purchase_price: price,
          additional_costs: extra,
          depreciable: false,
          purchase_date: `${year}-01-15`,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
  });

  it('orders the register by cost, largest first, ties by id across pages, and refuses an unknown key', async () => {
    const url = `/api/fixed-assets?entity_type=CHURCH&entity_id=${ids.church1}`;
    const all = await allPages<Asset>('tresorier@example.org', url, 100);
    expect(all.length).toBeGreaterThanOrEqual(3);
    const byCost = await allPages<Asset>('tresorier@example.org', `${url}&sort=cost&order=desc`, 2);
    expect(byCost.map((r) => r.id)).toEqual(expected(all, (r) => r.total_cost, 'desc'));
    const cheapest = await allPages<Asset>('tresorier@example.org', `${url}&sort=cost&order=asc`, 2);
    expect(cheapest.map((r) => r.id)).toEqual(byCost.map((r) => r.id).reverse());

    const refused = await t.as('tresorier@example.org', { url: `${url}&sort=purchase_price` });
    expect(refused.statusCode).toBe(400);
    expect(message(refused)).toBe('Champ « sort » : Tri inconnu. Tris possibles : name, date, cost, status.');
  });
});

describe('GET /payslips?sort=&order=', () => {
  type Slip = Row & { month: string; net: number };
  const url = () => `/api/payslips?entity_type=CHURCH&entity_id=${ids.church1}`;

  it('orders by net pay, largest first, and by month, oldest first, ties by id across pages', async () => {
    const all = await allPages<Slip>('tresorier@example.org', url(), 100);
    expect(all.length).toBeGreaterThanOrEqual(4);
    const byNet = await allPages<Slip>('tresorier@example.org', `${url()}&sort=net&order=desc`, 2);
    expect(byNet.map((r) => r.id)).toEqual(expected(all, (r) => r.net, 'desc'));
    const byMonth = await allPages<Slip>('tresorier@example.org', `${url()}&sort=month&order=asc`, 3);
    expect(byMonth.map((r) => r.id)).toEqual(expected(all, (r) => Number(r.month.replace('-', '')), 'asc'));
    // without a sort: the newest month first, as before
    const months = all.map((r) => r.month);
    expect(months).toEqual([...months].sort().reverse());
  });

  it('refuses an unknown sort with a 400 in French', async () => {
    const refused = await t.as('tresorier@example.org', { url: `${url()}&sort=p.net` });
    expect(refused.statusCode).toBe(400);
    expect(message(refused)).toBe(
      'Champ « sort » : Tri inconnu. Tris possibles : employee, month, gross, net, status.',
    );
  });
});

describe('GET /employees?sort=&order=', () => {
  type Person = Row & { base_salary: number; last_name: string };
  const url = () => `/api/employees?entity_type=CHURCH&entity_id=${ids.church1}&status=all`;

  it('orders by base salary, largest first, ties by id across pages, and refuses an unknown key', async () => {
    for (const [first_name, base_salary] of [
      ['Adjoua', 120_000],
      ['Brou', 120_000],
      ['Clément', 95_000],
    ] as const) {
      const created = await t.as('tresorier@example.org', {
        method: 'POST',
        url: '/api/employees',
        payload: {
          entity_type: 'CHURCH',
          entity_id: ids.church1,
          first_name,
          last_name: 'Yao',
          position: 'Agent',
          hired_on: '2024-01-01',
          base_salary,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const all = await allPages<Person>('tresorier@example.org', url(), 100);
    expect(all.length).toBeGreaterThanOrEqual(3);
    const bySalary = await allPages<Person>('tresorier@example.org', `${url()}&sort=salary&order=desc`, 2);
    expect(bySalary.map((r) => r.id)).toEqual(expected(all, (r) => r.base_salary, 'desc'));

    const refused = await t.as('tresorier@example.org', { url: `${url()}&sort=base_salary` });
    expect(refused.statusCode).toBe(400);
    expect(message(refused)).toBe(
      'Champ « sort » : Tri inconnu. Tris possibles : name, position, hired, salary.',
    );
  });
});

describe('GET /subscriptions?sort=&order=', () => {
  type Sub = Row & { amount: number; start_date: string };
  const url = () => `/api/subscriptions?church_id=${ids.church1}`;

  it('orders by amount, largest first, ties by id across pages, keeps the billing order, refuses an unknown key', async () => {
    const all = await allPages<Sub>('admin@example.org', url(), 100);
    expect(all.length).toBeGreaterThanOrEqual(2);
    const byAmount = await allPages<Sub>('admin@example.org', `${url()}&sort=amount&order=desc`, 2);
    expect(byAmount.map((r) => r.id)).toEqual(expected(all, (r) => r.amount, 'desc'));
    // without a sort, `order` still orders by date (the billing gate's oldest unpaid one)
    const oldest = await allPages<Sub>('admin@example.org', `${url()}&order=asc`, 100);
    expect(oldest.map((r) => r.id)).toEqual(expected(all, (r) => Date.parse(r.start_date), 'asc'));

    const refused = await t.as('admin@example.org', { url: `${url()}&sort=s.amount` });
    expect(refused.statusCode).toBe(400);
    expect(message(refused)).toBe('Champ « sort » : Tri inconnu. Tris possibles : date, type, amount, paid.');
  });
});

describe('GET /national-offices, /regions, /sections, /churches?sort=&order=', () => {
  type Entity = Row & {
    name: string;
    created_at: string;
    regions_count?: number;
    sections_count?: number;
    churches_count?: number;
  };
  const admin = 'admin@example.org';

  beforeAll(async () => {
    // empty national offices beside the seed's: equal counts, one without a city
    for (const payload of [
      { name: 'Bureau Est', city: 'Abengourou' },
      { name: 'Bureau Nord', city: 'Korhogo' },
      { name: 'Bureau Sud' },
    ]) {
      const created = await t.as(admin, { method: 'POST', url: '/api/national-offices', payload });
      expect(created.statusCode, created.body).toBe(201);
    }
  });

  it('orders the national offices, regions and sections by their counts, most first, ties by id across pages', async () => {
    const churches = (r: Entity) => r.churches_count!;
    const sections = (r: Entity) => r.sections_count!;
    for (const [url, key, count] of [
      ['/api/regions?archived=all', 'churches', churches],
      ['/api/regions?archived=all', 'sections', sections],
      ['/api/sections?archived=all', 'churches', churches],
      ['/api/national-offices?archived=all', 'churches', churches],
    ] as const) {
      const all = await allPages<Entity>(admin, url, 100);
      expect(all.length, url).toBeGreaterThanOrEqual(2);
      const desc = await allPages<Entity>(admin, `${url}&sort=${key}&order=desc`, 1);
      expect(
        desc.map((r) => r.id),
        `${url} ${key}`,
      ).toEqual(expected(all, count, 'desc'));
      const asc = await allPages<Entity>(admin, `${url}&sort=${key}&order=asc`, 1);
      expect(asc.map((r) => r.id)).toEqual(desc.map((r) => r.id).reverse());
    }
  });

  it('orders the churches by creation date both ways, ties by id across pages, and keeps the name by default', async () => {
    const url = '/api/churches?archived=all';
    const all = await allPages<Entity>(admin, url, 100);
    expect(all.length).toBeGreaterThanOrEqual(3);
    // without a sort: by name, as before (and as sort=name asks)
    const byName = await allPages<Entity>(admin, `${url}&sort=name`, 2);
    expect(byName.map((r) => r.id)).toEqual(all.map((r) => r.id));
    const newest = await allPages<Entity>(admin, `${url}&sort=created_at&order=desc`, 2);
    expect(newest.map((r) => r.id)).toEqual(expected(all, (r) => Date.parse(r.created_at), 'desc'));
    const oldest = await allPages<Entity>(admin, `${url}&sort=created_at&order=asc`, 2);
    expect(oldest.map((r) => r.id)).toEqual(newest.map((r) => r.id).reverse());
    // the parent's names, both ways
    for (const key of ['region', 'section']) {
      const asc = await allPages<Entity>(admin, `${url}&sort=${key}&order=asc`, 2);
      expect(new Set(asc.map((r) => r.id)), key).toEqual(new Set(all.map((r) => r.id)));
      const desc = await allPages<Entity>(admin, `${url}&sort=${key}&order=desc`, 2);
      expect(
        desc.map((r) => r.id),
        key,
      ).toEqual(asc.map((r) => r.id).reverse());
    }
  });

  it('orders by city, the entities without one last both ways', async () => {
    const url = '/api/national-offices?archived=all';
    for (const order of ['asc', 'desc']) {
      const rows = await allPages<Entity & { city: string | null }>(
        admin,
        `${url}&sort=city&order=${order}`,
        1,
      );
      const cities = rows.map((r) => r.city);
      expect(cities, order).toContain(null);
      expect(cities, order).toContain('Korhogo');
      expect(
        cities.slice(cities.indexOf(null)).every((c) => c === null),
        order,
      ).toBe(true);
      const named = cities.filter((c) => c !== null).map((c) => c.toLowerCase());
      const sorted = [...named].sort();
      expect(named, order).toEqual(order === 'asc' ? sorted : sorted.reverse());
    }
  });

  it("sorts a region's churches under its SPEC.md address by the same keys", async () => {
    const region = await queryOne<{ id: number }>(
      t.db,
      sql`select s.region_id as id from churches c join sections s on s.id = c.section_id where c.id = ${ids.church1}`,
    );
    const url = `/api/regions/${region!.id}/churches?archived=all`;
    const all = await allPages<Entity>(admin, url, 100);
    expect(all.length).toBeGreaterThanOrEqual(2);
    const newest = await allPages<Entity>(admin, `${url}&sort=created_at&order=desc`, 1);
    expect(newest.map((r) => r.id)).toEqual(expected(all, (r) => Date.parse(r.created_at), 'desc'));
  });

  it('refuses an unknown sort of each level with a 400 in French', async () => {
    for (const [url, keys] of [
      ['/api/national-offices?sort=n.name', 'name, city, regions, sections, churches, created_at'],
      ['/api/regions?sort=members', 'name, city, national_office, sections, churches, created_at'],
      ['/api/sections?sort=sort_name', 'name, city, region, churches, created_at'],
      ['/api/churches?sort=churches_count', 'name, city, section, region, created_at'],
      ['/api/regions/1/churches?sort=id', 'name, city, section, region, created_at'],
    ] as const) {
      const refused = await t.as(admin, { url });
      expect(refused.statusCode, url).toBe(400);
      expect(message(refused), url).toBe(`Champ « sort » : Tri inconnu. Tris possibles : ${keys}.`);
    }
    const order = await t.as(admin, { url: '/api/churches?sort=city&order=up' });
    expect(order.statusCode).toBe(400);
    expect(message(order)).toBe('Champ « order » : Ordre de tri invalide : asc ou desc.');
  });
});

describe('GET /activity-reports?sort=&order=', () => {
  type Report = Row & {
    title: string;
    entity: string | null;
    period_end: string;
    men: number;
    women: number;
    children: number;
  };
  const own = () => `/api/activity-reports?entity_type=CHURCH&entity_id=${ids.church1}&scope=own`;
  const attendance = (r: Report) => r.men + r.women + r.children;

  beforeAll(async () => {
    // one period's reports of the church, two with the same attendance
    for (const [title, men, women, children] of [
      ['Veillée', 10, 10, 10],
      ['Retraite', 40, 5, 0],
      ['Kermesse', 5, 20, 5],
    ] as const) {
      const created = await t.as(ids.secretary, {
        method: 'POST',
        url: '/api/activity-reports',
        payload: {
          entity_type: 'CHURCH',
          entity_id: ids.church1,
          title,
          period_start: '2026-10-01',
          period_end: '2026-10-31',
          men,
          women,
          children,
          summary: 'Un rapport pour les tris.',
        },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
  });

  it('orders by attendance, largest first, ties by id across pages, and keeps the latest period first by default', async () => {
    const all = await allPages<Report>(ids.secretary, own(), 100);
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(all.map((r) => r.id)).toEqual(expected(all, (r) => Date.parse(r.period_end), 'desc'));
    const most = await allPages<Report>(ids.secretary, `${own()}&sort=attendance&order=desc`, 2);
    expect(most.map((r) => r.id)).toEqual(expected(all, attendance, 'desc'));
    const least = await allPages<Report>(ids.secretary, `${own()}&sort=attendance&order=asc`, 2);
    expect(least.map((r) => r.id)).toEqual(most.map((r) => r.id).reverse());
    const oldest = await allPages<Report>(ids.secretary, `${own()}&sort=period`, 2);
    expect(oldest.map((r) => r.id)).toEqual(expected(all, (r) => Date.parse(r.period_end), 'asc'));
  });

  it('orders the reports from below by entity, each entity together, both ways across pages', async () => {
    const region = await queryOne<{ id: number }>(
      t.db,
      sql`select s.region_id as id from churches c join sections s on s.id = c.section_id where c.id = ${ids.church1}`,
    );
    const url = `/api/activity-reports?entity_type=REGION&entity_id=${region!.id}&scope=below`;
    const all = await allPages<Report>('region@example.org', url, 100);
    const asc = await allPages<Report>('region@example.org', `${url}&sort=entity&order=asc`, 2);
    expect(new Set(asc.map((r) => r.entity)).size).toBeGreaterThanOrEqual(2);
    expect(new Set(asc.map((r) => r.id))).toEqual(new Set(all.map((r) => r.id)));
    // one run per entity
    const runs = asc.map((r) => r.entity).filter((entity, i, list) => i === 0 || entity !== list[i - 1]);
    expect(new Set(runs).size).toBe(runs.length);
    const desc = await allPages<Report>('region@example.org', `${url}&sort=entity&order=desc`, 2);
    expect(desc.map((r) => r.id)).toEqual(asc.map((r) => r.id).reverse());
  });

  it('refuses an unknown sort with a 400 in French', async () => {
    const refused = await t.as(ids.secretary, { url: `${own()}&sort=period_end` });
    expect(refused.statusCode).toBe(400);
    expect(message(refused)).toBe(
      'Champ « sort » : Tri inconnu. Tris possibles : period, title, entity, attendance, status.',
    );
  });
});
