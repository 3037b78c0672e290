import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FaithfulSummary } from '@contract/faithful';
import { http } from './http-client';
import { readList } from './list';

/** SPEC.md section 9: a user search gives 20 faithful at most. */
export const FAITHFUL_SEARCH_LIMIT = 20;

/**
 * GET /users?role=faithful&search&limit=20 (+ church_id): the faithful a form lets the user choose
 * (a position's holder, a contributor, a faithful to transfer). Only faithful can be chosen (SPEC.md
 * section 5); a failed lookup gives an empty list (section 8), a refused one too, without leaving the
 * page (a department's leader reads its contributions without searching the church's faithful,
 * decision 0047). Pass the search already debounced.
 */
export function useFaithfulSearch(
  search: string,
  { churchId = null, enabled = true }: { churchId?: number | null; enabled?: boolean } = {},
) {
  return useQuery({
    // under 'faithful': creating, editing or importing faithful refreshes the choices too
    queryKey: ['faithful', 'search', churchId, search],
    queryFn: async () => {
      try {
        const { data } = await http.get<unknown>('/users', {
          params: {
            role: 'faithful',
            limit: FAITHFUL_SEARCH_LIMIT,
            ...(churchId !== null ? { church_id: churchId } : {}),
            ...(search ? { search } : {}),
          },
          forbiddenIsAnswer: true,
        });
        return readList<FaithfulSummary>(data);
      } catch {
        return [];
      }
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}
