import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG_MESSAGES } from '../../contract/org';
import { todayInDenomination } from '../../contract/dates';
import { queryOne } from '../../server/src/db/query';
import { recordMovement, reverseMovement } from '../../server/src/modules/treasury';
import { createTestApp, type TestApp } from './helpers';

/**
 * Issue 20: a moved church's history stays where it was made. A church of section S1 (region R1) moves
 * to section S2 of another region R2: last year's totals of S1 and R1 still count its movements of last
 * year, S2's and R2's do not; its movements after the move count under S2 and R2.
 */
let t: TestApp;
const today = todayInDenomination();
const year = Number(today.slice(0, 4));
const lastYear = { from_date: `${year - 1}-01-01`, to_date: `${year - 1}-12-31` };
const thisYear = { from_date: `${year}-01-01`, to_date: today };
const ids = { church: 0, department: 0, s1: 0, r1: 0, s2: 0, r2: 0, cash: 0, receipt: 0 };

async function one(query: ReturnType<typeof sql>): Promise<number> {
  const row = await queryOne<{ id: number }>(t.db, query);
  if (!row) throw new Error('row missing');
  return Number(row.id);
}

async function movement(
  entityType: 'church' | 'department',
  entityId: number,
  day: string,
  receipt: number,
  sourceType: 'contribution' | 'opening_balance' = 'contribution',
) {
  return t.db.transaction((tx) =>
    recordMovement(tx, {
      entityType,
      entityId,
      paymentAccountId: ids.cash,
      operationAccountId: ids.receipt,
      occurredAt: `${day}T10:00:00Z`,
      designation: 'Offrande (essai du déplacement)',
      receipt,
      sourceType,
      sourceId: null,
      createdBy: null,
    }),
  );
}

type Totals = {
  receipts: number;
  expenses: number;
  parts: Array<{ type: string; id: number; receipts: number }>;
};

