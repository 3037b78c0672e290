import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDelayMs, DEFAULT_LOGIN_LIMITS } from '../../server/src/auth/login-throttle';
import { buildApp } from '../../server/src/app';
import { testConfig } from '../../server/src/config';
import { queryOne } from '../../server/src/db/query';
import { cookieHeader, createTestApp, type TestApp } from './helpers';

/**
 * Finding 5 of issue 17: sign-in limits per account (all its identifiers together) with a growing delay,
 * per address only against spraying many accounts, never refusing the right password of an account that
 * is not itself under attack; the counters live in the database. Finding 6 (sessions): an absolute
 * lifetime on top of the sliding one.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (name: string, password: string, remoteAddress: string, app = t.app) =>
  app.inject({ method: 'POST', url: '/api/login', payload: { login: name, password }, remoteAddress });

async function identifiers(email: string) {
  const row = await queryOne<{ id: number; phone: string | null; registration_number: string | null }>(
    t.db,
    sql`select id, phone, registration_number from users where email = ${email}`,
  );
  return row!;
}

describe('per account, all identifiers together (issue 17, finding 5)', () => {
  it('counts the email, the phone and the matricule as one account', async () => {
    const section = await identifiers('section@example.org');
    const names = ['section@example.org', section.phone, section.registration_number].filter(
      (v): v is string => !!v,
    );
    expect(names.length).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < 5; i++)
      expect((await login(names[i % names.length], 'mauvais', `10.7.0.${i}`)).statusCode).toBe(400);
    for (const name of names) {
      const blocked = await login(name, 'demo1234', '10.7.1.1');
      expect(blocked.statusCode, name).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json().message).toMatch(
        /^E_HTTP_EXCEPTION: Trop de tentatives de connexion\. Réessayez dans/,
      );
    }
  });

  it('grows the delay at each further failure', async () => {
    expect(accountDelayMs(4, DEFAULT_LOGIN_LIMITS)).toBe(0);
    expect(accountDelayMs(5, DEFAULT_LOGIN_LIMITS)).toBe(30_000);
    expect(accountDelayMs(6, DEFAULT_LOGIN_LIMITS)).toBe(60_000);
    expect(accountDelayMs(7, DEFAULT_LOGIN_LIMITS)).toBe(120_000);
    expect(accountDelayMs(50, DEFAULT_LOGIN_LIMITS)).toBe(DEFAULT_LOGIN_LIMITS.windowMs);

    const region = await identifiers('region@example.org');
    // five failures 40 s ago: the first delay (30 s) is over
    await t.db.execute(
      sql`insert into login_failures (account_key, address, failed_at)
          select ${`user:${region.id}`}, '10.8.0.1', now() - interval '40 seconds' from generate_series(1, 5)`,
    );
    expect((await login('region@example.org', 'mauvais', '10.8.0.2')).statusCode).toBe(400);
    const next = await login('region@example.org', 'demo1234', '10.8.0.3');
    expect(next.statusCode).toBe(429);
    // the sixth failure doubled the delay: about 60 s from now
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(45);
    expect(Number(next.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('forgets the failures of an account after its successful sign-in', async () => {
    for (let i = 0; i < 3; i++)
      expect((await login('fidele@example.org', 'x', '10.9.0.1')).statusCode).toBe(400);
    expect((await login('fidele@example.org', 'demo1234', '10.9.0.1')).statusCode).toBe(200);
    const fidele = await identifiers('fidele@example.org');
    const left = await queryOne<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from login_failures where account_key = ${`user:${fidele.id}`}`,
    );
    expect(left!.n).toBe(0);
  });
});

describe('per address, only against spraying (issue 17, finding 5)', () => {
  it('keeps a shared office signing in, and gives a sprayer nothing more', async () => {
    const office = '10.10.0.1';
    for (let i = 0; i < DEFAULT_LOGIN_LIMITS.perAddress + 5; i++) {
      const answer = await login(`personne${i}@example.org`, 'Motdepasse1', office);
      expect([400, 429]).toContain(answer.statusCode);
    }
    // the right password of accounts with no failure: never refused
    expect((await login('tresorier@example.org', 'demo1234', office)).statusCode).toBe(200);
    expect((await login('pasteur@example.org', 'demo1234', office)).statusCode).toBe(200);
    // a wrong one from the spraying address: 429
    const wrong = await login('comptable@example.org', 'Motdepasse1', office);
    expect(wrong.statusCode).toBe(429);
    expect(Number(wrong.headers['retry-after'])).toBeGreaterThan(0);
    // that account now has a failure: the spraying address gets nothing more on it, right password or not
    expect((await login('comptable@example.org', 'demo1234', office)).statusCode).toBe(429);
    // from anywhere else its owner signs in
    expect((await login('comptable@example.org', 'demo1234', '10.10.0.2')).statusCode).toBe(200);
  });
});

describe('counters shared by every server process (issue 17, finding 5)', () => {
  it('blocks on a second process what the first one counted', async () => {
    const second = await buildApp({ database: t.database, config: testConfig() });
    try {
      for (let i = 0; i < 5; i++)
        expect((await login('national@example.org', 'mauvais', `10.11.0.${i}`)).statusCode).toBe(400);
      expect((await login('national@example.org', 'demo1234', '10.11.1.1', second)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('session lifetime (issue 17, finding 6)', () => {
  it('ends a session 30 days after its sign-in, however much it is used', async () => {
    const signedIn = await login('impaye@example.org', 'demo1234', '10.12.0.1');
    expect(signedIn.statusCode).toBe(200);
    const cookie = cookieHeader(signedIn);
    const userId = (signedIn.json() as { id: number }).id;
    // signed in 30 days ago less 2 s, last seen 2 hours ago: the next request slides the expiry
    await t.db.execute(
      sql`update sessions set created_at = now() - interval '30 days' + interval '2 seconds',
            last_seen_at = now() - interval '2 hours' where user_id = ${userId}`,
    );
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    const row = await queryOne<{ capped: boolean }>(
      t.db,
      sql`select bool_and(expires_at <= created_at + interval '30 days') as capped from sessions where user_id = ${userId}`,
    );
    expect(row!.capped).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
  });
});
