import { expect, test, type Page } from '@playwright/test';
import type { Account } from '../contract/auth';
import type { TreasuryJournalAnswer } from '../contract/journals';
import { axeViolations, expectPath, signIn } from './helpers';

// The church treasurer and the external accountant read a treasury journal of the demo: the default
// period (last 30 days), the cash journal; the rows and the closing balance are the server's own figures.
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/journals';

async function signedIn(page: Page, login: string): Promise<Account> {
  await signIn(page, login);
  await expect(page).not.toHaveURL(/\/connexion/);
  const me = await page.request.get('/api/me');
  expect(me.ok()).toBe(true);
  return (await me.json()) as Account;
}

/** The default period of the screen: the last 30 days, today included (the browser is in Africa/Abidjan, UTC+0). */
function defaultPeriod() {
  const today = new Date();
  const to = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  const from = new Date(to);
  from.setUTCDate(from.getUTCDate() - 30);
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

const digits = (text: string | null) => (text ?? '').replace(/[^\d-]/g, '');

async function expected(page: Page, churchId: number): Promise<TreasuryJournalAnswer> {
  const { from, to } = defaultPeriod();
  const response = await page.request.get(
    `/api/treasury-journal?entity_type=CHURCH&entity_id=${churchId}&type=CASH&from_date=${from}&to_date=${to}&limit=5000`,
  );
  expect(response.ok()).toBe(true);
  return (await response.json()) as TreasuryJournalAnswer;
}

/** Sets the period (default: last 30 days), picks Caisse, and checks the table against the API. */
async function readCashJournal(page: Page, journal: TreasuryJournalAnswer, shot: string) {
  await page.getByRole('button', { name: 'Définir la période' }).click();
  await expect(page.getByRole('grid')).toHaveCount(2);
  await page.getByRole('button', { name: 'Filtrer' }).click();
  await expect(page.getByRole('status').getByText(/^Du \d{2} \S+ \d{4} au \d{2} \S+ \d{4}$/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Journal de trésorerie' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Type de journal' }).click();
  await page.getByRole('option', { name: 'Caisse' }).click();

  const table = page.getByRole('table', { name: 'Journal de trésorerie' });
  await expect(table.getByText("Solde d'ouverture")).toBeVisible();
  expect(journal.data.length).toBeGreaterThan(0);
  const first = journal.data[0];
  const [y, m, d] = first.date.split('-');
  const firstRow = table.getByRole('row').filter({ hasText: first.designation }).first();
  await expect(firstRow).toContainText(`${d}/${m}/${y}`);
  await expect(table.getByTestId('closing-balance')).toHaveText(/\d/);
  expect(digits(await table.getByTestId('closing-balance').textContent())).toBe(
    String(journal.closing_balance),
  );
  // the closing balance is the opening balance plus the rows
  const sum = journal.data.reduce((s, r) => s + r.receipts - r.expenses, journal.opening_balance);
  expect(sum).toBe(journal.closing_balance);
  expect(journal.data.at(-1)!.solde).toBe(journal.closing_balance);
  await page.screenshot({ path: `${SHOTS}/${shot}-desktop.png`, fullPage: false });

  await page.setViewportSize({ width: 360, height: 780 });
  await expect(table.getByTestId('closing-balance')).toBeAttached();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/${shot}-phone.png`, fullPage: true });
}

test('the church treasurer reads the cash journal of the last 30 days', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const me = await signedIn(page, 'tresorier@example.org');
  const churchId = me.church!.id;
  const journal = await expected(page, churchId);
  await page.goto('/mon-eglise/pieces-comptables');
  await page.getByRole('link', { name: /Journal de trésorerie/ }).click();
  await expectPath(page, '/mon-eglise/pieces-comptables/journal-de-tresorerie');
  await expect(page).toHaveTitle(new RegExp(`^Journal de trésorière - ${me.church!.name}`));
  await readCashJournal(page, journal, 'treasurer');
  // the A4 print: no header, navigation nor buttons
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Imprimer' })).toBeHidden();
  await expect(page.locator('aside')).toBeHidden();
  await expect(page.getByRole('heading', { name: /^Journal de trésorière - / })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/treasurer-print.png` });
  await page.emulateMedia({ media: 'screen' });
});

