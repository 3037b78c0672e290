import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers';

// What the browser really loads (decision 0023): each budgeted page opened with an empty cache in a new
// context, at 360 px, from the compiled server that sends the build's precompressed assets. The
// JavaScript transferred is the bytes on the wire of every .js the page loaded (entry, space, page,
// preloads). `npm run size` runs this file after the static checks of scripts/size.mjs.
const KB = 1024;
// Decision 0023's targets are 140 KB for /connexion (met: 125 KB), 180 KB for a list page and 160 KB for
// /mes-contributions (both met since decision 0032). With the contract's values read from the zod-free contract/values/* and the
// toaster loaded at the first toast (decision 0023) the last two are measured at 184.6 and 160.9 KB:
// their budgets held these figures (rounded up). Merging activities, dashboards and notifications then
// added 6 and 5 KB to every signed-in page (the spaces' route tables name more pages; the header's bell):
// measured 190.9 and 165.6 KB. Radix Select, Radix Dialog and the phone menu's drawer now load at
// their first use (decision 0032): measured 163.4 and 153.4 KB, under the targets; the ceilings below
// hold these figures (rounded up) so that they cannot grow back.
const BUDGETS = [
  {
    path: '/connexion',
    login: null,
    budget: 140,
    ready: (p: Page) => p.getByRole('button', { name: 'Se connecter' }),
  },
  {
    path: '/mon-eglise/depenses',
    login: 'tresorier@example.org',
    budget: 164,
    ready: (p: Page) => p.getByText(/DEP-\d+/).first(),
  },
  {
    path: '/mes-contributions',
    login: 'fidele@example.org',
    budget: 154,
    ready: (p: Page) => p.getByText(/F\sCFA/).first(),
  },
];

for (const target of BUDGETS) {
  test(`${target.path} transfers at most ${target.budget} KB of JavaScript`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 360, height: 740 },
      locale: 'fr-FR',
    });
    if (target.login) {
      const response = await context.request.post('/api/login', {
        data: { login: target.login, password: DEMO_PASSWORD },
      });
      expect(response.ok()).toBe(true);
    }
    const page = await context.newPage();
    const scripts = new Map<string, { bytes: number; encoding: string }>();
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      const file = new URL(request.url()).pathname;
      if (!file.endsWith('.js')) return;
      pending.push(
        (async () => {
          const sizes = await request.sizes();
          const headers = (await request.response())?.headers() ?? {};
          scripts.set(file, {
            bytes: sizes.responseBodySize,
            encoding: headers['content-encoding'] ?? 'identity',
          });
        })(),
      );
    });
    await page.goto(target.path);
    await expect(target.ready(page)).toBeVisible({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    expect(new URL(page.url()).pathname).toBe(target.path);
    const files = [...scripts.entries()].sort((a, b) => b[1].bytes - a[1].bytes);
    const total = files.reduce((n, [, s]) => n + s.bytes, 0);
    const lines = files.map(
      ([file, s]) => `${(s.bytes / KB).toFixed(1).padStart(6)} KB ${s.encoding.padEnd(8)} ${file}`,
    );
    console.log(
      `${target.path}: ${(total / KB).toFixed(1)} KB of JavaScript in ${files.length} files (budget ${target.budget} KB)\n  ${lines.join('\n  ')}`,
    );
    // every script over 1 KB comes compressed (the build's .br files)
    expect(files.filter(([, s]) => s.encoding !== 'br' && s.bytes >= KB).map(([f]) => f)).toEqual([]);
    expect(total, `${target.path}: ${(total / KB).toFixed(1)} KB`).toBeLessThanOrEqual(target.budget * KB);
    await context.close();
  });
}
