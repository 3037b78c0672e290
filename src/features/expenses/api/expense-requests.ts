import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { List } from '@contract/common';
import type {
  Attachment,
  CreateExpenseRequestBody,
  ExpenseRequestBalance,
  ExpenseRequestBalanceQuery,
  ExpenseRequestDetail,
  ExpenseRequestListItem,
  ExpenseRequestListQuery,
} from '@contract/expenses';
import { http } from '@/shared/api/http-client';
import { IDEMPOTENCY_HEADER } from '@/shared/api/idempotency';
import { readItem, readList, readPage } from '@/shared/api/list';
import { levelEntity, type Level } from '@/shared/level/level-context';
import { entityParams } from '@/shared/level/wire';
import { errorMessage } from '@/shared/lib/errors';
import { EXPENSE_MESSAGES } from '../lib/messages';
import { expenseKeys, type ExpenseListFilters } from './keys';

/*
 * The expense requests (/expense-requests): the Level's list and its totals, one request with its
 * documents, its creation with its files, and the decisions on it.
 */

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
  if (filters.sort) params.sort = filters.sort;
  if (filters.sort && filters.order) params.order = filters.order;
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
 * when the navigation starts (src/features/expenses/routes.tsx, decision 0039): the page's own keys.
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

/** POST /expense-requests -> the new request's id. */
export async function createExpenseRequest(body: CreateExpenseRequestBody, key: string): Promise<number> {
  const { data } = await http.post<{ data: { id: number } }>('/expense-requests', body, {
    headers: { [IDEMPOTENCY_HEADER]: key },
  });
  return data.data.id;
}

/** POST /attachments (multipart), reporting the upload's progress in percent. */
export async function uploadAttachments(
  requestId: number,
  files: readonly File[],
  onProgress: (percent: number) => void,
): Promise<Attachment[]> {
  const form = new FormData();
  form.append('attachable_type', 'expense_request');
  form.append('attachable_id', String(requestId));
  for (const file of files) form.append('files', file, file.name);
  onProgress(0);
  const { data } = await http.post<{ data: Attachment[] }>('/attachments', form, {
    onUploadProgress: (event) => {
      if (event.total) onProgress(Math.round((event.loaded / event.total) * 100));
    },
  });
  return data.data;
}

/** Sends files to a saved request (the ones that failed at its creation); the request is read again. */
export function useUploadAttachments(requestId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ files, onProgress }: { files: readonly File[]; onProgress: (percent: number) => void }) =>
      uploadAttachments(requestId, files, onProgress),
    onSuccess: () => client.invalidateQueries({ queryKey: expenseKeys.all }),
  });
}

/**
 * Raised when the files of a new request failed: the request stays, its page offers to send the files
 * again (docs/features/expenses.md).
 */
export class UploadFailedError extends Error {
  constructor(
    reason: string,
    readonly requestId: number,
  ) {
    super(`${EXPENSE_MESSAGES.uploadFailedPrefix}${reason}`);
    this.name = 'UploadFailedError';
  }
}

export type CreateExpenseInput = {
  body: CreateExpenseRequestBody;
  files: readonly File[];
  idempotencyKey: string;
  onProgress: (percent: number) => void;
};

/**
 * Creates the request, then uploads its files; if the upload fails, 'Échec de l'upload des fichiers:
 * {reason or Erreur inconnue}' is raised (SPEC.md section 5) and the request stays: the user sends the
 * files again from its page.
 */
export function useCreateExpense() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, files, idempotencyKey, onProgress }: CreateExpenseInput) => {
      const id = await createExpenseRequest(body, idempotencyKey);
      if (files.length > 0) {
        try {
          await uploadAttachments(id, files, onProgress);
        } catch (error) {
          await client.invalidateQueries({ queryKey: expenseKeys.all });
          throw new UploadFailedError(errorMessage(error, EXPENSE_MESSAGES.unknownError), id);
        }
      }
      return id;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: expenseKeys.all }),
  });
}

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
