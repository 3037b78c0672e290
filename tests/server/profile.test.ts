import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileAnswerSchema, sessionListSchema } from '../../contract/profile';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const call = (cookie: string, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const message = (response: { json: () => unknown }) =>
  String((response.json() as { message: string }).message).replace(/^E_HTTP_EXCEPTION: /, '');

describe('the own record', () => {
  it('answers the user’s record with each role and its entity', async () => {
    const cookie = await t.login('pasteur@example.org');
    const response = await call(cookie, 'GET', '/api/profile');
    expect(response.statusCode).toBe(200);
    const { data } = profileAnswerSchema.parse(response.json());
    expect(data.email).toBe('pasteur@example.org');
    expect(data.roles.length).toBeGreaterThan(0);
    expect(data.roles.some((role) => role.name.length > 0 && role.entity === data.church)).toBe(true);
    expect((await t.app.inject({ url: '/api/profile' })).statusCode).toBe(401);
  });

  it('edits phone and email, validated on the server with French messages', async () => {
    const cookie = await t.login('section@example.org');
    const bad = await call(cookie, 'PUT', '/api/profile', { phone: '12ab', email: 'pas-un-email' });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json() as { errors: Array<{ field: string; message: string }> }).errors;
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: 'phone', message: 'Numéro de téléphone invalide.' },
        { field: 'email', message: 'Format email invalide' },
      ]),
    );
    const taken = await call(cookie, 'PUT', '/api/profile', { phone: null, email: 'pasteur@example.org' });
    expect(taken.statusCode).toBe(409);
    expect(message(taken)).toBe('Cette adresse email est déjà utilisée.');

    const ok = await call(cookie, 'PUT', '/api/profile', {
      phone: '+225 07 00 11 22 33',
      email: 'Section@Example.org',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(profileAnswerSchema.parse(ok.json()).data).toMatchObject({
      phone: '+2250700112233',
      email: 'section@example.org',
    });
  });
});

describe('the password', () => {
  it('needs the current one and at least 10 characters; the old one then fails and other sessions end', async () => {
    const here = await t.login('fidele@example.org');
    const elsewhere = await t.login('fidele@example.org');

    const wrong = await call(here, 'PUT', '/api/profile/password', {
      current_password: 'pas-le-bon',
      new_password: 'un-nouveau-mot-de-passe',
    });
    expect(wrong.statusCode).toBe(400);
    expect(message(wrong)).toBe('Le mot de passe actuel est incorrect.');
    const short = await call(here, 'PUT', '/api/profile/password', {
      current_password: 'demo1234',
      new_password: 'court',
    });
    expect(short.statusCode).toBe(400);
    expect(message(short)).toContain('Le nouveau mot de passe doit contenir au moins 10 caractères.');
    const missing = await call(here, 'PUT', '/api/profile/password', { new_password: 'un-nouveau-mot' });
    expect(missing.statusCode).toBe(400);
    expect(message(missing)).toContain('Le mot de passe actuel est requis.');

    const changed = await call(here, 'PUT', '/api/profile/password', {
      current_password: 'demo1234',
      new_password: 'Nouveau-Secret-2026',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expect(t.login('fidele@example.org')).rejects.toThrow(/400/);
    await expect(t.login('fidele@example.org', 'Nouveau-Secret-2026')).resolves.toBeTruthy();
    expect((await call(here, 'GET', '/api/me')).statusCode).toBe(200);
    expect((await call(elsewhere, 'GET', '/api/me')).statusCode).toBe(401);
  });
});

describe('the sessions', () => {
  it('lists the user’s own, ends one, then all the others; never another user’s', async () => {
    const a = await t.login('tresorier@example.org');
    const b = await t.login('tresorier@example.org');
    const c = await t.login('tresorier@example.org');
    const list = sessionListSchema.parse((await call(a, 'GET', '/api/profile/sessions')).json()).data;
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);

    const bList = sessionListSchema.parse((await call(b, 'GET', '/api/profile/sessions')).json()).data;
    const bId = bList.find((s) => s.current)!.id;
    const stranger = await t.login('pasteur@example.org');
    const refused = await call(stranger, 'DELETE', `/api/profile/sessions/${bId}`);
    expect(refused.statusCode).toBe(404);
    expect(message(refused)).toBe('Session introuvable.');

    const ended = await call(a, 'DELETE', `/api/profile/sessions/${bId}`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ current: false });
    expect((await call(b, 'GET', '/api/me')).statusCode).toBe(401);
    expect((await call(c, 'GET', '/api/me')).statusCode).toBe(200);

    const others = await call(a, 'DELETE', '/api/profile/sessions');
    expect(others.statusCode).toBe(200);
    expect((others.json() as { ended: number }).ended).toBeGreaterThanOrEqual(1);
    expect((await call(c, 'GET', '/api/me')).statusCode).toBe(401);
    expect((await call(a, 'GET', '/api/me')).statusCode).toBe(200);
    expect((await call(stranger, 'GET', '/api/me')).statusCode).toBe(200);
  });
});
