import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/shared/api/http-client';
import { readItem } from '@/shared/api/list';
import type { Level } from '@/shared/level/level-context';
import { ORG_KINDS, type OrgEntity, type OrgKind } from '../kinds';
import { orgKeys } from './keys';

/** GET /{kind}/{id}: `{ data: entity }`. */
export async function fetchOrgDetail(kind: OrgKind, id: number): Promise<OrgEntity> {
  const { data } = await http.get<unknown>(`${ORG_KINDS[kind].endpoint}/${id}`);
  return readItem<OrgEntity>(data);
}

/** The entity is the level itself: its key sits under that level. */
export const orgDetailQueryOptions = (kind: OrgKind, id: number) => {
  const level: Level = { entityType: ORG_KINDS[kind].entityType, entityId: id };
  return queryOptions({
    queryKey: orgKeys.detail(level, kind, id),
    queryFn: () => fetchOrgDetail(kind, id),
  });
};

export function useOrgDetail(kind: OrgKind, id: number | null) {
  return useQuery({ ...orgDetailQueryOptions(kind, id ?? 0), enabled: id !== null });
}
