import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { List } from '@contract/common';
import { http } from '@/shared/api/http-client';
import { readPage } from '@/shared/api/list';
import type { Level } from '@/shared/level/level-context';
import { ORG_KINDS, levelFilter, type OrgEntity, type OrgKind } from '../kinds';
import { orgKeys, type OrgListParams } from './keys';

/**
 * The call of a kind's list at a Level. SPEC.md section 7 names GET /regions/{id}/churches for the
 * churches of a region: it is used as named; the others are GET /{kind} with the Level's filter.
 */
export function orgListCall(kind: OrgKind, level: Level): { url: string; filter: Record<string, number> } {
  if (kind === 'churches' && level.entityType === 'REGION' && level.entityId !== null) {
    return { url: `/regions/${level.entityId}/churches`, filter: {} };
  }
  return { url: ORG_KINDS[kind].endpoint, filter: levelFilter(kind, level) };
}

/** One page of organisation entities at a Level (search, page, limit, archived, sort and order). */
export async function fetchOrgList(
  kind: OrgKind,
  level: Level,
  params: OrgListParams,
): Promise<List<OrgEntity>> {
  const call = orgListCall(kind, level);
  const { data } = await http.get<unknown>(call.url, {
    params: {
      ...call.filter,
      ...(params.search ? { search: params.search } : {}),
      ...(params.archived && params.archived !== 'exclude' ? { archived: params.archived } : {}),
      page: params.page,
      limit: params.limit,
      ...(params.sort ? { sort: params.sort } : {}),
      ...(params.order ? { order: params.order } : {}),
    },
  });
  return readPage<OrgEntity>(data, { page: params.page, limit: params.limit });
}

export const orgListQueryOptions = (kind: OrgKind, level: Level, params: OrgListParams) =>
  queryOptions({
    queryKey: orgKeys.list(level, kind, params),
    queryFn: () => fetchOrgList(kind, level, params),
    placeholderData: keepPreviousData,
  });

export function useOrgList(kind: OrgKind, level: Level, params: OrgListParams) {
  return useQuery(orgListQueryOptions(kind, level, params));
}
