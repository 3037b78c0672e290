import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './helpers';

// The region president makes a faithful the treasurer of a section, grants them expense:approve on one
// church for a week, the grantee approves there and not elsewhere, then the grant is revoked and the
// approval button disappears once the 5-minute permission cache has passed.
test.describe.configure({ mode: 'serial' });

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/members';

type Ref = { id: number; name: string };
type MemberRow = {
  id: number;
  firstname: string;
  lastname: string;
  registration_number: string | null;
  roles: Array<{ code: string }>;
};

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** YYYY-MM-DD, `days` from today (local time of the browser: Africa/Abidjan = UTC). */
function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function canApprove(page: Page, churchId: number): Promise<boolean> {
  const response = await page.request.post('/api/permissions/check', {
    data: { permission: 'expense:approve', entity_type: 'CHURCH', entity_id: churchId },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { hasPermission: boolean }).hasPermission;
}

test('region president: section treasurer, a week of expense:approve on one church, then revoked', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'region@example.org');
  await expect(page).toHaveURL(/\/ma-region/);

  // The demo: church 1 (Cocody-Angré), its section, another church of that section and its secretary
  // (an office holder: a faithful who can sign in with the demo password).
  const church = (await json<{ data: Ref & { section_id: number } }>(page.request, '/api/churches/1')).data;
  const sectionId = church.section_id;
  const siblings = await json<{ data: Ref[] }>(
    page.request,
    `/api/churches?section_id=${sectionId}&limit=20`,
  );
  // another church of the section with a request waiting for approval and a general secretary (the
  // grantee: an office holder, a faithful who can sign in with the demo password)
  let other: Ref | undefined;
  let grantee: MemberRow | undefined;
  let elsewhere: number | undefined;
  for (const candidate of siblings.data.filter((c) => c.id !== church.id)) {
    const waiting = (
      await json<{ data: Array<{ id: number }> }>(
        page.request,
        `/api/expense-requests?entity_type=CHURCH&entity_id=${candidate.id}&status=approval_pending&limit=1`,
      )
    ).data[0]?.id;
    const office = await json<{ data: MemberRow[] }>(page.request, `/api/churches/${candidate.id}/members`);
    const secretary = office.data.find((m) => m.roles.some((r) => r.code === 'church::secretaire-general'));
    if (waiting && secretary) {
      [other, grantee, elsewhere] = [candidate, secretary, waiting];
      break;
    }
  }
  expect(other, 'another church of the section with a pending request and a secretary').toBeTruthy();
  if (!other || !grantee) return;
  const granteeName = `${grantee.firstname} ${grantee.lastname}`;

  // ---- the section's office: the current secretary steps down, the faithful takes the position (a
  // treasurer's position gives permissions the president does not hold: a super-admin's, decision 0014)
  await page.goto(`/ma-region/sections/${sectionId}/membres`);
  await expect(page.getByRole('heading', { level: 1, name: /^Membres - / })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Retour' })).toHaveAttribute(
    'href',
    `/ma-region/sections/${sectionId}`,
  );
  const secretaryRow = page.getByRole('row').filter({ hasText: 'Secrétaire sectoriel' });
  await expect(secretaryRow).toHaveCount(1);
  await secretaryRow.getByRole('button', { name: /^Actions pour/ }).click();
  await page.getByRole('menuitem', { name: 'Retirer le rôle' }).click();
  const remove = page.getByRole('dialog', { name: 'Retirer le rôle' });
  await expect(remove.getByRole('button', { name: 'Retirer' })).toBeDisabled();
  await remove.getByLabel('Secrétaire sectoriel').check();
  await remove.getByRole('button', { name: 'Retirer' }).click();
  await expect(page.getByText('Rôle retiré avec succès.')).toBeVisible();
  await expect(secretaryRow).toHaveCount(0);

  await page.getByRole('button', { name: 'Assigner un poste' }).click();
  const assign = page.getByRole('dialog', { name: 'Assigner un poste' });
  const faithful = assign.getByRole('combobox', { name: /^Fidèle/ });
  await faithful.click();
  await faithful.fill(grantee.registration_number ?? grantee.lastname);
  await assign
    .getByRole('option', { name: new RegExp(granteeName) })
    .first()
    .click();
  await assign.getByRole('combobox', { name: /^Poste/ }).click();
  await expect(
    assign.getByRole('option', { name: 'Représentant de section (Déjà assigné)' }),
  ).toHaveAttribute('aria-disabled', 'true');
  await assign.getByRole('option', { name: 'Secrétaire sectoriel', exact: true }).click();
  await page.screenshot({ path: `${SHOTS}/assign-position-desktop.png` });
  await assign.getByRole('button', { name: 'Assigner' }).click();
  await expect(page.getByText('Membre ajouté avec succès.')).toBeVisible();
  const granteeRow = page.getByRole('row').filter({ hasText: granteeName });
  await expect(granteeRow.getByText('Secrétaire sectoriel')).toBeVisible();

  // ---- a week of expense:approve on church 1 only
  await granteeRow.getByRole('button', { name: /^Actions pour/ }).click();
  await page.getByRole('menuitem', { name: 'Gérer les permissions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gérer les permissions' });
  await expect(dialog.getByText('Aucune permission personnalisée accordée')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Accorder' })).toBeDisabled();
  await dialog.getByRole('combobox', { name: /^Périmètre/ }).click();
  await page.getByRole('option', { name: 'Église' }).click();
  const permission = dialog.getByRole('combobox', { name: /^Permission/ });
  await permission.click();
  await permission.fill('Approuver les dépenses');
  await dialog.getByRole('option', { name: /^Approuver les dépenses/ }).click();
  const entity = dialog.getByRole('combobox', { name: /^Entité/ });
  await entity.click();
  await entity.fill(church.name);
  await dialog.getByRole('option', { name: church.name, exact: true }).click();
  await dialog.getByLabel(/^Expiration/).fill(inDays(7));
  await page.screenshot({ path: `${SHOTS}/grant-desktop.png` });
  await dialog.getByRole('button', { name: 'Accorder' }).click();
  await expect(page.getByText('Permission accordée avec succès')).toBeVisible();
  const grantRow = dialog.getByRole('listitem').filter({ hasText: 'Approuver les dépenses' });
  await expect(grantRow).toContainText(`Église : ${church.name}`);
  await expect(grantRow).toContainText('Accordée par Emmanuel Konan');
  await expect(grantRow.getByText('EXPIRÉ')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // ---- the grantee approves on church 1, not on the other church of the section
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const grantee360 = await context.newPage();
  await grantee360.clock.install();
  await signIn(grantee360, grantee.registration_number!, DEMO_PASSWORD);
  await expect(grantee360).not.toHaveURL(/\/connexion/);
  expect(await canApprove(grantee360, church.id)).toBe(true);
  expect(await canApprove(grantee360, other.id)).toBe(false);

  const pending = async (churchId: number) =>
    (
      await json<{ data: Array<{ id: number }> }>(
        grantee360.request,
        `/api/expense-requests?entity_type=CHURCH&entity_id=${churchId}&status=approval_pending&limit=1`,
      )
    ).data[0]?.id;
  const here = await pending(church.id);
  expect(here, 'a pending request of church 1').toBeTruthy();
  expect(elsewhere, 'a pending request of the other church').toBeTruthy();

  await grantee360.goto(`/ma-section/depenses/${here}`);
  await expect(grantee360.getByRole('button', { name: 'Approuver', exact: true })).toBeVisible();
  await grantee360.screenshot({ path: `${SHOTS}/grantee-approve-360.png`, fullPage: true });
  // the other church: the server refuses the approval
  const refused = await grantee360.request.put(`/api/expense-requests/${elsewhere}/approved`, { data: {} });
  expect(refused.status(), await refused.text()).toBe(403);
  await grantee360.goto('/dashboard');
  await expect(grantee360.getByRole('heading', { level: 1 })).toBeVisible();
  // back on church 1's request: it still allows it
  await grantee360.goBack();
  await expect(grantee360.getByRole('button', { name: 'Approuver', exact: true })).toBeVisible();

  // ---- revoked: the server stops at once; the page follows once its 5-minute cache has passed
  await granteeRow.getByRole('button', { name: /^Actions pour/ }).click();
  await page.getByRole('menuitem', { name: 'Gérer les permissions' }).click();
  await dialog
    .getByRole('listitem')
    .filter({ hasText: 'Approuver les dépenses' })
    .getByRole('button', { name: 'Révoquer' })
    .click();
  await expect(page.getByText('Permission révoquée avec succès')).toBeVisible();
  await expect(dialog.getByText('Aucune permission personnalisée accordée')).toBeVisible();
  expect(await canApprove(grantee360, church.id)).toBe(false);

  await grantee360.clock.fastForward('05:01');
  await grantee360.goForward();
  await grantee360.goBack();
  await expect(grantee360.getByRole('button', { name: 'Approuver', exact: true })).toHaveCount(0);
  await context.close();
});

test('the region members page, on a desktop and a 360 px phone', async ({ page }) => {
  await signIn(page, 'region@example.org');
  await expect(page).toHaveURL(/\/ma-region/);
  for (const [name, size] of [
    ['desktop', { width: 1280, height: 900 }],
    ['360', { width: 360, height: 780 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.goto('/ma-region/membres');
    await expect(page.getByRole('heading', { level: 1, name: 'Membres de la région' })).toBeVisible();
    await expect(page.getByText('Total Membres')).toBeVisible();
    await expect(page.getByText(/^\d+ résultats$/)).toBeVisible();
    await expect(page.getByText('Patientez')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/region-members-${name}.png` });
  }
  await page.getByRole('button', { name: 'Assigner un poste' }).click();
  await expect(page.getByRole('dialog', { name: 'Assigner un poste' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/assign-position-360.png` });
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Présidents' }).click();
  // at 360 px the list shows as cards (decision 0013), not table rows
  await expect(page.getByRole('main').getByText('Président de région').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Tous' }).click();
  await page.getByPlaceholder('Rechercher un membre...').fill('zzzzzz');
  await expect(page.getByText('Aucun membre trouvé pour "zzzzzz"')).toBeVisible();
});

test('a church treasurer sees the church office read-only', async ({ page }) => {
  await signIn(page, 'tresorier@example.org');
  await expect(page).not.toHaveURL(/\/connexion/);
  await page.goto('/mon-eglise/responsables');
  await expect(page.getByRole('heading', { level: 1, name: /^Responsables/ })).toBeVisible();
  await expect(page.getByText('Lecture seule').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Assigner un poste' })).toHaveCount(0);
});
