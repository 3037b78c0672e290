import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AdminDashboard, Dashboard, PersonalDashboard } from '@contract/dashboard';
import type { TreasuryTotals } from '@contract/journals';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo } from '../app/fixtures';
import { renderApp } from '../app/render-app';
import { server } from '../msw/server';

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
});

const months = Array.from({ length: 12 }, (_, i) => ({
  month: `2026-${String(i + 1).padStart(2, '0')}`,
  receipts: (i + 1) * 10_000,
  expenses: (i + 1) * 4_000,
}));

const section: Dashboard = {
  entity: { type: 'SECTION', id: 7, name: 'Section Cocody' },
  as_of: '2026-11-25',
  month: { receipts: 120_000, expenses: 48_000 },
  month_last_year: { receipts: 100_000, expenses: 0 },
  year: { receipts: 780_000, expenses: 312_000 },
  year_last_year: { receipts: 600_000, expenses: 300_000 },
  balances: [
    { account_id: 1, name: 'Caisse locale', journal_type: 'CASH', balance: 250_000 },
    { account_id: 2, name: 'Compte SGBCI', journal_type: 'BANK', balance: 1_000_000 },
  ],
  pending: { to_approve: 2, to_pay: 1 },
  counts: { members: 4, faithful: 321, churches: 2 },
  budget: { id: 31, year: 2026, status: 'approved', planned_expense: 400_000, spent: 300_000 },
  series: months,
  children: [
    { type: 'CHURCH', id: 12, name: 'Temple Béthel', receipts: 500_000, expenses: 200_000, faithful: 200 },
    {
      type: 'CHURCH',
      id: 13,
      name: 'Église de la Paix',
      receipts: 280_000,
      expenses: 112_000,
      faithful: 121,
    },
  ],
};

/**
 * The section's year by GET /treasury-totals: Église de Yopougon moved to another section in October,
 * its receipts of January to October still count here; Temple Béthel's figures are the totals', not the
 * dashboard's (today's tree).
 */
const sectionTotals: TreasuryTotals = {
  entity: { type: 'SECTION', id: 7, name: 'Section Cocody' },
  period: { from_date: '2026-01-01', to_date: '2026-11-25', time_zone: 'Africa/Abidjan' },
  receipts: 900_000,
  expenses: 330_000,
  balance: 570_000,
  parts: [
    { type: 'section', id: 7, name: 'Section Cocody', receipts: 20_000, expenses: 10_000 },
    { type: 'church', id: 13, name: 'Église de la Paix', receipts: 280_000, expenses: 112_000 },
    { type: 'church', id: 14, name: 'Église de Yopougon', receipts: 300_000, expenses: 100_000 },
    { type: 'church', id: 12, name: 'Temple Béthel', receipts: 300_000, expenses: 108_000 },
  ],
};

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');

