import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountSchema } from '../../contract/auth';
import { faithfulListSchema } from '../../contract/faithful';
import { sessionIdOf } from '../../server/src/auth/sessions';
import { queryOne } from '../../server/src/db/query';
import { createTestApp, type TestApp } from './helpers';

// Decision 0015: a signed-in request reads its context (session, user, visibility, the entity it
// touches and the permissions) in one statement, and nothing of it is kept between requests.

let t: TestApp;
let churchId: number;

beforeAll(async () => {
  t = await createTestApp();
  churchId = (await queryOne<{ id: number }>(
    t.db,
    sql`select ra.group_id as id from users u join role_assignments ra on ra.user_id = u.id
        where u.email = 'pasteur@example.org' and ra."group" = 'churches' limit 1`,
  ))!.id;
});
afterAll(() => t.close());

/** The statements the database receives while `run` runs (PGlite's query, or the pool's). */
async function statementsOf(run: () => Promise<unknown>): Promise<number> {
  const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, 'query');
  try {
    await run();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

const get = (url: string) => t.as('pasteur@example.org', { url });

describe('the signed-in context of a request', () => {
  it('answers GET /api/me in one statement', async () => {
    await get('/api/me');
    let answer: Awaited<ReturnType<typeof get>> | undefined;
    expect(await statementsOf(async () => (answer = await get('/api/me')))).toBe(1);
    expect(answer!.statusCode).toBe(200);
    expect(accountSchema.parse(answer!.json()).email).toBe('pasteur@example.org');
  });

  it('reads the session, the visibility and the check of a list in one statement, then its page', async () => {
    const url = `/api/users/faithful?entity_type=CHURCH&entity_id=${churchId}&limit=5`;
    await get(url);
    let answer: Awaited<ReturnType<typeof get>> | undefined;
    expect(await statementsOf(async () => (answer = await get(url)))).toBe(2);
    const body = faithfulListSchema.parse(answer!.json());
    expect(body.data).toHaveLength(5);
    const total = (await queryOne<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from users where church_id = ${churchId}`,
    ))!.n;
    expect(body.meta.total).toBe(total);
  });

  it('answers the total with a page past the end', async () => {
    const response = await get(
      `/api/users/faithful?entity_type=CHURCH&entity_id=${churchId}&limit=5&page=100000`,
    );
    expect(response.statusCode).toBe(200);
    const body = faithfulListSchema.parse(response.json());
    expect(body.data).toEqual([]);
    expect(body.meta.total).toBeGreaterThan(5);
  });

  it('still answers 401, 404 and 403 in that order', async () => {
    const anonymous = await t.app.inject({ url: `/api/users/faithful?entity_type=CHURCH&entity_id=999999` });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await get('/api/users/faithful?entity_type=CHURCH&entity_id=999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('Église introuvable.');
    const other = (await queryOne<{ id: number }>(
      t.db,
      sql`select id from churches where id <> ${churchId} order by id limit 1`,
    ))!.id;
    const forbidden = await get(`/api/users/faithful?entity_type=CHURCH&entity_id=${other}`);
    expect(forbidden.statusCode).toBe(403);
  });

  it('slides the expiry of a session last seen more than an hour ago, at its next request', async () => {
    const cookie = await t.login('pasteur@example.org');
    const token = decodeURIComponent(cookie.split('=')[1]).split('.')[0];
    const id = sessionIdOf(token);
    await t.db.execute(
      sql`update sessions set last_seen_at = now() - interval '2 hours', expires_at = now() + interval '1 hour'
          where id = ${id}`,
    );
    const response = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const row = await queryOne<{ fresh: boolean }>(
      t.db,
      sql`select expires_at > now() + interval '6 days' and last_seen_at > now() - interval '1 minute' as fresh
          from sessions where id = ${id}`,
    );
    expect(row?.fresh).toBe(true);
  });
});
