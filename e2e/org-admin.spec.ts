import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './helpers';

// Decision 0022: the administrator builds a branch of the denomination from the app: a region, a section in
// it, a church in that section, its pastor (from the positions page); the pastor then signs in to the
// new church's space. A new church has no subscription yet, hence no unpaid invoice: no billing screen,
// as for any church the denomination adds.
test.describe.configure({ mode: 'serial' });

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/org-admin';

type Faithful = {
  id: number;
  firstname: string;
  lastname: string;
  email: string | null;
  registration_number: string | null;
};

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

test('admin: region, section, church and its pastor; the pastor opens the new church', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'admin@example.org');
  await expect(page).toHaveURL(/\/admin/);

  // A run tag keeps the names unique if the spec runs twice on one database.
  const tag = String(Date.now()).slice(-5);
  const regionName = `Région Lagunes ${tag}`;
  const sectionName = `Section Plateau ${tag}`;
  const churchName = `Église Béthel ${tag}`;

  // ---- the region
  await page.goto('/admin/regions');
  await page.getByRole('button', { name: 'Nouvelle région' }).click();
  const regionDialog = page.getByRole('dialog', { name: 'Nouvelle région' });
  await regionDialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(regionDialog.getByText('Le nom de la région est requis.')).toBeVisible();
  await regionDialog.getByLabel(/^Nom/).fill(regionName);
  await regionDialog.getByLabel('Ville').fill('Abidjan');
  await regionDialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Région créée.')).toBeVisible();
  await expect(regionDialog).toHaveCount(0);
  await page.getByLabel('Rechercher').fill(regionName);
  await expect(page.getByRole('row').filter({ hasText: regionName })).toHaveCount(1);

  // ---- a section in it
  await page.goto('/admin/sections');
  await page.getByRole('button', { name: 'Nouvelle section' }).click();
  const sectionDialog = page.getByRole('dialog', { name: 'Nouvelle section' });
  await sectionDialog.getByLabel(/^Nom/).fill(sectionName);
  const regionPicker = sectionDialog.getByRole('combobox', { name: /^Région/ });
  await regionPicker.click();
  await regionPicker.fill(regionName);
  await sectionDialog.getByRole('option', { name: regionName }).click();
  await sectionDialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Section créée.')).toBeVisible();

  // ---- a church in that section
  await page.goto('/admin/eglises');
  await page.getByRole('button', { name: 'Nouvelle église' }).click();
  const churchDialog = page.getByRole('dialog', { name: 'Nouvelle église' });
  await churchDialog.getByLabel(/^Nom/).fill(churchName);
  const sectionPicker = churchDialog.getByRole('combobox', { name: /^Section/ });
  await sectionPicker.click();
  await sectionPicker.fill(sectionName);
  await churchDialog.getByRole('option', { name: sectionName }).click();
  await churchDialog.getByLabel('Ville').fill('Abidjan');
  await churchDialog.getByLabel('Adresse').fill('Boulevard de la République');
  await churchDialog.getByLabel('Téléphone').fill('+225 27 20 00 00 00');
  await page.screenshot({ path: `${SHOTS}/new-church-desktop.png` });
  await churchDialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Église créée.')).toBeVisible();
  await page.getByLabel('Rechercher').fill(churchName);
  const churchRow = page.getByRole('row').filter({ hasText: churchName });
  await expect(churchRow).toHaveCount(1);
  await expect(churchRow).toContainText(sectionName);
  await expect(churchRow).toContainText(regionName);

  const created = await json<{ data: Array<{ id: number; name: string; leader: unknown }> }>(
    page.request,
    `/api/churches?search=${encodeURIComponent(churchName)}`,
  );
  const church = created.data[0];
  expect(church.leader).toBeNull();

  // ---- its pastor: a faithful of the denomination who can sign in (the demo gives the faithful with an
  // e-mail address the demo password), with no position yet
  let pastor: Faithful | null = null;
  for (let p = 5; p < 15 && !pastor; p++) {
    const list = await json<{ data: Faithful[] }>(page.request, `/api/users/faithful?limit=50&page=${p}`);
    for (const candidate of list.data) {
      if (!candidate.email?.endsWith('@example.com') || !candidate.registration_number) continue;
      const detail = await json<{ data: { roles: Array<{ code: string }> } }>(
        page.request,
        `/api/users/${candidate.id}`,
      );
      if (detail.data.roles.every((role) => role.code === 'faithful')) {
        pastor = candidate;
        break;
      }
    }
  }
  expect(pastor, 'a faithful who can sign in').not.toBeNull();
  const pastorName = `${pastor!.firstname} ${pastor!.lastname}`;

  await page.goto('/admin/responsables');
  await page.getByRole('combobox', { name: 'Niveau' }).click();
  await page.getByRole('option', { name: 'Église', exact: true }).click();
  const entity = page.getByRole('combobox', { name: /^Entité/ });
  await entity.click();
  await entity.fill(churchName);
  await page.getByRole('option', { name: churchName }).click();
  await page.getByRole('button', { name: 'Assigner un poste' }).click();
  const assign = page.getByRole('dialog', { name: 'Assigner un poste' });
  const faithful = assign.getByRole('combobox', { name: /^Fidèle/ });
  await faithful.click();
  await faithful.fill(pastor!.registration_number!);
  await assign
    .getByRole('option', { name: new RegExp(pastorName) })
    .first()
    .click();
  await assign.getByRole('combobox', { name: /^Poste/ }).click();
  await assign.getByRole('option', { name: 'Pasteur titulaire', exact: true }).click();
  await assign.getByRole('button', { name: 'Assigner' }).click();
  await expect(page.getByText('Membre ajouté avec succès.')).toBeVisible();

  // the church's list names its pastor, read from the positions
  await page.goto('/admin/eglises');
  await page.getByLabel('Rechercher').fill(churchName);
  await expect(page.getByRole('row').filter({ hasText: churchName })).toContainText(pastorName);

  // ---- the pastor signs in to the new church's space (phone width)
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const phone = await context.newPage();
  await signIn(phone, pastor!.email!, DEMO_PASSWORD);
  await expect(phone).toHaveURL(/\/mon-eglise/);
  await expect(phone.getByText(churchName).first()).toBeVisible();
  await expect(phone.getByText('Souscription à régler')).toHaveCount(0);
  const me = await json<{ church: { id: number; has_unpaid_subscription: boolean } | null }>(
    phone.request,
    '/api/me',
  );
  expect(me.church).toMatchObject({ id: church.id, has_unpaid_subscription: false });
  await phone.screenshot({ path: `${SHOTS}/pastor-church-phone.png` });
  await context.close();
});