describe('the section dashboard (home of /ma-section)', () => {
  it('shows the figures against last year, the treasury, the pending requests and the counts', async () => {
    let asked = '';
    server.use(
      http.get('*/api/dashboard', ({ request }) => {
        asked = new URL(request.url).search;
        return HttpResponse.json({ data: section });
      }),
    );
    renderApp('/ma-section', demo.sectionRepresentative);
    // the space's chunk loads cold in the first test of the file: a longer wait
    const month = within(await screen.findByRole('region', { name: 'Ce mois-ci' }, { timeout: 12_000 }));
    expect(asked).toBe('?entity_type=SECTION&entity_id=7');
    expect(month.getAllByText(/120\s000/).length).toBeGreaterThan(0);
    expect(month.getByText('+20 % par rapport à l’an dernier')).toBeInTheDocument();
    const treasury = within(screen.getByRole('region', { name: 'Trésorerie' }));
    expect(treasury.getByText('(Banque)')).toBeInTheDocument();
    expect(treasury.getByText(/1\s250\s000/)).toBeInTheDocument();
    const pending = within(screen.getByRole('region', { name: 'En attente et effectifs' }));
    expect(pending.getByText('Demandes à approuver').nextSibling).toHaveTextContent('2');
    expect(pending.getByText('Fidèles').nextSibling).toHaveTextContent('321');
    const budget = within(screen.getByRole('region', { name: 'Budget 2026' }));
    expect(budget.getByText(/Budget utilisé/)).toHaveTextContent('Budget utilisé : 75 %');
    expect(budget.getByRole('progressbar', { name: 'Budget utilisé' })).toHaveAttribute(
      'aria-valuenow',
      '75',
    );
    expect(budget.getByRole('link', { name: 'Voir le budget' })).toHaveAttribute(
      'href',
      '/ma-section/budget',
    );
    // the existing links of the home stay
    expect(screen.getByRole('region', { name: 'Rubriques' })).toBeInTheDocument();
  });

  it('gives the chart a table for screen readers and ranks the churches with links', async () => {
    server.use(
      http.get('*/api/dashboard', () => HttpResponse.json({ data: section })),
      http.get('*/api/treasury-totals', () => HttpResponse.json({ data: { ...sectionTotals, parts: [] } })),
    );
    renderApp('/ma-section', demo.sectionRepresentative);
    const table = await screen.findByRole('table', { name: 'Recettes et dépenses des 12 derniers mois' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(within(table).getByRole('rowheader', { name: 'nov. 26' })).toBeInTheDocument();
    const ranking = await screen.findByRole('region', { name: 'Classement : églises' });
    const rows = within(within(ranking).getByRole('table')).getAllByRole('row').slice(1);
    expect(within(rows[1]).getByRole('link', { name: 'Temple Béthel' })).toHaveAttribute(
      'href',
      '/ma-section/eglises/12',
    );
    expect(within(rows[0]).getByText('Église de la Paix')).toBeInTheDocument();
  });

  it('ranks the year by GET /treasury-totals: a church moved away still counts for the months it was here', async () => {
    let asked = '';
    server.use(
      http.get('*/api/dashboard', () => HttpResponse.json({ data: section })),
      http.get('*/api/treasury-totals', ({ request }) => {
        asked = new URL(request.url).search;
        return HttpResponse.json({ data: sectionTotals });
      }),
    );
    renderApp('/ma-section', demo.sectionRepresentative);
    const ranking = await screen.findByRole('region', { name: 'Classement : églises' });
    expect(asked).toBe('?entity_type=SECTION&entity_id=7&from_date=2026-01-01&to_date=2026-11-25');
    expect(
      screen.getByText('Chaque opération compte là où son église était rattachée le jour de l’opération.'),
    ).toBeInTheDocument();
    const rows = within(within(ranking).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    // 300,000 each: by name; the section's own movements are not a line
    expect(within(rows[0]).getByText('Église de Yopougon')).toBeInTheDocument();
    expect(within(rows[0]).queryByRole('link')).toBeNull();
    expect(within(rows[0]).getByText('Plus rattachée ici aujourd’hui')).toBeInTheDocument();
    expect(cells(rows[0])[4]).toBe('—');
    expect(within(rows[1]).getByRole('link', { name: 'Temple Béthel' })).toBeInTheDocument();
    expect(cells(rows[1])[2]).toMatch(/300\s000/);
    expect(cells(rows[1])[3]).toMatch(/108\s000/);
    expect(cells(rows[1])[4]).toBe('200');
    expect(within(rows[2]).getByRole('link', { name: 'Église de la Paix' })).toBeInTheDocument();
  });

  it("falls back to today's tree, and says so, when the totals are refused", async () => {
    server.use(
      http.get('*/api/dashboard', () => HttpResponse.json({ data: section })),
      http.get('*/api/treasury-totals', () =>
        HttpResponse.json({ statusCode: 403, message: 'Accès refusé.' }, { status: 403 }),
      ),
    );
    renderApp('/ma-section', demo.sectionRepresentative);
    expect(
      await screen.findByText('Montants selon le rattachement actuel des églises.', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    const ranking = screen.getByRole('region', { name: 'Classement : églises' });
    const rows = within(within(ranking).getByRole('table')).getAllByRole('row').slice(1);
    expect(within(rows[0]).getByRole('link', { name: 'Temple Béthel' })).toBeInTheDocument();
    expect(cells(rows[0])[2]).toMatch(/500\s000/);
  });
});

describe('the personal dashboard (/dashboard)', () => {
  it('shows the member’s own giving and links the last receipt', async () => {
    const mine: PersonalDashboard = {
      year: { amount: 150_000, count: 6 },
      year_last_year: { amount: 90_000, count: 4 },
      month: { amount: 25_000, count: 1 },
      last: { id: 12181, amount: 25_000, date: '2026-11-20T10:30:00.000Z', receipt_number: 'R-2026-012181' },
    };
    server.use(http.get('*/api/dashboard/me', () => HttpResponse.json({ data: mine })));
    renderApp('/dashboard', demo.faithful);
    const card = within(await screen.findByRole('region', { name: 'Mes dons' }));
    expect(await card.findByText('Depuis le 1er janvier (6 dons)')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'voir le reçu R-2026-012181' })).toHaveAttribute(
      'href',
      '/mes-contributions/12181',
    );
  });
});

describe('the national office’s accounting overview (/mon-bureau-national/espace-comptable)', () => {
  it('shows the office’s figures and budget without the ranking, and opens the accounting pages', async () => {
    let asked = '';
    const office: Dashboard = {
      ...section,
      entity: { type: 'NATIONAL_OFFICE', id: 1, name: 'Bureau national de Côte d’Ivoire' },
      budget: null,
      children: [{ type: 'REGION', id: 3, name: 'Région Sud', receipts: 1, expenses: 0, faithful: 1 }],
    };
    server.use(
      http.get('*/api/dashboard', ({ request }) => {
        asked = new URL(request.url).search;
        return HttpResponse.json({ data: office });
      }),
    );
    renderApp('/mon-bureau-national/espace-comptable', demo.nationalTreasurer);
    expect(
      await screen.findByRole('region', { name: 'Trésorerie' }, { timeout: 12_000 }),
    ).toBeInTheDocument();
    expect(asked).toBe('?entity_type=NATIONAL_OFFICE&entity_id=1');
    expect(screen.getByText('Aucun budget approuvé pour cette année.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Classement/ })).not.toBeInTheDocument();
    const pages = within(screen.getByRole('region', { name: 'La comptabilité' }));
    expect(pages.getByRole('link', { name: /Recettes/ })).toHaveAttribute(
      'href',
      '/mon-bureau-national/espace-comptable/recettes',
    );
    expect(pages.getByRole('link', { name: /Immobilisations/ })).toHaveAttribute(
      'href',
      '/mon-bureau-national/espace-comptable/immobilisations',
    );
  });
});

describe('the administrator’s home (/admin)', () => {
  it('shows the counts, the connections, what to follow and the latest operations in French', async () => {
    const figures: AdminDashboard = {
      as_of: '2026-11-25',
      counts: {
        national_offices: 1,
        regions: 4,
        sections: 12,
        churches: 57,
        departments: 9,
        users: 640,
        faithful: 610,
        external_accountants: 2,
      },
      sessions: { active: 14, users_today: 8, failed_logins_today: 3 },
      unpaid_subscriptions: { count: 2, amount: 50_000 },
      pending_transfers: 1,
      audit: [
        {
          id: 91,
          action: 'expense_request.create',
          entity_type: 'expense_request',
          entity_id: 42,
          user: 'Awa Koné',
          created_at: '2026-11-25T09:15:00.000Z',
        },
        {
          id: 90,
          action: 'something.new',
          entity_type: null,
          entity_id: null,
          user: null,
          created_at: '2026-11-25T09:00:00.000Z',
        },
      ],
    };
    server.use(http.get('*/api/dashboard/admin', () => HttpResponse.json({ data: figures })));
    renderApp('/admin', demo.admin);
    const org = within(await screen.findByRole('region', { name: 'Organisation' }, { timeout: 12_000 }));
    expect(org.getByText('Églises').nextSibling).toHaveTextContent('57');
    const sessions = within(screen.getByRole('region', { name: 'Connexions' }));
    expect(sessions.getByText('Sessions ouvertes').nextSibling).toHaveTextContent('14');
    const follow = within(screen.getByRole('region', { name: 'À suivre' }));
    expect(follow.getByText(/50\s000/)).toBeInTheDocument();
    const audit = within(screen.getByRole('region', { name: 'Dernières opérations' }));
    const items = audit.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Demande de dépense : création');
    expect(items[0]).toHaveTextContent('Awa Koné');
    expect(items[1]).toHaveTextContent('something.new');
    expect(items[1]).toHaveTextContent('Système');
  });

  it('leads to the access-refused page when the server refuses (the app-wide 403 rule)', async () => {
    server.use(
      http.get('*/api/dashboard/admin', () =>
        HttpResponse.json(
          { message: 'Seul un administrateur peut voir le tableau de bord de l’administration.' },
          { status: 403 },
        ),
      ),
    );
    renderApp('/admin', demo.admin);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Accès refusé' }, { timeout: 12_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à mon espace' })).toHaveAttribute('href', '/admin');
  });
});
