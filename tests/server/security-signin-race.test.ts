import { sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOne } from '../../server/src/db/query';
import { cookieHeader, createTestApp, type TestApp } from './helpers';

/**
 * Issue 27, hole 1: the per-account limit must hold against parallel requests. The failures were read,
 * the password checked, then the failure written: 100 wrong passwords sent at once were all checked,
 * and the right one at #90 signed in. Now an attempt takes its slot before any hash is computed
 * (reserve, then settle): of N concurrent attempts on one account, at most the limit (5) reach the
 * password check, the others answer 429 with Retry-After. The same limit guards the current password
 * of PUT /api/profile/password.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LIMIT = 5;

const login = (name: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { login: name, password }, remoteAddress });

async function userId(email: string): Promise<number> {
  const row = await queryOne<{ id: number }>(t.db, sql`select id from users where email = ${email}`);
  return Number(row!.id);
}

/** How many of the user's attempts reached the password check and failed (each one is audited). */
async function checkedFailures(id: number, action: string): Promise<number> {
  const row = await queryOne<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from audit_log where user_id = ${id} and action = ${action}`,
  );
  return Number(row!.n);
}

describe('sign-in: the per-account limit holds against parallel requests', () => {
  it('of 100 wrong passwords sent at once, at most 5 are checked; the right one at #90 is refused', async () => {
    const email = 'tresorier@example.org';
    const id = await userId(email);
    // another user's GET /api/me meanwhile (it reads the session in the database): the attempts hold no
    // lock across a hash, nor a connection while they wait
    const other = cookieHeader(await login('national@example.org', 'demo1234', '10.30.0.1'));
    let done = false;
    const others: number[] = [];
    const probe = (async () => {
      while (!done) {
        const due = performance.now() + 10;
        await new Promise((resolve) => setTimeout(resolve, 10));
        const me = await t.app.inject({ url: '/api/me', headers: { cookie: other } });
        expect(me.statusCode).toBe(200);
        others.push(performance.now() - due);
      }
    })();
    const started = performance.now();
    const latencies: number[] = [];
    const answers = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const answer = await login(
          email,
          i === 89 ? 'demo1234' : `mauvais-${i}`,
          `10.31.${Math.floor(i / 250)}.${i % 250}`,
        );
        latencies[i] = performance.now() - started;
        return answer;
      }),
    );
    const elapsed = performance.now() - started;
    done = true;
    await probe;
    const statuses = answers.map((a) => a.statusCode);
    const count = (status: number) => statuses.filter((s) => s === status).length;
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const of = (status: number) => latencies.filter((_, i) => statuses[i] === status);
    console.log(
      `[hole 1] 100 parallel attempts: ${count(400)} × 400, ${count(429)} × 429, ${count(200)} × 200 in ` +
        `${Math.round(elapsed)} ms; 429 answered after ${Math.round(median(of(429)))} ms (median), ` +
        `400 after ${Math.round(median(of(400)))} ms; another user's GET /api/me meanwhile median ` +
        `${Math.round(median(others))} ms, max ${Math.round(Math.max(0, ...others))} ms (${others.length} calls)`,
    );
    expect(answers[89].statusCode, 'the right password at #90').toBe(429);
    expect(count(200)).toBe(0);
    expect(count(400)).toBeLessThanOrEqual(LIMIT);
    expect(count(429)).toBeGreaterThanOrEqual(100 - LIMIT);
    for (const answer of answers.filter((a) => a.statusCode === 429))
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    // each attempt that reached the password check is audited as a failure
    expect(await checkedFailures(id, 'auth.login_failed')).toBeLessThanOrEqual(LIMIT);
  });

  it('an unknown identifier is limited the same way', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login('personne.inconnue@example.org', `x${i}`, `10.32.0.${i}`)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(LIMIT);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(40 - LIMIT);
  });

  it('a right password under the limit still signs in, and clears the failures', async () => {
    const email = 'region@example.org';
    for (let i = 0; i < 3; i++) expect((await login(email, 'mauvais', '10.33.0.1')).statusCode).toBe(400);
    expect((await login(email, 'demo1234', '10.33.0.1')).statusCode).toBe(200);
    const left = await queryOne<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from login_failures where account_key = ${`user:${await userId(email)}`}`,
    );
    expect(Number(left!.n)).toBe(0);
  });
});

describe('PUT /api/profile/password: the current password is limited like a sign-in', () => {
  const change = (cookie: string, current: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/profile/password',
      headers: { cookie },
      payload: { current_password: current, new_password: 'Un-nouveau-mot-2027' },
    });

  it('12 wrong current passwords then the right one: refused with 429 from the 6th', async () => {
    const signedIn = await login('pasteur@example.org', 'demo1234', '10.34.0.1');
    expect(signedIn.statusCode).toBe(200);
    const cookie = cookieHeader(signedIn);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await change(cookie, `mauvais-${i}`)).statusCode);
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(400));
    expect(statuses.slice(LIMIT)).toEqual(Array(12 - LIMIT).fill(429));
    const right = await change(cookie, 'demo1234');
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(right.json().message).toMatch(/^E_HTTP_EXCEPTION: Trop de tentatives/);
  });

  it('of 30 wrong current passwords sent at once, at most 5 are checked', async () => {
    const signedIn = await login('section@example.org', 'demo1234', '10.35.0.1');
    expect(signedIn.statusCode).toBe(200);
    const cookie = cookieHeader(signedIn);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => change(cookie, `faux-${i}`)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(LIMIT);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30 - LIMIT);
  });
});
