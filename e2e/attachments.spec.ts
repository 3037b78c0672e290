import { expect, test, type Page } from '@playwright/test';
import { expectPath, signIn } from './helpers';

/*
 * Attachments (decision 0044): the drop zone and the server accept the image types phones produce (a GIF, an
 * iPhone's HEIC photo of an invoice) and PDF, recognised by their bytes; an upload that fails after the
 * request was saved leaves the request, whose page offers to send the files again.
 */

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/attachments-screenshots';
const GIF = Buffer.concat([
  Buffer.from('GIF89a'),
  Buffer.from([1, 0, 1, 0, 0x80, 0, 0]),
  Buffer.alloc(64, 1),
]);
const HEIC = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypheic'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mif1heic'),
  Buffer.alloc(200, 7),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function newRequest(page: Page, description: string) {
  await page.goto('/mon-eglise/depenses/nouveau');
  await page.getByRole('combobox', { name: 'Type', exact: true }).click();
  await page.getByRole('option', { name: 'Fournitures de bureau', exact: true }).click();
  await page.getByLabel('Description').fill(description);
  const line = page.getByRole('region', { name: 'Dépense 1', exact: true });
  await line.getByLabel('Désignation').fill(description);
  await line.getByLabel('Quantité').fill('1');
  await line.getByLabel('Prix unitaire').fill('1500');
}

test('a GIF and an iPhone HEIC photo are accepted as supporting documents', async ({ page }) => {
  await signIn(page, 'tresorier@example.org');
  await expectPath(page, /^\/mon-eglise/);
  await newRequest(page, 'Reçus photographiés (E2E)');
  await page.locator('input[type="file"]').setInputFiles([
    { name: 'recu.gif', mimeType: 'image/gif', buffer: GIF },
    // a desktop browser often knows no type for .heic: the extension lets it in, the bytes decide
    { name: 'IMG_0042.HEIC', mimeType: '', buffer: HEIC },
  ]);
  await expect(page.getByText('recu.gif')).toBeVisible();
  await expect(page.getByText('IMG_0042.HEIC')).toBeVisible();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Demande efectuée avec succès.')).toBeVisible();
  await expectPath(page, /^\/mon-eglise\/depenses\/\d+$/);
  await expect(page.getByRole('link', { name: 'recu.gif' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'IMG_0042.HEIC' })).toBeVisible();
});

test('an upload that fails after the request was saved leaves the request, whose page sends the files again', async ({
  page,
}) => {
  await signIn(page, 'tresorier@example.org');
  await expectPath(page, /^\/mon-eglise/);
  await newRequest(page, 'Facture à renvoyer (E2E)');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'facture.pdf', mimeType: 'application/pdf', buffer: PDF });
  // the network fails on the first upload only
  let failed = false;
  await page.route('**/api/attachments', async (route) => {
    if (failed || route.request().method() !== 'POST') return route.continue();
    failed = true;
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'E_HTTP_EXCEPTION: Réseau indisponible.' }),
    });
  });
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText(/Échec de l'upload des fichiers: Réseau indisponible\./).first()).toBeVisible();
  await expectPath(page, /^\/mon-eglise\/depenses\/\d+$/);
  const card = page.getByText('Ces fichiers n’ont pas pu être envoyés avec la demande');
  await expect(card).toBeVisible();
  await expect(page.getByText('facture.pdf')).toBeVisible();
  await expect(page.getByRole('link', { name: 'facture.pdf' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/resend-desktop.png`, fullPage: true });
  // the request is there
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  expect((await page.request.get(`/api/expense-requests/${id}`)).ok()).toBe(true);

  await page.getByRole('button', { name: 'Envoyer les fichiers' }).click();
  await expect(page.getByText('Pièces justificatives envoyées.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'facture.pdf' })).toBeVisible();

  await page.setViewportSize({ width: 360, height: 780 });
  await page.reload();
  await expect(page.getByRole('link', { name: 'facture.pdf' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/detail-phone.png`, fullPage: true });
});
