import { expect, test, type Page } from '@playwright/test';
import { expectPath, signIn } from './helpers';

/*
 * Expense requests end to end, on the seeded demo denomination: the church treasurer creates a request
 * with two lines and a PDF, the pastor approves it, the treasurer pays one line in two parts, cancels
 * the other and verifies the request; the payments reach the treasury journal.
 */

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/expenses-screenshots';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function churchId(page: Page): Promise<number> {
  const me = await page.request.get('/api/me');
  expect(me.ok()).toBe(true);
  return ((await me.json()) as { church: { id: number } }).church.id;
}

async function chooseInCombobox(page: Page, label: string, option: string, scope = page.locator('body')) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function fillLine(page: Page, block: number, name: string, quantity: string, price: string) {
  const region = page.getByRole('region', { name: `Dépense ${block}`, exact: true });
  await region.getByLabel('Désignation').fill(name);
  await region.getByLabel('Quantité').fill(quantity);
  await region.getByLabel('Prix unitaire').fill(price);
}

async function payLine(page: Page, line: string, amount: string | null) {
  await page.getByRole('button', { name: `Payer ${line}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Payer : ${line}` });
  await expect(dialog).toBeVisible();
  if (amount !== null) await dialog.getByLabel('Montant').fill(amount);
  await chooseInCombobox(page, 'Méthode de paiement', 'Espèces', dialog);
  await chooseInCombobox(page, 'Compte de paiement', 'Caisse locale', dialog);
  await dialog.getByRole('button', { name: 'Payer', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('a request goes from creation to verification and its payments reach the treasury', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'tresorier@example.org');
  await expectPath(page, /^\/mon-eglise/);
  const church = await churchId(page);

  await page.goto('/mon-eglise/depenses');
  await expect(page.getByRole('region', { name: 'Totaux' })).toBeVisible();
  await expect(page.getByRole('row').nth(1).getByRole('link')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/list-desktop.png`, fullPage: true });

  await page.getByRole('link', { name: 'Ajouter une dépense' }).click();
  await expectPath(page, '/mon-eglise/depenses/nouveau');
  await expect(page.getByRole('heading', { name: 'Ajouter une dépense' }).first()).toBeVisible();
  await chooseInCombobox(page, 'Type', 'Fournitures de bureau');
  await page.getByLabel('Description').fill('Fournitures du secrétariat (E2E)');
  await fillLine(page, 1, 'Ramettes E2E', '2', '5003');
  await page.getByRole('button', { name: 'Ajouter une dépense' }).click();
  await fillLine(page, 2, 'Encre E2E', '1', '8000');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'facture.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(page.getByText('facture.pdf')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/add-desktop.png`, fullPage: true });
  await page.getByRole('button', { name: 'Enregistrer' }).click();

  await expect(page.getByText('Demande efectuée avec succès.')).toBeVisible();
  await expectPath(page, /^\/mon-eglise\/depenses\/\d+$/);
  const requestId = Number(new URL(page.url()).pathname.split('/').pop());
  const detailPath = `/mon-eglise/depenses/${requestId}`;
  await expect(page.getByRole('row', { name: /Ramettes E2E/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Encre E2E/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'facture.pdf' })).toBeVisible();

  // The pastor approves it.
  const pastorContext = await browser.newContext();
  const pastor = await pastorContext.newPage();
  await signIn(pastor, 'pasteur@example.org');
  await expectPath(pastor, /^\/mon-eglise/);
  await pastor.goto(detailPath);
  await pastor.getByRole('button', { name: 'Approuver' }).click();
  await expect(pastor.getByText(/Approuvée par/)).toBeVisible();
  await pastorContext.close();

  // The treasurer pays the first line in two parts, then cancels the second.
  await page.reload();
  await expect(page.getByText(/Approuvée par/)).toBeVisible();
  await payLine(page, 'Ramettes E2E', '4321');
  const ramettes = page.getByRole('row', { name: /Ramettes E2E/ });
  await expect(ramettes.getByText('Payée partiellement')).toBeVisible();
  await page.getByRole('button', { name: 'Payer Ramettes E2E', exact: true }).click();
  const second = page.getByRole('dialog', { name: 'Payer : Ramettes E2E' });
  await expect(second.getByText(/Déjà payé/)).toBeVisible();
  await expect(second.getByLabel('Montant')).toHaveValue('5685');
  await second.getByRole('button', { name: 'Annuler' }).click();
  await payLine(page, 'Ramettes E2E', null);
  await expect(ramettes.getByText('Payée', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Payer Ramettes E2E', exact: true })).toBeDisabled();

  await page.getByRole('button', { name: 'Annuler Encre E2E', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Annuler cette dépense ?' });
  await confirm.getByRole('button', { name: 'Annuler la dépense' }).click();
  await expect(confirm).toBeHidden();
  const encre = page.getByRole('row', { name: /Encre E2E/ });
  await expect(encre.getByText('Annulée')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Annuler Encre E2E', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Payer Encre E2E', exact: true })).toBeDisabled();

  // The verification, irreversible.
  await page.getByRole('button', { name: 'Marquer comme vérifiée' }).click();
  const verify = page.getByRole('dialog', { name: 'Marquer la dépense comme vérifiée' });
  await verify.getByRole('button', { name: 'Marquer comme vérifiée' }).click();
  await expect(page.getByText('Dépense marquée comme vérifiée.')).toBeVisible();
  await expect(page.getByText(/^Dépense vérifiée \(par .+\)$/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Payer / })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/detail-desktop.png`, fullPage: true });

  // The two payments are in the church's cash journal of today.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Abidjan' }).format(new Date());
  const journal = await page.request.get(
    `/api/treasury-journal?entity_type=CHURCH&entity_id=${church}&type=CASH&from_date=${today}&to_date=${today}`,
  );
  expect(journal.ok()).toBe(true);
  const body = (await journal.json()) as { data?: Array<{ expenses: number }> } | Array<{ expenses: number }>;
  const rows = Array.isArray(body) ? body : (body.data ?? []);
  const expenses = rows.map((row) => row.expenses);
  expect(expenses).toContain(4321);
  expect(expenses).toContain(5685);

  // Phone width.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.reload();
  await expect(page.getByText(/^Dépense vérifiée/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/detail-phone.png`, fullPage: true });
  await page.goto('/mon-eglise/depenses');
  await expect(page.getByRole('list', { name: 'Liste des dépenses' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/list-phone.png`, fullPage: true });
  await page.goto('/mon-eglise/depenses/nouveau');
  await expect(page.getByRole('button', { name: 'Enregistrer' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/add-phone.png`, fullPage: true });
});

test("a double-clicked 'Enregistrer' creates one request", async ({ page }) => {
  await signIn(page, 'tresorier@example.org');
  await expectPath(page, /^\/mon-eglise/);
  const count = async () => {
    const answer = await page.request.get('/api/expense-requests?mine=true&limit=1');
    expect(answer.ok()).toBe(true);
    return ((await answer.json()) as { meta: { total: number } }).meta.total;
  };
  const before = await count();
  await page.goto('/mon-eglise/depenses/nouveau');
  await chooseInCombobox(page, 'Type', 'Électricité');
  await page.getByLabel('Description').fill('Facture CIE (double clic)');
  await fillLine(page, 1, 'Facture CIE', '1', '23000');
  await page.getByRole('button', { name: 'Enregistrer' }).dblclick();
  await expectPath(page, /^\/mon-eglise\/depenses\/\d+$/);
  expect(await count()).toBe(before + 1);
});
