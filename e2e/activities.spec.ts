import { expect, test, type Page } from '@playwright/test';
import { expectPath, signIn } from './helpers';

/*
 * Activities end to end on the seeded demo (decision 0024): the pastor plans an activity; the treasurer asks
 * an expense for it, the pastor approves it, the treasurer pays it and the activity shows its actual
 * cost; the pastor writes the report, joins a photo to it and submits it; the section representative reads it
 * and sends it back with a comment the pastor then sees; fidele@, leader of the Chorale, opens the
 * department's dashboard, its money included, from the personal space on a 360 px phone.
 */

const TITLE = `Veillée de prière ${Date.now()}`;
/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('an activity is planned, reported, submitted, sent back; the leader sees the department', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const day = new Date();
  const date = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-15`;

  // the pastor plans the activity
  await signIn(page, 'pasteur@example.org');
  await expectPath(page, /^\/mon-eglise/);
  await page.goto('/mon-eglise/activites-planifiees/nouveau');
  await page.getByLabel('Titre').fill(TITLE);
  await page.getByLabel('Date', { exact: false }).first().fill(date);
  await page.getByLabel('Heure').fill('20:00');
  await page.getByLabel('Lieu').fill('Temple principal');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectPath(page, /^\/mon-eglise\/activites-planifiees\/\d+$/);
  await expect(page.getByRole('heading', { name: TITLE }).first()).toBeVisible();
  const activityPath = new URL(page.url()).pathname;

  // the treasurer asks an expense for it, the pastor approves it, the treasurer pays it
  const treasurerContext = await browser.newContext();
  const treasurer = await treasurerContext.newPage();
  await signIn(treasurer, 'tresorier@example.org');
  await expectPath(treasurer, /^\/mon-eglise/);
  await treasurer.goto('/mon-eglise/depenses/nouveau');
  await choose(treasurer, 'Type', 'Fournitures de bureau');
  await treasurer.getByRole('combobox', { name: 'Activité', exact: true }).fill(TITLE);
  await treasurer.getByRole('option', { name: new RegExp(TITLE) }).click();
  await treasurer.getByLabel('Description').fill(`Bougies — ${TITLE}`);
  const line = treasurer.getByRole('region', { name: 'Dépense 1', exact: true });
  await line.getByLabel('Désignation').fill('Bougies E2E');
  await line.getByLabel('Quantité').fill('1');
  await line.getByLabel('Prix unitaire').fill('15000');
  await treasurer.getByRole('button', { name: 'Enregistrer' }).click();
  await expectPath(treasurer, /^\/mon-eglise\/depenses\/\d+$/);
  const expensePath = new URL(treasurer.url()).pathname;
  await page.goto(expensePath);
  await page.getByRole('button', { name: 'Approuver' }).click();
  await expect(page.getByText(/Approuvée par/)).toBeVisible();
  await treasurer.reload();
  await treasurer.getByRole('button', { name: 'Payer Bougies E2E', exact: true }).click();
  const pay = treasurer.getByRole('dialog', { name: 'Payer : Bougies E2E' });
  await pay.getByRole('combobox', { name: 'Méthode de paiement', exact: true }).click();
  await treasurer.getByRole('option', { name: 'Espèces', exact: true }).click();
  await pay.getByRole('combobox', { name: 'Compte de paiement', exact: true }).click();
  await treasurer.getByRole('option', { name: 'Caisse locale', exact: true }).click();
  await pay.getByRole('button', { name: 'Payer', exact: true }).click();
  await expect(pay).toBeHidden();
  await treasurerContext.close();
  await page.goto(activityPath);
  await expect(
    page.getByText('Coût réel (dépenses payées)').locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(/15\s000/);

  // writes the report on it, saved as a draft, then submits it
  await page.goto('/mon-eglise/rapport-activites/nouveau');
  await page.getByLabel('Titre').fill(`Rapport — ${TITLE}`);
  await page.getByLabel('Début de la période').fill(date);
  await page.getByLabel('Fin de la période').fill(date);
  await page.getByRole('combobox', { name: 'Activité planifiée' }).click();
  await page.getByRole('option', { name: new RegExp(TITLE) }).click();
  await page.getByLabel('Hommes').fill('12');
  await page.getByLabel('Femmes').fill('25');
  await page.getByLabel('Enfants').fill('8');
  await page.getByLabel('Résumé').fill('Une nuit de prière pour les familles.');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectPath(page, /^\/mon-eglise\/rapport-activites\/\d+$/);
  const reportPath = new URL(page.url()).pathname;
  const reportId = reportPath.split('/').pop();
  await expect(page.getByText('Brouillon', { exact: true })).toBeVisible();
  // a photo joined to the draft shows as a thumbnail
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'veillee.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Joindre au rapport' }).click();
  await expect(page.getByRole('img', { name: 'veillee.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Soumettre' }).click();
  await expect(page.getByText('Soumis', { exact: true })).toBeVisible();

  // the section representative reads it among the reports of its churches and sends it back
  const sectionContext = await browser.newContext();
  const section = await sectionContext.newPage();
  await signIn(section, 'section@example.org');
  await expectPath(section, /^\/ma-section/);
  await section.goto('/ma-section/rapport-activites');
  await section.getByRole('link', { name: `Rapport — ${TITLE}` }).click();
  await expectPath(section, `/ma-section/rapport-activites/${reportId}`);
  await expect(section.getByText('Hommes')).toBeVisible();
  await expect(section.getByRole('img', { name: 'veillee.png' })).toBeVisible();
  await section.getByRole('button', { name: 'Renvoyer' }).click();
  const dialog = section.getByRole('dialog', { name: 'Renvoyer le rapport' });
  await dialog.getByLabel('Commentaire').fill('Merci de préciser les résultats.');
  await dialog.getByRole('button', { name: 'Renvoyer' }).click();
  await expect(section.getByText('Renvoyé', { exact: true })).toBeVisible();
  await sectionContext.close();

  // the pastor sees the comment
  await page.reload();
  await expect(page.getByRole('note')).toContainText('Merci de préciser les résultats.');
  await expect(page.getByRole('button', { name: 'Modifier' })).toBeVisible();

  // fidele@ opens the Chorale's dashboard from the personal space on a phone
  const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const fidele = await phone.newPage();
  await signIn(fidele, 'fidele@example.org');
  await expectPath(fidele, '/dashboard');
  await fidele.getByRole('link', { name: /Chorale/ }).click();
  await expectPath(fidele, /^\/departements\/\d+\/dashboard$/);
  await expect(fidele.getByText('Vous en êtes responsable.')).toBeVisible();
  // its leader sees the department's counts and, without a finance permission, its money too
  // (decision 0047, which amends 0041 for the department's own leader)
  await expect(fidele.getByRole('heading', { name: 'Activités à venir' })).toBeVisible();
  await expect(fidele.getByText('Recettes de la période')).toBeVisible();
  await expect(fidele.getByText('Recettes et dépenses par mois').first()).toBeVisible();
  const width = await fidele.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await phone.close();
});
