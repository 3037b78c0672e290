import type { Level } from '@/shared/level/level-context';
import type { OrgKind } from '../kinds';

export type OrgListParams = { search: string; page: number; limit: number };

/** ['org', level, kind, ...]: one prefix invalidates the feature, a level, or one kind. */
export const orgKeys = {
  all: ['org'] as const,
  level: (level: Level) => ['org', level] as const,
  list: (level: Level, kind: OrgKind, params: OrgListParams) => ['org', level, kind, 'list', params] as const,
  detail: (level: Level, kind: OrgKind, id: number) => ['org', level, kind, 'detail', id] as const,
};
