import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectPath, signIn } from './helpers';

// No wall behind a link: a leader's members page opens a member's page in the leader's own space (not
// the admin's, which answered 'Accès refusé'), and a create button is offered only to who may create
// (the treasurer no longer fills a form to be refused; the pastor still plans and reports).

type Ref = { id: number; name: string };
type MemberRow = {
  id: number;
  firstname: string;
  lastname: string;
  church: (Ref & { section_id: number }) | null;
};

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

async function holds(page: Page, permission: string, churchId: number): Promise<boolean> {
  const response = await page.request.post('/api/permissions/check', {
    data: { permission, entity_type: 'CHURCH', entity_id: churchId },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { hasPermission: boolean }).hasPermission;
}

test("region president: 'Voir détails' on /ma-region/membres opens the member in /ma-region", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'region@example.org');
  // the password's hash takes a while on a busy two-core machine
  await expect(page).toHaveURL(/\/ma-region/, { timeout: 30_000 });

  // the first member of the page's first rows that the president manages and who has a church
  const members = await json<{ data: MemberRow[] }>(
    page.request,
    '/api/group-members?group=regions&page=1&limit=50',
  );
  const ids = members.data.map((m) => m.id);
  const manageable = await json<{ data: Array<{ id: number }> }>(
    page.request,
    `/api/permissions/manageable-users?ids=${ids.join(',')}&limit=100`,
  );
  const managed = new Set(manageable.data.map((u) => u.id));
  const target = members.data.find((m) => managed.has(m.id) && m.church !== null);
  expect(target, 'a manageable member with a church on the first page').toBeDefined();
  const { church } = target!;

  await page.goto('/ma-region/membres');
  const name = `${target!.firstname} ${target!.lastname}`;
  await page.getByRole('button', { name: `Actions pour ${name}` }).click();
  const detail = page.getByRole('menuitem', { name: 'Voir détails' });
  const record = `/ma-region/sections/${church!.section_id}/eglises/${church!.id}/fideles/${target!.id}`;
  await expect(detail).toHaveAttribute('href', record);
  await expect(page.getByRole('menuitem', { name: 'Contributions' })).toHaveAttribute(
    'href',
    `${record}/contributions`,
  );
  // the region space has no edit page of a faithful: no 'Modifier' leading elsewhere
  await expect(page.getByRole('menuitem', { name: 'Modifier' })).toHaveCount(0);
  await detail.click();

  await expectPath(page, record);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Accès refusé')).toHaveCount(0);
});

/** Opens a list page and waits for the answer to its check of `code`, then for the page's export. */
async function openList(page: Page, path: string, code: string) {
  const asked = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/permissions/check-multiple') &&
      (response.request().postData() ?? '').includes(code),
  );
  await page.goto(path);
  await asked;
  await expect(page.getByRole('button', { name: 'Exporter' })).toBeVisible();
}

const CREATE_BUTTONS = [
  { path: '/mon-eglise/activites-planifiees', code: 'activity:create', button: 'Planifier une activité' },
  { path: '/mon-eglise/rapport-activites', code: 'report:create', button: 'Nouveau rapport' },
];

test('the church treasurer is not offered to plan an activity or write a report; the pastor is', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  for (const [login, allowed] of [
    ['tresorier@example.org', false],
    ['pasteur@example.org', true],
  ] as const) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, login);
    await expect(page).toHaveURL(/\/mon-eglise/, { timeout: 30_000 });
    const me = await json<{ church: { id: number } }>(page.request, '/api/me');
    for (const { path, code, button } of CREATE_BUTTONS) {
      // the server's own answer for this account: the treasurer truly lacks the right
      expect(await holds(page, code, me.church.id), `${login} ${code}`).toBe(allowed);
      await openList(page, path, code);
      await expect(page.getByRole('button', { name: button }), `${login} on ${path}`).toHaveCount(
        allowed ? 1 : 0,
      );
    }
    await context.close();
  }
});
