import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentBody, PaymentResult } from '@contract/expenses';
import { http } from '@/shared/api/http-client';
import { IDEMPOTENCY_HEADER } from '@/shared/api/idempotency';
import { expenseKeys } from './keys';

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
