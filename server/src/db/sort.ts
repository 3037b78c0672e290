import { sql, type SQL } from 'drizzle-orm';
import { SORT_MESSAGES, type ListSort, type SortOrder } from '../../../contract/common';
import { httpError } from '../http/errors';

/**
 * A sortable list's whitelist: each key of the wire (`amount`) and the SQL it sorts by (`c.amount`,
 * or several columns for a name: `[u.lastname, u.firstname]`). Only these fragments reach the SQL:
 * the caller's text never does.
 */
export type SortColumns<K extends string> = Readonly<Record<K, SortColumn>>;

/** One key's columns; `nulls: 'last'` keeps the rows without a value at the end in both directions. */
export type SortColumn = SQL | readonly SQL[] | { by: SQL | readonly SQL[]; nulls: 'last' };

/** The order a list has when the query asks none. */
export type DefaultSort<K extends string> = { sort: K; order: SortOrder };

/**
 * The ORDER BY of a list (without the keywords): the whitelisted columns of `query.sort` (the list's
 * default when absent) in `query.order` (ascending when a sort is asked without one, the default's
 * when neither is), then `id` in the same direction, so that rows with equal values keep one order
 * from a page to the next. An unknown key is a 400 (the contract refuses it first; this guards a
 * caller that skipped it).
 */
export function orderBy<K extends string>(
  columns: SortColumns<K>,
  query: ListSort<K>,
  fallback: DefaultSort<K>,
  id: SQL,
): SQL {
  const key = query.sort ?? fallback.sort;
  if (!Object.hasOwn(columns, key)) throw httpError(400, SORT_MESSAGES.unknown(Object.keys(columns)));
  const order: SortOrder = query.order ?? (query.sort === undefined ? fallback.order : 'asc');
  const direction = sql.raw(order === 'desc' ? 'desc' : 'asc');
  const picked: SortColumn = columns[key];
  const nullsLast = 'nulls' in picked;
  const by = 'nulls' in picked ? picked.by : picked;
  const list: readonly SQL[] = Array.isArray(by) ? by : [by as SQL];
  const nulls = sql.raw(nullsLast ? ' nulls last' : '');
  return sql.join(
    [...list.map((column) => sql`${column} ${direction}${nulls}`), sql`${id} ${direction}`],
    sql`, `,
  );
}
