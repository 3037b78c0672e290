import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/**
 * Decision 0039: a treasurer records the Sunday's giving with no network. Each receipt
 * is kept on the device with its Idempotency-Key, listed 'En attente d'envoi' with a count in the
 * header, still there after a reload (the service worker opens the app offline), and sent when the
 * network returns: exactly one contribution each on the server, also when the first answer is cut
 * after the server recorded it. One the server refuses stays in 'À envoyer' with its French message,
 * to correct or delete.
 */
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/offline';

/** The church's receipts on the server (the API, with the page's session). */
/**
 * The church's receipts paid into 'Caisse locale', where these receipts go: the online gifts another
 * spec records meanwhile go to the electronic account, and are not counted.
 */
async function receiptCount(page: Page, churchId: number): Promise<number> {
  const accounts = await page.request.get(
    `/api/operation-accounts/authorized?entity_type=CHURCH&entity_id=${churchId}&search=Caisse%20locale`,
  );
  expect(accounts.ok()).toBe(true);
  const cash = ((await accounts.json()) as { data: { id: number; name: string }[] }).data.find(
    (account) => account.name === 'Caisse locale',
  );
  expect(cash).toBeDefined();
  const response = await page.request.get(
    `/api/contributions?entity_type=CHURCH&entity_id=${churchId}&payment_account_id=${cash!.id}&page=1&limit=1`,
  );
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { meta: { total: number } }).meta.total;
}

/** Signed in, the new-receipt form opened once online: the app, the accounts and the faithful kept. */
async function readyForTheRoad(page: Page): Promise<number> {
  const directory = page.waitForResponse((response) =>
    /\/api\/users\?role=faithful&church_id=\d+&limit=100&page=1$/.test(response.url()),
  );
  await signIn(page, 'tresorier@example.org');
  await expect(page).toHaveURL(/\/mon-eglise$/);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  await page.goto('/mon-eglise/recettes/nouvelle');
  await directory;
  await expect(page.getByRole('combobox', { name: /^Compte de recette/ })).toContainText('Dîmes');
  await page.getByRole('combobox', { name: /^Compte de paiement/ }).click();
  await page.getByRole('option', { name: /Caisse locale/ }).click();
  const me = (await (await page.request.get('/api/me')).json()) as { church: { id: number } };
  // the answers are written on the device just after they arrive
  await page.waitForTimeout(500);
  return me.church.id;
}

async function record(page: Page, faithful: string, amount: string) {
  const contributor = page.getByRole('combobox', { name: /^Fidèle/ });
  await contributor.click();
  await contributor.fill(faithful);
  await page
    .getByRole('option', { name: new RegExp(faithful) })
    .first()
    .click();
  await page.getByLabel(/^Montant/).fill(amount);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    page.getByText('Recette gardée sur cet appareil : elle sera envoyée au retour du réseau.').first(),
  ).toBeVisible();
  // the form is ready for the next one: the contributor and the amount are empty again
  await expect(page.getByLabel(/^Montant/)).toHaveValue('');
}

test('three receipts recorded offline are kept, listed after a reload, and sent once each when the network returns, the first answer cut', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const churchId = await readyForTheRoad(page);
  const before = await receiptCount(page, churchId);

  await context.setOffline(true);
  await expect(page.getByText('Hors ligne : la recette sera gardée sur cet appareil')).toBeVisible();
  await record(page, 'Aminata', '1500');
  await record(page, 'Aminata', '2500');
  await record(page, 'Aminata', '3500');
  const indicator = page.getByRole('link', { name: '3 recettes en attente d’envoi' });
  await expect(indicator).toBeVisible();

  // a reload without network: the worker opens the app, the device still has them
  await page.reload();
  await expect(page.getByRole('link', { name: '3 recettes en attente d’envoi' })).toBeVisible();
  await page.getByRole('link', { name: '3 recettes en attente d’envoi' }).click();
  await expect(page).toHaveURL(/\/mon-eglise\/recettes#a-envoyer$/);
  const outbox = page.getByRole('region', { name: 'À envoyer (3)' });
  await expect(outbox.getByText('En attente d’envoi')).toHaveCount(3);
  await expect(page.getByText(/^Hors ligne — données du \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/outbox-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(outbox).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${SHOTS}/outbox-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });

  // the network returns; the first answer is lost after the server recorded the receipt
  const keys: string[] = [];
  let cut = false;
  await context.route('**/api/contributions', async (route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.continue();
    keys.push((await request.headerValue('idempotency-key')) ?? '');
    if (cut) return route.continue();
    cut = true;
    const answer = await route.fetch();
    expect(answer.status()).toBe(201);
    return route.abort('connectionreset');
  });
  await context.setOffline(false);

  await expect(page.getByRole('region', { name: /^À envoyer/ })).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole('link', { name: /en attente d’envoi/ })).toHaveCount(0);
  expect(await receiptCount(page, churchId)).toBe(before + 3);
  // three receipts, one key each; the first key went twice (its answer was lost), recorded once
  expect(new Set(keys).size).toBe(3);
  expect(keys.length).toBeGreaterThanOrEqual(4);
  expect(keys.filter((key) => key === keys[0]).length).toBeGreaterThanOrEqual(2);
  await context.unroute('**/api/contributions');
});

