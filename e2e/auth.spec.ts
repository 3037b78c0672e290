import { expect, test } from '@playwright/test';
import { expectPath, signIn } from './helpers';

const landings: Array<[string, string]> = [
  ['admin@example.org', '/admin'],
  ['national@example.org', '/mon-bureau-national'],
  ['region@example.org', '/ma-region'],
  ['section@example.org', '/ma-section'],
  ['pasteur@example.org', '/mon-eglise'],
  ['tresorier@example.org', '/mon-eglise'],
  ['impaye@example.org', '/mon-eglise'],
  ['comptable@example.org', '/espace-comptable'],
  ['fidele@example.org', '/dashboard'],
];

for (const [login, home] of landings) {
  test(`${login} signs in and lands in ${home}`, async ({ page }) => {
    await signIn(page, login);
    await expectPath(page, home);
    await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible();
  });
}

test('a guest asking for a private page is sent to /connexion, then back to that page after signing in', async ({
  page,
}) => {
  await page.goto('/ma-region');
  await expectPath(page, '/connexion');
  await page.getByLabel('Identifiant').fill('region@example.org');
  await page.getByLabel('Mot de passe').fill('demo1234');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expectPath(page, '/ma-region');
});

test('a wrong password shows the French error and keeps the user on the sign-in page', async ({ page }) => {
  await signIn(page, 'pasteur@example.org', 'mauvais-mot-de-passe');
  await expect(page.getByRole('alert')).toContainText('Identifiant ou mot de passe incorrect.');
  await expectPath(page, '/connexion');
  expect(await page.evaluate(() => localStorage.getItem('account'))).not.toContain('pasteur@example.org');
});

test('the accountant space refuses the church treasurer', async ({ page }) => {
  await signIn(page, 'tresorier@example.org');
  await expectPath(page, '/mon-eglise');
  await page.goto('/espace-comptable');
  await expectPath(page, '/access-refuse');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/accès refusé/i);
});

test('the unpaid church sees the billing screen instead of its space', async ({ page }) => {
  await signIn(page, 'impaye@example.org');
  await expectPath(page, '/mon-eglise');
  await expect(page.getByRole('link', { name: /payer/i })).toBeVisible();
});

test('logout ends the session on the server', async ({ page }) => {
  await signIn(page, 'fidele@example.org');
  await expectPath(page, '/dashboard');
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expectPath(page, '/connexion');
  const me = await page.request.get('/api/me');
  expect(me.status()).toBe(401);
  await page.goto('/dashboard');
  await expectPath(page, '/connexion');
});

test('an unknown path shows the French not-found page', async ({ page }) => {
  await page.goto('/cette-page-n-existe-pas');
  await expect(page.getByText(/page introuvable/i)).toBeVisible();
});

test('/connexion paints its form before any JavaScript, and what is typed before React is kept', async ({
  browser,
  page,
}) => {
  // without JavaScript: the drawn form (dist/connexion.html), its button waiting for the page
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const drawn = await noScript.newPage();
  await drawn.goto('/connexion');
  await expect(drawn.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expect(drawn.getByText('Identifiant')).toBeVisible();
  await expect(drawn.getByRole('button', { name: 'Se connecter' })).toBeDisabled();
  await noScript.close();

  // the entry script held back until the user has typed in the drawing
  let release: () => void = () => {};
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await typed;
    await route.continue();
  });
  // the page cannot finish loading while its entry is held: wait only for the answer
  await page.goto('/connexion', { waitUntil: 'commit' });
  const drawnLogin = page.locator('#boot input[data-field="login"]');
  await drawnLogin.fill('fidele@example.org');
  await expect(page).toHaveURL(/\/connexion$/);
  release();
  // React's page took its place with the typed login
  await expect(page.locator('#boot')).toHaveCount(0);
  await expect(page.getByLabel('Identifiant')).toHaveValue('fidele@example.org');
  await page.getByLabel('Mot de passe').fill('demo1234');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expectPath(page, '/dashboard');
});
