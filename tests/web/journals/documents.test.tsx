import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import type { AccountJournalAnswer, FinancialReport, GeneralJournalAnswer } from '@contract/journals';
import { server } from '../msw/server';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo, makeAccount } from '../app/fixtures';
import { locationOf, renderApp } from '../app/render-app';
import { withLayoutBox } from './layout';

const period = (q: URLSearchParams) => ({
  from_date: q.get('from_date')!,
  to_date: q.get('to_date')!,
  time_zone: 'Africa/Abidjan',
});
const entity = { type: 'church', id: 11, name: 'Église de Cocody' };
const cash = { id: 50, code: '5711', name: 'Caisse locale' };

function churchApi() {
  server.use(
    mock.get('/api/churches/11', () => HttpResponse.json({ data: { id: 11, name: 'Église de Cocody' } })),
    mock.get('/api/churches/12', () => HttpResponse.json({ data: { id: 12, name: 'Église du Plateau' } })),
  );
}

async function applyPeriod(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Définir la période' }));
  await user.click(screen.getByRole('button', { name: 'Filtrer' }));
}

withLayoutBox();

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
});

describe('pièces comptables index', () => {
  it('links the four documents of the church', async () => {
    renderApp('/mon-eglise/pieces-comptables', demo.pastor);
    const links = await screen.findAllByRole('link', { name: /Journaux|Journal|Rapport/ });
    const hrefs = links.map((l) => l.getAttribute('href'));
    for (const segment of ['journaux', 'journaux-dun-compte', 'journal-de-tresorerie', 'rapport-financier'])
      expect(hrefs).toContain(`/mon-eglise/pieces-comptables/${segment}`);
  });

  it('exists in the national office space too', async () => {
    renderApp('/mon-bureau-national/espace-comptable/pieces-comptables', demo.nationalTreasurer);
    expect(await screen.findByRole('link', { name: /Journal de trésorerie/ })).toHaveAttribute(
      'href',
      '/mon-bureau-national/espace-comptable/pieces-comptables/journal-de-tresorerie',
    );
  });
});

describe('general journal', () => {
  it('works on the church of ?church=ID, with the period and server pagination', async () => {
    churchApi();
    const calls: URLSearchParams[] = [];
    server.use(
      mock.get('/api/general-journal', ({ request }) => {
        const q = new URL(request.url).searchParams;
        calls.push(q);
        const answer: GeneralJournalAnswer = {
          data: [
            {
              id: 1,
              date: '2026-11-03',
              occurred_at: '2026-11-03T09:00:00.000Z',
              journal_type: 'CASH',
              payment_account: cash,
              operation_account: { id: 60, code: '7581', name: 'Dîmes', category: 'Produits' },
              reference: 'R-2026-000001',
              designation: 'Dîme — Awa Koné',
              receipts: 5000,
              expenses: 0,
              observations: null,
              source_type: 'contribution',
            },
          ],
          entity,
          period: period(q),
          totals: { receipts: 5000, expenses: 0, count: 150 },
          meta: { total: 150, page: Number(q.get('page')), limit: 100 },
        };
        return HttpResponse.json(answer);
      }),
    );
    renderApp('/espace-comptable/journaux?church=11', demo.accountant);
    const user = userEvent.setup();
    await applyPeriod(user);
    expect(await screen.findByText('Dîme — Awa Koné')).toBeInTheDocument();
    expect(screen.getByText('7581 Dîmes')).toBeInTheDocument();
    expect(screen.getByText('R-2026-000001')).toBeInTheDocument();
    expect(calls[0].get('entity_type')).toBe('CHURCH');
    expect(calls[0].get('entity_id')).toBe('11');
    expect(calls[0].has('type')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(calls.at(-1)?.get('page')).toBe('2'));
    await waitFor(() => expect(document.title).toMatch(/^Journaux - Église de Cocody/));
  });

  it('lets the accountant choose one of their churches', async () => {
    churchApi();
    const accountant = makeAccount({
      ...demo.accountant,
      managedChurches: [
        { id: 11, name: 'Église de Cocody' },
        { id: 12, name: 'Église du Plateau' },
      ],
    });
    const { router } = renderApp('/espace-comptable/rapport-financier', accountant);
    expect(await screen.findByText('Choisissez une église pour afficher le document.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Église' }));
    await user.click(await screen.findByRole('option', { name: 'Église du Plateau' }));
    await waitFor(() => expect(locationOf(router)).toBe('/espace-comptable/rapport-financier?church=12'));
    expect(await screen.findByRole('button', { name: 'Définir la période' })).toBeInTheDocument();
  });
});