test('a receipt the server refuses stays in À envoyer with its French message, then is corrected', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const churchId = await readyForTheRoad(page);
  const before = await receiptCount(page, churchId);

  await context.setOffline(true);
  await record(page, 'Aminata', '4200');
  // kept with a contributor the server does not know for this church: it will refuse it
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('ekklesia');
        open.onsuccess = () => {
          const store = open.result.transaction('outbox', 'readwrite').objectStore('outbox');
          const all = store.getAll();
          all.onsuccess = () => {
            for (const entry of all.result as { request: { body: { user_id: number } } }[]) {
              entry.request.body.user_id = 987654;
              store.put(entry);
            }
            store.transaction.oncomplete = () => resolve();
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
  await page.goto('/mon-eglise/recettes');
  await context.setOffline(false);

  const outbox = page.getByRole('region', { name: 'À envoyer (1)' });
  await expect(outbox.getByText('Refusée')).toBeVisible({ timeout: 30_000 });
  await expect(outbox.getByText("Ce fidèle n'appartient pas à cette entité.")).toBeVisible();
  await expect(page.getByRole('link', { name: '1 recette en attente d’envoi' })).toBeVisible();
  expect(await receiptCount(page, churchId)).toBe(before);

  await outbox.getByRole('link', { name: 'Corriger' }).click();
  await expect(page).toHaveURL(/\/mon-eglise\/recettes\/nouvelle\?corriger=/);
  await expect(page.getByRole('alert').filter({ hasText: 'Refusée par le serveur' })).toBeVisible();
  await expect(page.getByLabel(/^Montant/)).toHaveValue('4200');
  const contributor = page.getByRole('combobox', { name: /^Fidèle/ });
  await contributor.click();
  await contributor.fill('Aminata');
  await page
    .getByRole('option', { name: /Aminata/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  // accepted: its receipt opens over the list, and nothing waits any more
  await expect(page.getByRole('dialog', { name: /^Reçu R-\d{4}-\d{6}$/ })).toBeVisible();
  await expect(page.getByRole('region', { name: /^À envoyer/ })).toHaveCount(0);
  expect(await receiptCount(page, churchId)).toBe(before + 1);
});

test('signing out with receipts not sent asks first, then leaves nothing of the user on the device', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await readyForTheRoad(page);
  await context.setOffline(true);
  await record(page, 'Aminata', '900');
  // back online, but the receipts still get no answer (installed first: 'online' sends at once)
  await context.route('**/api/contributions', (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
  );
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Se déconnecter ?' });
  await expect(dialog).toContainText(
    '1 recette en attente d’envoi sur cet appareil : vous déconnecter la supprimera sans l’envoyer.',
  );
  await dialog.getByRole('button', { name: 'Se déconnecter quand même' }).click();
  await expect(page).toHaveURL(/\/connexion$/);
  const left = await page.evaluate(
    () =>
      new Promise<{ queries: number; outbox: number; account: unknown }>((resolve) => {
        const open = indexedDB.open('ekklesia');
        open.onsuccess = () => {
          const transaction = open.result.transaction(['queries', 'outbox']);
          const queries = transaction.objectStore('queries').count();
          const outbox = transaction.objectStore('outbox').count();
          transaction.oncomplete = () =>
            resolve({
              queries: queries.result,
              outbox: outbox.result,
              account: JSON.parse(localStorage.getItem('account') ?? 'null')?.state?.account ?? null,
            });
        };
      }),
  );
  expect(left).toEqual({ queries: 0, outbox: 0, account: null });
  // the worker holds the app's code only, never an answer of the API
  const cached = await page.evaluate(async () =>
    (await Promise.all((await caches.keys()).map(async (name) => (await caches.open(name)).keys())))
      .flat()
      .map((request) => new URL(request.url).pathname),
  );
  expect(cached.length).toBeGreaterThan(10);
  expect(cached.filter((path) => path.startsWith('/api'))).toEqual([]);
  await context.unroute('**/api/contributions');
});

test("a member's contributions open with no network, under 'Hors ligne — données du …'", async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, 'fidele@example.org');
  await expect(page).not.toHaveURL(/\/connexion$/);
  await page.goto('/mes-contributions');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  const rows = page.getByRole('main').getByText(/CFA/);
  await expect(rows.first()).toBeVisible();
  const shown = await rows.count();
  // the answers are written on the device just after they arrive
  await page.waitForTimeout(500);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/^Hors ligne — données du \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
  await expect(rows).toHaveCount(shown);
  await context.setOffline(false);
  await expect(page.getByText(/^Hors ligne — données du/)).toHaveCount(0, { timeout: 15_000 });
});
