import { expect, test, type Page } from '@playwright/test';
import { expectPath, signIn } from './helpers';

// The church treasurer records a tithe for a member and prints the receipt; a guest scans its QR code
// and sees it valid; the member finds it on a phone in /mes-contributions.
test.describe.configure({ mode: 'serial' });

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/contributions';
let receiptNumber = '';
let qrUrl = '';

async function signedIn(page: Page, login: string) {
  await signIn(page, login);
  await expect(page).not.toHaveURL(/\/connexion/);
}

test('the treasurer records a tithe for a member and prints its receipt', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedIn(page, 'tresorier@example.org');
  await page.goto('/mon-eglise/recettes/nouvelle');
  await expect(page.getByRole('button', { name: 'Enregistrer' })).toBeVisible();

  const faithful = page.getByRole('combobox', { name: /^Fidèle/ });
  await faithful.click();
  await faithful.fill('fidele@example.org');
  await page.getByRole('option', { name: /Aminata Koné/ }).click();
  await page.getByLabel(/^Montant/).fill('12345');
  await expect(page.getByRole('combobox', { name: /^Compte de recette/ })).toContainText('Dîmes');
  await page.getByRole('combobox', { name: /^Compte de paiement/ }).click();
  await page.getByRole('option', { name: /Caisse locale/ }).click();
  await page.getByLabel(/^Notes/).fill('Dîme de novembre');
  await page.screenshot({ path: `${SHOTS}/new-contribution-desktop.png`, fullPage: true });
  await page.getByRole('button', { name: 'Enregistrer' }).click();

  await expect(page).toHaveURL(/\/mon-eglise\/recettes\?recu=\d+$/);
  const dialog = page.getByRole('dialog', { name: /^Reçu R-\d{4}-\d{6}$/ });
  await expect(dialog).toBeVisible();
  receiptNumber = ((await dialog.getByRole('heading').first().textContent()) ?? '')
    .replace('Reçu ', '')
    .trim();
  expect(receiptNumber).toMatch(/^R-\d{4}-\d{6}$/);
  await expect(dialog.getByText('Aminata Koné', { exact: true })).toBeVisible();
  qrUrl = (await dialog.locator('[data-url]').getAttribute('data-url')) ?? '';
  expect(qrUrl).toMatch(/\/receipt\/[A-Za-z0-9_-]{22}$/);
  await page.screenshot({ path: `${SHOTS}/receipt-dialog-desktop.png` });

  // printing: the button calls window.print (stubbed), and the print view shows the receipt alone
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await dialog.getByRole('button', { name: 'Imprimer le reçu' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  const printCopy = page.locator('.receipt-print-root');
  await expect(printCopy).toBeVisible();
  await expect(printCopy.getByText(receiptNumber)).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/receipt-print-a4.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await dialog.getByRole('button', { name: 'Ticket 80 mm' }).click();
  await page.emulateMedia({ media: 'print' });
  await expect(printCopy).toHaveAttribute('data-format', 'thermal');
  await page.screenshot({ path: `${SHOTS}/receipt-print-thermal.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // the list shows it, with the totals of the period
  await page.keyboard.press('Escape');
  await expect(page.getByRole('cell', { name: receiptNumber })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/receipts-list-desktop.png`, fullPage: true });

  // the same pages on a phone
  await page.setViewportSize({ width: 360, height: 740 });
  // a card per receipt on a phone (decision 0013), its number among the card's lines
  await expect(page.locator('[data-row]').filter({ hasText: receiptNumber }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/receipts-list-360.png`, fullPage: true });
  await page.goto('/mon-eglise/recettes/nouvelle');
  await expect(page.getByRole('button', { name: 'Enregistrer' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${SHOTS}/new-contribution-360.png`, fullPage: true });
});

test('a guest opens the QR link and sees the receipt valid, with little JavaScript', async ({ browser }) => {
  expect(qrUrl).not.toBe('');
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  await page.goto(new URL(qrUrl).pathname);
  await expect(page.getByText('Reçu valide')).toBeVisible();
  await expect(page.getByText(receiptNumber)).toBeVisible();
  await expect(page.getByText('A**** K.')).toBeVisible();
  await expect(page.getByText('Aminata')).toHaveCount(0);
  // the SPA's entry (router, TanStack Query, axios) is not loaded
  expect(scripts.some((p) => /\/assets\/index-/.test(p))).toBe(false);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${SHOTS}/receipt-verification-360.png`, fullPage: true });

  await page.goto('/receipt/AAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('heading', { name: 'Reçu introuvable' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/receipt-not-found-360.png`, fullPage: true });
  await context.close();
});

test('the member finds the tithe in /mes-contributions on a phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await signedIn(page, 'fidele@example.org');
  await page.goto('/mes-contributions');
  await expectPath(page, '/mes-contributions');
  const item = page.getByRole('link', { name: new RegExp(receiptNumber) });
  await expect(item).toBeVisible();
  await expect(item).toContainText('12');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${SHOTS}/my-contributions-360.png`, fullPage: true });
  await item.click();
  await expect(page).toHaveURL(/\/mes-contributions\/\d+$/);
  await expect(page.getByRole('img', { name: /QR code de vérification/ }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/my-receipt-360.png`, fullPage: true });
  await context.close();
});
