import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectPath, signIn } from './helpers';

/**
 * Decision 0014: a church treasurer who becomes a member of another church still cannot act on that church's
 * departments; the pages run under the Content-Security-Policy without a violation.
 */

type Row = { id: number; name: string };

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

/** Collects the CSP violations the page reports in its console. */
function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

test('a church treasurer made member of another church acts on none of its departments', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // The super-admin makes the treasurer a counsellor of another church.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signIn(adminPage, 'admin@example.org');
  await expectPath(adminPage, '/admin');
  const treasurer = await browser.newContext();
  const page = await treasurer.newPage();
  const violations = cspViolations(page);
  await signIn(page, 'tresorier@example.org');
  await expectPath(page, '/mon-eglise');
  const me = await json<{ id: number; church: Row }>(page.request, '/api/me');
  const churches = await json<{ data: Row[] }>(adminPage.request, '/api/churches?limit=50');
  const other = churches.data.find((church) => church.id !== me.church.id)!;
  const roles = await json<{ data: Array<{ id: number; code: string }> }>(
    adminPage.request,
    `/api/roles?group=churches&id=${other.id}`,
  );
  const counsellor = roles.data.find((role) => role.code === 'church::conseiller')!;
  const added = await adminPage.request.post(`/api/churches/${other.id}/members`, {
    data: { user_id: me.id, roles: [counsellor.id] },
  });
  expect(added.status(), await added.text()).toBe(201);
  const departments = await json<{ data: Row[] }>(
    adminPage.request,
    `/api/departments?entity_type=church&entity_id=${other.id}`,
  );
  const department = departments.data[0];
  expect(department).toBeDefined();

  // The treasurer, in his browser, sees the other church but acts on none of its departments.
  const scope = `entity_type=ACTIVITY_GROUP&entity_id=${department.id}`;
  expect((await page.request.get(`/api/expense-requests?${scope}`)).status()).toBe(403);
  expect((await page.request.get(`/api/contributions?${scope}`)).status()).toBe(403);
  const created = await page.request.post('/api/expense-requests', {
    data: {
      status: 'approval_pending',
      description: 'Tentative sur un département d’une autre église',
      expenses: [{ name: 'Piratage', quantity: 1, unit_price: 1000 }],
      operation_account_id: 1,
      budget_line_id: null,
      planned_activity_id: null,
      entity_type: 'ACTIVITY_GROUP',
      entity_id: department.id,
      made_at: new Date().toISOString(),
    },
  });
  expect(created.status(), await created.text()).toBe(403);
  const message = ((await created.json()) as { message: string }).message;
  expect(message).toContain("Vous n'avez pas les droits nécessaires");

  // His own church's pages still work, under the CSP.
  await page.goto('/mon-eglise/depenses');
  await expect(page.getByText('Ajouter une dépense')).toBeVisible();
  expect(violations).toEqual([]);
  await admin.close();
  await treasurer.close();
});

test('the receipt verification page runs under the CSP', async ({ page }) => {
  const violations = cspViolations(page);
  const response = await page.goto('/receipt/inconnu');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.locator('#receipt-root')).not.toBeEmpty();
  expect(violations).toEqual([]);
});
