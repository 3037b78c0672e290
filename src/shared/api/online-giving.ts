import { useQuery } from '@tanstack/react-query';
import type { GivingOptions } from '@contract/giving';
import { http } from './http-client';

/**
 * GET /giving/me: whether the signed-in member may give online, and to what (decision 0043). Shared: the
 * member's pages that offer 'Donner' (the dashboard, /mes-contributions) and the giving form read it.
 */
export const givingOptionsKey = ['giving', 'me'] as const;

export function useGivingOptions(enabled = true) {
  return useQuery({
    queryKey: givingOptionsKey,
    queryFn: async () => (await http.get<{ data: GivingOptions }>('/giving/me')).data.data,
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
