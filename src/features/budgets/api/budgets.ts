import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BudgetDetail,
  BudgetLinesBody,
  BudgetListAnswer,
  Consolidated,
  CreateBudgetBody,
  CurrentBudgetAnswer,
} from '@contract/budgets';
import { http } from '@/shared/api/http-client';
import { readItem } from '@/shared/api/list';
import type { EntityLevel } from '@/shared/level/level-context';
import { entityParams } from '@/shared/level/wire';
import { budgetKeys } from './keys';

/** GET /budgets?entity_type&entity_id: the Level's budgets and those submitted from the level below. */
export function useBudgetList(entity: EntityLevel | null) {
  return useQuery({
    queryKey: budgetKeys.list(entity!),
    enabled: entity !== null,
    queryFn: async () => {
      const { data } = await http.get<BudgetListAnswer>('/budgets', { params: entityParams(entity!) });
      return data;
    },
  });
}

/** GET /budgets/{id}: the budget, its lines (with actuals once approved) and what the user may do. */
export function useBudget(id: number) {
  return useQuery({
    queryKey: budgetKeys.detail(id),
    queryFn: async () => {
      const { data } = await http.get<unknown>(`/budgets/${id}`);
      return readItem<BudgetDetail>(data);
    },
  });
}

/** GET /budgets/current: the approved or finalised budget of `year` against actual. */
export function useCurrentBudget(entity: EntityLevel | null, year: number) {
  return useQuery({
    queryKey: budgetKeys.current(entity!, year),
    enabled: entity !== null,
    queryFn: async () => {
      const { data } = await http.get<CurrentBudgetAnswer>('/budgets/current', {
        params: { ...entityParams(entity!), year },
      });
      return data;
    },
  });
}

/** GET /budgets/consolidated: every approved budget below a region, a section or the office. */
export function useConsolidated(entity: EntityLevel | null, year: number) {
  return useQuery({
    queryKey: budgetKeys.consolidated(entity!, year),
    enabled: entity !== null,
    queryFn: async () => {
      const { data } = await http.get<{ data: Consolidated }>('/budgets/consolidated', {
        params: { ...entityParams(entity!), year },
      });
      return data.data;
    },
  });
}

function useBudgetWrite<V>(write: (variables: V) => Promise<BudgetDetail | null>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (detail) => {
      if (detail) client.setQueryData(budgetKeys.detail(detail.id), detail);
      return client.invalidateQueries({ queryKey: budgetKeys.all });
    },
  });
}

/** POST /budgets: a draft from the templates or from last year's budget. */
export function useCreateBudget() {
  return useBudgetWrite(async (body: CreateBudgetBody) => {
    const { data } = await http.post<unknown>('/budgets', body);
    return readItem<BudgetDetail>(data);
  });
}

/** PUT /budgets/{id}: the planned amounts of a draft or rejected budget. */
export function useSaveLines(id: number) {
  return useBudgetWrite(async (body: BudgetLinesBody) => {
    const { data } = await http.put<unknown>(`/budgets/${id}`, body);
    return readItem<BudgetDetail>(data);
  });
}

export type BudgetAction = 'submit' | 'approve' | 'reject' | 'finalize';

/** POST /budgets/{id}/{submit|approve|reject|finalize}. */
export function useBudgetAction(id: number) {
  return useBudgetWrite(async ({ action, reason }: { action: BudgetAction; reason?: string }) => {
    const { data } = await http.post<unknown>(
      `/budgets/${id}/${action}`,
      action === 'reject' ? { reason } : undefined,
    );
    return readItem<BudgetDetail>(data);
  });
}

/** DELETE /budgets/{id} (a draft). */
export function useDeleteBudget(id: number) {
  return useBudgetWrite(async () => {
    await http.delete(`/budgets/${id}`);
    return null;
  });
}
