import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { testConfig } from '../../server/src/config';
import type { Db } from '../../server/src/db/client';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login('admin@example.org');
});
afterAll(() => t.close());

const EVIL = 'https://evil.example';
const CONFIGURED = 'http://localhost:5173';

describe('Origin check on state-changing requests', () => {
  it('refuses a write from a foreign origin with 403 and a French message, before anything runs', async () => {
    for (const [method, url, payload] of [
      ['POST', '/api/login', { login: 'admin@example.org', password: 'demo1234' }],
      ['POST', '/api/churches', { name: 'Église pirate', section_id: 1 }],
      ['DELETE', '/api/logout', undefined],
      ['PUT', '/api/churches/1', {}],
      ['PATCH', '/api/regions/1', {}],
    ] as const) {
      const response = await t.app.inject({ method, url, payload, headers: { origin: EVIL, cookie } });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({ message: 'E_HTTP_EXCEPTION: Origine de la requête non autorisée.' });
    }
    // The refused logout did not end the session.
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it("refuses 'null' and malformed origins", async () => {
    for (const origin of ['null', 'not a url', 'http://localhost:5173.evil.example']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/permissions/check',
        payload: { permission: 'church:view' },
        headers: { origin, cookie },
      });
      expect(response.statusCode, origin).toBe(403);
    }
  });

  it("accepts the server's own origin, a configured origin, and requests without Origin", async () => {
    const payload = { permission: 'church:view' };
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/permissions/check',
      payload,
      headers: { origin: 'http://localhost', host: 'localhost', cookie },
    });
    expect(own.statusCode).toBe(200);
    const ownWithPort = await t.app.inject({
      method: 'POST',
      url: '/api/permissions/check',
      payload,
      headers: { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000', cookie },
    });
    expect(ownWithPort.statusCode).toBe(200);
    const configured = await t.app.inject({
      method: 'POST',
      url: '/api/permissions/check',
      payload,
      headers: { origin: CONFIGURED, cookie },
    });
    expect(configured.statusCode).toBe(200);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/permissions/check',
      payload,
      headers: { cookie },
    });
    expect(none.statusCode).toBe(200);
  });

  it('does not block reads from a foreign origin, but gives them no CORS access', async () => {
    const response = await t.app.inject({ url: '/api/health', headers: { origin: EVIL } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('CORS', () => {
  it('echoes a configured origin with credentials', async () => {
    const response = await t.app.inject({ url: '/api/health', headers: { origin: CONFIGURED } });
    expect(response.headers['access-control-allow-origin']).toBe(CONFIGURED);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(response.headers.vary).toMatch(/Origin/);
  });

  it('answers preflights of configured origins only', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/churches',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
    const allowed = await preflight(CONFIGURED);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(CONFIGURED);
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    expect(allowed.headers['access-control-allow-methods']).toMatch(/POST/);
    expect(allowed.headers['access-control-allow-headers']).toMatch(/Content-Type/i);
    const refused = await preflight(EVIL);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('never uses a wildcard', async () => {
    const response = await t.app.inject({ url: '/api/health', headers: { origin: '*' } });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('bad input answers 400 with a French message', () => {
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      headers: { 'content-type': 'application/json', cookie, ...headers },
    });

  it('NUL characters, which the database cannot store', async () => {
    const response = await post('/api/login', { login: 'admin\u0000@example.org', password: 'demo1234' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('E_HTTP_EXCEPTION: La requête contient un caractère nul interdit.');
  });

  it('wrong types', async () => {
    const response = await post('/api/login', { login: 42, password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^E_HTTP_EXCEPTION: .*identifiant est requis/);
    const church = await post('/api/churches', { name: 'Église Test', section_id: 'un' });
    expect(church.statusCode).toBe(400);
    expect(church.json().message).toBe('E_HTTP_EXCEPTION: Champ « section_id » : La section est requise.');
  });

  it('missing fields', async () => {
    const response = await post('/api/login', { login: 'admin@example.org' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'E_HTTP_EXCEPTION: Champ « password » : Le mot de passe est requis.',
    );
    const check = await post('/api/permissions/check', {});
    expect(check.statusCode).toBe(400);
    expect(check.json().message).toBe('E_HTTP_EXCEPTION: Champ « permission » : La permission est requise.');
    const several = await post('/api/churches', { city: 12 });
    expect(several.json().errors).toEqual([
      { field: 'name', message: "Le nom de l'église est requis." },
      { field: 'section_id', message: 'La section est requise.' },
      { field: 'city', message: 'La ville doit être un texte.' },
    ]);
  });

  it('unknown fields', async () => {
    const response = await post('/api/login', {
      login: 'admin@example.org',
      password: 'demo1234',
      admin: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Clé non reconnue.*admin/);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('invalid JSON and empty bodies', async () => {
    const invalid = await post('/api/login', '{"login": "admin@example.org", ');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ message: 'E_HTTP_EXCEPTION: Corps de requête JSON invalide.' });
    const empty = await post('/api/login', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/^E_HTTP_EXCEPTION: /);
    const array = await post('/api/login', '[]');
    expect(array.statusCode).toBe(400);
  });

  it('oversized bodies', async () => {
    const response = await post('/api/login', { login: 'x', password: 'y'.repeat(1.5 * 1024 * 1024) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'E_HTTP_EXCEPTION: Corps de requête trop volumineux.' });
  });

  it('unsupported content types', async () => {
    const response = await post('/api/login', 'login=admin', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^E_HTTP_EXCEPTION: /);
  });

  it('bad query strings and path parameters', async () => {
    const get = (url: string) => t.app.inject({ url, headers: { cookie } });
    expect((await get('/api/churches?page=abc')).json()).toEqual({
      message: 'E_HTTP_EXCEPTION: Champ « page » : Page invalide.',
      errors: [{ field: 'page', message: 'Page invalide.' }],
    });
    expect((await get('/api/churches?limit=1000')).statusCode).toBe(400);
    expect((await get('/api/churches?page=0')).statusCode).toBe(400);
    expect((await get('/api/churches/abc')).json().message).toMatch(/Identifiant invalide/);
    expect((await get('/api/churches/-1')).statusCode).toBe(400);
    expect((await get('/api/churches/1.5')).statusCode).toBe(400);
    expect((await get('/api/roles?group=planets')).statusCode).toBe(400);
    expect((await get('/api/roles')).statusCode).toBe(400);
    expect((await get('/api/churches?search=' + 'x'.repeat(200))).statusCode).toBe(400);
  });

  // Thousands of requests: on a loaded 2-core machine it takes 30-40 s.
  it('never answers 500 to garbage on any route of the OpenAPI document', { timeout: 180_000 }, async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const bodies: string[] = [
      '{}',
      '[]',
      'null',
      '"text"',
      '123',
      'true',
      '{"a":',
      JSON.stringify({ name: { $gt: '' }, section_id: [1], region_id: {}, permission: ['x'], login: null }),
      JSON.stringify({ permissions: 'x', entity_type: 'CHURCH', entity_id: 'abc' }),
      JSON.stringify({ permission: 'x'.repeat(5000), entity_id: 1e308 }),
      JSON.stringify({ name: 'é'.repeat(10000), national_office_id: -1 }),
      JSON.stringify({ __proto__: { admin: true }, constructor: { prototype: {} } }),
      JSON.stringify({ permission: 'church:view', entity_type: 'CHURCH', entity_id: 2 ** 40 }),
      JSON.stringify({ name: 'Église\u0000nulle', section_id: 2147483648 }),
      JSON.stringify({ name: 'Église\u0000nulle', section_id: 1, region_id: 1 }),
      JSON.stringify({ login: 'admin\u0000@example.org', password: 'x' }),
      JSON.stringify({ permission: 'church:view\u0000', entity_type: 'CHURCH', entity_id: 1 }),
    ];
    // Logout would end the session and leave every later call a mere 401.
    const paths = Object.keys(document.paths).filter((path) => path !== '/api/logout');
    expect(paths.length).toBeGreaterThan(10);
    const pastor = await t.login('pasteur@example.org');
    let checked = 0;
    for (const path of paths) {
      const url = path.replace(/\{[^}]+\}/g, '1');
      for (const method of Object.keys(document.paths[path])) {
        const targets = [
          url,
          url.replace(/\/1$/, '/999999999999'),
          url.replace(/\/1$/, "/1'--"),
          `${url}?page=-5&limit=x`,
          `${url}?search=%00&section_id=2147483648`,
          `${url}?page=9007199254740991&limit=100&search=%25%27%22%5C`,
        ];
        for (const target of targets) {
          const inputs = method === 'get' || method === 'delete' ? [undefined] : bodies;
          for (const body of inputs) {
            for (const who of [cookie, pastor]) {
              const response = await t.app.inject({
                method: method.toUpperCase() as 'GET',
                url: target,
                payload: body,
                headers: {
                  cookie: who,
                  ...(body === undefined ? {} : { 'content-type': 'application/json' }),
                },
              });
              expect(response.statusCode, `${method} ${target} ${body?.slice(0, 60)}`).toBeLessThan(500);
              expect(response.statusCode, `${method} ${target}: still signed in`).not.toBe(401);
              expect(typeof response.json()?.message === 'string' || response.statusCode < 400).toBe(true);
              checked++;
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
    // every route, six targets, seventeen bodies, two users: minutes on a busy machine
  });
});

describe('other answers', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ url: '/api/nope', headers: { cookie } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'E_HTTP_EXCEPTION: Route introuvable.' });
  });

  it('sets protective headers', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('answers 500 with a French message, without details, to an unexpected failure', async () => {
    const healthy = await createTestApp({ template: 'fixture' });
    let broken = false;
    // The same database, whose every call fails once `broken` is set (a lost connection).
    const failing = new Proxy(healthy.db, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (!broken || typeof value !== 'function')
          return typeof value === 'function' ? value.bind(target) : value;
        return () => {
          throw new Error('connection lost: secret details');
        };
      },
    });
    const app = await buildApp({
      database: { ...healthy.database, db: failing as Db },
      config: testConfig(),
    });
    try {
      const cookie = await healthy.login('admin@example.org');
      broken = true;
      const response = await app.inject({ url: '/api/churches', headers: { cookie } });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'Erreur interne du serveur.' });
    } finally {
      await app.close();
      await healthy.close();
    }
  });
});
