import type { Key, ReactNode } from 'react';
import { cn } from '@/shared/lib/cn';

export type SimpleColumn<Row> = {
  key: string;
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  /** classes of the column's cells: header, rows and footer (after the table's `cellClassName`) */
  className?: string;
  /** classes of the column's header cell only */
  headerClassName?: string;
  /** classes of the column's row cells only, or of each row's */
  cellClassName?: string | ((row: Row) => string | undefined);
  /** the cell names its row (a <th scope="row">) */
  rowHeader?: boolean;
  /** the column's cell of the footer (a total); there is a footer when a column has one */
  footer?: ReactNode;
  /** classes of the column's footer cell only */
  footerClassName?: string;
  /** the footer's cell names its row (a <th scope="row">) */
  footerHeader?: boolean;
};

export type SimpleTableProps<Row> = {
  columns: readonly (SimpleColumn<Row> | false | null | undefined)[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => Key;
  /** the table's name: a <caption>, read by screen readers only unless `captionClassName` says otherwise */
  caption?: ReactNode;
  captionClassName?: string;
  /** the table's name when it has no caption */
  'aria-label'?: string;
  className?: string;
  /** classes of every cell, before the column's own */
  cellClassName?: string;
  headClassName?: string;
  headRowClassName?: string;
  bodyClassName?: string;
  rowClassName?: string;
  footClassName?: string;
  /** a `data-testid` of each row */
  rowTestId?: (row: Row) => string;
  /**
   * the table scrolls sideways in a frame of its own on a narrow screen: a region of this name,
   * reachable from the keyboard, with these classes
   */
  scroll?: { label: string; className: string };
};

/**
 * A plain table of a few rows (a statement, a schedule, a ranking): a header row, one row per item and
 * an optional footer of totals, styled by the caller so that a printed document keeps its own look.
 * A list of records with pages and cards on a phone is a `DataTable`.
 */
export function SimpleTable<Row>({
  columns: given,
  rows,
  rowKey,
  caption,
  captionClassName = 'sr-only',
  'aria-label': label,
  className,
  cellClassName,
  headClassName,
  headRowClassName,
  bodyClassName,
  rowClassName,
  footClassName,
  rowTestId,
  scroll,
}: SimpleTableProps<Row>) {
  const columns = given.filter((column): column is SimpleColumn<Row> => Boolean(column));
  const hasFooter = columns.some((column) => column.footer !== undefined);
  const table = (
    <table className={className} aria-label={label}>
      {caption !== undefined && <caption className={captionClassName || undefined}>{caption}</caption>}
      <thead className={headClassName}>
        <tr className={headRowClassName}>
          {columns.map((column) => (
            <th
              key={column.key}
              scope="col"
              className={cn(cellClassName, column.className, column.headerClassName) || undefined}
            >
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={bodyClassName}>
        {rows.map((row, index) => (
          <tr key={rowKey(row, index)} className={rowClassName} data-testid={rowTestId?.(row)}>
            {columns.map((column) => {
              const own =
                typeof column.cellClassName === 'function' ? column.cellClassName(row) : column.cellClassName;
              const classes = cn(cellClassName, column.className, own) || undefined;
              return column.rowHeader ? (
                <th key={column.key} scope="row" className={classes}>
                  {column.cell(row, index)}
                </th>
              ) : (
                <td key={column.key} className={classes}>
                  {column.cell(row, index)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
      {hasFooter && (
        <tfoot className={footClassName}>
          <tr>
            {columns.map((column) => {
              const classes = cn(cellClassName, column.className, column.footerClassName) || undefined;
              return column.footerHeader ? (
                <th key={column.key} scope="row" className={classes}>
                  {column.footer}
                </th>
              ) : (
                <td key={column.key} className={classes}>
                  {column.footer}
                </td>
              );
            })}
          </tr>
        </tfoot>
      )}
    </table>
  );
  if (!scroll) return table;
  return (
    <div role="region" aria-label={scroll.label} tabIndex={0} className={scroll.className}>
      {table}
    </div>
  );
}
