import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountAdmin, AccountBody } from '@contract/accounts';
import { http } from '@/shared/api/http-client';
import { readItem, readList } from '@/shared/api/list';

/** The chart of operation accounts (admin) and the accounts forbidden to a national office (decision 0025). */

export const accountKeys = {
  all: ['accounts'] as const,
  list: (archived: boolean) => ['accounts', 'list', archived] as const,
  detail: (id: number) => ['accounts', 'detail', id] as const,
  forbidden: (officeId: number) => ['accounts', 'forbidden', officeId] as const,
};

/** GET /operation-accounts?archived= */
export function useAccountList(archived: boolean) {
  return useQuery({
    queryKey: accountKeys.list(archived),
    queryFn: async () => {
      const { data } = await http.get<unknown>('/operation-accounts', {
        params: { archived: String(archived) },
      });
      return readList<AccountAdmin>(data);
    },
  });
}

/** GET /operation-accounts/{id} */
export function useAccount(id: number | null) {
  return useQuery({
    queryKey: accountKeys.detail(id ?? 0),
    enabled: id !== null,
    queryFn: async () => {
      const { data } = await http.get<unknown>(`/operation-accounts/${id}`);
      return readItem<AccountAdmin>(data);
    },
  });
}

function useAccountWrite<V>(write: (variables: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.all }),
  });
}

/** POST /operation-accounts */
export function useCreateAccount() {
  return useAccountWrite(async (body: AccountBody) => {
    const { data } = await http.post<unknown>('/operation-accounts', body);
    return readItem<AccountAdmin>(data);
  });
}

/** PUT /operation-accounts/{id} */
export function useUpdateAccount(id: number) {
  return useAccountWrite(async (body: AccountBody) => {
    const { data } = await http.put<unknown>(`/operation-accounts/${id}`, body);
    return readItem<AccountAdmin>(data);
  });
}

/** POST /operation-accounts/{id}/archive | restore */
export function useArchiveAccount(id: number) {
  return useAccountWrite(async (archive: boolean) => {
    await http.post(`/operation-accounts/${id}/${archive ? 'archive' : 'restore'}`);
  });
}

/** GET /national-offices/{id}/forbidden-accounts */
export function useForbiddenAccounts(officeId: number | null) {
  return useQuery({
    queryKey: accountKeys.forbidden(officeId ?? 0),
    enabled: officeId !== null,
    queryFn: async () => {
      const { data } = await http.get<{ data: { operation_account_ids: number[] } }>(
        `/national-offices/${officeId}/forbidden-accounts`,
      );
      return data.data.operation_account_ids;
    },
  });
}

/** PUT /national-offices/{id}/forbidden-accounts */
export function useSaveForbiddenAccounts(officeId: number) {
  return useAccountWrite(async (ids: number[]) => {
    await http.put(`/national-offices/${officeId}/forbidden-accounts`, { operation_account_ids: ids });
  });
}
