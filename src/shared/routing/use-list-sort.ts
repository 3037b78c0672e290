import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ListSort, SortOrder } from '@contract/common';
import type { DataTableSorting } from '@/shared/ui/data-table';

export type ListSortState<K extends string> = {
  /** what the list call sends: empty while the URL asks nothing (the server's default order) */
  query: ListSort<K>;
  /** for `DataTable`'s `sorting`: the order shown (the default's when the URL asks nothing) */
  table: DataTableSorting;
};

const isOrder = (value: string | null): value is SortOrder => value === 'asc' || value === 'desc';

/**
 * The sort of a list, kept in the URL beside its filters and its page (`?sort=amount&order=desc`), so
 * that a reload or a shared link shows the same order. `keys` are the list's sorts of the contract
 * (`CONTRIBUTION_SORTS`): a key of the URL the list does not know is ignored (the default order, no
 * 400). Sorting otherwise goes back to page 1 (`page` leaves the URL; a page kept in state must count
 * `query` among its filters).
 */
export function useListSort<K extends string>(
  keys: readonly K[],
  fallback: { sort: K; order: SortOrder },
): ListSortState<K> {
  const [params, setParams] = useSearchParams();
  const asked = params.get('sort');
  const askedOrder = params.get('order');
  const sort = asked !== null && (keys as readonly string[]).includes(asked) ? (asked as K) : undefined;
  const order = isOrder(askedOrder) ? askedOrder : undefined;

  const onSort = useCallback(
    (next: string, nextOrder: SortOrder) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('sort', next);
          updated.set('order', nextOrder);
          updated.delete('page');
          return updated;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return useMemo(() => {
    const query: ListSort<K> = {};
    if (sort) query.sort = sort;
    if (sort && order) query.order = order;
    return {
      query,
      table: {
        sort: sort ?? fallback.sort,
        // a sort asked without its order is ascending, as the server takes it
        order: sort ? (order ?? 'asc') : fallback.order,
        onSort,
      },
    };
  }, [sort, order, fallback.sort, fallback.order, onSort]);
}
