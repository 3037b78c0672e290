import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Attachment, CreateExpenseRequestBody } from '@contract/expenses';
import { http } from '@/shared/api/http-client';
import { IDEMPOTENCY_HEADER } from '@/shared/api/idempotency';
import { errorMessage } from '@/shared/lib/errors';
import { EXPENSE_MESSAGES } from '../lib/messages';
import { expenseKeys } from './keys';

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

/**
 * Raised when the files of a new request failed: the request stays (issue 28), its page offers to
 * send the files again.
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
 * files again from its page (issue 28).
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
