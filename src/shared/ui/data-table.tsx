import type { Key, KeyboardEvent, ReactNode } from 'react';
import type { SortOrder } from '@contract/common';
import { cn } from '@/shared/lib/cn';
import { useMediaQuery } from '@/shared/lib/use-media-query';
import { Button } from './button';
import { Spinner } from './spinner';

export type DataTableColumn<Row> = {
  key: string;
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  /** classes of the column's cells, header included */
  className?: string;
  align?: 'left' | 'center' | 'right';
  /**
   * On a phone the rows are cards: the 'title' column heads the card (the first column by default),
   * every other column is a 'label: value' line, 'hide' leaves a column out of the card (a detail the
   * title already gives). Amounts and statuses stay on the card: never hide them.
   */
  mobile?: 'title' | 'hide';
  /** the card's label when the header is not plain text (e.g. an icon or an sr-only span) */
  mobileLabel?: string;
  /** the list's sort key of this column (one of the contract's `…_SORTS`): its header sorts the rows */
  sortKey?: string;
  /** the order a first click on the header asks ('asc' by default; 'desc' for amounts and dates) */
  sortFirst?: SortOrder;
};

/**
 * How the rows are sorted (on the server) and how to sort them otherwise (`useListSort`). A click on a
 * sortable header asks its column in its first order, or the other order when it is the sorted one.
 */
export type DataTableSorting = {
  sort: string;
  order: SortOrder;
  onSort: (sort: string, order: SortOrder) => void;
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
  /** the sort of the rows: the columns with a `sortKey` get a header button and `aria-sort` */
  sorting?: DataTableSorting;
  /** the table's accessible name, e.g. 'Liste des dépenses' */
  caption?: string;
  className?: string;
  /**
   * 'cards' (default): below 640 px the rows are cards showing every column, so that no amount or
   * status hides off-screen; 'table': the table scrolls sideways in its frame (a document whose
   * columns read across, or two narrow columns).
   */
  phoneLayout?: 'cards' | 'table';
};

const alignClass = { left: 'text-left', center: 'text-center', right: 'text-right' } as const;

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** A sortable header: the header's text and an arrow (up: ascending, down: descending, both: not sorted). */
function SortButton({
  order,
  onClick,
  children,
}: {
  order: SortOrder | null;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex items-center gap-1 rounded uppercase tracking-wide hover:text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {children}
      <svg aria-hidden="true" viewBox="0 0 12 12" className="h-3 w-3 shrink-0" fill="currentColor">
        {order !== 'desc' && <path d="M6 1.5 9.5 5h-7z" opacity={order ? 1 : 0.4} />}
        {order !== 'asc' && <path d="M6 10.5 2.5 7h7z" opacity={order ? 1 : 0.4} />}
      </svg>
    </button>
  );
}

const defaultKey = (row: unknown, index: number): Key => {
  const id = (row as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : index;
};

/**
 * The pagination of a list the server answers a page at a time (`{ data, meta: { limit, total } }`); none
 * before its first answer.
 */
export function pagesOf(
  answer: { meta: { limit: number; total: number } } | undefined,
  page: number,
  onPageChange: (page: number) => void,
): DataTablePagination | undefined {
  return answer ? { page, limit: answer.meta.limit, total: answer.meta.total, onPageChange } : undefined;
}

/** 0 and 1 take the singular in French. */
const resultCount = (total: number) => `${total} ${total > 1 ? 'résultats' : 'résultat'}`;

/** The pagination's one wording, everywhere: 'Page 2 sur 7'. */
export const pageOf = (page: number, pageCount: number) => `Page ${page} sur ${pageCount}`;

/** Phones: below Tailwind's `sm`. */
export const PHONE_QUERY = '(max-width: 639px)';

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
  sorting,
  caption,
  className,
  phoneLayout = 'cards',
}: DataTableProps<Row>) {
  const phone = useMediaQuery(PHONE_QUERY);
  const list = rows ?? [];

  const onRowKeyDown = (event: KeyboardEvent<HTMLElement>, row: Row) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowClick?.(row);
    }
  };

  const cards = phone && phoneLayout === 'cards';

  return (
    <div className={cn('w-full', className)}>
      {cards ? (
        <DataCards
          columns={columns}
          rows={list}
          loading={loading}
          emptyText={emptyText}
          getRowKey={getRowKey}
          onRowClick={onRowClick}
          onRowKeyDown={onRowKeyDown}
          caption={caption}
          sorting={sorting}
        />
      ) : (
        <div
          // `relative`: the sr-only caption is positioned inside the scroll box, not against the page
          className="relative w-full overflow-x-auto rounded-lg border border-slate-200 bg-white"
          // A scrollable region must be reachable from the keyboard to scroll it.
          tabIndex={0}
          role="region"
          aria-label={caption ?? 'Tableau'}
        >
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            {caption && <caption className="sr-only">{caption}</caption>}
            <thead className="bg-slate-50">
              <tr>
                {columns.map((column) => {
                  const sortable = sorting && column.sortKey ? sorting : null;
                  const order = sortable && sortable.sort === column.sortKey ? sortable.order : null;
                  return (
                    <th
                      key={column.key}
                      scope="col"
                      aria-sort={sortable ? (order ? ARIA_SORT[order] : 'none') : undefined}
                      className={cn(
                        'whitespace-nowrap px-3 py-2.5 text-xs font-semibold uppercase tracking-wide text-slate-600',
                        alignClass[column.align ?? 'left'],
                        column.className,
                      )}
                    >
                      {sortable && column.sortKey ? (
                        <SortButton
                          order={order}
                          onClick={() => {
                            if (!column.sortKey) return;
                            const next = order
                              ? order === 'asc'
                                ? 'desc'
                                : 'asc'
                              : (column.sortFirst ?? 'asc');
                            sortable.onSort(column.sortKey, next);
                          }}
                        >
                          {column.header}
                        </SortButton>
                      ) : (
                        column.header
                      )}
                    </th>
                  );
                })}
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
                    data-row=""
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
      )}
      {pagination && <Pager pagination={pagination} loading={loading} />}
    </div>
  );
}

