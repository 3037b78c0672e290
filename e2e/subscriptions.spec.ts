import { expect, test, type Page } from '@playwright/test';
import { expectPath, signIn } from './helpers';

/*
 * Subscriptions through the built-in LigdiCash simulator (no LIGDICASH_API_URL in the e2e server):
 * impaye@ meets the billing gate, is refused once, pays, and gets into the church space without
 * signing in again; the admin bills a national office, whose subscription then shows as unpaid; the
 * admin bills the church reserved for this flow (facturation@'s), which then meets the billing screen
 * and shows the subscription unpaid.
 */

async function openPaymentPage(page: Page) {
  await signIn(page, 'impaye@example.org');
  await expectPath(page, '/mon-eglise');
  await expect(page.getByRole('heading', { name: 'Une facture est en attente de paiement' })).toBeVisible();
  const pay = page.getByRole('link', { name: 'Payer' });
  await expect(pay).toHaveAttribute('href', /\/mon-eglise\/souscriptions\/\d+$/);
  await pay.click();
  await expectPath(page, /^\/mon-eglise\/souscriptions\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Détails de la souscription' })).toBeVisible();
  await expect(page.getByText('Non payée').first()).toBeVisible();
  await page.getByRole('button', { name: 'Payer' }).click();
  const form = page.getByRole('form', { name: 'Payer la souscription' });
  await form.getByLabel(/Téléphone/).fill('07 01 02 03 04');
  await form.getByRole('button', { name: 'Payer' }).click();
  await expect(page).toHaveURL(/\/simulateur-ligdicash\/paiement\//);
  await expect(page.getByText('120 000 F CFA')).toBeVisible();
}

// A payment crosses several pages and server round trips: more time than the default 30 s.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

test('a refused payment leaves the billing gate in place, with a clear message', async ({ page }) => {
  await openPaymentPage(page);
  await page.getByRole('button', { name: 'Refuser' }).click();
  await expectPath(page, /^\/mon-eglise\/souscriptions\/\d+$/);
  await expect(page.getByText(/Le paiement n’a pas abouti/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('cell', { name: 'Échoué' }).first()).toBeVisible();
  await page.goto('/mon-eglise');
  await expect(page.getByRole('heading', { name: 'Une facture est en attente de paiement' })).toBeVisible();
});

test('impaye@ pays through LigdiCash and reaches the church dashboard', async ({ page }) => {
  await openPaymentPage(page);
  await page.getByLabel('Moyen de paiement').selectOption('Wave');
  await page.getByRole('button', { name: 'Payer' }).click();
  await expectPath(page, /^\/mon-eglise\/souscriptions\/\d+$/);
  await expect(page.getByText(/Paiement confirmé/)).toBeVisible({ timeout: 20_000 });
  const subscriptionId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('region', { name: 'Paiement', exact: true })).toContainText('Wave');
  await expect(page.getByRole('button', { name: 'Imprimer le reçu' })).toBeVisible();
  // the gate lifted without signing in again
  await page.getByRole('link', { name: 'Accueil' }).first().click();
  await expectPath(page, '/mon-eglise');
  await expect(page.getByRole('heading', { level: 1, name: 'Mon église' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Une facture est en attente de paiement' })).toHaveCount(0);

  // Other specs expect impaye@'s church locked: the admin bills it the next period (unpaid again).
  const detail = await (await page.request.get(`/api/subscriptions/${subscriptionId}`)).json();
  const admin = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const adminPage = await admin.newPage();
  await signIn(adminPage, 'admin@example.org');
  await expectPath(adminPage, '/admin');
  const end = new Date(`${detail.data.end_date}T00:00:00Z`);
  const start = new Date(end.getTime() + 86_400_000);
  const fr = (d: Date) =>
    `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
  const relock = await adminPage.request.post('/api/subscriptions', {
    data: {
      subscription_type_id: detail.data.subscription_type_id,
      amount: 120_000,
      start_date: fr(start),
      end_date: fr(new Date(start.getTime() + 364 * 86_400_000)),
      church_id: detail.data.church_id,
    },
  });
  expect(relock.status()).toBe(201);
  await admin.close();
});

test('the admin bills a national office; the subscription shows as unpaid', async ({ page }) => {
  await signIn(page, 'admin@example.org');
  await expectPath(page, '/admin');
  await page.goto('/admin/bureaux-nationaux/1/souscriptions');
  await page.getByRole('button', { name: 'Nouvelle souscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle souscription' });
  await dialog.getByRole('combobox', { name: /Type de souscription/ }).click();
  await page.getByRole('option', { name: /Abonnement annuel Bureau national/ }).click();
  await expect(dialog.getByLabel(/Montant/)).toHaveValue('300000');
  await dialog.getByLabel(/Date de début/).fill('01/01/2031');
  await expect(dialog.getByLabel(/Date de fin/)).toHaveValue('31/12/2031');
  await dialog.getByRole('button', { name: 'Créer' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /01\/01\/2031/ });
  await expect(row).toContainText('Non payée');
  await expect(row).toContainText('Du 01/01/2031 au 31/12/2031');

  // the national office sees it unpaid too, and opens its details
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await signIn(page, 'national@example.org');
  await expectPath(page, '/mon-bureau-national');
  await page.goto('/mon-bureau-national/souscriptions');
  await page.getByRole('link', { name: 'Souscription du 01/01/2031' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Détails de la souscription' })).toBeVisible();
  await expect(page.getByText('Non payée').first()).toBeVisible();
});

test('the admin bills the church reserved for this flow; it shows as unpaid in the church', async ({
  page,
  browser,
}) => {
  // facturation@'s church (Église Évangélique de Porto-Novo) is paid in the seed and used by no other
  // spec: billing it locks nothing they need.
  await signIn(page, 'facturation@example.org');
  await expectPath(page, '/mon-eglise');
  await expect(page.getByRole('heading', { level: 1, name: 'Mon église' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Une facture est en attente de paiement' })).toHaveCount(0);
  const me = await (await page.request.get('/api/me')).json();
  const church = (me.data ?? me).church as { id: number; name: string };
  expect(church.name).toBe('Église Évangélique de Porto-Novo');

  // the admin bills it (no admin page lists a church's subscriptions: ROUTES.md gives the admin the
  // national offices' only), with the church type of subscription
  const admin = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const adminPage = await admin.newPage();
  await signIn(adminPage, 'admin@example.org');
  await expectPath(adminPage, '/admin');
  const types = (await (await adminPage.request.get('/api/subscription-types')).json()).data as Array<{
    id: number;
    target: string;
  }>;
  const billed = await adminPage.request.post('/api/subscriptions', {
    data: {
      subscription_type_id: types.find((type) => type.target === 'church')!.id,
      amount: 120_000,
      start_date: '01/01/2032',
      end_date: '31/12/2032',
      status: 'active',
      church_id: church.id,
    },
  });
  expect(billed.status()).toBe(201);
  await admin.close();

  // the church now meets the billing screen, and its subscriptions list shows the new one unpaid
  await page.goto('/mon-eglise');
  await expect(page.getByRole('heading', { name: 'Une facture est en attente de paiement' })).toBeVisible();
  await page.goto('/mon-eglise/souscriptions');
  const row = page.getByRole('row', { name: /01\/01\/2032/ });
  await expect(row).toContainText('Non payée');
  await expect(row).toContainText('Du 01/01/2032 au 31/12/2032');
  await row.getByRole('link', { name: 'Souscription du 01/01/2032' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Détails de la souscription' })).toBeVisible();
  await expect(page.getByText('Non payée').first()).toBeVisible();
});
