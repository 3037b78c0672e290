import { expect, test } from '@playwright/test';
import { expectPath, signIn } from './helpers';

/*
 * The church's own back office (decision 0048), on the seeded demo: tresorier@ finds the church's fixed
 * assets, pays one of last month's payslips and finds it in the church's treasury journal; comptable@
 * opens the back office of a church they manage and closes its last year.
 */

const YEAR = new Date().getFullYear();

test("the church's treasurer reads its register, pays a payslip and finds it in the treasury journal", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'tresorier@example.org');
  await expectPath(page, /^\/mon-eglise/);

  // the space's home offers the back office
  await page.goto('/mon-eglise');
  await page
    .getByRole('link', { name: /Immobilisations/ })
    .first()
    .click();
  await expectPath(page, '/mon-eglise/immobilisations');
  await expect(page.getByText('Bancs de la nef (60)').first()).toBeVisible();

  // one of last month's payslips, unpaid
  const list = await page.request.get('/api/payslips?entity_type=CHURCH&entity_id=1&limit=50');
  expect(list.ok()).toBe(true);
  const slips = (
    (await list.json()) as {
      data: Array<{
        id: number;
        status: string;
        net: number;
        employee: { first_name: string; last_name: string };
      }>;
    }
  ).data;
  const slip = slips.find((s) => s.status === 'unpaid');
  expect(slip, 'an unpaid payslip of the church').toBeTruthy();

  await page.goto('/mon-eglise/fiches-de-paie');
  await expect(page.getByText(slip!.employee.last_name).first()).toBeVisible();
  await page.goto(`/mon-eglise/fiches-de-paie/${slip!.id}/modifier`);
  await expect(page.getByRole('heading', { name: 'Bulletin de paie' })).toBeVisible();
  await page.getByRole('button', { name: 'Payer', exact: true }).click();
  const pay = page.getByRole('dialog', { name: 'Payer la fiche de paie' });
  await pay.getByRole('combobox', { name: 'Compte de trésorerie' }).click();
  // the church's cash box (its journal type: CASH)
  await page.getByRole('option', { name: 'Caisse locale', exact: true }).click();
  const type = 'CASH';
  await pay.getByRole('button', { name: 'Payer', exact: true }).click();
  await expect(pay).toBeHidden();
  await expect(page.getByText(/^Payée le .* par .+\.$/)).toBeVisible();

  // the movement is in the church's treasury journal of today
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Abidjan' }).format(new Date());
  const journal = await page.request.get(
    `/api/treasury-journal?entity_type=CHURCH&entity_id=1&type=${type}&from_date=${today}&to_date=${today}&limit=500`,
  );
  expect(journal.ok()).toBe(true);
  const rows = ((await journal.json()) as { data: Array<{ designation: string; expenses: number }> }).data;
  expect(rows).toContainEqual(
    expect.objectContaining({
      designation: expect.stringContaining(slip!.employee.last_name),
      expenses: slip!.net,
    }),
  );
});

test('the accountant closes last year of a church they manage, from its back office', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'comptable@example.org');
  await expectPath(page, /^\/espace-comptable/);
  const me = (await (await page.request.get('/api/me')).json()) as {
    managedChurches: Array<{ id: number; name: string }>;
  };
  // not church 1, whose years the other flows write in
  const church = me.managedChurches.find((c) => c.id !== 1)!;

  await page.goto(`/espace-comptable/eglise/${church.id}`);
  await page
    .getByRole('link', { name: /Reports à nouveau/ })
    .first()
    .click();
  await expectPath(page, `/espace-comptable/eglise/${church.id}/reports-a-nouveau`);
  await page.getByRole('combobox', { name: 'Exercice' }).click();
  await page.getByRole('option', { name: String(YEAR - 1), exact: true }).click();
  await page.getByRole('button', { name: `Clôturer l’exercice ${YEAR - 1}` }).click();
  await page.getByRole('button', { name: 'Clôturer', exact: true }).click();
  await expectPath(page, new RegExp(`^/espace-comptable/eglise/${church.id}/reports-a-nouveau/\\d+$`));
  await expect(page.getByRole('heading', { name: `Clôture de l’exercice ${YEAR - 1}` })).toBeVisible();

  // the church's register and payroll are there to read
  await page.goto(`/espace-comptable/eglise/${church.id}/immobilisations`);
  await expect(page.getByRole('heading', { name: /Immobilisations/ }).first()).toBeVisible();
  await expect(page).not.toHaveURL(/access-refuse/);
});
