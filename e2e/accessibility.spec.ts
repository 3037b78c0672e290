import { createRequire } from 'node:module';
import {
  expect,
  request,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { BUILT_ROUTES, type Account, type RouteCase } from './routes';
import { axeViolations, DEMO_PASSWORD } from './helpers';

/**
 * The accessibility and phone sweep (decision 0013): every built route of e2e/routes.ts,
 * opened as its demo account at 1366x768 and at 360x740 (touch), fails on
 *   - a serious or critical axe violation (WCAG 2.2 AA tags), dialogs open included, measured once the
 *     page's CSS transitions have finished (`axeViolations` in helpers.ts);
 *   - a page that scrolls sideways at 360 px, or a header title cut off;
 *   - a page error (uncaught exception), an API answer 5xx, a page that does not land where asked
 *     (the not-found page, /access-refuse, /connexion) or never finishes loading;
 *   - a dialog that leaves the focus nowhere once closed.
 * One browser, routes in sequence, one sign-in per account, the routes of an account opened inside the
 * SPA (history.pushState) after the first one, axe (the axe-core of @axe-core/playwright) loaded once
 * per page load: an axe run is then 1-3 s instead of 8-10 s on a busy machine. Everything found is
 * reported at once.
 */

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const VIEWPORTS = [
  { name: '1366', viewport: { width: 1366, height: 768 }, phone: false },
  { name: '360', viewport: { width: 360, height: 740 }, phone: true },
] as const;
const LOGINS: Record<Exclude<Account, 'guest'>, string> = {
  admin: 'admin@example.org',
  national: 'national@example.org',
  region: 'region@example.org',
  section: 'section@example.org',
  tresorier: 'tresorier@example.org',
  pasteur: 'pasteur@example.org',
  comptable: 'comptable@example.org',
  fidele: 'fidele@example.org',
};

type Finding = { route: string; viewport: string; what: string };

const accounts = [...new Set(BUILT_ROUTES.map((entry) => entry.as))];

// The sweep's own server (playwright.config.ts): the demo data as seeded, whatever the other flows
// change meanwhile. The accounts' sweeps share both workers; a finding is real on the first run, so
// no retry (it would only double a long run).
const SWEEP_URL = `http://127.0.0.1:${process.env.E2E_SWEEP_PORT}`;
test.use({ baseURL: SWEEP_URL });
test.describe.configure({ mode: 'parallel', retries: 0 });
const states = new Map<Account, Awaited<ReturnType<BrowserContext['storageState']>>>();

async function contextFor(browser: Browser, as: Account, phone: boolean, baseURL: string) {
  const viewport = VIEWPORTS[phone ? 1 : 0].viewport;
  const options = {
    baseURL,
    viewport,
    hasTouch: phone,
    isMobile: phone,
    locale: 'fr-FR',
    timezoneId: 'Africa/Abidjan',
  };
  const withAxe = async (context: BrowserContext) => {
    await context.addInitScript({ path: AXE_SOURCE });
    return context;
  };
  if (as === 'guest') return withAxe(await browser.newContext(options));
  let state = states.get(as);
  if (!state) {
    const context = await browser.newContext(options);
    const answer = await context.request.post('/api/login', {
      data: { login: LOGINS[as], password: DEMO_PASSWORD },
    });
    expect(answer.ok(), `sign-in of ${as}`).toBe(true);
    state = await context.storageState();
    states.set(as, state);
    await context.close();
  }
  return withAxe(await browser.newContext({ ...options, storageState: state }));
}

/** Waits until no loading wheel or skeleton is left (or 20 s: a first load on a busy two-core machine can take 15 s). */
async function settled(page: Page): Promise<boolean> {
  try {
    await page.waitForFunction(
      () =>
        document.readyState === 'complete' &&
        document.querySelector('.animate-spin, .animate-pulse, [aria-busy="true"]') === null &&
        (document.querySelector('main h1, header h1, h1') !== null || document.body.innerText.length > 0),
      undefined,
      { timeout: 20_000, polling: 100 },
    );
    return true;
  } catch {
    return false;
  }
}

async function axeFindings(page: Page): Promise<string[]> {
  return (await axeViolations(page, TAGS)).map(
    (v) =>
      `axe ${v.id} (${v.impact}) x${v.nodes.length}: ${v.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')}${node.any[0]?.message ? ` — ${node.any[0].message}` : ''}`)
        .join(' | ')}`,
  );
}

async function phoneFindings(page: Page): Promise<string[]> {
  const found: string[] = [];
  const overflow = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  if (overflow > 0) found.push(`scrolls sideways by ${overflow} px`);
  const title = await page.evaluate(() => {
    const h1 = document.querySelector<HTMLElement>('header h1');
    if (!h1) return null;
    return { text: h1.textContent ?? '', cut: h1.scrollWidth > h1.clientWidth, width: h1.clientWidth };
  });
  if (title?.cut) found.push(`header title cut off ('${title.text}' in ${title.width} px)`);
  return found;
}

/**
 * Opens a path: a full load for the first page of a context (or a page outside the SPA), else inside
 * the SPA, waiting until the previous page's content is gone.
 */
async function open(page: Page, path: string) {
  const inApp = await page
    .evaluate(
      (target) =>
        location.origin !== 'null' &&
        location.pathname !== target &&
        document.querySelector('main > *') !== null,
      path,
    )
    .catch(() => false);
  if (!inApp || path.startsWith('/receipt/')) {
    await page.goto(path, { waitUntil: 'commit' });
    return;
  }
  await page.evaluate((target) => {
    document.querySelector('main > *')?.setAttribute('data-sweep-stale', '');
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  const replaced = await page
    .waitForFunction(() => document.querySelector('[data-sweep-stale]') === null, undefined, {
      timeout: 8_000,
      polling: 50,
    })
    .then(() => true)
    .catch(() => false);
  // The same page component kept its element (or the route never rendered): load it afresh.
  if (!replaced) await page.goto(path, { waitUntil: 'commit' });
}

/** The first row's field of a list call, as the page's account or as `as` (signed in apart). */
async function lookUp(page: Page, as: Account | undefined, call: string, field: string) {
  let api = page.request;
  let own: APIRequestContext | undefined;
  if (as) {
    own = await request.newContext({ baseURL: SWEEP_URL });
    const answer = await own.post('/api/login', {
      data: { login: LOGINS[as as Exclude<Account, 'guest'>], password: DEMO_PASSWORD },
    });
    expect(answer.ok(), `sign-in of ${as}`).toBe(true);
    api = own;
  }
  try {
    const answer = (await (await api.get(call)).json()) as { data?: Record<string, unknown>[] };
    const value = answer.data?.[0]?.[field];
    return value === undefined || value === null ? undefined : String(value);
  } finally {
    await own?.dispose();
  }
}

async function sweep(page: Page, entry: RouteCase, viewport: string, findings: Finding[]) {
  const add = (what: string) => findings.push({ route: entry.route, viewport, what });
  const errors: string[] = [];
  const onError = (error: Error) => errors.push(error.message);
  const onResponse = (response: { status(): number; url(): string }) => {
    if (response.status() >= 500) errors.push(`${response.status()} ${response.url()}`);
  };
  page.on('pageerror', onError);
  page.on('response', onResponse);
  try {
    let path = entry.path;
    for (const [name, lookup] of Object.entries(entry.resolve ?? {})) {
      const [, as, call, field] = /^(?:(\w+):)?(\/[^#]*)(?:#(\w+))?$/.exec(lookup)!;
      const value = await lookUp(page, as as Account | undefined, call!, field ?? 'id');
      if (value === undefined) throw new Error(`no ${name} in ${lookup}`);
      path = path.replace(`:${name}`, value);
    }
    await open(page, path);
    const expected = entry.landsOn ?? path.split('?')[0];
    await page
      .waitForURL((url) => url.pathname === expected, { timeout: 10_000, waitUntil: 'commit' })
      .catch(() => undefined);
    const landed = new URL(page.url()).pathname;
    if (landed !== expected) add(`landed on ${landed}`);
    if (!(await settled(page))) add('still loading after 20 s');
    if ((await page.title()).startsWith('Page introuvable')) add('not-found page');

    for (const problem of await axeFindings(page)) add(problem);
    if (viewport === '360') for (const problem of await phoneFindings(page)) add(problem);

    for (const dialog of entry.dialogs ?? []) {
      for (const step of dialog.open(page)) await step.click({ timeout: 5_000 });
      const open = page.getByRole('dialog').last();
      await expect(open).toBeVisible();
      await settled(page);
      for (const problem of await axeFindings(page)) add(`dialog ${dialog.name}: ${problem}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      const focus = await page.evaluate(() => {
        const active = document.activeElement;
        if (!active || active === document.body) return null;
        const box = active.getBoundingClientRect();
        return box.width > 0 && box.height > 0 ? active.tagName : null;
      });
      if (!focus) add(`dialog ${dialog.name}: the focus is lost once closed`);
    }
  } catch (error) {
    add(`failed: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    page.off('pageerror', onError);
    page.off('response', onResponse);
  }
  for (const error of errors) add(`page error: ${error}`);
}

for (const as of accounts) {
  test(`every route opened as ${as}, at 1366 px and 360 px`, async ({ browser, baseURL }) => {
    const routes = BUILT_ROUTES.filter((entry) => entry.as === as);
    test.setTimeout(60_000 + routes.length * 2 * 15_000);
    const findings: Finding[] = [];
    const started = Date.now();
    for (const { name, phone } of VIEWPORTS) {
      const context = await contextFor(browser, as, phone, baseURL!);
      const page = await context.newPage();
      for (const entry of routes) {
        const start = Date.now();
        await sweep(page, entry, name, findings);
        const took = Date.now() - start;
        if (took > 10_000) console.log(`[sweep ${as}] slow: ${name} ${entry.route} ${took} ms`);
      }
      await context.close();
    }
    console.log(
      `[sweep ${as}] ${routes.length} routes x 2 in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    const report = findings.map((f) => `${f.viewport} ${f.route}: ${f.what}`);
    if (report.length) console.log(`[sweep ${as}] ${report.length} finding(s)\n${report.join('\n')}`);
    expect(report, `${routes.length} routes as ${as}`).toEqual([]);
  });
}
