import { useQuery } from '@tanstack/react-query';
import type { RoleGroup } from '@contract/roles';
import { http } from '@/shared/api/http-client';
import { readItem } from '@/shared/api/list';
import { useLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { EmptyState } from '@/shared/ui/empty-state';
import { OfficeMembers } from '../components/office-members';
import { GROUP_OF } from '../lib/groups';
import { GROUP_SEGMENTS } from '@contract/members';

export type OfficeMembersPageProps = { back?: string; title?: string };

export function useEntityName(group: RoleGroup | null, id: number | null) {
  return useQuery({
    queryKey: ['members', 'entity-name', group, id],
    queryFn: async () =>
      readItem<{ id: number; name: string }>((await http.get(`/${GROUP_SEGMENTS[group!]}/${id}`)).data),
    enabled: group !== null && id !== null,
  });
}

/** The members of the office of the page's Level (national office, region, section or church). */
export function OfficeMembersPage({ back, title = 'Membres' }: OfficeMembersPageProps) {
  const level = useLevel();
  const group = level.entityType === 'GLOBAL' ? null : (GROUP_OF[level.entityType] ?? null);
  const entity = useEntityName(group, level.entityId);
  usePageTitle(entity.data ? `${title} - ${entity.data.name}` : title, { back });
  if (!group || level.entityId === null) return <EmptyState title="Aucun membre" />;
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <OfficeMembers group={group} id={level.entityId} name={entity.data?.name} />
    </div>
  );
}