describe('account journal', () => {
  it('lists the authorised accounts and shows the chosen account with its running balance', async () => {
    churchApi();
    const calls: URLSearchParams[] = [];
    server.use(
      mock.get('/api/operation-accounts/authorized', () =>
        HttpResponse.json({
          data: [
            { id: 60, code: '7581', name: 'Dîmes', category: 'Produits', journal_type: null },
            { id: 70, code: '6052', name: 'Électricité', category: 'Charges AO', journal_type: null },
          ],
        }),
      ),
      mock.get('/api/account-journal', ({ request }) => {
        const q = new URL(request.url).searchParams;
        calls.push(q);
        const answer: AccountJournalAnswer = {
          data: [
            {
              id: 9,
              date: '2026-11-04',
              occurred_at: '2026-11-04T10:00:00.000Z',
              journal_type: 'BANK',
              payment_account: { id: 51, code: '5211', name: 'Banque locale' },
              reference: 'DEP-000001',
              designation: 'Facture CIE',
              receipts: 0,
              expenses: 12000,
              solde: 42000,
              observations: null,
            },
          ],
          entity,
          account: { id: 70, code: '6052', name: 'Électricité', category: 'Charges AO', journal_type: null },
          balance_direction: 'expenses',
          period: period(q),
          opening_balance: 30000,
          totals: { receipts: 0, expenses: 12000 },
          closing_balance: 42000,
          meta: { total: 1, page: 1, limit: 5000 },
        };
        return HttpResponse.json(answer);
      }),
    );
    renderApp('/mon-eglise/pieces-comptables/journaux-dun-compte', demo.pastor);
    const user = userEvent.setup();
    await applyPeriod(user);
    expect(
      screen.getByText('Définissez la période et choisissez un compte pour afficher ses mouvements.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Compte' }));
    await user.click(await screen.findByRole('option', { name: /6052 Électricité/ }));
    const table = await screen.findByRole('table', { name: 'Journal du compte' });
    expect(await within(table).findByText('Facture CIE')).toBeInTheDocument();
    expect(calls[0].get('account_id')).toBe('70');
    expect(
      screen.getByText('Solde : dépenses moins recettes (ce qui a été dépensé sur ce compte).'),
    ).toBeInTheDocument();
  });
});

describe('financial report', () => {
  it('shows the totals, the accounts, the treasury and the monthly bars', async () => {
    churchApi();
    server.use(
      mock.get('/api/financial-report', ({ request }) => {
        const q = new URL(request.url).searchParams;
        const report: FinancialReport = {
          entity,
          period: period(q),
          receipts: {
            total: 85000,
            categories: [
              {
                category: 'Produits',
                total: 85000,
                accounts: [{ id: 60, code: '7581', name: 'Dîmes', total: 85000 }],
              },
            ],
          },
          expenses: {
            total: 47000,
            categories: [
              {
                category: 'Charges AO',
                total: 47000,
                accounts: [{ id: 70, code: '6052', name: 'Électricité', total: 47000 }],
              },
            ],
          },
          result: 38000,
          carried_forward: 0,
          treasury: [
            { journal_type: 'CASH', opening: 100000, receipts: 40000, expenses: 26000, closing: 114000 },
            { journal_type: 'BANK', opening: 0, receipts: 45000, expenses: 21000, closing: 24000 },
            { journal_type: 'ELECTRONIK', opening: 0, receipts: 0, expenses: 0, closing: 0 },
          ],
          treasury_total: { opening: 100000, closing: 138000 },
          months: [
            { month: '2026-10', receipts: 20000, expenses: 5000 },
            { month: '2026-11', receipts: 65000, expenses: 42000 },
          ],
        };
        return HttpResponse.json({ data: report });
      }),
    );
    renderApp('/espace-comptable/rapport-financier?church=11', demo.accountant);
    const user = userEvent.setup();
    await applyPeriod(user);
    expect(await screen.findByText('7581 Dîmes')).toBeInTheDocument();
    expect(screen.getByText('6052 Électricité')).toBeInTheDocument();
    const treasury = screen.getByRole('table', { name: 'Trésorerie par journal' });
    expect(within(treasury).getByRole('rowheader', { name: 'Caisse' })).toBeInTheDocument();
    // the kit's month chart: each month's figures in its row of the table screen readers get, and in
    // its own pair of bars (receipts 65 000 are the top of the scale: 180 units)
    const figures = screen.getByRole('table', { name: 'Recettes et dépenses par mois' });
    expect(
      within(figures)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['oct. 2620 000 F CFA5 000 F CFA', 'nov. 2665 000 F CFA42 000 F CFA']);
    const chart = screen.getByRole('region', { name: 'Recettes et dépenses par mois (graphique)' });
    const bars = (month: string) =>
      [...chart.querySelectorAll(`g[data-month="${month}"] rect`)].map((rect) => ({
        height: Number(rect.getAttribute('height')),
        title: rect.textContent?.replace(/\s/g, ' '),
      }));
    expect(bars('2026-10')).toEqual([
      { height: expect.closeTo(55.38, 1), title: 'oct. 26 : recettes 20 000 F CFA' },
      { height: expect.closeTo(13.85, 1), title: 'oct. 26 : dépenses 5 000 F CFA' },
    ]);
    expect(bars('2026-11')).toEqual([
      { height: 180, title: 'nov. 26 : recettes 65 000 F CFA' },
      { height: expect.closeTo(116.31, 1), title: 'nov. 26 : dépenses 42 000 F CFA' },
    ]);
    // the axis says the year too (a period can span several), and the legend the top of the scale
    expect(within(chart).getByText('nov. 26')).toBeInTheDocument();
    expect(screen.getByText(/^Échelle :/).textContent?.replace(/\s/g, ' ')).toBe(
      'Échelle : 65 000 F CFA au plus haut',
    );
    const result = screen.getByText('Résultat').closest('div')!;
    expect(result.textContent?.replace(/\s/g, '')).toContain('38000');
  });
});
