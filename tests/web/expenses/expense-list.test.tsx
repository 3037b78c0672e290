import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const xlsx = vi.hoisted(() => ({
  utils: {
    aoa_to_sheet: vi.fn((data: unknown[][]) => ({ data }) as Record<string, unknown>),
    book_new: vi.fn(() => ({ sheets: [] as Array<{ sheet: unknown; name: string }> })),
    book_append_sheet: vi.fn((book: { sheets: unknown[] }, sheet: unknown, name: string) => {
      book.sheets.push({ sheet, name });
    }),
  },
  writeFile: vi.fn(),
}));
vi.mock('xlsx', () => xlsx);

import { useAccountStore } from '@/shared/auth/account-store';
import { demo } from '../app/fixtures';
import { locationOf, renderApp } from '../app/render-app';
import { expensesApi, makeRequest } from './handlers';

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
  vi.clearAllMocks();
});

const requests = [
  makeRequest({ id: 1, title: 'Loyer de novembre', reference: 'DEP-000001', status: 'approval_pending' }),
  makeRequest({ id: 2, title: 'Électricité', reference: 'DEP-000002', status: 'rejected' }),
  makeRequest({
    id: 3,
    title: 'Chaises',
    reference: 'DEP-000003',
    status: 'approved',
    amount_validated: 10000,
  }),
  makeRequest({
    id: 4,
    title: 'Sono',
    reference: 'DEP-000004',
    status: 'validated',
    amount_validated: 80000,
  }),
];

