import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  ExpenseRequestBalance,
  ExpenseRequestBalanceQuery,
  ExpenseRequestListItem,
  ExpenseRequestListQuery,
} from '@contract/expenses';
import type { List } from '@contract/common';
import { http } from '@/shared/api/http-client';
import { readPage } from '@/shared/api/list';
import { levelEntity, type Level } from '@/shared/level/level-context';
import { entityParams } from '@/shared/level/wire';
import { expenseKeys, type ExpenseListFilters } from './keys';

type FilterPart = Omit<ExpenseListFilters, 'page' | 'limit'>;

/** A list of requests shows this many at a time. */
export const EXPENSE_PAGE_SIZE = 20;

/** The query of a list or balance: the Level's entity (none at the GLOBAL level: the server scopes), the filters set. */
export function listQuery(level: Level, filters: FilterPart): ExpenseRequestBalanceQuery {
  const query: ExpenseRequestBalanceQuery = {};
  const entity = levelEntity(level);
  if (filters.mine) query.mine = true;
  else if (entity) Object.assign(query, entityParams(entity));
  if (filters.search) query.search = filters.search;
  if (filters.status) query.status = filters.status as ExpenseRequestBalanceQuery['status'];
  if (filters.from) query.from_date = filters.from;
  if (filters.to) query.to_date = filters.to;
  return query;
}

/** GET /expense-requests: one page of the level's requests. */
export async function fetchExpenseList(
  level: Level,
  filters: ExpenseListFilters,
): Promise<List<ExpenseRequestListItem>> {
  const params: ExpenseRequestListQuery = {
    ...listQuery(level, filters),
    page: filters.page,
    limit: filters.limit,
  };
  const { data } = await http.get<unknown>('/expense-requests', { params });
  return readPage<ExpenseRequestListItem>(data, { page: filters.page, limit: filters.limit });
}

export function useExpenseList(level: Level, filters: ExpenseListFilters) {
  return useQuery({
    queryKey: expenseKeys.list(level, filters),
    queryFn: () => fetchExpenseList(level, filters),
    placeholderData: keepPreviousData,
  });
}

/** GET /expense-requests-balance: the totals of the same filters. */
export async function fetchExpenseBalance(level: Level, filters: FilterPart): Promise<ExpenseRequestBalance> {
  const { data } = await http.get<{ data: ExpenseRequestBalance }>('/expense-requests-balance', {
    params: listQuery(level, filters),
  });
  return data.data;
}

export function useExpenseBalance(level: Level, filters: FilterPart) {
  return useQuery({
    queryKey: expenseKeys.balance(level, filters),
    queryFn: () => fetchExpenseBalance(level, filters),
    placeholderData: keepPreviousData,
  });
}

/**
 * The first page of a list as it opens (no search, every status and date) and its totals, asked for
 * when the navigation starts (issue 30; src/features/expenses/routes.tsx): the page's own keys.
 */
export function prefetchExpenseList(client: QueryClient, level: Level, mine: boolean): void {
  const filters: FilterPart = { search: '', status: '', from: '', to: '', mine };
  const first = { ...filters, page: 1, limit: EXPENSE_PAGE_SIZE };
  void client.prefetchQuery({
    queryKey: expenseKeys.list(level, first),
    queryFn: () => fetchExpenseList(level, first),
  });
  void client.prefetchQuery({
    queryKey: expenseKeys.balance(level, filters),
    queryFn: () => fetchExpenseBalance(level, filters),
  });
}
