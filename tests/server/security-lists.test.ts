import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOne } from '../../server/src/db/query';
import type { TestApp } from './helpers';
import { createRequest, expenseTestApp, type ExpenseIds } from './expenses-setup';

/**
 * Issue 17: a list read without an entity filter shows only the entities where the caller holds the
 * list's permission, not every entity they see. The church treasurer (expense_request:view on his
 * church) who is also a faithful member of another church sees that church, but holds nothing there:
 * none of its requests, faithful or contributions appear in his lists.
 */
let t: TestApp;
let ids: ExpenseIds;
let dataDir: string;
let treasurerId: number;
let otherFaithful: number;
let otherRequest: number;
let ownRequest: number;
const TREASURER = 'tresorier@example.org';

async function idOf(query: ReturnType<typeof sql>): Promise<number> {
  const row = await queryOne<{ id: number }>(t.db, query);
  if (!row) throw new Error('fixture row missing');
  return Number(row.id);
}

beforeAll(async () => {
  ({ t, ids, dataDir } = await expenseTestApp());
  treasurerId = await idOf(sql`select id from users where email = ${TREASURER}`);
  otherFaithful = await idOf(
    sql`select id from users where church_id = ${ids.otherChurch} and active and id <> ${treasurerId}
        order by id limit 1`,
  );
  otherRequest = await createRequest(t, ids, ids.otherTreasurer, {
    entity_type: 'CHURCH',
    entity_id: ids.otherChurch,
  });
  ownRequest = await createRequest(t, ids, TREASURER);
  // the treasurer becomes a faithful member of the other church: he sees it, and holds nothing there
  await t.db.execute(sql`update users set church_id = ${ids.otherChurch} where id = ${treasurerId}`);
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, login = TREASURER) => t.as(login, { method: 'GET', url });

type Row = { id: number; entity_type?: string; entity_id?: number; church_id?: number | null };

async function allPages(url: string, login = TREASURER): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; page < 200; page++) {
    const response = await get(`${url}${url.includes('?') ? '&' : '?'}page=${page}&limit=100`, login);
    expect(response.statusCode, response.body).toBe(200);
    const data = (response.json() as { data: Row[] }).data;
    rows.push(...data);
    if (data.length < 100) break;
  }
  return rows;
}

describe('lists without an entity filter keep to the entities the caller is authorised on (issue 17)', () => {
  it("GET /expense-requests: not the other church's requests, still his own church's", async () => {
    const rows = await allPages('/api/expense-requests');
    const listed = rows.map((r) => r.id);
    expect(listed).toContain(ownRequest);
    expect(listed).not.toContain(otherRequest);
    expect(rows.filter((r) => r.entity_type === 'CHURCH' && r.entity_id === ids.otherChurch)).toEqual([]);
  });

  it('GET /expense-requests-balance counts the same requests', async () => {
    const status = 'approval_pending';
    const mine = await get(`/api/expense-requests-balance?status=${status}`);
    expect(mine.statusCode, mine.body).toBe(200);
    const listed = await allPages(`/api/expense-requests?status=${status}`);
    expect((mine.json() as { data: { count: number } }).data.count).toBe(listed.length);
    // the other church's treasurer still sees his own request in his lists
    const theirs = await allPages('/api/expense-requests', ids.otherTreasurer);
    expect(theirs.map((r) => r.id)).toContain(otherRequest);
  });

  it("GET /users/faithful: not the other church's faithful", async () => {
    const rows = await allPages('/api/users/faithful');
    expect(rows.map((r) => r.id)).not.toContain(otherFaithful);
    expect(rows.length).toBeGreaterThan(0);
  });

  it("GET /users (the forms' people search): not the other church's faithful", async () => {
    const target = await queryOne<{ lastname: string }>(
      t.db,
      sql`select lastname from users where id = ${otherFaithful}`,
    );
    const response = await get(`/api/users?role=faithful&search=${encodeURIComponent(target!.lastname)}`);
    expect(response.statusCode, response.body).toBe(200);
    const rows = (response.json() as { data: Row[] }).data;
    expect(rows.map((r) => r.id)).not.toContain(otherFaithful);
  });

  it('GET /contributions?user_id=: not the contributions a person made in a church the caller holds nothing on', async () => {
    const response = await get(`/api/contributions?user_id=${otherFaithful}`);
    // 403 (his church is not the caller's) or an empty page: never the other church's contributions
    if (response.statusCode === 200) {
      const rows = (response.json() as { data: Row[] }).data;
      expect(rows.filter((r) => r.entity_type === 'church' && r.entity_id === ids.otherChurch)).toEqual([]);
    } else {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toMatch(/[éèà]|Vous|Accès|permission/i);
    }
  });

  it('GET /fixed-assets of the church he only sees as a faithful: refused in French, not listed', async () => {
    const entity = `entity_type=CHURCH&entity_id=${ids.otherChurch}`;
    for (const url of [`/api/fixed-assets?${entity}`, `/api/fixed-assets/statistics?${entity}`]) {
      const response = await get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(403);
      expect(response.json().message).toMatch(/Vous|permission|accès/i);
    }
    // his own church's still read
    const own = await get(`/api/fixed-assets?entity_type=CHURCH&entity_id=${ids.church1}`);
    expect(own.statusCode, own.body).toBe(200);
  });
});
