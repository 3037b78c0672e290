import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http as mock, HttpResponse } from 'msw';
import type { TreasuryJournalAnswer, TreasuryJournalRow } from '@contract/journals';
import { server } from '../msw/server';
import { useAccountStore } from '@/shared/auth/account-store';
import { formatLongDate, toApiDate } from '@/shared/lib/format';
import { defaultRange } from '@/features/journals/lib/period';
import { demo } from '../app/fixtures';
import { renderApp } from '../app/render-app';
import { withLayoutBox } from './layout';

const church = { id: 11, name: 'Église de Cocody' };

function row(id: number, overrides: Partial<TreasuryJournalRow> = {}): TreasuryJournalRow {
  return {
    id,
    date: '2026-11-02',
    occurred_at: '2026-11-02T10:00:00.000Z',
    designation: `Opération ${id}`,
    reference: null,
    receipts: 1000,
    expenses: 0,
    solde: 10_000 + id * 1000,
    observations: null,
    source_type: 'contribution',
    ...overrides,
  };
}

/** The server's keyset paging: `limit` rows after the row `after` (every row when `pageSize` is unset). */
function answer(
  rows: TreasuryJournalRow[],
  query: URLSearchParams,
  pageSize?: number,
): TreasuryJournalAnswer {
  const receipts = rows.reduce((s, r) => s + r.receipts, 0);
  const expenses = rows.reduce((s, r) => s + r.expenses, 0);
  const limit = pageSize ?? Number(query.get('limit') ?? 1000);
  const after = Number(query.get('after') ?? 0);
  const start = after ? rows.findIndex((r) => r.id === after) + 1 : 0;
  const page = rows.slice(start, start + limit);
  return {
    data: page,
    entity: { type: 'church', id: church.id, name: church.name },
    journal_type: (query.get('type') ?? 'CASH') as 'CASH',
    period: {
      from_date: query.get('from_date')!,
      to_date: query.get('to_date')!,
      time_zone: 'Africa/Abidjan',
    },
    opening_balance: 10_000,
    totals: { receipts, expenses },
    closing_balance: 10_000 + receipts - expenses,
    meta: {
      total: rows.length,
      page: 1,
      limit,
      next_after: start + limit < rows.length ? (page.at(-1)?.id ?? null) : null,
    },
  };
}

/** GET /churches/11 and GET /treasury-journal answering `rows`; records the journal's queries. */
function api(
  rows: TreasuryJournalRow[] = [row(1), row(2, { receipts: 0, expenses: 500, observations: 'Reçu 12' })],
  wait = 0,
  pageSize?: number,
) {
  const calls: URLSearchParams[] = [];
  server.use(
    mock.get('/api/churches/11', () => HttpResponse.json({ data: { ...church, city: null } })),
    mock.get('/api/treasury-journal', async ({ request }) => {
      const query = new URL(request.url).searchParams;
      calls.push(query);
      if (wait) await delay(wait);
      return HttpResponse.json(answer(rows, query, pageSize));
    }),
  );
  return calls;
}

const PATH = '/espace-comptable/journal-de-tresorerie/11';

async function open(path: string | { pathname: string; state: unknown } = PATH) {
  // the memory router's initialEntries accept a location with its state (as a link's `state` gives)
  const init = { initialEntries: [path] } as Parameters<typeof renderApp>[2];
  const view = renderApp(typeof path === 'string' ? path : path.pathname, demo.accountant, init);
  await screen.findByRole('button', { name: 'Définir la période' });
  return view;
}

async function pickCaisse(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('combobox', { name: 'Type de journal' }));
  await user.click(await screen.findByRole('option', { name: 'Caisse' }));
}

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
});

withLayoutBox();