/**
 * A list's pager: the count of results, 'Précédent', 'Page n sur m', 'Suivant'. While the list loads it
 * shows no count and both buttons are disabled; `live` reads the page's number out when it changes.
 */
export function Pager({
  pagination,
  loading = false,
  live = true,
}: {
  pagination: DataTablePagination;
  loading?: boolean;
  live?: boolean;
}) {
  const pageCount = Math.max(1, Math.ceil(pagination.total / Math.max(1, pagination.limit)));
  return (
    <nav
      aria-label="Pagination"
      className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600"
    >
      {/* no count before the first answer: '0 résultat' beside 'Patientez' would be wrong */}
      <p>{loading ? null : resultCount(pagination.total)}</p>
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={pagination.page <= 1 || loading}
          onClick={() => pagination.onPageChange(pagination.page - 1)}
        >
          Précédent
        </Button>
        <span aria-live={live ? 'polite' : undefined} className="whitespace-nowrap tabular-nums">
          {pageOf(Math.min(pagination.page, pageCount), pageCount)}
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
  );
}

/** The rows as cards on a phone: the title column, then each other column as 'label: value'. */
function DataCards<Row>({
  columns,
  rows,
  loading,
  emptyText,
  getRowKey,
  onRowClick,
  onRowKeyDown,
  caption,
  sorting,
}: {
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  loading: boolean;
  emptyText: ReactNode;
  getRowKey: (row: Row, index: number) => Key;
  onRowClick?: (row: Row) => void;
  onRowKeyDown: (event: KeyboardEvent<HTMLElement>, row: Row) => void;
  caption?: string;
  sorting?: DataTableSorting;
}) {
  const shown = columns.filter((column) => column.mobile !== 'hide');
  const title = shown.find((column) => column.mobile === 'title') ?? shown[0];
  const lines = shown.filter((column) => column !== title);
  const labelled = lines.filter((column) => column.mobileLabel ?? textOf(column.header));
  const unlabelled = lines.filter((column) => !(column.mobileLabel ?? textOf(column.header)));
  const frame = 'w-full rounded-lg border border-slate-200 bg-white';
  const picker = sorting && <SortPicker columns={columns} sorting={sorting} />;
  if (loading || rows.length === 0) {
    return (
      <>
        {picker}
        <div className={cn(frame, 'px-3 py-8 text-center text-slate-600')}>
          {loading ? <Spinner label="Patientez" showLabel className="justify-center" /> : emptyText}
        </div>
      </>
    );
  }
  return (
    <>
      {picker}
      <ul aria-label={caption ?? 'Liste'} className={cn(frame, 'divide-y divide-slate-100')}>
        {rows.map((row, index) => (
          <li
            key={getRowKey(row, index)}
            data-row=""
            onClick={onRowClick ? () => onRowClick(row) : undefined}
            onKeyDown={onRowClick ? (event) => onRowKeyDown(event, row) : undefined}
            tabIndex={onRowClick ? 0 : undefined}
            className={cn(
              'px-3 py-3 text-sm text-slate-800',
              onRowClick && 'cursor-pointer hover:bg-brand-50 focus-visible:bg-brand-50',
            )}
          >
            {title && <div className="break-words font-medium text-slate-900">{title.cell(row, index)}</div>}
            {labelled.length > 0 && (
              <dl className="mt-1.5 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-1">
                {labelled.map((column) => (
                  <div key={column.key} className="contents">
                    <dt className="text-slate-600">{column.mobileLabel ?? column.header}</dt>
                    <dd className="min-w-0 break-words text-right">{column.cell(row, index)}</dd>
                  </div>
                ))}
              </dl>
            )}
            {unlabelled.map((column) => (
              <div key={column.key} className="mt-2 flex justify-end">
                {column.cell(row, index)}
              </div>
            ))}
          </li>
        ))}
      </ul>
    </>
  );
}

/** On a phone (no headers): the sortable columns, each in both orders, in one list to pick from. */
function SortPicker<Row>({
  columns,
  sorting,
}: {
  columns: readonly DataTableColumn<Row>[];
  sorting: DataTableSorting;
}) {
  const sortable = columns.filter((column) => column.sortKey);
  if (sortable.length === 0) return null;
  const known = sortable.some((column) => column.sortKey === sorting.sort);
  return (
    <label className="mb-2 flex items-center justify-end gap-2 text-sm text-slate-600">
      Trier par
      <select
        className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900"
        value={known ? `${sorting.sort}:${sorting.order}` : ''}
        onChange={(event) => {
          const [sort, order] = event.target.value.split(':');
          if (sort && (order === 'asc' || order === 'desc')) sorting.onSort(sort, order);
        }}
      >
        {!known && <option value="">—</option>}
        {sortable.flatMap((column) => {
          const label = column.mobileLabel ?? textOf(column.header);
          return (['asc', 'desc'] as const).map((order) => (
            <option key={`${column.sortKey}:${order}`} value={`${column.sortKey}:${order}`}>
              {`${label} (${order === 'asc' ? 'croissant' : 'décroissant'})`}
            </option>
          ));
        })}
      </select>
    </label>
  );
}

/** A header's plain text ('' for an icon or an element), to label a card's line. */
function textOf(header: ReactNode): string {
  return typeof header === 'string' || typeof header === 'number' ? String(header).trim() : '';
}
