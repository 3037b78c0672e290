import { useQuery } from '@tanstack/react-query';
import type { ExpenseRequestDetail } from '@contract/expenses';
import { http } from '@/shared/api/http-client';
import { readItem } from '@/shared/api/list';
import { expenseKeys } from './keys';

/** GET /expense-requests/{id}: the request with its lines, their payments and its attachments. */
export async function fetchExpenseDetail(id: number): Promise<ExpenseRequestDetail> {
  const { data } = await http.get<unknown>(`/expense-requests/${id}`);
  return readItem<ExpenseRequestDetail>(data);
}

export function useExpenseDetail(id: number) {
  return useQuery({ queryKey: expenseKeys.detail(id), queryFn: () => fetchExpenseDetail(id) });
}
