import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectPath, signIn } from './helpers';

/*
 * Budgets end to end, on the seeded demo denomination: the church treasurer drafts next year's budget
 * by copying this year's and submits it; the section representative approves it; a paid expense on a
 * line of this year's budget moves its actual on /mon-eglise/budget by exactly its amount.
 */

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/budgets-screenshots';
const YEAR = new Date().getFullYear();

async function json<T>(
  request: APIRequestContext,
  method: 'get' | 'post' | 'put',
  url: string,
  data?: unknown,
) {
  const response = await request[method](url, data === undefined ? undefined : { data });
  expect(response.ok(), `${method.toUpperCase()} ${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The 'Réalisé' cell of an expense line on the current budget page, in F CFA. */
async function actualOf(page: Page, line: string): Promise<number> {
  const row = page.getByRole('table', { name: 'Dépenses' }).getByRole('row', { name: new RegExp(line) });
  const text = await row.getByRole('cell').nth(1).innerText();
  return Number(text.replace(/[^\d-]/g, ''));
}

test('next year’s budget is copied, submitted, approved; a payment moves this year’s actual', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'tresorier@example.org');
  await expectPath(page, /^\/mon-eglise/);

  // the treasurer copies this year's budget into next year's draft
  await page.goto('/mon-eglise/budgets');
  await expect(page.getByRole('row', { name: new RegExp(`Budget ${YEAR}.*Approuvé`) })).toBeVisible();
  await page.getByRole('button', { name: `Copier le budget de ${YEAR}` }).click();
  await expectPath(page, /^\/mon-eglise\/budgets\/\d+$/);
  const budgetPath = new URL(page.url()).pathname;
  await expect(page.getByText(`exercice ${YEAR + 1}`)).toBeVisible();
  await expect(page.getByText('Brouillon', { exact: true })).toBeVisible();

  // one amount changed, then submitted
  await page.getByRole('button', { name: 'Modifier les montants' }).click();
  await page.getByRole('spinbutton', { name: /^Missions et évangélisation/ }).fill('750000');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    page.getByRole('table', { name: 'Dépenses' }).getByRole('row', { name: /Missions et évangélisation/ }),
  ).toContainText('750 000');
  await page.getByRole('button', { name: 'Soumettre' }).click();
  await page
    .getByRole('dialog', { name: 'Soumettre le budget' })
    .getByRole('button', { name: 'Soumettre' })
    .click();
  await expect(page.getByText('Soumis', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Modifier les montants' })).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/submitted.png`, fullPage: true });

  // the section representative approves it from the section's budgets
  const sectionContext = await browser.newContext();
  const section = await sectionContext.newPage();
  await signIn(section, 'section@example.org');
  await expectPath(section, /^\/ma-section/);
  await section.goto('/ma-section/budgets');
  const submitted = section
    .getByRole('table', { name: 'Budgets des entités rattachées' })
    .getByRole('row', { name: new RegExp(`Budget ${YEAR + 1}.*Soumis`) });
  await expect(submitted).toBeVisible();
  await submitted.getByRole('link', { name: `Budget ${YEAR + 1}` }).click();
  await expectPath(section, `/ma-section/budgets/${budgetPath.split('/').pop()}`);
  await section.getByRole('button', { name: 'Approuver' }).click();
  await section
    .getByRole('dialog', { name: 'Approuver le budget' })
    .getByRole('button', { name: 'Approuver' })
    .click();
  await expect(section.getByText('Approuvé', { exact: true }).first()).toBeVisible();
  await expect(section.getByRole('listitem').filter({ hasText: /^Approuvé par/ })).toBeVisible();
  await sectionContext.close();

  await page.reload();
  await expect(page.getByText('Approuvé', { exact: true }).first()).toBeVisible();

  // a paid expense on this year's 'Fournitures de bureau' line moves its actual
  await page.goto('/mon-eglise/budget');
  await expect(page.getByRole('heading', { name: new RegExp(`Budget ${YEAR}`) })).toBeVisible();
  const before = await actualOf(page, 'Fournitures de bureau');

  const me = await json<{ church: { id: number } }>(page.request, 'get', '/api/me');
  const church = me.church.id;
  const current = await json<{ data: { lines: Array<{ id: number; name: string }> } }>(
    page.request,
    'get',
    `/api/budgets/current?entity_type=CHURCH&entity_id=${church}`,
  );
  const line = current.data.lines.find((l) => l.name === 'Fournitures de bureau')!;
  const accounts = await json<{ data: Array<{ id: number; code: string }> }>(
    page.request,
    'get',
    `/api/operation-accounts/authorized?entity_type=CHURCH&entity_id=${church}`,
  );
  const account = (code: string) => accounts.data.find((a) => a.code === code)!.id;
  const created = await json<{ data: { id: number } }>(page.request, 'post', '/api/expense-requests', {
    status: 'approval_pending',
    description: 'Cartouches d’encre (E2E budgets)',
    expenses: [{ name: 'Cartouches', quantity: 3, unit_price: 12_500 }],
    operation_account_id: account('6047'),
    budget_line_id: line.id,
    planned_activity_id: null,
    entity_type: 'CHURCH',
    entity_id: church,
    made_at: new Date().toISOString(),
  });
  const pastorContext = await browser.newContext();
  const pastor = await pastorContext.newPage();
  await signIn(pastor, 'pasteur@example.org');
  await expectPath(pastor, /^\/mon-eglise/);
  await json(pastor.request, 'put', `/api/expense-requests/${created.data.id}/approved`, {});
  await pastorContext.close();
  const detail = await json<{ data: { expenses: Array<{ id: number }> } }>(
    page.request,
    'get',
    `/api/expense-requests/${created.data.id}`,
  );
  const today = new Date().toISOString().slice(0, 10);
  await json(page.request, 'put', `/api/expenses/${detail.data.expenses[0].id}/validate`, {
    amount: 37_500,
    validated_at: today,
    validate_time: '09:00:00',
    payment_method: 'cash',
    payment_account_id: account('5711'),
  });

  await page.reload();
  await expect(page.getByRole('table', { name: 'Dépenses' })).toBeVisible();
  await expect.poll(() => actualOf(page, 'Fournitures de bureau')).toBe(before + 37_500);
  await page.screenshot({ path: `${SHOTS}/current-budget.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: `${SHOTS}/current-budget-phone.png`, fullPage: true });
});
