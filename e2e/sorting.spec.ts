import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

// The church treasurer orders the receipts by amount from the column's header: largest first, then
// smallest first; the order is the server's (every page), and a reload keeps it (it is in the URL).
test.describe.configure({ mode: 'serial' });

const amountOf = (text: string) => Number(text.replace(/\D/g, ''));

/** The amounts of the rows shown, read from the 'Montant' column. */
async function shownAmounts(page: Page): Promise<number[]> {
  const table = page.getByRole('table');
  const headers = await table.getByRole('columnheader').allTextContents();
  const column = headers.findIndex((text) => text.trim() === 'Montant');
  expect(column).toBeGreaterThanOrEqual(0);
  const rows = table.locator('tbody tr[data-row]');
  const count = await rows.count();
  const amounts: number[] = [];
  for (let i = 0; i < count; i++)
    amounts.push(amountOf((await rows.nth(i).getByRole('cell').nth(column).textContent()) ?? ''));
  return amounts;
}

test('the treasurer sorts the receipts by amount, and a reload keeps the order', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'tresorier@example.org');
  await expect(page).not.toHaveURL(/\/connexion/);

  const firstList = page.waitForRequest((request) => request.url().includes('/api/contributions?'));
  await page.goto('/mon-eglise/recettes');
  const listUrl = new URL((await firstList).url());
  const amount = page.getByRole('columnheader', { name: 'Montant' });
  const date = page.getByRole('columnheader', { name: 'Date' });
  await expect(page.locator('tbody tr[data-row]').first()).toBeVisible();
  await expect(date).toHaveAttribute('aria-sort', 'descending');
  await expect(amount).toHaveAttribute('aria-sort', 'none');

  // the whole list by amount, as the server orders it: the first page must be its head
  const entity = `entity_type=${listUrl.searchParams.get('entity_type')}&entity_id=${listUrl.searchParams.get('entity_id')}`;
  const every: number[] = [];
  for (let p = 1; p <= 100; p++) {
    const answer = await page.request.get(`/api/contributions?${entity}&limit=1000&page=${p}`);
    expect(answer.ok()).toBe(true);
    const body = (await answer.json()) as { data: { amount: number }[]; meta: { total: number } };
    every.push(...body.data.map((row) => row.amount));
    if (every.length >= body.meta.total || body.data.length === 0) break;
  }
  expect(every.length).toBeGreaterThan(20);
  const largestFirst = [...every].sort((a, b) => b - a);

  await amount.getByRole('button', { name: 'Montant' }).click();
  await expect(page).toHaveURL(/\/mon-eglise\/recettes\?sort=amount&order=desc$/);
  await expect(amount).toHaveAttribute('aria-sort', 'descending');
  await expect(date).toHaveAttribute('aria-sort', 'none');
  await expect.poll(() => shownAmounts(page)).toEqual(largestFirst.slice(0, 20));

  await amount.getByRole('button', { name: 'Montant' }).click();
  await expect(page).toHaveURL(/\/mon-eglise\/recettes\?sort=amount&order=asc$/);
  await expect(amount).toHaveAttribute('aria-sort', 'ascending');
  const smallestFirst = [...every].sort((a, b) => a - b);
  await expect.poll(() => shownAmounts(page)).toEqual(smallestFirst.slice(0, 20));

  await page.reload();
  await expect(page).toHaveURL(/\/mon-eglise\/recettes\?sort=amount&order=asc$/);
  await expect(page.getByRole('columnheader', { name: 'Montant' })).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => shownAmounts(page)).toEqual(smallestFirst.slice(0, 20));
});