describe('treasury journal screen: state machine', () => {
  it('shows the logo loader while the church loads, then the title with its name', async () => {
    server.use(
      mock.get('/api/churches/11', async () => {
        await delay(150);
        return HttpResponse.json({ data: church });
      }),
    );
    renderApp(PATH, demo.accountant);
    expect(await screen.findByText('Chargement…')).toBeInTheDocument();
    // the first test pays the page's cold import (slow on a loaded machine)
    await screen.findByRole('button', { name: 'Définir la période' }, { timeout: 15_000 });
    await waitFor(() => expect(document.title).toMatch(/^Journal de trésorière - Église de Cocody - /));
    expect(screen.getByRole('link', { name: 'Retour' })).toHaveAttribute(
      'href',
      '/espace-comptable/eglise/11',
    );
  });

  it('goes back to the previous location when one was passed', async () => {
    api();
    await open({ pathname: PATH, state: { from: '/espace-comptable/depenses' } });
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Retour' })).toHaveAttribute(
        'href',
        '/espace-comptable/depenses',
      ),
    );
  });

  it('opens, cancels, applies and resets the period; the list waits for a period and a type', async () => {
    const calls = api();
    await open();
    const user = userEvent.setup();
    // hidden at first: no picker, no banner, no list
    expect(screen.queryByRole('button', { name: 'Filtrer' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Du /)).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Type de journal' })).toHaveTextContent(
      'Selectionner le type de journal',
    );

    // opened: two months, French, Monday first
    await user.click(screen.getByRole('button', { name: 'Définir la période' }));
    expect(screen.getByRole('button', { name: 'Filtrer' })).toBeInTheDocument();
    const grids = screen.getAllByRole('grid');
    expect(grids).toHaveLength(2);
    expect(within(grids[0]).getAllByRole('columnheader', { hidden: true })[0]).toHaveTextContent('lu');

    // cancelled: closed, nothing applied
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('button', { name: 'Filtrer' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Du /)).not.toBeInTheDocument();

    // a type alone shows nothing
    await pickCaisse(user);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);

    // applied: banner with the default period (last 30 days), then the list and its request
    await user.click(screen.getByRole('button', { name: 'Définir la période' }));
    await user.click(screen.getByRole('button', { name: 'Filtrer' }));
    const range = defaultRange();
    expect(
      screen.getByText(`Du ${formatLongDate(range.from)} au ${formatLongDate(range.to)}`, {
        selector: '[role=status] span',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Filtrer' })).not.toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Journal de trésorerie' });
    await within(table).findByText('Opération 1');
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0])).toMatchObject({
      entity_type: 'CHURCH',
      entity_id: '11',
      type: 'CASH',
      from_date: toApiDate(range.from),
      to_date: toApiDate(range.to),
    });

    // reset: banner and list gone, type kept
    await user.click(screen.getByTitle('Réinitialiser les données'));
    expect(screen.queryByText(/^Du /)).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Type de journal' })).toHaveTextContent('Caisse');
  });

  it('sends the picked period', async () => {
    const calls = api();
    await open();
    const user = userEvent.setup();
    await pickCaisse(user);
    await user.click(screen.getByRole('button', { name: 'Définir la période' }));
    const grid = screen.getAllByRole('grid')[0];
    const days = within(grid)
      .getAllByRole('button')
      .filter((b) => !b.closest('[data-outside]'));
    // clear the default range, then pick the 3rd to the 10th of the first month shown
    await user.click(days.find((b) => b.textContent === '3')!);
    await user.click(days.find((b) => b.textContent === '10')!);
    await user.click(screen.getByRole('button', { name: 'Filtrer' }));
    await screen.findByRole('table', { name: 'Journal de trésorerie' });
    const sent = calls.at(-1)!;
    expect(sent.get('from_date')).toMatch(/-03$/);
    expect(sent.get('to_date')).toMatch(/-10$/);
  });
});

