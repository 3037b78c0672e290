import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOne } from '../../server/src/db/query';
import { createTestApp, type TestApp } from './helpers';

/**
 * Issue 17: the OpenAPI document declares the billing gate's 402 on every write it may answer (a write
 * that authorises on a church or one of its departments), and nowhere else: not on reads, nor on paying
 * the subscription, signing in and out, nor on the writes of the levels above a church.
 */
let t: TestApp;
let paths: Record<string, Record<string, { responses: Record<string, { description?: string }> }>>;
let unpaidChurch = 0;

beforeAll(async () => {
  t = await createTestApp();
  paths = (await t.app.inject({ url: '/api/docs/json' })).json().paths;
  const row = await queryOne<{ id: number }>(
    t.db,
    sql`select church_id as id from users where email = 'impaye@example.org'`,
  );
  unpaidChurch = Number(row!.id);
});
afterAll(() => t.close());

const declares402 = (method: string, path: string) => {
  const operation = paths[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${method} ${path} is not in the document`);
  return '402' in operation.responses;
};

describe('the 402 of the billing gate in the OpenAPI document', () => {
  it('is declared on the writes on a church, with a French description', () => {
    for (const [method, path] of [
      ['POST', '/api/expense-requests'],
      ['PUT', '/api/expense-requests/{id}/approved'],
      ['PUT', '/api/expenses/{id}/validate'],
      ['POST', '/api/contributions'],
      ['POST', '/api/contributions/{id}/cancel'],
      ['POST', '/api/users/faithful'],
      ['PUT', '/api/users/{id}'],
      ['POST', '/api/budgets'],
      ['POST', '/api/permissions/grant'],
      ['POST', '/api/churches/{id}/members'],
      ['POST', '/api/fixed-assets'],
    ]) {
      expect(declares402(method, path), `${method} ${path}`).toBe(true);
      expect(paths[path][method.toLowerCase()].responses['402'].description).toMatch(/impayé/);
    }
  });

  it('is not declared on reads, on paying, on signing in and out, nor above a church', () => {
    for (const [method, path] of [
      ['GET', '/api/expense-requests'],
      ['GET', '/api/subscriptions/{id}'],
      ['POST', '/api/subscriptions/{id}/payments'],
      ['POST', '/api/subscriptions'],
      ['POST', '/api/login'],
      ['DELETE', '/api/logout'],
      ['POST', '/api/regions'],
      ['POST', '/api/sections'],
      ['POST', '/api/churches'],
      ['POST', '/api/subscription-types'],
      ['POST', '/api/permissions/check'],
    ]) {
      expect(declares402(method, path), `${method} ${path}`).toBe(false);
    }
  });

  it('every 402 the gate answers an unpaid church is declared by its route', async () => {
    const probes: Array<[string, string, string, object]> = [
      [
        'POST',
        '/api/expense-requests',
        '/api/expense-requests',
        { entity_type: 'CHURCH', entity_id: unpaidChurch },
      ],
      [
        'POST',
        '/api/users/faithful',
        '/api/users/faithful',
        { church_id: unpaidChurch, firstname: 'A', lastname: 'B' },
      ],
      [
        'POST',
        '/api/budgets',
        '/api/budgets',
        { entity_type: 'CHURCH', entity_id: unpaidChurch, year: 2031, source: 'templates' },
      ],
      [
        'POST',
        `/api/churches/${unpaidChurch}/members`,
        '/api/churches/{id}/members',
        { user_id: 1, roles: [1] },
      ],
    ];
    let seen = 0;
    for (const [method, url, path, payload] of probes) {
      const response = await t.as('impaye@example.org', { method: method as 'POST', url, payload });
      if (response.statusCode !== 402) continue;
      seen++;
      expect(declares402(method, path), `${method} ${path}`).toBe(true);
    }
    expect(seen).toBeGreaterThan(0);
  });
});
