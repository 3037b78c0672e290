import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExpenseRequestDetail } from '@contract/expenses';
import { http } from '@/shared/api/http-client';
import { readItem } from '@/shared/api/list';
import { expenseKeys } from './keys';

export type RequestAction = 'approved' | 'validated' | 'rejected' | 'verified';

/** PUT /expense-requests/{id}/{approved|validated|rejected|verified}: the request as it now is. */
export async function actOnRequest(
  id: number,
  action: RequestAction,
  body: { user_id?: number; reason?: string },
): Promise<ExpenseRequestDetail> {
  const { data } = await http.put<unknown>(`/expense-requests/${id}/${action}`, body);
  return readItem<ExpenseRequestDetail>(data);
}

/** Approve, reject, validate or verify a request; the detail and every list refresh. */
export function useRequestAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: RequestAction; body: { user_id?: number; reason?: string } }) =>
      actOnRequest(id, action, body),
    onSuccess: (detail) => {
      if (detail && typeof detail === 'object' && 'id' in detail)
        client.setQueryData(expenseKeys.detail(id), detail);
      return client.invalidateQueries({ queryKey: expenseKeys.all });
    },
  });
}