describe('treasury journal screen: the table', () => {
  async function applied(rows?: TreasuryJournalRow[], wait = 0) {
    const calls = api(rows, wait);
    await open();
    const user = userEvent.setup();
    await pickCaisse(user);
    await user.click(screen.getByRole('button', { name: 'Définir la période' }));
    await user.click(screen.getByRole('button', { name: 'Filtrer' }));
    return calls;
  }

  it('shows Dates DD/MM/YYYY, a dash for empty observations, the opening line, totals and closing balance', async () => {
    await applied();
    const table = await screen.findByRole('table', { name: 'Journal de trésorerie' });
    await within(table).findByText('Opération 1');
    for (const header of [
      'Dates',
      'Désignations',
      'Mouvements',
      'Recettes',
      'Dépenses',
      'Solde',
      'Observations',
    ])
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    const texts = rows.map((r) => r.textContent?.replace(/\s/g, ' '));
    expect(texts.some((t) => t?.includes("Solde d'ouverture"))).toBe(true);
    const first = rows.find((r) => r.textContent?.includes('Opération 1'))!;
    expect(within(first).getByText('02/11/2026')).toBeInTheDocument();
    expect(within(first).getByText('-')).toBeInTheDocument();
    const second = rows.find((r) => r.textContent?.includes('Opération 2'))!;
    expect(within(second).getByText('Reçu 12')).toBeInTheDocument();
    expect(within(table).getByText('Totaux')).toBeInTheDocument();
    expect(within(table).getByTestId('closing-balance').textContent?.replace(/\s/g, '')).toBe('10500');
    expect(screen.getByRole('button', { name: 'Imprimer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exporter (xlsx)' })).toBeInTheDocument();
  });

  it("says 'Patientez' while loading and 'Aucune opération sur la période sélectionnée' when empty", async () => {
    await applied([], 200);
    expect(await screen.findByText('Patientez')).toBeInTheDocument();
    expect(await screen.findByText('Aucune opération sur la période sélectionnée')).toBeInTheDocument();
  });

  it('asks for the first 200 rows only, and renders only the visible part of them', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => row(i + 1));
    const calls = await applied(many);
    const table = await screen.findByRole('table', { name: 'Journal de trésorerie' });
    await within(table).findByText('Opération 1');
    expect(calls).toHaveLength(1);
    expect(calls[0].get('limit')).toBe('200');
    expect(calls[0].get('after')).toBeNull();
    const rendered = within(table).getAllByRole('row').length;
    expect(rendered).toBeGreaterThan(10);
    expect(rendered).toBeLessThan(100);
    expect(within(table).queryByText('Opération 200')).not.toBeInTheDocument();
  });

  it('loads the next rows after the last one read when the table comes near its end', async () => {
    // pages of 4 rows (the server decides): all in view, so the table asks for the next ones
    const calls = api(
      Array.from({ length: 10 }, (_, i) => row(i + 1)),
      0,
      4,
    );
    await open();
    const user = userEvent.setup();
    await pickCaisse(user);
    await user.click(screen.getByRole('button', { name: 'Définir la période' }));
    await user.click(screen.getByRole('button', { name: 'Filtrer' }));
    const table = await screen.findByRole('table', { name: 'Journal de trésorerie' });
    await within(table).findByText('Opération 10');
    expect(calls.map((c) => c.get('after'))).toEqual([null, '4', '8']);
    const names = within(table)
      .getAllByText(/^Opération \d+$/)
      .map((cell) => cell.textContent);
    expect(names).toEqual(Array.from({ length: 10 }, (_, i) => `Opération ${i + 1}`));
  });
});

describe('treasury journal in the church space', () => {
  it('reads the level church with its name in the title and goes back to the documents', async () => {
    const calls: URLSearchParams[] = [];
    server.use(
      mock.get('/api/churches/11', () => HttpResponse.json({ data: church })),
      mock.get('/api/treasury-journal', ({ request }) => {
        const query = new URL(request.url).searchParams;
        calls.push(query);
        return HttpResponse.json(answer([row(1)], query));
      }),
    );
    renderApp('/mon-eglise/pieces-comptables/journal-de-tresorerie', demo.pastor);
    await screen.findByRole('button', { name: 'Définir la période' });
    await waitFor(() => expect(document.title).toMatch(/^Journal de trésorière - Église de Cocody/));
    expect(screen.getByRole('link', { name: 'Retour' })).toHaveAttribute(
      'href',
      '/mon-eglise/pieces-comptables',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Type de journal' }));
    await user.click(await screen.findByRole('option', { name: 'Banque' }));
    await user.click(screen.getByRole('button', { name: 'Définir la période' }));
    await user.click(screen.getByRole('button', { name: 'Filtrer' }));
    await screen.findByText('Opération 1');
    expect(calls[0].get('entity_type')).toBe('CHURCH');
    expect(calls[0].get('type')).toBe('BANK');
  });
});
