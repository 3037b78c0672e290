import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExpenseLine, ExpenseLineBody, PaymentBody, PaymentResult } from '@contract/expenses';
import { http } from '@/shared/api/http-client';
import { IDEMPOTENCY_HEADER } from '@/shared/api/idempotency';
import { readItem } from '@/shared/api/list';
import { expenseKeys } from './keys';

/* The lines of a request (/expenses): added, changed, deleted, cancelled, and paid. */

/** POST /expenses: a line added to a request still pending approval or rejected. */
export async function addExpenseLine(requestId: number, body: ExpenseLineBody): Promise<ExpenseLine> {
  const { data } = await http.post<unknown>('/expenses', { ...body, expense_request_id: requestId });
  return readItem<ExpenseLine>(data);
}

/** PUT /expenses/{id}: a line changed before approval. */
export async function updateExpenseLine(id: number, body: ExpenseLineBody): Promise<ExpenseLine> {
  const { data } = await http.put<unknown>(`/expenses/${id}`, body);
  return readItem<ExpenseLine>(data);
}

/** DELETE /expenses/{id}. */
export async function deleteExpenseLine(id: number): Promise<void> {
  await http.delete(`/expenses/${id}`);
}

/** POST /expenses/{id}/cancel: irreversible. */
export async function cancelExpenseLine(id: number): Promise<ExpenseLine> {
  const { data } = await http.post<unknown>(`/expenses/${id}/cancel`, { cancelExp: true });
  return readItem<ExpenseLine>(data);
}

/** Line writes of one request: each refreshes the request and the lists (amounts change). */
export function useLineMutations(requestId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: expenseKeys.all });
  return {
    add: useMutation({
      mutationFn: (body: ExpenseLineBody) => addExpenseLine(requestId, body),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: ExpenseLineBody }) => updateExpenseLine(id, body),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: number) => deleteExpenseLine(id), onSuccess: refresh }),
    cancel: useMutation({ mutationFn: (id: number) => cancelExpenseLine(id), onSuccess: refresh }),
  };
}

/** PUT /expenses/{id}/validate: one payment of a line, recorded once per Idempotency-Key. */
export async function payExpenseLine(lineId: number, body: PaymentBody, key: string): Promise<PaymentResult> {
  const { data } = await http.put<{ data: PaymentResult }>(`/expenses/${lineId}/validate`, body, {
    headers: { [IDEMPOTENCY_HEADER]: key },
  });
  return data.data;
}

export function usePayExpenseLine(lineId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: PaymentBody; key: string }) => payExpenseLine(lineId, body, key),
    onSuccess: () => client.invalidateQueries({ queryKey: expenseKeys.all }),
  });
}
