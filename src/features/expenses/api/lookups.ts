import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ACCOUNT_CATEGORIES, type OperationAccount } from '@contract/accounts';
import type { EntityRef } from '@contract/common';
import { http } from '@/shared/api/http-client';
import { readList } from '@/shared/api/list';
import {
  EXPENSE_ACCOUNT_CATEGORIES,
  type BudgetLine,
  type PlannedActivity,
  type RecipientEntityType,
} from '@contract/expenses';
import { expenseKeys, type ExpenseEntity } from './keys';

/**
 * The look-ups of the expense forms (SPEC.md section 7). A failed look-up gives an empty list
 * (SPEC.md section 8) and a missing entity id gives no call at all.
 */

/** 'Charges AO,Actifs immobilisés': the types of an expense request. */
export const EXPENSE_CATEGORIES = EXPENSE_ACCOUNT_CATEGORIES.join(',');
/** The accounts money is paid from. */
export const TREASURY_ACCOUNT_CATEGORIES = ACCOUNT_CATEGORIES.TREASURY;

/** GET /operation-accounts/authorized?entity_type&entity_id&categories&search. Rejects on failure (the caller falls back). */
export async function fetchAuthorizedAccounts(
  entity: ExpenseEntity,
  categories: string,
  search = '',
): Promise<OperationAccount[]> {
  const { data } = await http.get<unknown>('/operation-accounts/authorized', {
    params: {
      entity_type: entity.entityType,
      entity_id: entity.entityId,
      categories,
      ...(search ? { search } : {}),
    },
  });
  return readList<OperationAccount>(data);
}

export function useAuthorizedAccounts(entity: ExpenseEntity | null, categories: string, search = '') {
  return useQuery({
    queryKey: expenseKeys.accounts(entity, categories, search),
    queryFn: () => fetchAuthorizedAccounts(entity as ExpenseEntity, categories, search),
    enabled: entity !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /budgets/budget-lines?entity_type&entity_id: EXPENSE lines only, filtered here (SPEC.md section 7). */
export function useBudgetLines(entity: ExpenseEntity | null) {
  return useQuery({
    queryKey: expenseKeys.budgetLines(entity),
    queryFn: async () => {
      try {
        const { data } = await http.get<unknown>('/budgets/budget-lines', {
          params: { entity_type: entity?.entityType, entity_id: entity?.entityId },
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
export function usePlannedActivities(entity: ExpenseEntity | null, search: string) {
  return useQuery({
    queryKey: expenseKeys.plannedActivities(entity, search),
    queryFn: async () => {
      try {
        const { data } = await http.get<unknown>('/planned-activities', {
          params: {
            entity_type: entity?.entityType,
            entity_id: entity?.entityId,
            ...(search ? { search } : {}),
          },
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

const RECIPIENT_ENDPOINTS: Record<Exclude<RecipientEntityType, 'national_office'>, string> = {
  church: '/churches',
  section: '/sections',
  region: '/regions',
  activity_group: '/activity-groups',
};

/** The recipients of a system_entity donation: 10 entities of the type matching `search`. */
export function useRecipientEntities(type: RecipientEntityType | '', search: string) {
  const searchable = type !== '' && type !== 'national_office';
  return useQuery({
    queryKey: expenseKeys.recipients(type, search),
    queryFn: async () => {
      try {
        const { data } = await http.get<unknown>(
          RECIPIENT_ENDPOINTS[type as Exclude<RecipientEntityType, 'national_office'>],
          { params: { limit: 10, ...(search ? { search } : {}) } },
        );
        return readList<{ id: number; name?: string; title?: string }>(data).map((row) => ({
          id: row.id,
          name: row.name ?? row.title ?? String(row.id),
        }));
      } catch {
        return [];
      }
    },
    enabled: searchable,
    placeholderData: keepPreviousData,
  });
}

/** GET /national-office: the national office a system_entity donation goes to, chosen automatically. */
export function useNationalOffice(enabled: boolean) {
  return useQuery({
    queryKey: expenseKeys.nationalOffice(),
    queryFn: async (): Promise<EntityRef | null> => {
      try {
        const { data } = await http.get<{ data?: EntityRef | null }>('/national-office');
        return data?.data ?? null;
      } catch {
        return null;
      }
    },
    enabled,
    staleTime: 5 * 60_000,
  });
}
