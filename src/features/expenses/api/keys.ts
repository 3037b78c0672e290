import type { ListSort } from '@contract/values/common';
import type { ExpenseRequestSort } from '@contract/values/expenses';
import type { EntityLevel, Level } from '@/shared/level/level-context';

export type ExpenseListFilters = {
  search: string;
  status: string;
  from: string;
  to: string;
  page: number;
  limit: number;
  /** the signed-in user's own requests (/mes-requetes) */
  mine: boolean;
} & ListSort<ExpenseRequestSort>;

/** ['expenses', level, ...]: one prefix invalidates the feature, a level, or one request. */
export const expenseKeys = {
  all: ['expenses'] as const,
  level: (level: Level) => ['expenses', level] as const,
  list: (level: Level, filters: ExpenseListFilters) => ['expenses', level, 'list', filters] as const,
  balance: (level: Level, filters: Omit<ExpenseListFilters, 'page' | 'limit'>) =>
    ['expenses', level, 'balance', filters] as const,
  details: () => ['expenses', 'detail'] as const,
  detail: (id: number) => ['expenses', 'detail', id] as const,
  attachments: (id: number) => ['expenses', 'detail', id, 'attachments'] as const,
  budgetLines: (entity: EntityLevel | null) => ['expenses', 'lookup', 'budget-lines', entity] as const,
  plannedActivities: (entity: EntityLevel | null, search: string) =>
    ['expenses', 'lookup', 'planned-activities', entity, search] as const,
};
