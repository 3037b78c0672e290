import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ template: 'fixture' });
});
afterAll(() => t.close());

type Operation = {
  summary?: string;
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  requestBody?: {
    content: { 'application/json': { schema: { required?: string[]; additionalProperties?: unknown } } };
  };
  responses: Record<string, unknown>;
};

/** The routes of the foundation; each feature module adds its own (and its tests check them). */
const ROUTES = [
  'GET /api/health',
  'POST /api/login',
  'GET /api/me',
  'DELETE /api/logout',
  'GET /api/national-office',
  'GET /api/national-offices',
  'GET /api/national-offices/{id}',
  'GET /api/regions',
  'POST /api/regions',
  'GET /api/regions/{id}',
  'GET /api/sections',
  'POST /api/sections',
  'GET /api/sections/{id}',
  'GET /api/churches',
  'POST /api/churches',
  'GET /api/churches/{id}',
  'GET /api/activity-groups',
  'GET /api/departments',
  'GET /api/activity-groupes/{id}',
  'GET /api/departments/{id}',
  'GET /api/roles',
  'POST /api/permissions/check',
  'POST /api/permissions/check-multiple',
];

describe('GET /api/docs/json', () => {
  it('is an OpenAPI 3 document listing the routes of the API, each one served', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, Operation>> };
    expect(document.openapi).toMatch(/^3\./);
    const listed = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(listed).toEqual(expect.arrayContaining([...ROUTES, 'GET /api/operation-accounts/authorized']));
    for (const route of listed) {
      const [method, url] = route.split(' ');
      expect(t.app.hasRoute({ method: method as 'GET', url: url.replace(/\{(\w+)\}/g, ':$1') }), route).toBe(
        true,
      );
    }
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(operation.summary, `${method} ${path}`).toBeTruthy();
        expect(
          Object.keys(operation.responses).some((status) => status.startsWith('2')),
          `${method} ${path}`,
        ).toBe(true);
      }
    }
  });

  it('describes bodies, parameters and answers from the zod schemas', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const login = document.paths['/api/login'].post;
    const body = login.requestBody!.content['application/json'].schema;
    expect(body.required?.sort()).toEqual(['login', 'password']);
    expect(body.additionalProperties).toBe(false);
    expect(Object.keys(login.responses).sort()).toEqual(['200', '400', '429']);
    const churches = document.paths['/api/churches'].get;
    expect(churches.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['search', 'page', 'limit', 'section_id']),
    );
    const detail = document.paths['/api/churches/{id}'].get;
    expect(detail.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
  });
});

describe('GET /api/docs', () => {
  it('is a readable HTML page rendered from the document', async () => {
    const response = await t.app.inject({ url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.body;
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<html lang="fr">');
    for (const route of ROUTES) {
      const [method, path] = route.split(' ');
      expect(html).toContain(`<span class="m ${method.toLowerCase()}">${method}</span> <code>${path}</code>`);
    }
    expect(html).toContain('Se connecter');
    expect(html).toContain('Paramètres');
    expect(html).toMatch(/login: string \(min 1, max 200\)/);
    expect(html).toContain('hasPermission: boolean');
    expect(html).not.toMatch(/<script/i);
  });
});
