import { useEffect, useRef, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { cn } from '@/shared/lib/cn';

export type LedgerColumn<Row> = {
  key: string;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right';
  className?: string;
};

const align = (column: { align?: 'left' | 'right' }) =>
  column.align === 'right' ? 'text-right' : 'text-left';

/** Rows rendered around the visible window; the rest are spacers, so 5,000 rows scroll smoothly. */
const OVERSCAN = 12;
/** Every row has this height on screen (cells on one line, long text truncated with its full text in
 * a tooltip): no measuring, so scrolling never reflows. Printed rows wrap freely. */
export const ROW_HEIGHT = 37;

/**
 * A journal table: its own header (`head`, a <thead>), an optional first line (the opening balance),
 * virtualised rows (only those in view are in the DOM), and a footer (totals). While `printing`, every
 * row is rendered so that the whole period goes to paper.
 */
export function LedgerTable<Row extends { id: number }>({
  caption,
  head,
  columns,
  rows,
  first,
  foot,
  loading,
  emptyText,
  printing = false,
  minWidth = 720,
  onNearEnd,
  loadingMore = false,
}: {
  caption: string;
  head: ReactNode;
  columns: readonly LedgerColumn<Row>[];
  rows: readonly Row[] | undefined;
  first?: ReactNode;
  foot?: ReactNode;
  loading: boolean;
  emptyText: string;
  printing?: boolean;
  minWidth?: number;
  /** called when the rows in view come near the last loaded row (the next page is then fetched) */
  onNearEnd?: () => void;
  /** the next page is on its way: a status line after the rows */
  loadingMore?: boolean;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const list = rows ?? [];
  const virtualizer = useVirtualizer({
    count: list.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    // jsdom and the first paint have no layout yet: assume a window of ~15 rows
    initialRect: { width: minWidth, height: 640 },
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items.length > 0 ? items[0].start : 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  const span = columns.length;
  const lastInView = items.length > 0 ? items[items.length - 1].index : -1;
  useEffect(() => {
    if (onNearEnd && list.length > 0 && lastInView >= list.length - 1 - OVERSCAN * 2) onNearEnd();
  }, [onNearEnd, lastInView, list.length]);

  const renderRow = (row: Row, index: number, fixed: boolean) => (
    <tr
      key={row.id}
      data-index={index}
      style={fixed ? { height: ROW_HEIGHT } : undefined}
      className="border-t border-slate-100 even:bg-slate-50/60 print:even:bg-transparent"
    >
      {columns.map((column) => (
        <td
          key={column.key}
          className={cn('px-3 py-2 align-top', fixed && 'whitespace-nowrap', align(column), column.className)}
        >
          {column.cell(row)}
        </td>
      ))}
    </tr>
  );

  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="max-h-[70vh] w-full overflow-auto rounded-lg border border-slate-200 bg-white print:max-h-none print:overflow-visible print:border-0"
    >
      <table className="w-full text-sm" style={{ minWidth }}>
        <caption className="sr-only">{caption}</caption>
        {head}
        <tbody>
          {loading ? (
            <tr>
              <td colSpan={span} className="px-3 py-8 text-center text-slate-500">
                Patientez
              </td>
            </tr>
          ) : (
            <>
              {first}
              {list.length === 0 ? (
                <tr>
                  <td colSpan={span} className="px-3 py-8 text-center text-slate-500">
                    {emptyText}
                  </td>
                </tr>
              ) : printing ? (
                list.map((row, index) => renderRow(row, index, false))
              ) : (
                <>
                  {paddingTop > 0 && (
                    <tr aria-hidden="true">
                      <td colSpan={span} style={{ height: paddingTop, padding: 0 }} />
                    </tr>
                  )}
                  {items.map((item) => renderRow(list[item.index], item.index, true))}
                  {paddingBottom > 0 && (
                    <tr aria-hidden="true">
                      <td colSpan={span} style={{ height: paddingBottom, padding: 0 }} />
                    </tr>
                  )}
                  {loadingMore && (
                    <tr>
                      <td colSpan={span} role="status" className="px-3 py-3 text-center text-slate-600">
                        Chargement des opérations suivantes…
                      </td>
                    </tr>
                  )}
                </>
              )}
            </>
          )}
        </tbody>
        {!loading && foot}
      </table>
    </div>
  );
}

/** Header cell classes shared by the journals (sticky while the rows scroll). */
export const thClass =
  'sticky top-0 z-10 bg-slate-100 px-3 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600 print:static print:bg-transparent';
