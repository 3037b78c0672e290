import { expect, test } from '@playwright/test';
import { expectPath, signIn } from './helpers';

/*
 * Payroll end to end on the seeded demo: the national treasurer adds an employee, writes last month's
 * payslip, pays it from the bank and finds its movement in the office's bank journal.
 */

const ROOT = '/mon-bureau-national/espace-comptable';

test('the national treasurer adds an employee, writes a payslip, pays it and finds it in the journal', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'national@example.org');
  await expectPath(page, /^\/mon-bureau-national/);

  await page.goto(`${ROOT}/employes`);
  await expect(page.getByRole('heading', { name: 'Employés' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Nouvel employé' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvel employé' });
  await dialog.getByLabel('Prénom').fill('Fatou');
  await dialog.getByLabel(/^Nom/).fill('Sanogo E2E');
  await dialog.getByLabel('Poste').fill('Hôtesse d’accueil');
  await dialog.getByLabel('Salaire de base').fill('135000');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Fatou Sanogo E2E')).toBeVisible();

  await page.goto(`${ROOT}/fiches-de-paie/nouveau`);
  await page.getByRole('combobox', { name: 'Employé' }).click();
  await page.getByRole('option', { name: /Fatou Sanogo E2E/ }).click();
  await expect(page.getByLabel('Salaire brut')).toHaveValue('135000');
  await page.getByLabel('Indemnités').fill('15000');
  await page.getByLabel('Retenues').fill('9450');
  await expect(page.getByText('140 550 F CFA')).toBeVisible();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectPath(page, /\/fiches-de-paie\/\d+\/modifier$/);
  await expect(page.getByRole('heading', { name: 'Bulletin de paie' })).toBeVisible();

  // a second payslip of the same month is refused in French
  const payslipId = Number(new URL(page.url()).pathname.split('/').at(-2));
  const again = await page.request.get(`/api/payslips/${payslipId}`);
  const { data } = (await again.json()) as { data: { employee_id: number; month: string } };
  const duplicate = await page.request.post('/api/payslips', {
    data: { employee_id: data.employee_id, month: data.month, gross: 1 },
  });
  expect(duplicate.status()).toBe(409);
  expect(((await duplicate.json()) as { message: string }).message).toContain('Cet employé a déjà une fiche');

  await page.getByRole('button', { name: 'Payer', exact: true }).click();
  const pay = page.getByRole('dialog', { name: 'Payer la fiche de paie' });
  await pay.getByRole('combobox', { name: 'Compte de trésorerie' }).click();
  await page.getByRole('option', { name: 'Banque locale', exact: true }).click();
  await pay.getByRole('button', { name: 'Payer', exact: true }).click();
  await expect(pay).toBeHidden();
  await expect(page.getByText(/^Payée le .* par Banque locale\.$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Payer', exact: true })).toHaveCount(0);

  // the movement is in the office's bank journal of today
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Abidjan' }).format(new Date());
  const journal = await page.request.get(
    `/api/treasury-journal?entity_type=NATIONAL_OFFICE&entity_id=1&type=BANK&from_date=${today}&to_date=${today}&limit=500`,
  );
  expect(journal.ok()).toBe(true);
  const rows = ((await journal.json()) as { data: Array<{ designation: string; expenses: number }> }).data;
  expect(rows).toContainEqual(
    expect.objectContaining({ designation: expect.stringContaining('Fatou Sanogo E2E'), expenses: 140_550 }),
  );

  // and in the journal page
  await page.goto(`${ROOT}/pieces-comptables/journal-de-tresorerie`);
  await page.getByRole('button', { name: 'Définir la période' }).click();
  await expect(page.getByRole('grid')).toHaveCount(2);
  await page.getByRole('button', { name: 'Filtrer' }).click();
  await page.getByRole('combobox', { name: 'Type de journal' }).click();
  await page.getByRole('option', { name: 'Banque', exact: true }).click();
  const table = page.getByRole('table', { name: 'Journal de trésorerie' });
  await expect(table.getByRole('row').filter({ hasText: 'Fatou Sanogo E2E' }).first()).toBeVisible();
});
