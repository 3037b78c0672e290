import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { server } from '../msw/server';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo } from '../app/fixtures';
import { renderApp } from '../app/render-app';
import { withLayoutBox } from './layout';

const exportToXlsx = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('@/shared/lib/export-xlsx', () => ({ exportToXlsx }));

withLayoutBox();

const rows = Array.from({ length: 300 }, (_, i) => ({
  id: i + 1,
  date: '2026-11-02',
  occurred_at: '2026-11-02T10:00:00.000Z',
  designation: `Opération ${i + 1}`,
  reference: null,
  receipts: 100,
  expenses: 0,
  solde: 1000 + (i + 1) * 100,
  observations: null,
  source_type: 'contribution',
}));

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
  exportToXlsx.mockClear();
  server.use(
    mock.get('/api/churches/11', () => HttpResponse.json({ data: { id: 11, name: 'Église de Cocody' } })),
    mock.get('/api/treasury-journal', ({ request }) => {
      const q = new URL(request.url).searchParams;
      return HttpResponse.json({
        data: rows,
        entity: { type: 'church', id: 11, name: 'Église de Cocody' },
        journal_type: 'CASH',
        period: { from_date: q.get('from_date'), to_date: q.get('to_date'), time_zone: 'Africa/Abidjan' },
        opening_balance: 1000,
        totals: { receipts: 30_000, expenses: 0 },
        closing_balance: 31_000,
        meta: { total: 300, page: 1, limit: 5000, next_after: null },
      });
    }),
  );
});

async function openJournal() {
  renderApp('/espace-comptable/journal-de-tresorerie/11', demo.accountant);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Définir la période' }));
  await user.click(screen.getByRole('button', { name: 'Filtrer' }));
  await user.click(screen.getByRole('combobox', { name: 'Type de journal' }));
  await user.click(await screen.findByRole('option', { name: 'Caisse' }));
  await screen.findByText('Opération 1');
  return user;
}

describe('treasury journal: export and print', () => {
  it('exports the opening line, every row, the totals and the closing balance', async () => {
    const user = await openJournal();
    await user.click(screen.getByRole('button', { name: 'Exporter (xlsx)' }));
    await waitFor(() => expect(exportToXlsx).toHaveBeenCalledTimes(1));
    const options = (
      exportToXlsx.mock.calls[0] as unknown as [
        { fileName: string; rows: { designation: string; solde: unknown }[]; columns: { header: string }[] },
      ]
    )[0];
    expect(options.columns.map((c) => c.header)).toEqual([
      'Dates',
      'Désignations',
      'Recettes',
      'Dépenses',
      'Solde',
      'Observations',
    ]);
    expect(options.rows).toHaveLength(303);
    expect(options.rows[0]).toMatchObject({ designation: "Solde d'ouverture", solde: 1000 });
    expect(options.rows.at(-2)).toMatchObject({ designation: 'Totaux' });
    expect(options.rows.at(-1)).toMatchObject({ designation: 'Solde de clôture', solde: 31_000 });
    expect(options.fileName).toMatch(
      /^journal-de-tresorerie-eglise-de-cocody-caisse-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}$/,
    );
  });

  it('renders every row for the printer, then prints', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const user = await openJournal();
    const table = screen.getByRole('table', { name: 'Journal de trésorerie' });
    expect(within(table).queryByText('Opération 300')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Imprimer' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(within(table).getByText('Opération 300')).toBeInTheDocument();
    window.dispatchEvent(new Event('afterprint'));
    await waitFor(() => expect(within(table).queryByText('Opération 300')).not.toBeInTheDocument());
    print.mockRestore();
  });
});
