import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

/*
 * docs/api.md, "The calls of SPEC.md section 7": every call of SPEC.md's table with the SPA code that
 * makes it and the server route that serves it. The table must stay true: a route it lists is served,
 * a call it marks unserved (—) is not, and the SPA files it names exist and name the call.
 */

const ROOT = resolve(__dirname, '../..');
const GROUPS = ['national-offices', 'regions', 'sections', 'churches'];
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

type Row = { call: string; spa: string[]; route: string | null; notes: string };

function readTable(): Row[] {
  const doc = readFileSync(resolve(ROOT, 'docs/api.md'), 'utf8');
  const start = doc.indexOf('## The calls of SPEC.md section 7');
  expect(start, 'the section of docs/api.md').toBeGreaterThan(-1);
  const rest = doc.slice(start + 1);
  const section = rest.slice(0, rest.indexOf('\n## ') === -1 ? undefined : rest.indexOf('\n## '));
  const rows: Row[] = [];
  for (const line of section.split('\n')) {
    if (!line.startsWith('| `')) continue;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    rows.push({
      call: ticked(cells[0])[0],
      spa: cells[1] === '—' ? [] : ticked(cells[1]),
      route: cells[2] === '—' ? null : ticked(cells[2])[0],
      notes: cells[3] ?? '',
    });
  }
  return rows;
}

/** `GET /{group}/{id}/members` → one call per group; `{id}` → `:id` for Fastify. */
function expand(call: string): Array<{ method: Method; url: string }> {
  const [method, path] = call.split(' ') as [Method, string];
  const paths = path.includes('{group}') ? GROUPS.map((g) => path.replace('{group}', g)) : [path];
  return paths.map((p) => ({ method, url: p.replace(/\{(\w+)\}/g, ':$1') }));
}

/** The last segment of a path that is not a parameter ('attachments' of /expense-requests/{id}/attachments). */
function lastStaticSegment(path: string): string {
  const segments = path.split('/').filter((s) => s && !s.startsWith('{'));
  return segments.at(-1) ?? '';
}

let t: TestApp;
let rows: Row[];
beforeAll(async () => {
  t = await createTestApp({ template: 'fixture' });
  rows = readTable();
});
afterAll(() => t.close());

describe('the calls of SPEC.md section 7 (docs/api.md)', () => {
  it('lists every call once, with its method and path', () => {
    expect(rows.length).toBeGreaterThan(60);
    for (const row of rows) {
      expect(row.call, JSON.stringify(row)).toMatch(/^(GET|POST|PUT|DELETE) \/[\w\-/{}]+$/);
    }
    const calls = rows.map((row) => row.call);
    expect(new Set(calls).size).toBe(calls.length);
    // the calls issue 20 asked to serve and use as named
    for (const named of [
      'GET /regions/{id}/churches',
      'GET /regions/{id}/faithful',
      'GET /expense-requests/{id}/attachments',
      'POST /permissions/check',
      'GET /activity-groupes/{id}',
    ]) {
      const row = rows.find((r) => r.call === named);
      expect(row?.spa.length, named).toBeGreaterThan(0);
    }
  });

  it('names a served route for each call it says is served, and the same call', () => {
    const missing: string[] = [];
    for (const row of rows) {
      if (row.route === null) continue;
      const [method, path] = row.route.split(' ');
      expect(`${method} ${path.replace(/^\/api/, '')}`, 'the route is the call under /api').toBe(row.call);
      for (const { url } of expand(row.route)) {
        if (!t.app.hasRoute({ method: method as Method, url })) missing.push(`${method} ${url}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('marks unserved only what the server does not serve', () => {
    for (const row of rows.filter((r) => r.route === null)) {
      for (const { method, url } of expand(row.call)) {
        expect(t.app.hasRoute({ method, url: `/api${url}` }), `${method} ${url} is served`).toBe(false);
      }
      expect(row.notes, `${row.call} says why`).not.toBe('');
    }
  });

  it('gives the reason wherever the SPA does not make the call', () => {
    for (const row of rows.filter((r) => r.spa.length === 0)) {
      expect(row.notes, `${row.call}: why the SPA does not use it`).toMatch(/not (used|built|served)/);
    }
  });

  it('points at SPA files that exist and name the call', () => {
    const endpointsTable = readFileSync(resolve(ROOT, 'src/shared/org/entities.ts'), 'utf8');
    for (const row of rows) {
      const segment = lastStaticSegment(row.call.split(' ')[1]);
      const named = row.spa.some((file) => {
        const path = resolve(ROOT, file);
        expect(existsSync(path), file).toBe(true);
        const text = readFileSync(path, 'utf8');
        // the organisation's endpoints are written once, in the shared table (ORG_ENDPOINTS)
        return (
          text.includes(segment) ||
          (/ORG_KINDS|ORG_ENDPOINTS/.test(text) && endpointsTable.includes(`'/${segment}'`))
        );
      });
      if (row.spa.length > 0) expect(named, `${row.call} in ${row.spa.join(', ')}`).toBe(true);
    }
  });
});
