import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers';

/**
 * Issue 18, "no waterfall": the server sends with /mes-contributions a `Link` header that preloads GET /me,
 * the bell, the page's first data and its code; the SPA must then read those answers from the preload
 * cache, i.e. ask for exactly the same URLs (contract/values/first-screens.ts). A URL asked for twice
 * (once preloaded, once by the page) would mean the preload is wasted.
 */
test('/mes-contributions: GET /me, the bell, the first data and the code come with the HTML, each fetched once', async ({
  page,
}) => {
  const login = await page.request.post('/api/login', {
    data: { login: 'fidele@example.org', password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);

  const response = await page.goto('/mes-contributions');
  const link = (await response?.headerValue('link')) ?? '';
  const preloaded = [...link.matchAll(/<(\/api\/[^>]+)>; rel=preload; as=fetch/g)].map((match) => match[1]);
  const year = new Date().getFullYear();
  expect(preloaded).toEqual([
    '/api/me',
    '/api/notifications/unread-count',
    '/api/contributions/summary',
    `/api/contributions?from_date=${year}-01-01&to_date=${year}-12-31&page=1&limit=20&mine=true`,
  ]);
  expect(link).toMatch(/\/assets\/my-contributions-page-[^>]+\.js>; rel=modulepreload/);

  // the page shows the member's giving
  await expect(page.getByRole('tablist', { name: 'Année' })).toBeVisible();
  await expect(page.getByText(/F\sCFA/).first()).toBeVisible();

  await page.waitForLoadState('networkidle');
  const fetched = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name.replace(location.origin, ''))
      .filter((name) => name.startsWith('/api/')),
  );
  for (const url of preloaded)
    expect(
      fetched.filter((name) => name === url),
      url,
    ).toHaveLength(1);
});
