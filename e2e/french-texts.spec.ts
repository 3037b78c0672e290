import { expect, test } from '@playwright/test';
import { expectPath, signIn } from './helpers';

/*
 * Texts users read, in French as SPEC.md writes them: the region's budgets say where they go ('au bureau
 * national', never 'à le'), and a grant the server refuses shows the server's reason in the dialog,
 * with what was chosen kept.
 */

test("the region's budgets say they are submitted 'au bureau national'", async ({ page }) => {
  await signIn(page, 'region@example.org');
  await expectPath(page, /^\/ma-region/);
  await page.goto('/ma-region/budgets');
  await expect(page.getByText('Soumis pour approbation au bureau national.')).toBeVisible();
  await expect(page.getByText(/ à le | à les | de le | de les /)).toHaveCount(0);
});

test("a grant without an entity is refused with the server's reason, in the dialog", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'region@example.org');
  await expectPath(page, /^\/ma-region/);
  await page.goto('/ma-region/membres');
  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: /^Actions pour/ }) });
  await row
    .first()
    .getByRole('button', { name: /^Actions pour/ })
    .click();
  await page.getByRole('menuitem', { name: 'Gérer les permissions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gérer les permissions' });
  await dialog.getByRole('combobox', { name: /^Périmètre/ }).click();
  await page.getByRole('option', { name: 'Église' }).click();
  const permission = dialog.getByRole('combobox', { name: /^Permission/ });
  await permission.click();
  await permission.fill('Approuver les dépenses');
  await dialog.getByRole('option', { name: /^Approuver les dépenses/ }).click();
  // no entity chosen: only a super-administrator may grant it everywhere
  await dialog.getByRole('button', { name: 'Accorder' }).click();
  await expect(
    dialog.getByText('Seul un super-administrateur peut accorder ou révoquer une permission sans entité.'),
  ).toBeVisible();
  // the dialog stays, with what was chosen
  await expect(dialog).toBeVisible();
  await expect(permission).toHaveValue(/Approuver les dépenses/);
  await expect(page).not.toHaveURL(/access-refuse/);
});
