import type { JournalType } from '@contract/accounts';
import type { EntityLevel } from '@/shared/level/level-context';

export type Period = { from: string; to: string };

/** ['journals', entity, document, ...]: one prefix invalidates the feature or one entity's documents. */
export const journalKeys = {
  all: ['journals'] as const,
  entity: (entity: EntityLevel) => ['journals', entity] as const,
  treasury: (entity: EntityLevel, period: Period, type: JournalType) =>
    ['journals', entity, 'treasury', period, type] as const,
  general: (entity: EntityLevel, period: Period, type: JournalType | '', page: number) =>
    ['journals', entity, 'general', period, type, page] as const,
  account: (entity: EntityLevel, period: Period, accountId: number) =>
    ['journals', entity, 'account', period, accountId] as const,
  report: (entity: EntityLevel, period: Period) => ['journals', entity, 'report', period] as const,
  statements: (entity: EntityLevel, year: number) => ['journals', entity, 'statements', year] as const,
};
