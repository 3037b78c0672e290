import { expect, test } from '@playwright/test';
import { axeViolations, expectPath, signIn } from './helpers';

/*
 * The accounting back office, short: the national treasurer records an asset and reads its schedule,
 * sells it (a receipt, a gain), then opens the office's financial statements, balanced; then closes
 * last year (preview, confirmation) and a payslip paid on a day of that year is refused.
 */

const BASE = '/mon-bureau-national/espace-comptable';
const YEAR = new Date().getFullYear();
const digits = (text: string) => text.replace(/\D/g, '');

test('an asset is recorded, its schedule read, then sold; the statements balance; last year is closed', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'national@example.org');
  await expectPath(page, /^\/mon-bureau-national/);

  await page.goto(`${BASE}/immobilisations/nouveau`);
  await page.getByLabel("Nom de l'immobilisation").fill('Vidéoprojecteur e2e');
  await page.getByLabel("Prix d'achat").fill('600000');
  await page.getByLabel("Date d'achat").fill(`${YEAR - 1}-04-10`);
  await page.getByLabel('Durée de vie (années)').fill('3');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectPath(page, /\/immobilisations\/\d+$/);

  // 3 years from April: 9 months, 12, 12, then 3; 200,000 a year, the first year 150,000
  const schedule = page.getByRole('table', { name: "Plan d'amortissement" });
  await expect(schedule.getByRole('row')).toHaveCount(5);
  const first = schedule.getByRole('row', { name: new RegExp(`^${YEAR - 1}`) });
  await expect(first).toContainText('150 000');

  // sold today for 500,000 into the first treasury account
  await page.getByRole('button', { name: 'Céder ou mettre au rebut' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Prix de cession/).fill('500000');
  await dialog.getByRole('combobox', { name: "Compte d'encaissement" }).click();
  await page.getByRole('option').first().click();
  await expect(dialog.getByText(/Plus-value|Moins-value/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Enregistrer la sortie' }).click();
  await expect(page.getByRole('heading', { name: /Sortie du patrimoine : cession/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Modifier' })).toHaveCount(0);

  // this year's statements: the sale is a HAO product, the balance sheet balances
  await page.goto(`${BASE}/pieces-comptables/rapport-financier?vue=etats-financiers`);
  await page.getByRole('combobox', { name: 'Exercice' }).click();
  await page.getByRole('option', { name: String(YEAR) }).click();
  const income = page.getByRole('table', { name: /Compte de résultat/ });
  await expect(income.getByRole('row', { name: /82 Produits des cessions/ })).toContainText('500 000');
  const actif = page
    .getByRole('table', { name: 'Actif' })
    .getByRole('row', { name: /^Total actif(?! immobilisé)/ });
  const passif = page.getByRole('table', { name: 'Passif' }).getByRole('row', { name: /^Total passif/ });
  await expect(actif).toBeVisible();
  expect(digits(await actif.innerText())).toBe(digits(await passif.innerText()));
  await expect(page.getByText(/n’est pas équilibré/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Exporter (xlsx)' })).toBeEnabled();

  // accessible, and on a phone without sideways scrolling (the tables scroll in their own regions)
  expect(await axeViolations(page, ['wcag2a', 'wcag2aa', 'wcag22aa'])).toEqual([]);
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(page.getByRole('table', { name: 'Passif' })).toBeVisible();
  const overflow = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  expect(overflow).toBe(0);

  // a payslip of last December, written while last year is still open (a seeded employee)
  await page.setViewportSize({ width: 1366, height: 900 });
  const employees = await page.request.get('/api/employees?entity_type=NATIONAL_OFFICE&entity_id=1&limit=1');
  const employee = ((await employees.json()) as { data: Array<{ id: number }> }).data[0];
  const created = await page.request.post('/api/payslips', {
    data: { employee_id: employee.id, month: `${YEAR - 1}-12`, gross: 100000 },
  });
  expect(created.status()).toBe(201);
  const payslip = ((await created.json()) as { data: { id: number } }).data;

  // last year previewed, then closed once
  await page.goto(`${BASE}/reports-a-nouveau`);
  await page.getByRole('combobox', { name: 'Exercice' }).click();
  await page.getByRole('option', { name: String(YEAR - 1), exact: true }).click();
  await page.getByRole('button', { name: `Clôturer l’exercice ${YEAR - 1}` }).click();
  await page.getByRole('button', { name: 'Clôturer', exact: true }).click();
  await expectPath(page, /\/reports-a-nouveau\/\d+$/);
  await expect(page.getByRole('heading', { name: `Clôture de l’exercice ${YEAR - 1}` })).toBeVisible();

  // paying that payslip on a day of the closed year is refused, in French
  await page.goto(`${BASE}/fiches-de-paie/${payslip.id}/modifier`);
  await page.getByRole('button', { name: 'Payer', exact: true }).click();
  const pay = page.getByRole('dialog', { name: 'Payer la fiche de paie' });
  await pay.getByRole('combobox', { name: 'Compte de trésorerie' }).click();
  await page.getByRole('option', { name: 'Banque locale', exact: true }).click();
  await pay.getByLabel('Date du paiement').fill(`${YEAR - 1}-12-28`);
  await pay.getByRole('button', { name: 'Payer', exact: true }).click();
  await expect(page.getByText(`L'exercice ${YEAR - 1} est clôturé`).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Payer', exact: true }).first()).toBeVisible();
});
