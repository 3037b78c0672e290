import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EntityRef, EntityType } from '@contract/common';
import { http } from '@/shared/api/http-client';
import { readItem, readList } from '@/shared/api/list';
import type { EntityLevel } from '@/shared/level/level-context';

/*
 * The organisation as every feature reads it: the name of an entity, and a search of the entities of
 * one kind. One table of endpoints (SPEC.md section 7); no feature spells them again.
 */

export type OrgKind = 'national-offices' | 'regions' | 'sections' | 'churches' | 'departments';

type KindEndpoints = {
  entityType: EntityType;
  /** the list, with `search` and `limit` (and the parent filters of contract/org.ts) */
  list: string;
  /** one entity: `${item}/{id}` */
  item: string;
};

export const ORG_ENDPOINTS: Record<OrgKind, KindEndpoints> = {
  'national-offices': { entityType: 'NATIONAL_OFFICE', list: '/national-offices', item: '/national-offices' },
  regions: { entityType: 'REGION', list: '/regions', item: '/regions' },
  sections: { entityType: 'SECTION', list: '/sections', item: '/sections' },
  churches: { entityType: 'CHURCH', list: '/churches', item: '/churches' },
  // SPEC.md section 7: departments (activity groups) are searched at /activity-groups, named at /activity-groupes/{id}.
  departments: { entityType: 'ACTIVITY_GROUP', list: '/activity-groups', item: '/activity-groupes' },
};

/** The kind of the entities of a role group (contract/roles: 'national_offices'...). */
export const KIND_OF_GROUP = {
  national_offices: 'national-offices',
  regions: 'regions',
  sections: 'sections',
  churches: 'churches',
} as const satisfies Record<string, OrgKind>;

export const KIND_OF: Record<EntityType, OrgKind> = {
  NATIONAL_OFFICE: 'national-offices',
  REGION: 'regions',
  SECTION: 'sections',
  CHURCH: 'churches',
  ACTIVITY_GROUP: 'departments',
};

/** An entity as the lists and pickers show it. */
export type EntityOption = { id: number; name: string };

export type EntitySearch = {
  search?: string;
  /** SPEC.md section 9: entity search 10 */
  limit?: number;
  /** parent filters (region_id, section_id...) */
  filter?: Record<string, number>;
};

/** ['org', ...]: the organisation's lookups, shared by every feature. */
export const orgKeys = {
  all: ['org'] as const,
  /** one entity sits under its own Level: ['org', level, kind, 'detail', id] */
  entity: (entity: EntityLevel) =>
    [
      'org',
      { entityType: entity.entityType, entityId: entity.entityId },
      KIND_OF[entity.entityType],
      'detail',
      entity.entityId,
    ] as const,
  search: (kind: OrgKind, query: EntitySearch) => ['org', 'search', kind, query] as const,
  nationalOffice: ['org', 'national-office'] as const,
};

/** GET /{kind}/{id}: one entity as the API answers it (`{ data: entity }`). */
export async function fetchEntity<T extends object>(entity: EntityLevel, signal?: AbortSignal): Promise<T> {
  const { data } = await http.get<unknown>(
    `${ORG_ENDPOINTS[KIND_OF[entity.entityType]].item}/${entity.entityId}`,
    {
      signal,
    },
  );
  return readItem<T>(data);
}

type Named = { id: number; name?: string; title?: string };

export const entityQueryOptions = <T extends object = Named>(entity: EntityLevel) =>
  queryOptions({
    queryKey: orgKeys.entity(entity),
    queryFn: ({ signal }) => fetchEntity<T & Named>(entity, signal),
    staleTime: 60_000,
  });

/** One entity (none: the query waits): its page, its parent's name, a department's owner. */
export function useEntity<T extends object = Named>(entity: EntityLevel | null) {
  return useQuery({
    ...entityQueryOptions<T>(entity ?? { entityType: 'CHURCH', entityId: 0 }),
    enabled: entity !== null,
  });
}

/** The name of an entity (a department's 'title' when it has no name); none: the query waits. */
export function useEntityName(entity: EntityLevel | null) {
  return useQuery({
    ...entityQueryOptions(entity ?? { entityType: 'CHURCH', entityId: 0 }),
    enabled: entity !== null,
    select: (item: Named) => item.name ?? item.title ?? '',
  });
}

/** GET /{kind}?search&limit: the entities of a kind; a failed lookup is an empty list (SPEC.md section 8). */
export async function searchEntities<T extends object = object>(
  kind: OrgKind,
  query: EntitySearch = {},
): Promise<(EntityOption & T)[]> {
  try {
    const { data } = await http.get<unknown>(ORG_ENDPOINTS[kind].list, {
      params: {
        ...query.filter,
        limit: query.limit ?? 10,
        ...(query.search ? { search: query.search } : {}),
      },
    });
    return readList<T & { id: number; name?: string; title?: string }>(data).map((row) => ({
      ...row,
      name: row.name ?? row.title ?? String(row.id),
    }));
  } catch {
    return [];
  }
}

/** The entities of a kind matching a search, for pickers (no kind: the query waits). */
export function useEntitySearch<T extends object = object>(
  kind: OrgKind | null,
  query: EntitySearch = {},
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: orgKeys.search(kind ?? 'churches', query),
    queryFn: () => searchEntities<T>(kind!, query),
    enabled: kind !== null && options.enabled !== false,
    placeholderData: keepPreviousData,
  });
}

/** GET /national-office: the user's national office (SPEC.md: default label 'Bureau National'), or null. */
export function useNationalOffice(enabled = true) {
  return useQuery({
    queryKey: orgKeys.nationalOffice,
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
