import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '@/shared/api/http-client';
import { readList } from '@/shared/api/list';
import { EXPENSE_ACCOUNT_CATEGORIES } from '@contract/values/expenses';
import type { BudgetLine, PlannedActivity } from '@contract/expenses';
import type { EntityLevel } from '@/shared/level/level-context';
import { entityParams } from '@/shared/level/wire';
import { expenseKeys } from './keys';

/**
 * The look-ups of the expense forms (SPEC.md section 7). A failed look-up gives an empty list
 * (SPEC.md section 8) and a missing entity id gives no call at all.
 */

/** 'Charges AO,Actifs immobilisés': the types of an expense request. */
export const EXPENSE_CATEGORIES = EXPENSE_ACCOUNT_CATEGORIES.join(',');

/** GET /budgets/budget-lines?entity_type&entity_id: EXPENSE lines only, filtered here (SPEC.md section 7). */
export function useBudgetLines(entity: EntityLevel | null) {
  return useQuery({
    queryKey: expenseKeys.budgetLines(entity),
    queryFn: async () => {
      try {
        const { data } = await http.get<unknown>('/budgets/budget-lines', {
          params: entityParams(entity!),
        });
        return readList<BudgetLine>(data).filter((line) => line.category === 'EXPENSE');
      } catch {
        return [];
      }
    },
    enabled: entity !== null,
  });
}

/** GET /planned-activities?entity_type&entity_id&search. */
export function usePlannedActivities(entity: EntityLevel | null, search: string) {
  return useQuery({
    queryKey: expenseKeys.plannedActivities(entity, search),
    queryFn: async () => {
      try {
        const { data } = await http.get<unknown>('/planned-activities', {
          params: { ...entityParams(entity!), ...(search ? { search } : {}) },
        });
        return readList<PlannedActivity>(data);
      } catch {
        return [];
      }
    },
    enabled: entity !== null,
    placeholderData: keepPreviousData,
  });
}
