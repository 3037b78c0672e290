import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileAnswerSchema } from '../../contract/profile';
import { createTestApp, type TestApp } from './helpers';

/**
 * Issue 27, hole 5, the smaller ones: required profile fields stay required.
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
