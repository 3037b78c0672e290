import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useListSort } from '@/shared/routing/use-list-sort';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table';

type Receipt = { id: number; date: string; name: string; amount: number };

const columns: DataTableColumn<Receipt>[] = [
  { key: 'date', header: 'Date', sortKey: 'date', sortFirst: 'desc', cell: (row) => row.date },
  { key: 'name', header: 'Fidèle', sortKey: 'contributor', cell: (row) => row.name },
  { key: 'amount', header: 'Montant', sortKey: 'amount', sortFirst: 'desc', cell: (row) => row.amount },
  { key: 'note', header: 'Note', cell: () => '—' },
];
const rows: Receipt[] = [
  { id: 1, date: '09/11/2026', name: 'Aminata Koné', amount: 16000 },
  { id: 2, date: '08/11/2026', name: 'Paul Yao', amount: 5000 },
];

const header = (name: string) => screen.getByRole('columnheader', { name });

describe('DataTable sorting', () => {
  it('makes a sortable header a button, says its order with aria-sort, and asks the next order', async () => {
    const user = userEvent.setup();
    const onSort = vi.fn();
    const { rerender } = render(
      <DataTable columns={columns} rows={rows} sorting={{ sort: 'date', order: 'desc', onSort }} />,
    );
    expect(header('Date')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Montant')).toHaveAttribute('aria-sort', 'none');
    expect(header('Fidèle')).toHaveAttribute('aria-sort', 'none');
    // a column without a sort key stays plain text
    expect(header('Note')).not.toHaveAttribute('aria-sort');
    expect(within(header('Note')).queryByRole('button')).toBeNull();

    // another column: its first order ('desc' for an amount, 'asc' by default)
    await user.click(within(header('Montant')).getByRole('button', { name: 'Montant' }));
    expect(onSort).toHaveBeenLastCalledWith('amount', 'desc');
    await user.click(within(header('Fidèle')).getByRole('button', { name: 'Fidèle' }));
    expect(onSort).toHaveBeenLastCalledWith('contributor', 'asc');
    // the sorted column: the other order
    await user.click(within(header('Date')).getByRole('button', { name: 'Date' }));
    expect(onSort).toHaveBeenLastCalledWith('date', 'asc');

    rerender(<DataTable columns={columns} rows={rows} sorting={{ sort: 'amount', order: 'asc', onSort }} />);
    expect(header('Montant')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Date')).toHaveAttribute('aria-sort', 'none');
    await user.click(within(header('Montant')).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith('amount', 'desc');
  });

  it('has no sort buttons without `sorting`', () => {
    render(<DataTable columns={columns} rows={rows} />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(header('Date')).not.toHaveAttribute('aria-sort');
  });
});

describe('useListSort', () => {
  const asked: unknown[] = [];

  function List() {
    const sorting = useListSort(['date', 'contributor', 'amount'] as const, { sort: 'date', order: 'desc' });
    asked.push(sorting.query);
    const location = useLocation();
    return (
      <>
        <output aria-label="adresse">{location.search}</output>
        <DataTable columns={columns} rows={rows} sorting={sorting.table} />
      </>
    );
  }

  function renderAt(url: string) {
    asked.length = 0;
    const router = createMemoryRouter([{ path: '/recettes', element: <List /> }], { initialEntries: [url] });
    render(<RouterProvider router={router} />);
    return router;
  }

  it('keeps the sort in the URL beside the filters, and goes back to page 1', async () => {
    const user = userEvent.setup();
    renderAt('/recettes?type=tithe&page=3');
    expect(header('Date')).toHaveAttribute('aria-sort', 'descending');
    expect(asked.at(-1)).toEqual({});

    await user.click(within(header('Montant')).getByRole('button'));
    expect(screen.getByRole('status', { name: 'adresse' })).toHaveTextContent(
      '?type=tithe&sort=amount&order=desc',
    );
    expect(header('Montant')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Date')).toHaveAttribute('aria-sort', 'none');
    expect(asked.at(-1)).toEqual({ sort: 'amount', order: 'desc' });

    await user.click(within(header('Montant')).getByRole('button'));
    expect(screen.getByRole('status', { name: 'adresse' })).toHaveTextContent(
      '?type=tithe&sort=amount&order=asc',
    );
    expect(header('Montant')).toHaveAttribute('aria-sort', 'ascending');
    expect(asked.at(-1)).toEqual({ sort: 'amount', order: 'asc' });
  });

  it('reads the sort of the URL, and ignores a key the list does not know', () => {
    renderAt('/recettes?sort=contributor&order=desc');
    expect(header('Fidèle')).toHaveAttribute('aria-sort', 'descending');
    expect(asked.at(-1)).toEqual({ sort: 'contributor', order: 'desc' });
  });

  it('shows the default order for an unknown key, and asks the server nothing', () => {
    renderAt('/recettes?sort=password&order=sideways');
    expect(header('Date')).toHaveAttribute('aria-sort', 'descending');
    expect(asked.at(-1)).toEqual({});
  });
});
