import type { EntityLevel } from '@/shared/level/level-context';

/** ['budgets', ...]: one prefix invalidates the feature after any write. */
export const budgetKeys = {
  all: ['budgets'] as const,
  templates: (archived: boolean) => ['budgets', 'templates', archived] as const,
  list: (entity: EntityLevel) => ['budgets', entity, 'list'] as const,
  detail: (id: number) => ['budgets', 'detail', id] as const,
  current: (entity: EntityLevel, year: number) => ['budgets', entity, 'current', year] as const,
  consolidated: (entity: EntityLevel, year: number) => ['budgets', entity, 'consolidated', year] as const,
};
