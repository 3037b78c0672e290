import type { Level } from '@/shared/level/level-context';
import type { OrgKind } from '../kinds';

import type { ListSort } from '@contract/values/common';
import type { ArchivedFilter } from '@contract/org';

/** A list's search, page, archive filter and order (`sort` one of the kind's keys: kinds.ts `sorts`). */
export type OrgListParams = {
  search: string;
  page: number;
  limit: number;
  archived?: ArchivedFilter;
} & ListSort;

/** ['org', level, kind, ...]: one prefix invalidates the lists, a level, or one kind (entities: shared/org). */
export const orgKeys = {
  all: ['org'] as const,
  level: (level: Level) => ['org', level] as const,
  list: (level: Level, kind: OrgKind, params: OrgListParams) => ['org', level, kind, 'list', params] as const,
};
