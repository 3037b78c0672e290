import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileAnswerSchema } from '../../contract/profile';
import { buildApp } from '../../server/src/app';
import { loadConfig, testConfig } from '../../server/src/config';
import { queryOne } from '../../server/src/db/query';
import { createTestApp, type TestApp } from './helpers';

/**
 * Issue 27, hole 5, the smaller ones: required profile fields stay required; answers that carry
 * personal data say `Cache-Control: no-store`; only the configured proxy hops are trusted for the
 * client's address; the public receipt page's limit per address lives in the database, shared by every
 * server process, its expired rows purged.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('PUT /api/profile: required stays required', () => {
  it('answers 400 in French to {} and changes nothing', async () => {
    const cookie = await t.login('tresorier@example.org');
    const before = profileAnswerSchema.parse(
      (await t.app.inject({ url: '/api/profile', headers: { cookie } })).json(),
    ).data;
    expect(before.email).toBe('tresorier@example.org');
    for (const payload of [{}, { phone: before.phone }, { email: before.email }]) {
      const answer = await t.app.inject({ method: 'PUT', url: '/api/profile', headers: { cookie }, payload });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().message).toMatch(/^E_HTTP_EXCEPTION: Champ « (phone|email) » : .*requis/);
    }
    const after = profileAnswerSchema.parse(
      (await t.app.inject({ url: '/api/profile', headers: { cookie } })).json(),
    ).data;
    expect(after).toEqual(before);
    // explicit null or '' still clears a field (the matricule or the other field remains to sign in)
    const cleared = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { cookie },
      payload: { phone: '', email: before.email },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(profileAnswerSchema.parse(cleared.json()).data.phone).toBeNull();
  });
});

describe('Cache-Control: no-store on answers with personal data', () => {
  it('says no-store on /api answers, signed in or not, errors included', async () => {
    const cookie = await t.login('pasteur@example.org');
    const church = Number(
      (await queryOne<{ id: number }>(
        t.db,
        sql`select church_id as id from users where email = 'pasteur@example.org'`,
      ))!.id,
    );
    for (const url of [
      '/api/me',
      '/api/profile',
      '/api/profile/sessions',
      `/api/contributions?entity_type=CHURCH&entity_id=${church}`,
      `/api/dashboard?entity_type=CHURCH&entity_id=${church}`,
      '/api/notifications',
      '/api/users/999999999',
      '/api/route-inconnue',
    ]) {
      const answer = await t.app.inject({ url, headers: { cookie } });
      expect(answer.headers['cache-control'], `${url} (${answer.statusCode})`).toBe('no-store');
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: 'tresorier@example.org', password: 'demo1234' },
    });
    expect(login.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ url: '/api/me' })).headers['cache-control']).toBe('no-store');
  });
});

describe('TRUST_PROXY: only the configured hops', () => {
  it('refuses `true` and anything but a hop count or addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'n’importe quoi' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '0' })).not.toThrow();
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.1.0/24' }).trustProxy).toBe('10.0.0.1,10.0.1.0/24');
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
  });

  it('one trusted hop: a client-sent X-Forwarded-For does not hide the spraying address', async () => {
    const proxied = await buildApp({ database: t.database, config: testConfig({ trustProxy: 1 }) });
    try {
      // the proxy (here 127.0.0.1) appends the client's real address to what the client sent
      const attempt = (account: string, forged: string) =>
        proxied.inject({
          method: 'POST',
          url: '/api/login',
          payload: { login: account, password: 'Motdepasse1' },
          headers: { 'x-forwarded-for': `${forged}, 203.0.113.7` },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 14; i++)
        statuses.push((await attempt(`victime${i}@example.org`, `198.51.100.${i}`)).statusCode);
      // ten different accounts from 203.0.113.7: then it is spraying, whatever the forged addresses said
      expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
      const row = await queryOne<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from login_failures where address = '203.0.113.7'`,
      );
      expect(Number(row!.n)).toBeGreaterThanOrEqual(10);
    } finally {
      await proxied.close();
    }
  });
});

describe('the public receipt page: its limit per address is in the database', () => {
  const check = (app: typeof t.app, address: string) =>
    app.inject({ url: '/api/receipts/AAAAAAAAAAAAAAAAAAAAAC', remoteAddress: address });

  it('counts one address across server processes', async () => {
    const second = await buildApp({ database: t.database, config: testConfig() });
    try {
      for (let i = 0; i < 30; i++) expect((await check(t.app, '10.50.0.1')).statusCode).toBe(404);
      const refused = await check(second, '10.50.0.1');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().message).toContain('Trop de vérifications');
      expect((await check(second, '10.50.0.2')).statusCode).toBe(404);
    } finally {
      await second.close();
    }
  });

  it('holds against parallel requests: 30 of 60 pass', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, () => check(t.app, '10.51.0.1')));
    expect(answers.filter((a) => a.statusCode === 404)).toHaveLength(30);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(30);
  });

  it('purges the expired rows', async () => {
    await t.db.execute(
      sql`insert into rate_limits (kind, key, window_start, hits)
          values ('receipt', '10.52.0.1', now() - interval '1 day', 3)`,
    );
    const fresh = await buildApp({ database: t.database, config: testConfig() });
    try {
      expect((await check(fresh, '10.52.0.2')).statusCode).toBe(404);
    } finally {
      await fresh.close();
    }
    const left = await queryOne<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from rate_limits where key = '10.52.0.1'`,
    );
    expect(Number(left!.n)).toBe(0);
  });
});
