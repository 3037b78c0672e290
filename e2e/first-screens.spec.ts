import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers';

/**
 * Decision 0037: /mes-contributions, a member's first screen on a cheap phone, is drawn by the server with the
 * member's own data (decision 0037): it paints with the HTML, before any JavaScript. The answers it was
 * drawn with come inside it, so the SPA asks the API for none of them again; its code comes with the HTML
 * (`Link: rel=modulepreload`). React renders meanwhile in a hidden #root and takes over in one frame.
 */
const year = new Date().getFullYear();
const FIRST_REQUESTS = [
  '/api/me',
  '/api/notifications/unread-count',
  '/api/contributions/summary',
  `/api/contributions?from_date=${year}-01-01&to_date=${year}-12-31&page=1&limit=20&mine=true`,
  '/api/giving/me',
];

test('/mes-contributions is drawn with the member’s giving: readable without JavaScript', async ({
  browser,
  baseURL,
}) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const login = await noScript.request.post('/api/login', {
      data: { login: 'fidele@example.org', password: DEMO_PASSWORD },
    });
    expect(login.ok()).toBe(true);
    const page = await noScript.newPage();
    await page.goto('/mes-contributions');
    await expect(page).toHaveTitle(/^Mes contributions - /);
    await expect(page.getByRole('heading', { level: 1, name: 'Mes contributions' })).toBeVisible();
    await expect(page.getByText('Aminata Koné')).toBeVisible();
    await expect(page.getByRole('tablist', { name: 'Année' })).toBeVisible();
    await expect(page.getByText(/^Depuis le début : .+F\sCFA \(\d+ contributions\)$/)).toBeVisible();
    // each receipt is a plain link to its page; the buttons wait for the page itself
    const receipt = page
      .getByRole('region', { name: /^Contributions \d{4}$/ })
      .getByRole('link')
      .first();
    await expect(receipt).toHaveAttribute('href', /^\/mes-contributions\/\d+$/);
    await expect(page.getByRole('button', { name: /^Relevé annuel/ })).toBeDisabled();
  } finally {
    await noScript.close();
  }
});

test('/mes-contributions: the page takes over the drawing without asking the API again', async ({ page }) => {
  const login = await page.request.post('/api/login', {
    data: { login: 'fidele@example.org', password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);

  const response = await page.goto('/mes-contributions');
  const link = (await response?.headerValue('link')) ?? '';
  // its code comes with the HTML; no API answer is preloaded: they are in the page
  expect(link).toMatch(/\/assets\/my-contributions-page-[^>]+\.js>; rel=modulepreload/);
  expect(link).not.toContain('</api/');
  expect(await response?.text()).toContain('id="boot-answers"');

  // React's page replaces the drawing, and works: another year's tab
  await expect(page.locator('#boot')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('#root')).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Année' }).getByRole('tab');
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(/F\sCFA/).first()).toBeVisible();
});

// index.html's early requests for a signed-in member (decision 0039) are left out of a page drawn with
// its answers (src/app/boot-page.ts): the SPA asks the API for none of them again
test('/mes-contributions: the drawn answers are not asked for again', async ({ page }) => {
  const login = await page.request.post('/api/login', {
    data: { login: 'fidele@example.org', password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  await page.goto('/mes-contributions');
  await expect(page.locator('#boot')).toHaveCount(0, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const fetched = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name.replace(location.origin, ''))
      .filter((name) => name.startsWith('/api/')),
  );
  for (const url of FIRST_REQUESTS) expect(fetched, url).not.toContain(url);
});

test('the drawing is the page React shows: same elements, attributes and texts, for a member and a leader', async ({
  browser,
  baseURL,
}) => {
  for (const login of ['fidele@example.org', 'pasteur@example.org']) {
    const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
    try {
      await context.request.post('/api/login', { data: { login, password: DEMO_PASSWORD } });
      const page = await context.newPage();
      let drawn = '';
      page.on('response', (response) => {
        if (response.request().resourceType() === 'document')
          void response.text().then((html) => {
            drawn = /<div id="boot">([\s\S]*?)<\/div><div id="root" hidden>/.exec(html)?.[1] ?? '';
          });
      });
      await page.goto('/mes-contributions');
      await expect(page.locator('#boot')).toHaveCount(0, { timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      expect(drawn, login).not.toBe('');
      const [asDrawn, asShown] = await page.evaluate((markup) => {
        // elements, sorted attributes and texts; the drawing's disabled buttons, React's useId values
        // (server and browser number them apart) and resource hints left out
        const canon = (node: Node): string => {
          if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
          if (!(node instanceof Element) || node.tagName === 'LINK') return '';
          const attributes = [...node.attributes]
            .filter((attribute) => !['disabled', 'data-discover'].includes(attribute.name))
            .map((attribute) => `${attribute.name}=${attribute.value.replace(/_[rR]_[^ ]*_/g, 'ID')}`)
            .sort()
            .join(' ');
          return `<${node.tagName} ${attributes}>${[...node.childNodes].map(canon).join('')}</${node.tagName}>`;
        };
        const template = document.createElement('div');
        template.innerHTML = markup;
        return [
          [...template.childNodes].map(canon).join(''),
          [...document.getElementById('root')!.childNodes].map(canon).join(''),
        ];
      }, drawn);
      expect(asDrawn, login).toBe(asShown);
    } finally {
      await context.close();
    }
  }
});

test("any page's own code comes with the HTML: a church's expense list, each chunk fetched once", async ({
  page,
}) => {
  const login = await page.request.post('/api/login', {
    data: { login: 'tresorier@example.org', password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const response = await page.goto('/mon-eglise/depenses');
  const link = (await response?.headerValue('link')) ?? '';
  const preloaded = [...link.matchAll(/<(\/assets\/[^>]+\.js)>; rel=modulepreload/g)].map(
    (match) => match[1],
  );
  expect(preloaded.some((file) => /\/expense-list-page-[^/]+\.js$/.test(file))).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Dépenses' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const fetched = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name.replace(location.origin, ''))
      .filter((name) => name.startsWith('/assets/') && name.endsWith('.js')),
  );
  for (const file of preloaded)
    expect(
      fetched.filter((name) => name === file),
      file,
    ).toHaveLength(1);
});
