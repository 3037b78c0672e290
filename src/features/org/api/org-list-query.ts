import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { List } from '@contract/common';
import { http } from '@/shared/api/http-client';
import { readPage } from '@/shared/api/list';
import type { Level } from '@/shared/level/level-context';
import { ORG_KINDS, levelFilter, type OrgEntity, type OrgKind } from '../kinds';
import { orgKeys, type OrgListParams } from './keys';

/** GET /{kind}?search&page&limit (+ the level's filter): one page of organisation entities. */
export async function fetchOrgList(
  kind: OrgKind,
  level: Level,
  params: OrgListParams,
): Promise<List<OrgEntity>> {
  const { data } = await http.get<unknown>(ORG_KINDS[kind].endpoint, {
    params: {
      ...levelFilter(kind, level),
      ...(params.search ? { search: params.search } : {}),
      page: params.page,
      limit: params.limit,
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
