import type { JournalType } from '@contract/accounts';

/** Where a document is read: the entity of the level (API names: 'CHURCH', 'NATIONAL_OFFICE'...). */
export type DocumentEntity = { entityType: string; entityId: number };
export type Period = { from: string; to: string };

/** ['journals', entity, document, ...]: one prefix invalidates the feature or one entity's documents. */
export const journalKeys = {
  all: ['journals'] as const,
  entity: (entity: DocumentEntity) => ['journals', entity] as const,
  name: (entity: DocumentEntity) => ['journals', entity, 'name'] as const,
  treasury: (entity: DocumentEntity, period: Period, type: JournalType) =>
    ['journals', entity, 'treasury', period, type] as const,
  general: (entity: DocumentEntity, period: Period, type: JournalType | '', page: number) =>
    ['journals', entity, 'general', period, type, page] as const,
  account: (entity: DocumentEntity, period: Period, accountId: number) =>
    ['journals', entity, 'account', period, accountId] as const,
  report: (entity: DocumentEntity, period: Period) => ['journals', entity, 'report', period] as const,
  accounts: (entity: DocumentEntity) => ['journals', entity, 'accounts'] as const,
};
