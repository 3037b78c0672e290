import { levelEntity, useLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { useEntityName } from '@/shared/org/entities';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { EmptyState } from '@/shared/ui/empty-state';
import { OfficeMembers } from '../components/office-members';
import { GROUP_OF } from '../lib/groups';

/** The members of the office of the page's Level (national office, region, section or church). */
export function OfficeMembersPage({ title = 'Membres' }: { title?: string }) {
  const entity = levelEntity(useLevel());
  const group = entity ? (GROUP_OF[entity.entityType] ?? null) : null;
  const name = useEntityName(group ? entity : null);
  usePageTitle(name.data ? `${title} - ${name.data}` : title, { back: useSpacePaths().here });
  if (!group || !entity) return <EmptyState title="Aucun membre" />;
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <OfficeMembers group={group} id={entity.entityId} name={name.data} />
    </div>
  );
}
