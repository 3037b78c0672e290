import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileAnswerSchema } from '../../contract/profile';
import { queryOne } from '../../server/src/db/query';
import { createTestApp, type TestApp } from './helpers';

/**
 * Issue 27, hole 5, the smaller ones: required profile fields stay required; answers that carry
 * personal data say `Cache-Control: no-store`.
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