async function totals(
  type: string,
  id: number,
  period: { from_date: string; to_date: string },
): Promise<Totals> {
  const response = await t.as('admin@example.org', {
    method: 'GET',
    url: `/api/treasury-totals?entity_type=${type}&entity_id=${id}&from_date=${period.from_date}&to_date=${period.to_date}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Totals;
}

const partOf = (t: Totals, type: string, id: number) =>
  t.parts.find((p) => p.type === type && p.id === id)?.receipts ?? 0;

beforeAll(async () => {
  t = await createTestApp();
  ids.church = await one(sql`select id from churches where archived_at is null order by id limit 1`);
  ids.s1 = await one(sql`select section_id as id from churches where id = ${ids.church}`);
  ids.r1 = await one(sql`select region_id as id from sections where id = ${ids.s1}`);
  ids.s2 = await one(
    sql`select s.id from sections s where s.region_id <> ${ids.r1} and s.archived_at is null order by s.id limit 1`,
  );
  ids.r2 = await one(sql`select region_id as id from sections where id = ${ids.s2}`);
  ids.department = await one(
    sql`insert into departments (name, entity_type, entity_id) values ('Chorale du déplacement', 'church', ${ids.church})
        returning id`,
  );
  ids.cash = await one(sql`select id from operation_accounts where code = '5711'`);
  ids.receipt = await one(sql`select id from operation_accounts where code = '7581'`);
});
afterAll(() => t.close());

describe("a moved church's history stays where it was made (issue 20)", () => {
  it("keeps last year's totals under S1 and R1 after the church moves to S2 in R2", async () => {
    await movement('church', ids.church, `${year - 1}-06-15`, 7_000);
    await movement('department', ids.department, `${year - 1}-09-01`, 1_000);
    const s1Before = await totals('SECTION', ids.s1, lastYear);
    const r1Before = await totals('REGION', ids.r1, lastYear);
    const s2Before = await totals('SECTION', ids.s2, lastYear);
    const r2Before = await totals('REGION', ids.r2, lastYear);
    expect(partOf(s1Before, 'church', ids.church)).toBeGreaterThanOrEqual(8_000);
    expect(partOf(r1Before, 'section', ids.s1)).toBeGreaterThanOrEqual(8_000);

    const moved = await t.as('admin@example.org', {
      method: 'POST',
      url: `/api/churches/${ids.church}/move`,
      payload: { section_id: ids.s2 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const history = await queryOne<{ from_section_id: number; to_section_id: number; day: string }>(
      t.db,
      sql`select from_section_id, to_section_id, effective_date::text as day from church_moves where church_id = ${ids.church}`,
    );
    expect(history).toEqual({ from_section_id: ids.s1, to_section_id: ids.s2, day: today });
    // the church's read gives the last move's day, which the move dialog's date must follow
    const read = await t.as('admin@example.org', { method: 'GET', url: `/api/churches/${ids.church}` });
    expect(read.json().data.last_moved_on).toBe(today);

    // last year: unchanged everywhere
    expect(await totals('SECTION', ids.s1, lastYear)).toEqual(s1Before);
    expect(await totals('REGION', ids.r1, lastYear)).toEqual(r1Before);
    expect(await totals('SECTION', ids.s2, lastYear)).toEqual(s2Before);
    expect(await totals('REGION', ids.r2, lastYear)).toEqual(r2Before);
  });

  it('counts the movements made after the move under S2 and R2', async () => {
    const s1 = await totals('SECTION', ids.s1, thisYear);
    const s2 = await totals('SECTION', ids.s2, thisYear);
    const r2 = await totals('REGION', ids.r2, thisYear);
    await movement('church', ids.church, today, 3_000);
    expect((await totals('SECTION', ids.s1, thisYear)).receipts).toBe(s1.receipts);
    const s2After = await totals('SECTION', ids.s2, thisYear);
    expect(s2After.receipts).toBe(s2.receipts + 3_000);
    expect(partOf(s2After, 'church', ids.church)).toBe(partOf(s2, 'church', ids.church) + 3_000);
    expect((await totals('REGION', ids.r2, thisYear)).receipts).toBe(r2.receipts + 3_000);
  });

  it('counts receipts net of their reversals and leaves opening balances out', async () => {
    const before = await totals('SECTION', ids.s2, thisYear);
    const gift = await movement('church', ids.church, today, 5_000);
    await t.db.transaction((tx) => reverseMovement(tx, gift.id, { createdBy: null }));
    await movement('church', ids.church, today, 9_000, 'opening_balance');
    const after = await totals('SECTION', ids.s2, thisYear);
    expect(after.receipts).toBe(before.receipts);
    expect(after.expenses).toBe(before.expenses);
    expect(partOf(after, 'church', ids.church)).toBe(partOf(before, 'church', ids.church));
  });

  it('checks the effective date: not in the future, not before the last move, in French', async () => {
    const future = await t.as('admin@example.org', {
      method: 'POST',
      url: `/api/churches/${ids.church}/move`,
      payload: { section_id: ids.s1, effective_date: `${year + 1}-01-01` },
    });
    expect(future.statusCode).toBe(400);
    expect(future.body).toContain('La date ne peut pas être dans le futur.');
    const before = await t.as('admin@example.org', {
      method: 'POST',
      url: `/api/churches/${ids.church}/move`,
      payload: { section_id: ids.s1, effective_date: `${year - 1}-01-01` },
    });
    expect(before.statusCode).toBe(409);
    expect(before.json().message).toContain(ORG_MESSAGES.moveBeforeLast);
  });

  it('answers a church or a department with a French 400: totals are read for a group', async () => {
    const response = await t.as('admin@example.org', {
      method: 'GET',
      url: `/api/treasury-totals?entity_type=CHURCH&entity_id=${ids.church}&from_date=${lastYear.from_date}&to_date=${lastYear.to_date}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Les totaux se lisent');
  });

  it('refuses a user who does not hold the money permissions on the group', async () => {
    const response = await t.as('fidele@example.org', {
      method: 'GET',
      url: `/api/treasury-totals?entity_type=SECTION&entity_id=${ids.s1}&from_date=${lastYear.from_date}&to_date=${lastYear.to_date}`,
    });
    expect([403, 404]).toContain(response.statusCode);
  });
});
