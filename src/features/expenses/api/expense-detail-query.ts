import { useQuery } from '@tanstack/react-query';
import type { Attachment, ExpenseRequestDetail } from '@contract/expenses';
import { http } from '@/shared/api/http-client';
import { readItem, readList } from '@/shared/api/list';
import { expenseKeys } from './keys';

/** GET /expense-requests/{id}: the request with its lines, their payments and its attachments. */
export async function fetchExpenseDetail(id: number): Promise<ExpenseRequestDetail> {
  const { data } = await http.get<unknown>(`/expense-requests/${id}`);
  return readItem<ExpenseRequestDetail>(data);
}

export function useExpenseDetail(id: number) {
  return useQuery({ queryKey: expenseKeys.detail(id), queryFn: () => fetchExpenseDetail(id) });
}

/**
 * GET /expense-requests/{id}/attachments: the request's supporting documents, read with the call
 * SPEC.md section 7 names (the detail's own `attachments` show until it answers).
 */
export async function fetchExpenseAttachments(id: number): Promise<Attachment[]> {
  const { data } = await http.get<unknown>(`/expense-requests/${id}/attachments`);
  return readList<Attachment>(data);
}

export function useExpenseAttachments(id: number, fallback: Attachment[] | undefined) {
  return useQuery({
    queryKey: expenseKeys.attachments(id),
    queryFn: () => fetchExpenseAttachments(id),
    placeholderData: fallback,
  });
}