test('the external accountant reads a managed church and is refused another one', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const me = await signedIn(page, 'comptable@example.org');
  const church = me.managedChurches[0];
  const journal = await expected(page, church.id);
  await page.goto(`/espace-comptable/journal-de-tresorerie/${church.id}`);
  await expect(page).toHaveTitle(new RegExp(`^Journal de trésorière - ${church.name}`));
  await expect(page.getByRole('link', { name: 'Retour' })).toHaveAttribute(
    'href',
    `/espace-comptable/eglise/${church.id}`,
  );
  await readCashJournal(page, journal, 'accountant');

  const managed = new Set(me.managedChurches.map((c) => c.id));
  const other = Array.from({ length: 50 }, (_, i) => i + 1).find((id) => !managed.has(id))!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/espace-comptable/journal-de-tresorerie/${other}`);
  await expectPath(page, '/access-refuse');
});

test('a 5,000-row period renders a window of rows and scrolls to its end', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedIn(page, 'tresorier@example.org');
  // the server's answer for a very busy month, made up here (the demo has a few hundred rows a month)
  await page.route('**/api/treasury-journal?*', async (route) => {
    const query = new URL(route.request().url()).searchParams;
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      id: i + 1,
      date: query.get('from_date')!,
      occurred_at: `${query.get('from_date')}T10:00:00.000Z`,
      designation: `Opération ${i + 1}`,
      reference: null,
      receipts: 1000,
      expenses: 0,
      solde: (i + 1) * 1000,
      observations: i % 3 === 0 ? 'Dîme du mois' : null,
      source_type: 'contribution',
    }));
    await route.fulfill({
      json: {
        data: rows,
        entity: { type: 'church', id: 1, name: 'Église' },
        journal_type: 'CASH',
        period: {
          from_date: query.get('from_date'),
          to_date: query.get('to_date'),
          time_zone: 'Africa/Abidjan',
        },
        opening_balance: 0,
        totals: { receipts: 5_000_000, expenses: 0 },
        closing_balance: 5_000_000,
        meta: { total: 5000, page: 1, limit: 5000 },
      },
    });
  });
  await page.goto('/mon-eglise/pieces-comptables/journal-de-tresorerie');
  await page.getByRole('button', { name: 'Définir la période' }).click();
  await page.getByRole('button', { name: 'Filtrer' }).click();
  await page.getByRole('combobox', { name: 'Type de journal' }).click();
  await page.getByRole('option', { name: 'Caisse' }).click();
  const region = page.getByRole('region', { name: 'Journal de trésorerie' });
  await expect(region.getByText('Opération 1', { exact: true })).toBeVisible();
  expect(await region.locator('tbody tr').count()).toBeLessThan(120);

  // scroll to the end in 40 steps, timing the frames the browser paints meanwhile
  const frames = await region.evaluate(async (element) => {
    const intervals: number[] = [];
    let last = performance.now();
    let running = true;
    const tick = (now: number) => {
      intervals.push(now - last);
      last = now;
      if (running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    for (let step = 1; step <= 40; step++) {
      element.scrollTop = (element.scrollHeight * step) / 40;
      await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    }
    running = false;
    return intervals.sort((a, b) => a - b);
  });
  await expect(region.getByText('Opération 5000', { exact: true })).toBeVisible();
  expect(await region.locator('tbody tr').count()).toBeLessThan(120);
  const median = frames[Math.floor(frames.length / 2)];
  console.log(
    `5 000 lignes : ${frames.length} images pendant le défilement, médiane ${median.toFixed(1)} ms, ` +
      `pire ${frames.at(-1)!.toFixed(1)} ms`,
  );
  await page.screenshot({ path: `${SHOTS}/5000-rows-end.png` });
});

test('the treasurer reads the general journal and the financial report of the period', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const me = await signedIn(page, 'tresorier@example.org');
  const { from, to } = defaultPeriod();
  const report = (await (
    await page.request.get(
      `/api/financial-report?entity_type=CHURCH&entity_id=${me.church!.id}&from_date=${from}&to_date=${to}`,
    )
  ).json()) as {
    data: {
      result: number;
      receipts: { total: number };
      months: Array<{ month: string; receipts: number; expenses: number }>;
    };
  };

  await page.goto('/mon-eglise/pieces-comptables/rapport-financier');
  await page.getByRole('button', { name: 'Définir la période' }).click();
  await page.getByRole('button', { name: 'Filtrer' }).click();
  const result = page.locator('dl div').filter({ hasText: 'Résultat' });
  await expect(result).toContainText(/\d/);
  expect(digits(await result.locator('dd').textContent())).toBe(String(report.data.result));
  // the kit's month chart, scrolling in its own region, and its figures month by month as the server
  // gave them (the table screen readers get)
  await expect(
    page.getByRole('region', { name: 'Recettes et dépenses par mois (graphique)', exact: true }),
  ).toBeVisible();
  const figures = page.getByRole('table', { name: 'Recettes et dépenses par mois' });
  await expect(figures.getByRole('row')).toHaveCount(report.data.months.length + 1);
  const last = report.data.months.at(-1)!;
  const lastRow = figures.getByRole('row').last();
  expect(digits(await lastRow.getByRole('cell').first().textContent())).toBe(String(last.receipts));
  expect(digits(await lastRow.getByRole('cell').last().textContent())).toBe(String(last.expenses));
  await page.screenshot({ path: `${SHOTS}/report-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/report-phone.png`, fullPage: true });
  // the report with its chart, accessible on a phone (the sweep opens the page before any period is set)
  expect(await axeViolations(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])).toEqual([]);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/mon-eglise/pieces-comptables/journaux');
  await page.getByRole('button', { name: 'Définir la période' }).click();
  await page.getByRole('button', { name: 'Filtrer' }).click();
  await expect(page.getByRole('table', { name: 'Journaux' }).getByRole('row').nth(1)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/general-journal-desktop.png` });
});
