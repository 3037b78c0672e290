import { expect, test } from '@playwright/test';
import { expectPath, signIn } from './helpers';

/*
 * Online giving (decision 0043) through the built-in LigdiCash simulator (no LIGDICASH_API_URL in the e2e
 * server): fidele@ gives 2 500 F CFA to their church by mobile money and gets the receipt, a guest gives
 * through the church's public page /donner/donnerdemo (the demo seed opens online giving there), and
 * the treasurer finds both in 'Paiements en ligne' beside their receipts, in Recettes and in the treasury
 * journal of the church's electronic account.
 */

// A payment crosses several pages and server round trips: more time than the default.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let memberReceipt = '';
let guestReceipt = '';

test('fidele@ gives 2 500 F CFA by mobile money and finds the receipt in /mes-contributions', async ({
  page,
}) => {
  await signIn(page, 'fidele@example.org');
  await expect(page).not.toHaveURL(/\/connexion/);
  await page.goto('/mes-contributions');
  await page.getByRole('link', { name: 'Donner' }).click();
  await expectPath(page, '/mes-contributions/donner');
  const form = page.getByRole('form', { name: 'Donner en ligne' });
  await form.getByLabel(/^Montant/).fill('2500');
  await form.getByLabel(/Téléphone/).fill('07 01 02 03 04');
  await form.getByRole('button', { name: 'Continuer vers le paiement' }).click();

  await expect(page).toHaveURL(/\/simulateur-ligdicash\/paiement\//);
  await expect(page.getByText(/^2.500 F.CFA$/)).toBeVisible();
  await page.getByLabel('Moyen de paiement').selectOption('Orange Money');
  await page.getByRole('button', { name: 'Payer' }).click();

  await expectPath(page, /^\/mes-contributions\/donner\/\d+$/);
  await expect(page.getByText('Paiement confirmé')).toBeVisible({ timeout: 30_000 });
  const receipt = page.getByText(/^Reçu N° /);
  memberReceipt = ((await receipt.textContent()) ?? '').replace('Reçu N° ', '').trim();
  expect(memberReceipt).not.toBe('');
  await expect(page.getByRole('img', { name: /QR code de vérification/ })).toBeVisible();

  await page
    .getByRole('region', { name: 'Votre don' })
    .getByRole('link', { name: 'Mes contributions' })
    .click();
  await expectPath(page, '/mes-contributions');
  const item = page.getByRole('link', { name: new RegExp(memberReceipt) });
  await expect(item).toBeVisible();
  await expect(item).toContainText('En ligne');
});

test('a guest gives through the church’s public page and gets a receipt', async ({ page }) => {
  await page.goto('/donner/donnerdemo');
  await expect(page.getByRole('heading', { level: 1, name: /^Faire un don à / })).toBeVisible();
  const form = page.getByRole('form', { name: 'Faire un don' });
  await form.getByLabel(/Nom et prénom/).fill('Yao Visiteur');
  await form.getByLabel(/Téléphone/).fill('07 55 44 33 22');
  await form.getByLabel(/^Montant/).fill('1000');
  await form.getByRole('button', { name: 'Continuer vers le paiement' }).click();

  await expect(page).toHaveURL(/\/simulateur-ligdicash\/paiement\//);
  await page.getByLabel('Moyen de paiement').selectOption('Wave');
  await page.getByRole('button', { name: 'Payer' }).click();

  await expectPath(page, /^\/donner\/donnerdemo\/merci\/[^/]+$/);
  await expect(page.getByText('Paiement confirmé')).toBeVisible({ timeout: 30_000 });
  guestReceipt = ((await page.getByText(/^Reçu N° /).textContent()) ?? '').replace('Reçu N° ', '').trim();
  expect(guestReceipt).not.toBe('');
});

test('the treasurer sees both gifts in Paiements en ligne, with their receipts', async ({ page }) => {
  expect(memberReceipt).not.toBe('');
  await signIn(page, 'tresorier@example.org');
  await expect(page).not.toHaveURL(/\/connexion/);
  await page.goto('/mon-eglise/paiements-en-ligne');
  await expect(page.getByRole('heading', { level: 1, name: 'Paiements en ligne' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Paiements en ligne' });
  const member = table.getByRole('row', { name: new RegExp(memberReceipt) });
  await expect(member).toContainText('Payé');
  await expect(member).toContainText(/2.500/);
  await expect(member).toContainText('Orange Money');
  if (guestReceipt) {
    const guest = table.getByRole('row', { name: new RegExp(guestReceipt) });
    await expect(guest).toContainText('Yao Visiteur');
    await expect(guest).toContainText('Payé');
  }

  // and in the church's receipts, marked 'En ligne'
  await page.goto('/mon-eglise/recettes');
  const row = page.getByRole('row', { name: new RegExp(memberReceipt) });
  await expect(row).toContainText('En ligne');

  // and in the treasury journal of the church's electronic account, today, by their receipts
  const me = (await (await page.request.get('/api/me')).json()) as { church: { id: number } };
  const today = new Date().toISOString().slice(0, 10);
  const journal = await page.request.get(
    `/api/treasury-journal?entity_type=CHURCH&entity_id=${me.church.id}&type=ELECTRONIK&from_date=${today}&to_date=${today}&limit=5000`,
  );
  expect(journal.ok()).toBe(true);
  const rows = ((await journal.json()) as { data: { reference: string | null; receipts: number }[] }).data;
  expect(rows.find((row) => row.reference === memberReceipt)?.receipts).toBe(2500);
  if (guestReceipt) expect(rows.find((row) => row.reference === guestReceipt)?.receipts).toBe(1000);
});
