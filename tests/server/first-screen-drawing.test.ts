import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../contract/auth';
import type { Drawer } from '../../server/src/http/spa';
import { formatMoney } from '../../src/shared/lib/format';
import { createTestApp, type TestApp } from './helpers';

// A member's first screen drawn by the server with their data (decision 0037), with the real drawing
// module (src/app/prerender.tsx, which the build compiles into build/prerender/).

const INDEX =
  '<!doctype html><html><head><title>Ekklesia</title></head><body><div id="root"></div></body></html>';

let dir: string;
let t: TestApp;

// the SPA's module (TSX, typed by the SPA's tsconfig), loaded as the server loads its build
const DRAWING_MODULE = '../../src/app/prerender';
const loadDrawer = async () => (await import(/* @vite-ignore */ DRAWING_MODULE)) as Drawer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'drawn-'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  const drawer = await loadDrawer();
  t = await createTestApp({ config: { staticDir: dir }, drawer });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const bootOf = (html: string) =>
  html.slice(html.indexOf('<div id="boot">'), html.indexOf('<div id="root" hidden>'));

describe("a member's first screen, drawn by the server", () => {
  it('arrives with their own totals and receipts, safe to show before any script, never shared', async () => {
    const summary = (await t.as('fidele@example.org', { url: '/api/contributions/summary' })).json<{
      data: { by_year: { year: number }[]; total: { amount: number; count: number } };
    }>().data;
    const year = summary.by_year[0].year;
    const list = (
      await t.as('fidele@example.org', {
        url: `/api/contributions?from_date=${year}-01-01&to_date=${year}-12-31&page=1&limit=20&mine=true`,
      })
    ).json<{ data: { receipt_number: string }[] }>();
    expect(list.data.length).toBeGreaterThan(0);

    const page = await t.as('fidele@example.org', { url: '/mes-contributions' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(String(page.headers['vary'])).toMatch(/Cookie/);
    const html = page.body;
    expect(html).toContain('<div id="root" hidden></div>');
    expect(html).toContain('<title>Mes contributions - ');
    const boot = bootOf(html);
    expect(boot).toContain('Aminata Koné');
    expect(boot).toContain(
      `Depuis le début : ${formatMoney(summary.total.amount)} (${summary.total.count} contributions)`,
    );
    for (const receipt of list.data) expect(boot).toContain(receipt.receipt_number);
    // the shell: the page's title in the header, the space's navigation as plain links
    expect(boot).toMatch(/<h1[^>]*>Mes contributions<\/h1>/);
    expect(boot).toContain('href="/mes-requetes"');
    // the answers it was drawn with come with it, by URL, as the SPA asks for them
    const embed = /<script type="application\/json" id="boot-answers">([^<]*)<\/script>/.exec(html);
    expect(embed).not.toBeNull();
    const answers = JSON.parse(embed![1]) as Record<string, unknown>;
    expect(answers['/api/me']).toMatchObject({ email: 'fidele@example.org' });
    expect(answers['/api/contributions/summary']).toEqual({ data: summary });
    expect(Object.keys(answers)).toContain('/api/notifications/unread-count');
    expect(
      Object.keys(answers).filter((url) => url.startsWith('/api/contributions?')).length,
    ).toBeGreaterThan(0);
    // so the Link header preloads no API answer
    expect(page.headers['link']).not.toContain('</api/');
    // nothing to click that would do nothing before React: every button is disabled
    const buttons = boot.match(/<button[^>]*>/g) ?? [];
    expect(buttons.length).toBeGreaterThan(0);
    for (const button of buttons) expect(button).toContain('disabled=""');
  });

  it('is compressed as the browser accepts it (brotli first, else gzip)', async () => {
    const plain = (await t.as('fidele@example.org', { url: '/mes-contributions' })).body;
    const br = await t.as('fidele@example.org', {
      url: '/mes-contributions',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers['vary'])).toMatch(/Accept-Encoding/);
    const fromBr = brotliDecompressSync(br.rawPayload).toString();
    expect(fromBr).toContain('<div id="boot">');
    expect(fromBr.length).toBe(plain.length);
    expect(br.rawPayload.length).toBeLessThan(plain.length / 3);
    const gzip = await t.as('fidele@example.org', {
      url: '/mes-contributions',
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<div id="boot">');
  });

  it('is drawn for the user of the cookie only: a guest, a stale session, another page get the plain page', async () => {
    const guest = await t.app.inject({ url: '/mes-contributions' });
    expect(guest.body).toBe(INDEX);
    expect(guest.headers['cache-control']).toBe('no-cache');
    const stale = await t.app.inject({ url: '/mes-contributions', cookies: { session: 'expired' } });
    expect(stale.body).toBe(INDEX);
    const home = await t.as('fidele@example.org', { url: '/dashboard' });
    expect(home.body).toBe(INDEX);
    // another member sees their own giving, never the first one's, even when both are drawn at once
    const me = (login: string) => t.as(login, { url: '/api/me' }).then((answer) => answer.json<Account>());
    const [fidele, tresorier] = await Promise.all([me('fidele@example.org'), me('tresorier@example.org')]);
    const pages = await Promise.all(
      ['fidele@example.org', 'tresorier@example.org', 'fidele@example.org', 'tresorier@example.org'].map(
        (login) => t.as(login, { url: '/mes-contributions' }),
      ),
    );
    for (const [index, page] of pages.entries()) {
      const [own, other] = index % 2 === 0 ? [fidele, tresorier] : [tresorier, fidele];
      expect(page.body).toContain('<div id="boot">');
      expect(bootOf(page.body)).toContain(`${own.firstname} ${own.lastname}`);
      expect(bootOf(page.body)).not.toContain(`${other.firstname} ${other.lastname}`);
      expect(page.body).toContain(`"email":"${own.email}"`);
      expect(page.body).not.toContain(`"email":"${other.email}"`);
    }
  });
});

describe('what the drawing module draws', () => {
  const reader =
    (failing: string | null = null) =>
    async (url: string) => {
      if (failing && url.startsWith(failing)) return { status: 500, body: { message: 'panne' } };
      const answer = await t.as('fidele@example.org', { url });
      return { status: answer.statusCode, body: answer.json() as unknown };
    };

  it('draws only a page that gives way once its data is in, with every call answered', async () => {
    const drawer = await loadDrawer();
    const drawn = await drawer.drawPage('/mes-contributions', reader());
    expect(drawn?.title).toBe('Mes contributions');
    // a failed call: nothing drawn (the page would show an error the browser may not get)
    expect(await drawer.drawPage('/mes-contributions', reader('/api/contributions/summary'))).toBeNull();
    // a page that does not give way (no useFinishBoot): never drawn, it would stay up over React's
    expect(await drawer.drawPage('/mon-profil', reader())).toBeNull();
    // a guest
    const guest = async () => ({ status: 401, body: { message: 'Non authentifié.' } });
    expect(await drawer.drawPage('/mes-contributions', guest)).toBeNull();
  });
});

describe('when the drawing fails or is slow', () => {
  const appWith = async (drawPage: Drawer['drawPage']) => {
    const real = await loadDrawer();
    return createTestApp({ config: { staticDir: dir }, drawer: { drawPage, bootPage: real.bootPage } });
  };

  it('sends the plain page when the drawing throws', async () => {
    const broken = await appWith(() => Promise.reject(new Error('panne')));
    try {
      expect((await broken.as('fidele@example.org', { url: '/mes-contributions' })).body).toBe(INDEX);
    } finally {
      await broken.close();
    }
  });

  it('sends the plain page when the drawing takes too long', async () => {
    const slow = await appWith(() => new Promise(() => {}));
    try {
      const started = Date.now();
      const page = await slow.as('fidele@example.org', { url: '/mes-contributions' });
      expect(page.body).toBe(INDEX);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await slow.close();
    }
  });
});
