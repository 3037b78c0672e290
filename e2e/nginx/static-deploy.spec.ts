import { expect, test } from '@playwright/test';
import { signIn } from '../helpers';

/**
 * Decision 0039: the built SPA on Debian's nginx with deploy/nginx.conf, /api proxied to the
 * reference server (playwright.nginx.config.ts). What the static host must do for the app: its
 * compressed copies, the caching of hashed assets and pages, the history fallback, the drawn
 * /connexion, the API through the proxy; then a member's first screen.
 */

test('nginx sends the build as deploy/nginx.conf says: compressed copies, caching, fallback, /api proxied', async ({
  request,
}) => {
  const index = await request.get('/', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(index.status()).toBe(200);
  expect(index.headers()['content-type']).toMatch(/^text\/html/);
  expect(index.headers()['cache-control']).toBe('no-cache');
  expect(index.headers()['content-encoding']).toBe('gzip');
  expect(index.headers()['content-security-policy']).toContain("script-src 'self'");
  const html = await index.text();

  // a page of the SPA, opened from a link: index.html (the router takes it)
  const deep = await request.get('/mon-eglise/recettes/nouvelle');
  expect(deep.status()).toBe(200);
  expect(await deep.text()).toBe(html);

  // a hashed asset (the shell, preloaded): its .gz, kept for a year; a missing one is a 404, not the
  // SPA's page
  const entry = html.match(/href="(\/assets\/app-[^"]+\.js)"/)?.[1];
  expect(entry).toBeTruthy();
  const script = await request.get(entry!, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(script.status()).toBe(200);
  expect(script.headers()['content-encoding']).toBe('gzip');
  // a browser that takes brotli gets the .br copy (decision 0049): smaller than the .gz
  const brotli = await request.get(entry!, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
  expect(brotli.headers()['content-encoding']).toBe('br');
  expect(Number(brotli.headers()['content-length'])).toBeLessThan(Number(script.headers()['content-length']));
  expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(script.headers()['content-security-policy']).toBeUndefined();
  expect((await request.get('/assets/absent-0000.js')).status()).toBe(404);

  // the service worker and the manifest are asked again each time; the manifest has its type
  expect((await request.get('/sw.js')).headers()['cache-control']).toBe('no-cache');
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);

  // the API through the proxy: its own answer and headers, one copy of each policy
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(health.headers()['content-type']).toMatch(/^application\/json/);
  expect(health.headers()['cache-control']).not.toBe('no-cache, no-cache');
  expect(health.headers()['content-security-policy'] ?? '').not.toContain(',');
});

test('/connexion is served drawn: its form is there without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto('/connexion');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expect(page.getByText('Identifiant')).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(2);
  // its button waits for the page's script
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeDisabled();
  await context.close();
});

test("a member's first screen on a phone: /mes-contributions through nginx, nothing missing", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400 && !response.url().includes('/api/')) failed.push(response.url());
  });
  await signIn(page, 'fidele@example.org');
  await expect(page).not.toHaveURL(/\/connexion$/);
  await page.goto('/mes-contributions');
  await expect(page.getByRole('link', { name: /R-\d{4}-\d{6}/ }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(failed).toEqual([]);
  await context.close();
});

test("a member's first visit on the emulated cheap phone: the page comes, and the worker only after it", async ({
  browser,
}) => {
  // the phone of scripts/lcp.mjs: a first render sliced by a transition over a slow CPU once left the
  // page on its loader for ever (the router's first update taken by a subscriber outside React);
  // registering the worker at 'load' made its precache compete with the page (decision 0049)
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
  });
  const signedIn = await context.request.post('/api/login', {
    data: { login: 'fidele@example.org', password: 'demo1234' },
  });
  expect(signedIn.ok()).toBe(true);
  const account = await (await context.request.get('/api/me')).json();
  await context.addInitScript((me) => {
    localStorage.setItem('account', JSON.stringify({ state: { account: me }, version: 0 }));
    // when the page asks for its worker, and whether the member's giving was on screen then
    const marks = { registered: -1, shownAtRegister: false };
    Object.assign(window, { __marks: marks });
    const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
    navigator.serviceWorker.register = (...args: Parameters<typeof register>) => {
      marks.registered = performance.now();
      marks.shownAtRegister = /F\sCFA/.test(document.getElementById('root')?.textContent ?? '');
      return register(...args);
    };
  }, account);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto('/mes-contributions');
  await expect(page.getByText(/Depuis le début/)).toBeVisible({ timeout: 20_000 });
  await page.waitForFunction(
    () => (window as unknown as { __marks: { registered: number } }).__marks.registered > 0,
    null,
    {
      timeout: 20_000,
    },
  );
  const marks = await page.evaluate(
    () => (window as unknown as { __marks: { shownAtRegister: boolean } }).__marks,
  );
  expect(marks.shownAtRegister).toBe(true);
  await context.close();
});
