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
