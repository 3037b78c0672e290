import { levelEntity, useLevel } from '@/shared/level/level-context';
import { permissionEntity } from '@/shared/level/wire';
import { usePermissions } from '@/shared/permissions/use-permissions';

/**
 * The codes the server asks to create on an entity (server/src/modules/activities: planned activities,
 * activity types and departments `activity:create`, reports `report:create`, on the entity written for).
 */
export const CREATE_CODES = {
  activity: 'activity:create',
  activityType: 'activity:create',
  department: 'activity:create',
  report: 'report:create',
} as const;

export type CreateKind = keyof typeof CREATE_CODES;

/**
 * Whether the user may create a `kind` at the page's Level: the code held on the Level's entity, the
 * one the form writes for (false while the answer is unknown: the action appears once allowed). The
 * create pages stand at a church, section, region or office Level, never at a department's, whose
 * leader the server also lets through.
 */
export function useMayCreate(
  kind: CreateKind,
  /** the create page's path: without one (the space shows none here), nothing is asked */
  path: string | null,
): { allowed: boolean; isLoading: boolean } {
  const code = CREATE_CODES[kind];
  const permissions = usePermissions(path ? [code] : [], permissionEntity(levelEntity(useLevel())));
  return { allowed: permissions.has(code), isLoading: permissions.isLoading };
}
