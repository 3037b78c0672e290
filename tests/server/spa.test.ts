import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'spa-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>SPA</title><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'app-123.js'), 'console.log("app");');
  writeFileSync(path.join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // what scripts/precompress.mjs writes at build time beside a big asset and index.html
  const big = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `ligne ${i}`))};`;
  writeFileSync(path.join(dir, 'assets', 'page-abc.js'), big);
  const { precompress } = await import('../../scripts/precompress.mjs');
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><title>SPA</title><div id="root"></div><!-- ${'x'.repeat(1200)} -->`,
  );
  expect(precompress(dir).count).toBe(2);
  // what scripts/prerender.mjs writes: index.html with the sign-in form drawn in #boot
  writeFileSync(
    path.join(dir, 'connexion.html'),
    '<!doctype html><title>SPA</title><div id="boot"><form>Se connecter</form></div><div id="root" hidden></div>',
  );
  // a build manifest: the entry, the church space's tree, the shell and a chunk both import
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': {
        file: 'assets/index-1.js',
        isEntry: true,
        imports: ['_react.js'],
        css: ['assets/index-1.css'],
      },
      '_react.js': { file: 'assets/react-1.js' },
      '_ui.js': { file: 'assets/ui-1.js', imports: ['_react.js'] },
      'src/spaces/church/routes.tsx': { file: 'assets/routes-church.js', imports: ['_ui.js', '_react.js'] },
      'src/app/layouts/space-shell.tsx': { file: 'assets/space-shell-1.js', imports: ['_ui.js'] },
      'src/spaces/personal/routes.tsx': { file: 'assets/routes-personal.js', imports: ['_ui.js'] },
      '_table.js': { file: 'assets/table-1.js', imports: ['_ui.js'] },
      'src/features/contributions/pages/my-contributions-page.tsx': {
        file: 'assets/my-contributions-1.js',
        css: ['assets/my-contributions-1.css'],
        imports: ['_table.js', '_ui.js', '_react.js'],
      },
      'src/features/expenses/pages/expense-page.tsx': {
        file: 'assets/expense-1.js',
        imports: ['_table.js', '_ui.js'],
      },
    }),
  );
  // what scripts/prerender.mjs writes: each space's routes with the module of each page
  writeFileSync(
    path.join(dir, '.vite', 'page-routes.json'),
    JSON.stringify({
      church: [
        {
          path: '/mon-eglise',
          children: [
            {
              children: [
                { index: true },
                { path: 'depenses/:expenseId', module: 'src/features/expenses/pages/expense-page.tsx' },
              ],
            },
          ],
        },
      ],
      personal: [
        {
          children: [
            {
              children: [
                { path: 'dashboard' },
                {
                  path: 'mes-contributions',
                  module: 'src/features/contributions/pages/my-contributions-page.tsx',
                },
              ],
            },
          ],
        },
      ],
    }),
  );
  t = await createTestApp({ template: 'fixture', config: { staticDir: dir } });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('serving the built SPA', () => {
  it('serves index.html for the root and for any page of the router (history fallback)', async () => {
    for (const url of ['/', '/mon-eglise/depenses/12', '/espace-comptable?x=1', '/connexionx']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves /connexion with its form already drawn (connexion.html), never cached', async () => {
    for (const url of ['/connexion', '/connexion/', '/connexion?redirect=%2Fma-region']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<div id="boot"><form>Se connecter</form></div><div id="root" hidden>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves built files, the hashed assets as immutable', async () => {
    const asset = await t.app.inject({ url: '/assets/app-123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('console.log');
    expect(asset.headers['cache-control']).toMatch(/immutable/);
    const logo = await t.app.inject({ url: '/logo.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toMatch(/svg/);
  });

  it('sends the precompressed copy the browser accepts (brotli first), the plain file otherwise', async () => {
    const plain = await t.app.inject({ url: '/assets/page-abc.js' });
    const br = await t.app.inject({
      url: '/assets/page-abc.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toMatch(/immutable/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gz = await t.app.inject({ url: '/assets/page-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // the pages of the router get index.html compressed too, never cached
    const page = await t.app.inject({ url: '/mon-eglise', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root">');
  });

  it("preloads the space's route tree and shell with its pages, beyond what the entry loads, and GET /me", async () => {
    const me = '</api/me>; rel=preload; as=fetch; crossorigin=use-credentials';
    // the entry first, so that the page's own preloads never queue it
    const entry =
      '</assets/index-1.css>; rel=preload; as=style; crossorigin, </assets/index-1.js>; rel=modulepreload, ' +
      '</assets/react-1.js>; rel=modulepreload';
    const space =
      '</assets/routes-church.js>; rel=modulepreload, </assets/ui-1.js>; rel=modulepreload, ' +
      '</assets/space-shell-1.js>; rel=modulepreload';
    // the page the URL opens, matched as the router matches it, with what it imports beyond the space
    const page = await t.app.inject({ url: '/mon-eglise/depenses/12' });
    expect(page.headers['link']).toBe(
      `${me}, ${entry}, ${space}, </assets/expense-1.js>; rel=modulepreload, </assets/table-1.js>; rel=modulepreload`,
    );
    // a URL of the space without a page module of its own (its home is in the tree's chunk)
    expect((await t.app.inject({ url: '/mon-eglise' })).headers['link']).toBe(`${me}, ${entry}, ${space}`);
    // a space the build has no tree for: GET /me and the entry; the public pages: GET /me only
    expect((await t.app.inject({ url: '/ma-region' })).headers['link']).toBe(`${me}, ${entry}`);
    expect((await t.app.inject({ url: '/connexion' })).headers['link']).toBe(me);
  });

  it("preloads a first screen's own code, and for a signed-in user the bell and its first data", async () => {
    const fetchLink = (url: string) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`;
    const year = new Date().getFullYear();
    const entry =
      '</assets/index-1.css>; rel=preload; as=style; crossorigin, </assets/index-1.js>; rel=modulepreload, ' +
      '</assets/react-1.js>; rel=modulepreload';
    const code =
      '</assets/routes-personal.js>; rel=modulepreload, </assets/ui-1.js>; rel=modulepreload, ' +
      '</assets/space-shell-1.js>; rel=modulepreload, ' +
      // a lazy chunk's import waits for its stylesheet: preloaded too, before the page's code
      '</assets/my-contributions-1.css>; rel=preload; as=style; crossorigin, ' +
      '</assets/my-contributions-1.js>; rel=modulepreload, ' +
      '</assets/table-1.js>; rel=modulepreload';
    const guest = await t.app.inject({ url: '/mes-contributions' });
    expect(guest.headers['link']).toBe(`${fetchLink('/api/me')}, ${entry}, ${code}`);
    const member = await t.app.inject({ url: '/mes-contributions', cookies: { session: 'any' } });
    expect(member.headers['link']).toBe(
      [
        fetchLink('/api/me'),
        entry,
        fetchLink('/api/notifications/unread-count'),
        fetchLink('/api/contributions/summary'),
        fetchLink(
          `/api/contributions?from_date=${year}-01-01&to_date=${year}-12-31&page=1&limit=20&mine=true`,
        ),
        fetchLink('/api/giving/me'),
        code,
      ].join(', '),
    );
    // another page of the space: its tree, the bell, no page data
    const home = await t.app.inject({ url: '/dashboard', cookies: { session: 'any' } });
    expect(home.headers['link']).toBe(
      `${fetchLink('/api/me')}, ${entry}, ${fetchLink('/api/notifications/unread-count')}, ` +
        '</assets/routes-personal.js>; rel=modulepreload, </assets/ui-1.js>; rel=modulepreload, ' +
        '</assets/space-shell-1.js>; rel=modulepreload',
    );
  });

  it('answers 404 for a missing asset, and JSON 404 for unknown API paths', async () => {
    expect((await t.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ url: '/api/does-not-exist' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'E_HTTP_EXCEPTION: Route introuvable.' });
    const post = await t.app.inject({ method: 'POST', url: '/connexion', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('still answers the API', async () => {
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({
      status: 'ok',
      database: t.database.kind,
    });
  });
});
