import type { PermissionEntity } from '@/shared/permissions/use-permissions';
import type { EntityLevel } from './level-context';

/*
 * The SPA's one entity shape (EntityLevel) in each form the API reads, converted here only.
 */

/** `entity_type` + `entity_id` query or body fields, in the API's upper-case names ('CHURCH'). */
export function entityParams(entity: EntityLevel): {
  entity_type: EntityLevel['entityType'];
  entity_id: number;
} {
  return { entity_type: entity.entityType, entity_id: entity.entityId };
}

/**
 * The entity a permission is checked on (POST /permissions/check-multiple). A department is checked on
 * itself ('DEPARTMENT'); SPEC.md section 6 reads an expense request's ACTIVITY_GROUP in the global
 * scope: `{ department: 'global' }` keeps 'ACTIVITY_GROUP', which the server reads so.
 */
export function permissionEntity(
  entity: EntityLevel | null,
  options: { department?: 'self' | 'global' } = {},
): PermissionEntity {
  if (!entity) return null;
  if (entity.entityType === 'ACTIVITY_GROUP' && options.department !== 'global')
    return { entityType: 'DEPARTMENT', entityId: entity.entityId };
  return { entityType: entity.entityType, entityId: entity.entityId };
}
