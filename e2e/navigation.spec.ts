import { expect, test } from '@playwright/test';
import { expectPath, signIn } from './helpers';

test('the external accountant sees only the three churches they manage and opens one', async ({ page }) => {
  await signIn(page, 'comptable@example.org');
  await expectPath(page, '/espace-comptable');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(4); // header + 3 churches
  await expect(page.getByText('3 résultats')).toBeVisible();

  const dock = page.getByRole('navigation', { name: 'Raccourcis' });
  await expect(dock.getByRole('link')).toHaveCount(2);
  await expect(dock.locator('a[href="/admin"]')).toHaveCount(1);
  await expect(dock.locator('a[href="/admin/notifications"]')).toHaveCount(1);

  const first = rows.nth(1).getByRole('link').first();
  const name = (await first.textContent())!.trim();
  await first.click();
  await expectPath(page, /^\/espace-comptable\/eglise\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
});

test('the accountant is refused a church they do not manage', async ({ page }) => {
  await signIn(page, 'comptable@example.org');
  await expectPath(page, '/espace-comptable');
  const answer = await page.request.get('/api/churches/2');
  expect([403, 404]).toContain(answer.status());
});

test('on a 360 px phone the region president opens the menu and reaches the churches of the region', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, 'region@example.org');
  await expectPath(page, '/ma-region');
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('link', { name: 'Églises' }).click();
  await expectPath(page, '/ma-region/eglises');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Églises');
  await expect(page.getByText(/\d+ résultats?/)).toBeVisible();
  // Nothing wider than the screen: no horizontal scroll of the page itself.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the search of a list filters on the server and the document title names the page', async ({ page }) => {
  await signIn(page, 'admin@example.org');
  await expectPath(page, '/admin');
  // The count is the server's total, not the page's 20 rows; it is read from the API because another
  // spec (org-admin) may create a church meanwhile: the page's figure lies between the totals read
  // before and after it is shown (equal when nothing was written).
  const total = async (search?: string) => {
    const answer = await page.request.get(
      `/api/churches?limit=1${search ? `&search=${encodeURIComponent(search)}` : ''}`,
    );
    expect(answer.ok()).toBe(true);
    return ((await answer.json()) as { meta: { total: number } }).meta.total;
  };
  // a count once the list has answered (never 0 here: the demo has churches)
  const count = page.getByText(/^[1-9]\d* résultats?$/);
  const shownCount = async () => {
    const text = await count.textContent();
    return Number(/^(\d+)/.exec(text!)![1]);
  };

  const before = await total();
  expect(before, 'the demo seeds 20 churches').toBeGreaterThanOrEqual(20);
  await page.goto('/admin/eglises');
  await expect(count).toBeVisible();
  const all = await shownCount();
  const after = await total();
  expect(all).toBeGreaterThanOrEqual(before);
  expect(all).toBeLessThanOrEqual(after);
  await expect(page).toHaveTitle(/ - Ekklesia Gestion$/);

  await page.getByRole('searchbox').or(page.getByLabel('Rechercher')).first().fill('Bouaké');
  await expect(page.getByRole('row', { name: /Église Évangélique de Bouaké Air France/ })).toBeVisible();
  await expect(page.getByText(/^[1-9] résultats?$/)).toBeVisible();
  const found = await shownCount();
  expect(found).toBe(await total('Bouaké'));
  expect(found).toBeLessThan(all);
});
