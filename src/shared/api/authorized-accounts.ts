import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OperationAccount } from '@contract/accounts';
import type { EntityLevel } from '@/shared/level/level-context';
import { entityParams } from '@/shared/level/wire';
import { http } from './http-client';
import { readList } from './list';

/**
 * GET /operation-accounts/authorized: the operation accounts an entity may use (SPEC.md section 7),
 * of some categories (comma-separated names) or all, matching a search. Every feature that picks an
 * account reads them here.
 */
export async function fetchAuthorizedAccounts(
  entity: EntityLevel,
  categories?: string,
  search = '',
  signal?: AbortSignal,
): Promise<OperationAccount[]> {
  const { data } = await http.get<unknown>('/operation-accounts/authorized', {
    params: { ...entityParams(entity), ...(categories ? { categories } : {}), ...(search ? { search } : {}) },
    signal,
  });
  return readList<OperationAccount>(data);
}

export const authorizedAccountsKey = (entity: EntityLevel | null, categories = '', search = '') =>
  ['accounts', 'authorized', entity, categories, search] as const;

/** The accounts of an entity (none: the query waits). A failure is the query's error: no retry. */
export function useAuthorizedAccounts(entity: EntityLevel | null, categories?: string, search = '') {
  return useQuery({
    queryKey: authorizedAccountsKey(entity, categories, search),
    queryFn: ({ signal }) => fetchAuthorizedAccounts(entity!, categories, search, signal),
    enabled: entity !== null,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
