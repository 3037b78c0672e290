import type { Level } from '@/shared/level/level-context';
import { useIsSuperAdmin, usePermission, usePermissions } from '@/shared/permissions/use-permissions';
import type { OrgKind } from '../kinds';

/** The permission resource of each kind (national offices are the super-admin's). */
const RESOURCE: Record<OrgKind, 'region' | 'section' | 'church' | null> = {
  'national-offices': null,
  regions: 'region',
  sections: 'section',
  churches: 'church',
};

export type OrgAbilities = { create: boolean; update: boolean; archive: boolean; move: boolean };

/**
 * What the user may do with the entities of a kind at a Level (a permission held there covers
 * everything below it): create (`{kind}:create`), edit (`{kind}:update`), archive or restore
 * (`{kind}:delete` or `{kind}:create`, as the server rules), move a church (`church:update`; the
 * server also asks `church:create` on the section of arrival). Only hints: the server decides.
 */
export function useOrgAbilities(kind: OrgKind, level: Level): OrgAbilities {
  const superAdmin = useIsSuperAdmin();
  const resource = RESOURCE[kind];
  const codes = resource ? [`${resource}:update`, `${resource}:delete`, `${resource}:create`] : [];
  const entity =
    level.entityType === 'GLOBAL' ? null : { entityType: level.entityType, entityId: level.entityId };
  // the button that adds an entity asks its one permission (POST /permissions/check); the row actions
  // ask theirs together (POST /permissions/check-multiple)
  const create = usePermission(resource ? `${resource}:create` : '', resource ? entity : null);
  const answer = usePermissions(codes, entity);
  if (!resource) return { create: superAdmin, update: superAdmin, archive: superAdmin, move: false };
  const can = (action: string) => answer.has(`${resource}:${action}`);
  return {
    create: create.allowed,
    update: can('update'),
    archive: can('create') || can('delete'),
    move: kind === 'churches' && can('update') && can('create'),
  };
}