describe('expense list', () => {
  it("lists the church's requests with French status badges, links to details and the balance", async () => {
    const recorded = expensesApi({ requests, permissions: { 'expense_request:create': true } });
    renderApp('/mon-eglise/depenses', demo.pastor);
    expect(
      await screen.findByRole('link', { name: 'Loyer de novembre' }, { timeout: 15_000 }),
    ).toHaveAttribute('href', '/mon-eglise/depenses/1');
    const badge = (title: string) =>
      within(screen.getByRole('row', { name: new RegExp(title) })).getByText(/./, {
        selector: '[data-tone]',
      });
    expect(badge('Loyer de novembre')).toHaveTextContent("En attente d'approbation");
    expect(badge('Loyer de novembre')).toHaveAttribute('data-tone', 'gray');
    expect(badge('Électricité')).toHaveTextContent('Rejetée');
    expect(badge('Électricité')).toHaveAttribute('data-tone', 'pink');
    expect(badge('Chaises')).toHaveAttribute('data-tone', 'green');
    expect(badge('Sono')).toHaveTextContent('Validée');
    expect(badge('Sono')).toHaveAttribute('data-tone', 'green');

    const totals = screen.getByRole('region', { name: 'Totaux' });
    await waitFor(() => expect(within(totals).getByText('4')).toBeInTheDocument());
    expect(within(totals).getByText(/320\s000/)).toBeInTheDocument();
    expect(within(totals).getByText(/90\s000/)).toBeInTheDocument();

    const query = recorded.listQueries[0];
    expect(query.get('entity_type')).toBe('CHURCH');
    expect(query.get('entity_id')).toBe('11');
    expect(query.get('page')).toBe('1');
    expect(query.get('limit')).toBe('20');
    expect(recorded.balanceQueries[0].get('entity_type')).toBe('CHURCH');
    expect(await screen.findByRole('link', { name: 'Ajouter une dépense' })).toHaveAttribute(
      'href',
      '/mon-eglise/depenses/nouveau',
    );
    const asked = recorded.permissionChecks.find((c) => c.permissions.includes('expense_request:create'));
    expect(asked).toMatchObject({ entity_type: 'CHURCH', entity_id: 11 });
  });

  it('offers no add link to who may not create a request at the Level', async () => {
    const recorded = expensesApi({ requests, permissions: {} });
    renderApp('/mon-eglise/depenses', demo.pastor);
    expect(await screen.findByRole('link', { name: 'Sono' }, { timeout: 15_000 })).toBeInTheDocument();
    await waitFor(() =>
      expect(recorded.permissionChecks.some((c) => c.permissions.includes('expense_request:create'))).toBe(
        true,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('link', { name: 'Ajouter une dépense' })).not.toBeInTheDocument();
  });

  it('debounces the search 500 ms and filters by status on the server', async () => {
    const recorded = expensesApi({ requests });
    renderApp('/mon-eglise/depenses', demo.pastor);
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Sono' });
    await user.type(screen.getByLabelText('Rechercher'), 'loyer');
    // nothing sent for the intermediate letters
    await waitFor(() => expect(recorded.listQueries.at(-1)?.get('search')).toBe('loyer'), { timeout: 2000 });
    expect(recorded.listQueries.filter((q) => q.get('search') && q.get('search') !== 'loyer')).toHaveLength(
      0,
    );

    await user.click(screen.getByRole('combobox', { name: 'Statut' }));
    await user.click(await screen.findByRole('option', { name: 'Rejetée' }));
    await waitFor(() => expect(recorded.listQueries.at(-1)?.get('status')).toBe('rejected'));
    expect(recorded.balanceQueries.at(-1)?.get('status')).toBe('rejected');
  });

  it('sorts on the server from the headers, the sort in the URL, the totals unsorted', async () => {
    const recorded = expensesApi({ requests });
    const { router } = renderApp('/mon-eglise/depenses?sort=amount&order=desc', demo.pastor);
    await screen.findByRole('link', { name: 'Sono' }, { timeout: 15_000 });
    expect(recorded.listQueries[0].get('sort')).toBe('amount');
    expect(recorded.listQueries[0].get('order')).toBe('desc');
    expect(screen.getByRole('columnheader', { name: 'Montant' })).toHaveAttribute('aria-sort', 'descending');

    const user = userEvent.setup();
    const title = screen.getByRole('columnheader', { name: 'Titre' });
    expect(title).toHaveAttribute('aria-sort', 'none');
    await user.click(within(title).getByRole('button', { name: 'Titre' }));
    await waitFor(() => expect(recorded.listQueries.at(-1)?.get('sort')).toBe('title'));
    expect(recorded.listQueries.at(-1)?.get('order')).toBe('asc');
    expect(recorded.listQueries.at(-1)?.get('page')).toBe('1');
    expect(locationOf(router)).toBe('/mon-eglise/depenses?sort=title&order=asc');
    expect(screen.getByRole('columnheader', { name: 'Titre' })).toHaveAttribute('aria-sort', 'ascending');
    expect(recorded.balanceQueries.every((query) => !query.has('sort') && !query.has('order'))).toBe(true);
  });

  it("says 'Aucun résultat' when nothing matches", async () => {
    expensesApi({ requests: [] });
    renderApp('/mon-eglise/depenses', demo.pastor);
    expect(await screen.findByText('Aucun résultat')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exporter (xlsx)' })).toBeDisabled();
  });

  it('exports the visible rows to xlsx', async () => {
    expensesApi({ requests });
    renderApp('/mon-eglise/depenses', demo.pastor);
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Sono' });
    await user.click(screen.getByRole('button', { name: 'Exporter (xlsx)' }));
    await waitFor(() => expect(xlsx.writeFile).toHaveBeenCalledTimes(1));
    const [book, fileName] = xlsx.writeFile.mock.calls[0] as [
      { sheets: Array<{ sheet: { data: unknown[][] }; name: string }> },
      string,
    ];
    expect(fileName).toBe('depenses.xlsx');
    expect(book.sheets[0].name).toBe('Dépenses');
    const data = book.sheets[0].sheet.data;
    expect(data[0]).toEqual([
      'Date',
      'Référence',
      'Titre',
      'Entité',
      'Créée par',
      'Montant (F CFA)',
      'Payé (F CFA)',
      'Statut',
    ]);
    expect(data).toHaveLength(5);
    expect(data[1]).toContain('Loyer de novembre');
    expect(data[1]).toContain("En attente d'approbation");
  });

  it("/mes-requetes lists the user's own requests, without entity filter", async () => {
    const recorded = expensesApi({ requests });
    renderApp('/mes-requetes', demo.faithful);
    expect(await screen.findByText('Sono')).toBeInTheDocument();
    const query = recorded.listQueries[0];
    expect(query.get('mine')).toBe('true');
    expect(query.has('entity_type')).toBe(false);
    // no detail page in the personal space: no link
    expect(screen.queryByRole('link', { name: 'Sono' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ajouter une dépense' })).not.toBeInTheDocument();
  });

  it("a national office's section list: the section's requests, an add link, the office's detail", async () => {
    const recorded = expensesApi({ requests, permissions: { 'expense_request:create': true } });
    renderApp('/mon-bureau-national/sections/5/depenses', demo.nationalTreasurer);
    expect(await screen.findByText('Sono')).toBeInTheDocument();
    expect(recorded.listQueries[0].get('entity_type')).toBe('SECTION');
    expect(recorded.listQueries[0].get('entity_id')).toBe('5');
    // no detail below the section: the office's detail route (ROUTES.md reading)
    expect(screen.getByRole('link', { name: 'Sono' })).toHaveAttribute(
      'href',
      '/mon-bureau-national/espace-comptable/depenses/4',
    );
    expect(await screen.findByRole('link', { name: 'Ajouter une dépense' })).toHaveAttribute(
      'href',
      '/mon-bureau-national/sections/5/depenses/nouveau',
    );
  });

  it('the region drill-downs open /ma-region/depenses/{id}; admin department lists have no detail', async () => {
    expensesApi({ requests });
    const { unmount } = renderApp('/ma-region/sections/7/eglises/11/depenses', demo.regionPresident);
    expect(await screen.findByRole('link', { name: 'Sono' }, { timeout: 15_000 })).toHaveAttribute(
      'href',
      '/ma-region/depenses/4',
    );
    unmount();
    renderApp('/admin/departements/4/depenses', demo.admin);
    expect(await screen.findByText('Sono')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sono' })).not.toBeInTheDocument();
  });

  it("a national office's region list links to the region's detail route", async () => {
    expensesApi({ requests });
    renderApp('/mon-bureau-national/regions/3/depenses', demo.nationalTreasurer);
    expect(await screen.findByRole('link', { name: 'Sono' })).toHaveAttribute(
      'href',
      '/mon-bureau-national/regions/3/depenses/4',
    );
  });
});

describe('expense routes of ROUTES.md', () => {
  const cases: Array<[string, keyof typeof demo, string]> = [
    ['/mon-eglise/depenses', 'pastor', 'Dépenses'],
    ['/mon-eglise/depenses/nouveau', 'pastor', 'Ajouter une dépense'],
    ['/mon-eglise/depenses/42', 'pastor', 'Fournitures de bureau'],
    ['/ma-section/depenses', 'sectionRepresentative', 'Dépenses'],
    ['/ma-section/depenses/nouveau', 'sectionRepresentative', 'Ajouter une dépense'],
    ['/ma-section/depenses/42', 'sectionRepresentative', 'Fournitures de bureau'],
    ['/ma-section/eglises/11/depenses', 'sectionRepresentative', 'Dépenses'],
    ['/ma-region/depenses', 'regionPresident', 'Dépenses'],
    ['/ma-region/depenses/nouveau', 'regionPresident', 'Ajouter une dépense'],
    ['/ma-region/creer-une-depense', 'regionPresident', 'Ajouter une dépense'],
    ['/ma-region/depenses/42', 'regionPresident', 'Fournitures de bureau'],
    ['/ma-region/sections/7/depenses', 'regionPresident', 'Dépenses'],
    ['/ma-region/sections/7/eglises/11/depenses', 'regionPresident', 'Dépenses'],
    ['/mon-bureau-national/espace-comptable/depenses', 'nationalTreasurer', 'Dépenses'],
    ['/mon-bureau-national/espace-comptable/depenses/nouveau', 'nationalTreasurer', 'Ajouter une dépense'],
    ['/mon-bureau-national/espace-comptable/depenses/42', 'nationalTreasurer', 'Fournitures de bureau'],
    ['/mon-bureau-national/regions/3/depenses/nouveau', 'nationalTreasurer', 'Ajouter une dépense'],
    ['/mon-bureau-national/regions/3/depenses/42', 'nationalTreasurer', 'Fournitures de bureau'],
    ['/mon-bureau-national/sections/5/depenses/nouveau', 'nationalTreasurer', 'Ajouter une dépense'],
    ['/mon-bureau-national/eglises/11/depenses', 'nationalTreasurer', 'Dépenses'],
    ['/mon-bureau-national/eglises/11/depenses/nouveau', 'nationalTreasurer', 'Ajouter une dépense'],
    ['/mon-bureau-national/departements/4/depenses', 'nationalTreasurer', 'Dépenses'],
    ['/espace-comptable/depenses', 'accountant', 'Dépenses'],
    ['/espace-comptable/depenses/nouveau', 'accountant', 'Ajouter une dépense'],
    ['/espace-comptable/depenses/42', 'accountant', 'Fournitures de bureau'],
    ['/admin/departements/4/depenses', 'admin', 'Dépenses'],
    ['/departements/4/depenses', 'faithful', 'Dépenses'],
    ['/mes-requetes', 'faithful', 'Mes requêtes'],
  ];

  it.each(cases)('%s renders its page', async (path, who, title) => {
    expensesApi();
    renderApp(path, demo[who]);
    await waitFor(() => expect(document.title.startsWith(`${title} - `)).toBe(true));
    expect(screen.queryByText('Page introuvable')).not.toBeInTheDocument();
  });
});
