import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectPath, signIn } from './helpers';

// The faithful of a church: an import of 500 rows with 3 bad ones reports exactly those 3 and writes
// nothing, then the clean file is imported; a faithful is created and edited; a transfer is requested by
// church 1's pastor and accepted by the pastor of the receiving church.
test.describe.configure({ mode: 'serial' });

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/faithful';
const RUN = String(Date.now() % 100000).padStart(5, '0');

type Summary = {
  id: number;
  firstname: string;
  lastname: string;
  church: { id: number; name: string } | null;
};
type Detail = Summary & {
  email: string | null;
  registration_number: string | null;
  roles: { code: string }[];
  churches: { id: number }[];
};

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** 500 faithful rows (header first); `bad` breaks three of them. */
function csvFile(bad: boolean): string {
  const lines = ['Prénom;Nom;Téléphone;Email;Matricule;Sexe;Date de naissance;Adresse'];
  for (let i = 1; i <= 500; i++) {
    const n = String(i).padStart(4, '0');
    lines.push(
      [
        `Import${n}`,
        `E2e${RUN}`,
        `+999${RUN}${n}`,
        `e2e.${RUN}.${n}@import.test`,
        `E2E-${RUN}-${n}`,
        i % 2 ? 'F' : 'M',
        '14/07/1990',
        'Cocody',
      ].join(';'),
    );
  }
  if (bad) {
    // file lines: the header is line 1, row i is line i + 1
    lines[50] = lines[50].replace(/^Import\d+;/, ';'); // line 51: no first name
    lines[200] = lines[200].replace(/e2e\.[^;]+@import\.test/, 'pas-un-email'); // line 201: bad email
    lines[400] = lines[400].replace(/\+999\d+/, `+999${RUN}0010`); // line 401: the phone of line 11
  }
  return lines.join('\n');
}

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  // usable on a phone: nothing widens the page (tables scroll inside their frame)
  const overflow = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .filter((el) => !el.closest('[role="region"]'))
      // the toasts' list is fixed over the page (sonner sizes it past the edge on a phone; the toast
      // itself fits): it widens nothing, as the scroll width below checks
      .filter((el) => !el.closest('[data-sonner-toaster]'))
      .slice(0, 5)
      .map((el) => `${el.tagName}.${String(el.className).slice(0, 60)}`),
  );
  expect(overflow, `${name}: wider than the phone`).toEqual([]);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (width > 361) {
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter(
          (el) =>
            el.scrollWidth > window.innerWidth + 1 ||
            el.getBoundingClientRect().width > window.innerWidth + 1,
        )
        .slice(0, 12)
        .map(
          (el) =>
            `${el.tagName}.${String(el.className).slice(0, 80)} w=${el.getBoundingClientRect().width} sw=${el.scrollWidth}`,
        ),
    );
    console.log('WIDE', name, wide.join('\n'));
  }
  expect(width, `${name}: page width on a phone`).toBeLessThanOrEqual(361);
  await page.screenshot({ path: `${SHOTS}/${name}-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('import: 500 rows with 3 bad ones reports exactly those 3, then the clean file is imported', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'pasteur@example.org');
  await expect(page).toHaveURL(/\/mon-eglise/);
  await page.goto('/mon-eglise/fideles');
  await expect(page.getByRole('heading', { level: 1, name: 'Fidèles' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Liste des fidèles' }).getByRole('row').nth(5)).toBeVisible();
  await shoot(page, 'list');
  const totalBefore = await page.getByText(/^\d+ résultats$/).textContent();

  await page.getByRole('button', { name: 'Importer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importer des fidèles' });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'fideles.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csvFile(true), 'utf8'),
  });
  await dialog.getByRole('button', { name: 'Vérifier le fichier' }).click();
  const errors = dialog.getByRole('table', { name: 'Lignes en erreur' });
  await expect(errors).toBeVisible({ timeout: 20_000 });
  await expect(errors.getByRole('row')).toHaveCount(4);
  await expect(errors.getByRole('row').nth(1)).toContainText('51');
  await expect(errors.getByRole('row').nth(1)).toContainText('Prénom : Le prénom est requis.');
  await expect(errors.getByRole('row').nth(2)).toContainText('201');
  await expect(errors.getByRole('row').nth(2)).toContainText('Email : Format email invalide');
  await expect(errors.getByRole('row').nth(3)).toContainText('401');
  await expect(errors.getByRole('row').nth(3)).toContainText(
    'Téléphone : Ce numéro de téléphone apparaît déjà à la ligne 11 du fichier.',
  );
  await expect(dialog.getByText(/3 lignes sur 500 contiennent des erreurs/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Importer \d+ fidèles$/ })).toHaveCount(0);
  await shoot(page, 'import-preview');

  // nothing was written by the preview
  const search = await json<{ meta: { total: number } }>(
    page.request,
    `/api/users/faithful?search=E2e${RUN}`,
  );
  expect(search.meta.total).toBe(0);

  await dialog.getByRole('button', { name: 'Retirer fideles.csv' }).click();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'fideles.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csvFile(false), 'utf8'),
  });
  await dialog.getByRole('button', { name: 'Vérifier le fichier' }).click();
  await expect(dialog.getByText("Les 500 lignes sont valides : rien n'a encore été enregistré.")).toBeVisible(
    {
      timeout: 20_000,
    },
  );
  await dialog.getByRole('button', { name: 'Importer 500 fidèles' }).click();
  await expect(page.getByText('500 fidèles importés.')).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(/^\d+ résultats$/)).not.toHaveText(totalBefore!);

  await page.getByRole('searchbox', { name: 'Rechercher' }).fill(`E2e${RUN} Import0042`);
  await expect(page.getByRole('link', { name: `E2e${RUN} Import0042` })).toBeVisible();
  await expect(page.getByText('1 résultat')).toBeVisible();
});

test('create and edit a faithful, then transfer them to a church that accepts', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'pasteur@example.org');
  await expect(page).toHaveURL(/\/mon-eglise/);

  // ---- create (validation first)
  await page.goto('/mon-eglise/fideles/nouveau');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Le prénom est requis.')).toBeVisible();
  await expect(page.getByText('Le nom est requis.')).toBeVisible();
  await page.getByLabel(/^Prénom/).fill('Mariam');
  await page.getByLabel(/^Nom/).fill(`Transfert${RUN}`);
  await page.getByLabel(/^Téléphone/).fill('07 12');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Numéro de téléphone invalide.')).toBeVisible();
  await page.getByLabel(/^Téléphone/).fill(`+998 ${RUN} 1234`);
  await page.getByLabel(/^Date de naissance/).fill('1992-03-08');
  await shoot(page, 'create-form');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectPath(page, /^\/mon-eglise\/fideles\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { level: 1, name: `Mariam Transfert${RUN}` })).toBeVisible();
  await expect(page.getByText(/^MAT-\d{6}$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contributions' })).toHaveAttribute(
    'href',
    `/mon-eglise/fideles/${id}/contributions`,
  );
  await shoot(page, 'detail');

  // ---- edit: the phone removed shows 'Non renseigné'
  await page.getByRole('link', { name: 'Modifier' }).click();
  await expectPath(page, `/mon-eglise/fideles/${id}/modifier`);
  await expect(page.getByLabel(/^Prénom/)).toHaveValue('Mariam');
  await page.getByLabel(/^Prénom/).fill('Mariam Grâce');
  await page.getByLabel(/^Téléphone/).fill('');
  await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
  await expectPath(page, `/mon-eglise/fideles/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Mariam Grâce Transfert${RUN}` })).toBeVisible();
  await expect(page.getByText('Non renseigné')).toBeVisible();

  // ---- the receiving church: another church of the demo whose pastor signs in with the demo password
  const admin = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const adminPage = await admin.newPage();
  await signIn(adminPage, 'admin@example.org');
  await expect(adminPage).toHaveURL(/\/admin/);
  const churches = await json<{ data: { id: number; name: string }[] }>(
    adminPage.request,
    '/api/churches?limit=10',
  );
  let receiver: { church: { id: number; name: string }; login: string } | null = null;
  for (const church of churches.data.filter((c) => c.id !== 1)) {
    const people = await json<{ data: Summary[] }>(
      adminPage.request,
      `/api/users?church_id=${church.id}&limit=100`,
    );
    for (const person of people.data) {
      const { data } = await json<{ data: Detail }>(adminPage.request, `/api/users/${person.id}`);
      if (
        data.roles.some((r) => r.code === 'church::pasteur-titulaire') &&
        data.churches.some((c) => c.id === church.id) &&
        data.email !== 'impaye@example.org' &&
        data.registration_number
      ) {
        receiver = { church, login: data.registration_number };
        break;
      }
    }
    if (receiver) break;
  }
  await admin.close();
  expect(receiver, 'a pastor of another church').not.toBeNull();

  // ---- the request
  await page.goto('/mon-eglise/fideles/transfert');
  await expect(page.getByRole('heading', { level: 1, name: 'Transferts de fidèles' })).toBeVisible();
  await page.getByRole('button', { name: 'Demander le transfert' }).click();
  await expect(page.getByText('Sélectionnez au moins un fidèle.')).toBeVisible();
  await expect(page.getByText("L'église de destination est requise.")).toBeVisible();
  const who = page.getByRole('combobox', { name: /^Fidèles à transférer/ });
  await who.click();
  await who.fill(`Transfert${RUN}`);
  await page.getByRole('option', { name: new RegExp(`Transfert${RUN}`) }).click();
  await expect(page.getByRole('list', { name: 'Fidèles sélectionnés' })).toContainText(`Transfert${RUN}`);
  const where = page.getByRole('combobox', { name: /^Église d'accueil/ });
  await where.click();
  await where.fill(receiver!.church.name);
  await page
    .getByRole('option', { name: new RegExp(receiver!.church.name) })
    .first()
    .click();
  await page.getByLabel('Motif').fill('Déménagement');
  await shoot(page, 'transfer-request');
  await page.getByRole('button', { name: 'Demander le transfert' }).click();
  await expect(page.getByText('Demande de transfert envoyée.')).toBeVisible();
  const sent = page.getByRole('table', { name: 'Demandes envoyées' });
  await expect(sent.getByRole('row', { name: new RegExp(`Transfert${RUN}`) })).toContainText('En attente');

  // ---- the receiving pastor accepts
  const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const otherPage = await other.newPage();
  await signIn(otherPage, receiver!.login);
  await expect(otherPage).toHaveURL(/\/mon-eglise/);
  await otherPage.goto('/mon-eglise/fideles/transfert');
  const received = otherPage.getByRole('table', { name: 'Demandes reçues' });
  const row = received.getByRole('row', { name: new RegExp(`Transfert${RUN}`) });
  await expect(row).toContainText('En attente');
  await shoot(otherPage, 'transfer-received');
  await row.getByRole('button', { name: 'Accepter' }).click();
  await otherPage.getByRole('dialog').getByRole('button', { name: 'Accepter' }).click();
  await expect(otherPage.getByText('Transfert accepté.')).toBeVisible();
  await expect(row).toContainText('Accepté');
  await otherPage.goto('/mon-eglise/fideles');
  await otherPage.getByRole('searchbox', { name: 'Rechercher' }).fill(`Transfert${RUN}`);
  await expect(otherPage.getByRole('link', { name: `Transfert${RUN} Mariam Grâce` })).toBeVisible();
  await other.close();

  // the sending church no longer lists them; its outgoing request shows the decision
  await page.reload();
  await expect(sent.getByRole('row', { name: new RegExp(`Transfert${RUN}`) })).toContainText('Accepté');
  const after = await json<{ meta: { total: number } }>(
    page.request,
    `/api/users/faithful?search=Transfert${RUN}`,
  );
  expect(after.meta.total).toBe(0);
});
