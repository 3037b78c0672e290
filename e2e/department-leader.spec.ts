import { expect, test, type Page } from '@playwright/test';
import { expectPath, signIn } from './helpers';

/*
 * A department's leader answers for its money (decision 0047), on the seeded demo: fidele@, who leads
 * the Chorale of the demo church and holds no finance permission, opens the Chorale from the personal
 * space, reads its contributions and expenses, and asks for an expense for it; a plain member of the
 * Chorale sees its dashboard without money, and its money pages stay refused to them.
 */

const DESCRIPTION = `Cordes de guitare pour la chorale ${Date.now()}`;

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** One GET of the API with the page's session, its JSON answer. */
async function api<T>(page: Page, url: string): Promise<T> {
  const answer = await page.request.get(url);
  expect(answer.status(), url).toBe(200);
  return (await answer.json()) as T;
}

test("the Chorale's leader reads its money and asks for an expense; a member sees no money", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);

  await signIn(page, 'fidele@example.org');
  await expectPath(page, '/dashboard');
  await page.getByRole('link', { name: /Chorale/ }).click();
  await expectPath(page, /^\/departements\/\d+\/dashboard$/);
  const department = Number(/\/departements\/(\d+)\//.exec(new URL(page.url()).pathname)![1]);
  await expect(page.getByText('Vous en êtes responsable.')).toBeVisible();
  await expect(page.getByText('Recettes de la période')).toBeVisible();

  // its contributions: the rows the API answers for the Chorale
  await page.getByRole('link', { name: 'Contributions', exact: true }).click();
  await expectPath(page, `/departements/${department}/contributions`);
  const contributions = await api<{ data: Array<{ receipt_number: string; entity_name: string }> }>(
    page,
    `/api/contributions?entity_type=ACTIVITY_GROUP&entity_id=${department}&page=1&limit=20`,
  );
  expect(contributions.data.length).toBeGreaterThan(0);
  expect(contributions.data.every((c) => /Chorale/.test(c.entity_name))).toBe(true);
  await expect(page.getByText(contributions.data[0].receipt_number).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Accès refusé' })).toHaveCount(0);

  // its expenses: the Chorale's requests, then a new one for it
  await page.goto(`/departements/${department}/depenses`);
  const requests = await api<{ data: Array<{ id: number; title: string }> }>(
    page,
    `/api/expense-requests?entity_type=ACTIVITY_GROUP&entity_id=${department}&page=1&limit=20`,
  );
  expect(requests.data.length).toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: requests.data[0].title }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Accès refusé' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Ajouter une dépense' }).click();
  await expectPath(page, `/departements/${department}/depenses/nouveau`);
  await choose(page, 'Type', 'Fournitures de bureau');
  await page.getByLabel('Description').fill(DESCRIPTION);
  const line = page.getByRole('region', { name: 'Dépense 1', exact: true });
  await line.getByLabel('Désignation').fill('Jeu de cordes');
  await line.getByLabel('Quantité').fill('3');
  await line.getByLabel('Prix unitaire').fill('4500');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectPath(page, new RegExp(`^/departements/${department}/depenses/\\d+$`));
  const created = Number(/\/depenses\/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
  await expect(page.getByText(DESCRIPTION)).toBeVisible();
  await expect(page.getByText("En attente d'approbation").first()).toBeVisible();
  // it is the Chorale's, awaiting approval, and listed with its requests
  const detail = await api<{
    data: { entity_type: string; entity_id: number; status: string; amount: number };
  }>(page, `/api/expense-requests/${created}`);
  expect(detail.data).toMatchObject({
    entity_type: 'ACTIVITY_GROUP',
    entity_id: department,
    status: 'approval_pending',
    amount: 13_500,
  });
  await page.goto(`/departements/${department}/depenses`);
  await expect(
    page.locator(`a[href="/departements/${department}/depenses/${created}"]`).first(),
  ).toBeVisible();

  // a plain member of the Chorale: one who signs in (an email) and holds nothing but 'faithful', found
  // by the pastor, who reads the church's people
  const members = await api<{ data: Array<{ user_id: number; role: string }> }>(
    page,
    `/api/departments/${department}/members`,
  );
  const pastorContext = await browser.newContext();
  const pastor = await pastorContext.newPage();
  await signIn(pastor, 'pasteur@example.org');
  await expectPath(pastor, /^\/mon-eglise/);
  let login: string | null = null;
  for (const m of members.data.filter((one) => one.role === 'member')) {
    const user = await api<{ data: { email: string | null; roles: Array<{ code: string }> } }>(
      pastor,
      `/api/users/${m.user_id}`,
    );
    if (user.data.email && user.data.roles.every((r) => r.code === 'faithful')) {
      login = user.data.email;
      break;
    }
  }
  await pastorContext.close();
  expect(login, 'a plain member of the Chorale who signs in').toBeTruthy();
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, login!);
  await expectPath(memberPage, '/dashboard');
  await memberPage.goto(`/departements/${department}/dashboard`);
  await expect(memberPage.getByText('Vous en êtes membre.')).toBeVisible();
  await expect(memberPage.getByRole('heading', { name: 'Activités à venir' })).toBeVisible();
  await expect(memberPage.getByRole('link', { name: 'Activités', exact: true })).toBeVisible();
  await expect(memberPage.getByText('Recettes de la période')).toHaveCount(0);
  await expect(memberPage.getByRole('link', { name: 'Contributions', exact: true })).toHaveCount(0);
  await expect(memberPage.getByRole('link', { name: 'Dépenses', exact: true })).toHaveCount(0);
  // the money pages, opened by their address, stay refused
  await memberPage.goto(`/departements/${department}/depenses`);
  await expect(memberPage.getByRole('heading', { name: 'Accès refusé' })).toBeVisible();
  const refused = await memberPage.request.get(
    `/api/contributions?entity_type=ACTIVITY_GROUP&entity_id=${department}`,
  );
  expect(refused.status()).toBe(403);
  await memberContext.close();
});
