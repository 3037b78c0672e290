import type { Key, KeyboardEvent, ReactNode } from 'react';
import { cn } from '@/shared/lib/cn';
import { Button } from './button';
import { Spinner } from './spinner';

export type DataTableColumn<Row> = {
  key: string;
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  /** classes of the column's cells, header included */
  className?: string;
  align?: 'left' | 'center' | 'right';
};

export type DataTablePagination = {
  /** 1-based */
  page: number;
  limit: number;
  total: number;
  onPageChange: (page: number) => void;
};

export type DataTableProps<Row> = {
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[] | undefined;
  loading?: boolean;
  emptyText?: ReactNode;
  /** defaults to `row.id`, else the row's position */
  getRowKey?: (row: Row, index: number) => Key;
  /** makes rows clickable and reachable with Tab + Enter */
  onRowClick?: (row: Row) => void;
  pagination?: DataTablePagination;
  /** the table's accessible name, e.g. 'Liste des dépenses' */
  caption?: string;
  className?: string;
};

const alignClass = { left: 'text-left', center: 'text-center', right: 'text-right' } as const;

const defaultKey = (row: unknown, index: number): Key => {
  const id = (row as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : index;
};

/** 0 and 1 take the singular in French. */
const resultCount = (total: number) => `${total} ${total > 1 ? 'résultats' : 'résultat'}`;

/**
 * A list of records with server-side pagination. It scrolls sideways inside its frame on phones
 * instead of widening the page.
 */
export function DataTable<Row>({
  columns,
  rows,
  loading = false,
  emptyText = 'Aucun résultat',
  getRowKey = defaultKey,
  onRowClick,
  pagination,
  caption,
  className,
}: DataTableProps<Row>) {
  const list = rows ?? [];
  const pageCount = pagination ? Math.max(1, Math.ceil(pagination.total / Math.max(1, pagination.limit))) : 1;

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: Row) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowClick?.(row);
    }
  };

  return (
    <div className={cn('w-full', className)}>
      <div
        className="w-full overflow-x-auto rounded-lg border border-slate-200 bg-white"
        // A scrollable region must be reachable from the keyboard to scroll it.
        tabIndex={0}
        role="region"
        aria-label={caption ?? 'Tableau'}
      >
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          {caption && <caption className="sr-only">{caption}</caption>}
          <thead className="bg-slate-50">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={cn(
                    'whitespace-nowrap px-3 py-2.5 text-xs font-semibold uppercase tracking-wide text-slate-600',
                    alignClass[column.align ?? 'left'],
                    column.className,
                  )}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {loading ? (
              <tr>
                <td colSpan={columns.length} className="px-3 py-8 text-center text-slate-500">
                  <Spinner label="Patientez" showLabel className="justify-center" />
                </td>
              </tr>
            ) : list.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-3 py-8 text-center text-slate-500">
                  {emptyText}
                </td>
              </tr>
            ) : (
              list.map((row, index) => (
                <tr
                  key={getRowKey(row, index)}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  onKeyDown={onRowClick ? (event) => onRowKeyDown(event, row) : undefined}
                  tabIndex={onRowClick ? 0 : undefined}
                  className={cn(onRowClick && 'cursor-pointer hover:bg-brand-50 focus-visible:bg-brand-50')}
                >
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      className={cn(
                        'px-3 py-2.5 text-slate-800',
                        alignClass[column.align ?? 'left'],
                        column.className,
                      )}
                    >
                      {column.cell(row, index)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {pagination && (
        <nav
          aria-label="Pagination"
          className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600"
        >
          <p>{resultCount(pagination.total)}</p>
          <div className="flex items-center gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={pagination.page <= 1 || loading}
              onClick={() => pagination.onPageChange(pagination.page - 1)}
            >
              Précédent
            </Button>
            <span aria-live="polite" className="whitespace-nowrap tabular-nums">
              Page {Math.min(pagination.page, pageCount)} sur {pageCount}
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={pagination.page >= pageCount || loading}
              onClick={() => pagination.onPageChange(pagination.page + 1)}
            >
              Suivant
            </Button>
          </div>
        </nav>
      )}
    </div>
  );
}
