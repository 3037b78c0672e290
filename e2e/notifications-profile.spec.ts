import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, expectPath, signIn } from './helpers';

// Decision 0026: the treasurer's new expense request raises the pastor's unread count and the pastor follows
// the notification to the request; the member changes their password and the old one no longer works
// (then puts it back, for the other specs); the dashboards have no sideways scroll at 360 px.
test.describe.configure({ mode: 'serial' });

async function call<T>(
  request: APIRequestContext,
  method: 'get' | 'post' | 'put',
  url: string,
  data?: object,
) {
  const response = await request[method](url, data ? { data } : undefined);
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

test('an expense request raises the pastor’s bell; the notification leads to the request', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'pasteur@example.org');
  await expectPath(page, /^\/mon-eglise/);
  const before = (await call<{ unread: number }>(page.request, 'get', '/api/notifications/unread-count'))
    .unread;
  const bell = page.getByRole('link', { name: /^Notifications/ }).first();
  await expect(bell).toBeVisible();

  const treasurerContext = await browser.newContext();
  const treasurer = await treasurerContext.newPage();
  await signIn(treasurer, 'tresorier@example.org');
  await expectPath(treasurer, /^\/mon-eglise/);
  const church = (await call<{ church: { id: number } }>(treasurer.request, 'get', '/api/me')).church.id;
  const accounts = await call<{ data: Array<{ id: number; code: string }> }>(
    treasurer.request,
    'get',
    `/api/operation-accounts/authorized?entity_type=CHURCH&entity_id=${church}`,
  );
  const created = await call<{ data: { id: number } }>(treasurer.request, 'post', '/api/expense-requests', {
    status: 'approval_pending',
    description: 'Achat de chaises (E2E notifications)',
    expenses: [{ name: 'Chaises', quantity: 4, unit_price: 7_500 }],
    operation_account_id: accounts.data.find((a) => a.code === '6047')!.id,
    budget_line_id: null,
    planned_activity_id: null,
    entity_type: 'CHURCH',
    entity_id: church,
    made_at: new Date().toISOString(),
  });
  await treasurerContext.close();

  // the bell polls every 60 s; a reload shows it at once
  await page.reload();
  const count = before + 1;
  await expect(
    page.getByRole('link', { name: `Notifications (${count} non lue${count > 1 ? 's' : ''})` }),
  ).toBeVisible();
  await page.getByRole('link', { name: /^Notifications \(/ }).click();
  await expectPath(page, '/mon-eglise/notifications');
  // newest first: the request just created
  const item = page.getByRole('list', { name: 'Liste des notifications' }).getByRole('listitem').first();
  await expect(item).toContainText('Demande de dépense à approuver');
  await item.getByRole('link', { name: 'Voir' }).click();
  await expectPath(page, `/mon-eglise/depenses/${created.data.id}`);
  await expect(page.getByText('Achat de chaises (E2E notifications)').first()).toBeVisible();
  expect(
    (await call<{ unread: number }>(page.request, 'get', '/api/notifications/unread-count')).unread,
  ).toBe(before);
});

test('a member changes their password on /mon-profil; the old one no longer signs in', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // An office holder of the last region, whom no other spec signs in as (fidele@ is used by others and
  // the demo password is too short to be put back).
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin@example.org');
  await expectPath(admin, /^\/admin/);
  const regions = await call<{ data: Array<{ id: number }> }>(admin.request, 'get', '/api/regions?limit=100');
  // the seeded region with the highest id that has office holders (a region another spec creates meanwhile
  // has none yet)
  let holders: Array<{ email: string | null }> = [];
  for (const id of regions.data.map((r) => r.id).sort((a, b) => b - a)) {
    const members = await call<{ data: Array<{ email: string | null }> }>(
      admin.request,
      'get',
      `/api/group-members?group=regions&id=${id}&limit=100`,
    );
    holders = members.data.filter((m) => m.email && !m.email.endsWith('@example.org'));
    if (holders.length > 0) break;
  }
  await adminContext.close();
  const probe = await browser.newContext();
  let login: string | null = null;
  for (const member of holders.slice(0, 8)) {
    const tried = await probe.request.post('/api/login', {
      data: { login: member.email, password: DEMO_PASSWORD },
    });
    if (tried.status() === 200) {
      login = member.email;
      break;
    }
  }
  await probe.close();
  expect(login, 'an office holder who signs in with the demo password').not.toBeNull();

  const next = 'Nouveau-Secret-E2E-2026';
  await signIn(page, login!);
  await page.waitForURL((url) => url.pathname !== '/connexion');
  await page.goto('/mon-profil');
  await expect(page.getByRole('region', { name: 'Mes informations' })).toContainText(login!);
  const form = page.getByRole('form', { name: 'Changer mon mot de passe' });
  await form.getByLabel('Mot de passe actuel').fill(DEMO_PASSWORD);
  await form.getByLabel(/^Nouveau mot de passe/).fill(next);
  await form.getByLabel('Confirmer le nouveau mot de passe').fill(next);
  await form.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(
    page.getByText('Mot de passe modifié. Vos autres sessions ont été déconnectées.'),
  ).toBeVisible();

  const other = await browser.newContext();
  const old = await other.request.post('/api/login', { data: { login, password: DEMO_PASSWORD } });
  expect(old.status()).toBe(400);
  const fresh = await other.request.post('/api/login', { data: { login, password: next } });
  expect(fresh.status()).toBe(200);
  await other.close();
});

test.describe('dashboards on a phone', () => {
  // a phone, as the accessibility sweep opens it (touch: no classic scrollbar)
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  for (const [account, home] of [
    ['tresorier@example.org', '/mon-eglise'],
    ['section@example.org', '/ma-section'],
    ['region@example.org', '/ma-region'],
    ['national@example.org', '/mon-bureau-national'],
  ] as const) {
    test(`the dashboard of ${home} has no sideways scroll at 360 px`, async ({ page }) => {
      await signIn(page, account);
      await expectPath(page, home);
      await expect(page.getByRole('region', { name: 'Ce mois-ci' })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Recettes et dépenses des 12 derniers mois' }),
      ).toBeVisible();
      // as the accessibility sweep measures it
      const overflow = await page.evaluate(() => {
        const root = document.scrollingElement ?? document.documentElement;
        return root.scrollWidth - root.clientWidth;
      });
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > 360)
          .slice(0, 5)
          .map((el) => `${el.tagName}.${el.className}`.slice(0, 120)),
      );
      expect(overflow, wide.join(' | ')).toBeLessThanOrEqual(0);
    });
  }
});
