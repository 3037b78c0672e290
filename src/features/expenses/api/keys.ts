import type { EntityType } from '@contract/common';
import type { Level } from '@/shared/level/level-context';

/** The entity an expense request belongs to (the API's upper-case type). */
export type ExpenseEntity = { entityType: EntityType; entityId: number };

export type ExpenseListFilters = {
  search: string;
  status: string;
  from: string;
  to: string;
  page: number;
  limit: number;
  /** the signed-in user's own requests (/mes-requetes) */
  mine: boolean;
};

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
  accounts: (entity: ExpenseEntity | null, categories: string, search: string) =>
    ['expenses', 'lookup', 'accounts', entity, categories, search] as const,
  budgetLines: (entity: ExpenseEntity | null) => ['expenses', 'lookup', 'budget-lines', entity] as const,
  plannedActivities: (entity: ExpenseEntity | null, search: string) =>
    ['expenses', 'lookup', 'planned-activities', entity, search] as const,
  recipients: (type: string, search: string) => ['expenses', 'lookup', 'recipients', type, search] as const,
  nationalOffice: () => ['expenses', 'lookup', 'national-office'] as const,
};
