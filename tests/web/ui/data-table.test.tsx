import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table';
import { Money } from '@/shared/ui/money';

type Expense = { id: number; title: string; amount: number };

const columns: DataTableColumn<Expense>[] = [
  { key: 'title', header: 'Libellé', cell: (row) => row.title },
  { key: 'amount', header: 'Montant', align: 'right', cell: (row) => <Money amount={row.amount} /> },
];

const all: Expense[] = Array.from({ length: 25 }, (_, index) => ({
  id: index + 1,
  title: `Dépense ${index + 1}`,
  amount: (index + 1) * 1000,
}));

describe('DataTable', () => {
  it('shows its rows under the headers', () => {
    render(<DataTable caption="Dépenses" columns={columns} rows={all.slice(0, 2)} />);
    const table = screen.getByRole('table', { name: 'Dépenses' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Libellé', 'Montant']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[2]).toHaveTextContent(/Dépense 2\s*2[\s\u202f]000[\s\u00a0]F CFA/);
  });

  it("says 'Aucun résultat' when empty, or the given text", () => {
    const { rerender } = render(<DataTable columns={columns} rows={[]} />);
    expect(screen.getByRole('cell', { name: 'Aucun résultat' })).toBeInTheDocument();
    rerender(<DataTable columns={columns} rows={undefined} emptyText="Aucune activité trouvée" />);
    expect(screen.getByRole('cell', { name: 'Aucune activité trouvée' })).toBeInTheDocument();
  });

  it("shows 'Patientez' with a spinner while loading, not the empty text", () => {
    render(<DataTable columns={columns} rows={[]} loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Patientez');
    expect(screen.queryByText('Aucun résultat')).not.toBeInTheDocument();
  });

  it('says no count of results before the first answer', () => {
    const pagination = { page: 1, limit: 20, total: 0, onPageChange: () => {} };
    const { rerender } = render(
      <DataTable columns={columns} rows={undefined} loading pagination={pagination} />,
    );
    expect(screen.queryByText(/résultat/)).not.toBeInTheDocument();
    rerender(
      <DataTable columns={columns} rows={all.slice(0, 20)} pagination={{ ...pagination, total: 25 }} />,
    );
    expect(screen.getByText('25 résultats')).toBeInTheDocument();
  });

  it('pages forward and back on the server', async () => {
    const user = userEvent.setup();
    const requested: number[] = [];
    function Paged() {
      const [page, setPage] = useState(1);
      const rows = all.slice((page - 1) * 10, page * 10);
      return (
        <DataTable
          columns={columns}
          rows={rows}
          pagination={{
            page,
            limit: 10,
            total: all.length,
            onPageChange: (next) => {
              requested.push(next);
              setPage(next);
            },
          }}
        />
      );
    }
    render(<Paged />);
    expect(screen.getByText('25 résultats')).toBeInTheDocument();
    expect(screen.getByText('Page 1 sur 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Précédent' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(screen.getByText('Page 2 sur 3')).toBeInTheDocument();
    expect(screen.getByText('Dépense 11')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(screen.getByText('Page 3 sur 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    expect(requested).toEqual([2, 3, 2]);
  });

  it('counts one page and one result in the singular', () => {
    render(
      <DataTable
        columns={columns}
        rows={all.slice(0, 1)}
        pagination={{ page: 1, limit: 10, total: 1, onPageChange: () => {} }}
      />,
    );
    expect(screen.getByText('1 résultat')).toBeInTheDocument();
    expect(screen.getByText('Page 1 sur 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeDisabled();
  });

  it('opens a row on click and on Enter', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    render(<DataTable columns={columns} rows={all.slice(0, 3)} onRowClick={onRowClick} />);
    await user.click(screen.getByText('Dépense 2'));
    expect(onRowClick).toHaveBeenLastCalledWith(all[1]);
    screen.getByText('Dépense 3').closest('tr')!.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(all[2]);
  });

  it('scrolls sideways inside its own frame', () => {
    render(<DataTable caption="Dépenses" columns={columns} rows={[]} />);
    expect(screen.getByRole('region', { name: 'Dépenses' })).toHaveClass('overflow-x-auto');
  });
});

describe('DataTable on a phone', () => {
  /** matchMedia answering `matches` for the phone query, restored after the test. */
  function phoneScreen() {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query === '(max-width: 639px)',
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    return () => {
      window.matchMedia = original;
    };
  }

  type Receipt = { id: number; name: string; date: string; amount: number; status: string };
  const receiptColumns: DataTableColumn<Receipt>[] = [
    { key: 'date', header: 'Date', cell: (row) => row.date },
    { key: 'name', header: 'Fidèle', cell: (row) => row.name, mobile: 'title' },
    { key: 'reference', header: 'Référence', cell: () => 'R-1', mobile: 'hide' },
    { key: 'amount', header: 'Montant', align: 'right', cell: (row) => <Money amount={row.amount} /> },
    { key: 'status', header: 'Statut', cell: (row) => row.status },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      cell: () => <button>Imprimer</button>,
    },
  ];
  const receipts: Receipt[] = [
    { id: 1, name: 'Aminata Koné', date: '09/11/2026', amount: 16000, status: 'Valide' },
    { id: 2, name: 'Paul Yao', date: '08/11/2026', amount: 5000, status: 'Annulée' },
  ];

  it('shows each row as a card with its title, every key field as label: value, and its actions', () => {
    const restore = phoneScreen();
    try {
      render(<DataTable caption="Recettes" columns={receiptColumns} rows={receipts} />);
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const cards = within(screen.getByRole('list', { name: 'Recettes' })).getAllByRole('listitem');
      expect(cards).toHaveLength(2);
      const first = cards[0];
      expect(first.firstElementChild).toHaveTextContent('Aminata Koné');
      const terms = within(first)
        .getAllByRole('term')
        .map((term) => term.textContent);
      expect(terms).toEqual(['Date', 'Montant', 'Statut']);
      const values = within(first)
        .getAllByRole('definition')
        .map((value) => value.textContent);
      expect(values[1]).toMatch(/^16\s000\sF\sCFA$/);
      expect(values[2]).toBe('Valide');
      expect(within(first).queryByText('R-1')).not.toBeInTheDocument();
      expect(within(first).getByRole('button', { name: 'Imprimer' })).toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('opens a card with Enter like a row, and keeps the table when asked', async () => {
    const restore = phoneScreen();
    try {
      const user = userEvent.setup();
      const onRowClick = vi.fn();
      const { rerender } = render(
        <DataTable caption="Recettes" columns={receiptColumns} rows={receipts} onRowClick={onRowClick} />,
      );
      const card = within(screen.getByRole('list', { name: 'Recettes' })).getAllByRole('listitem')[1];
      card.focus();
      await user.keyboard('{Enter}');
      expect(onRowClick).toHaveBeenCalledWith(receipts[1]);
      rerender(<DataTable caption="Recettes" columns={receiptColumns} rows={receipts} phoneLayout="table" />);
      expect(screen.getByRole('table', { name: 'Recettes' })).toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it("says 'Aucun résultat' without a table, and pages with 'Page 1 sur 3'", () => {
    const restore = phoneScreen();
    try {
      render(
        <DataTable
          columns={receiptColumns}
          rows={[]}
          pagination={{ page: 1, limit: 20, total: 45, onPageChange: () => {} }}
        />,
      );
      expect(screen.getByText('Aucun résultat')).toBeInTheDocument();
      expect(screen.getByText('Page 1 sur 3')).toBeInTheDocument();
    } finally {
      restore();
    }
  });
});
