import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BudgetTemplate, TemplateAccount, TemplateBody } from '@contract/budgets';
import { http } from '@/shared/api/http-client';
import { readList } from '@/shared/api/list';
import { budgetKeys } from './keys';

/** GET /budget-item-templates (?archived=true: the archived items too). */
export function useTemplates(archived: boolean) {
  return useQuery({
    queryKey: budgetKeys.templates(archived),
    queryFn: async () => {
      const { data } = await http.get<unknown>('/budget-item-templates', {
        params: archived ? { archived: 'true' } : {},
      });
      return readList<BudgetTemplate>(data);
    },
  });
}

export type TemplateWrite =
  | { kind: 'create'; body: TemplateBody }
  | { kind: 'update'; id: number; body: TemplateBody }
  | { kind: 'archive' | 'restore' | 'delete'; id: number };

/** Creates, edits, archives, restores or deletes an item; every template list refreshes. */
export function useTemplateWrite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (write: TemplateWrite) => {
      switch (write.kind) {
        case 'create':
          return http.post('/budget-item-templates', write.body);
        case 'update':
          return http.put(`/budget-item-templates/${write.id}`, write.body);
        case 'delete':
          return http.delete(`/budget-item-templates/${write.id}`);
        default:
          return http.post(`/budget-item-templates/${write.id}/${write.kind}`);
      }
    },
    onSuccess: () => client.invalidateQueries({ queryKey: budgetKeys.all }),
  });
}

/** GET /budget-item-templates/accounts: the accounts an item may follow. */
export function useTemplateAccounts() {
  return useQuery({
    queryKey: ['budgets', 'templates', 'accounts'] as const,
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const { data } = await http.get<unknown>('/budget-item-templates/accounts');
      return readList<TemplateAccount>(data);
    },
  });
}
