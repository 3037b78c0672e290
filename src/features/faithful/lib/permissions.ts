import { levelEntity, type Level } from '@/shared/level/level-context';
import { permissionEntity } from '@/shared/level/wire';
import type { PermissionEntity } from '@/shared/permissions/use-permissions';

/** The codes the server checks for the faithful (server/src/modules/faithful/routes.ts). */
export const FAITHFUL_CODES = {
  VIEW: 'user:view',
  CREATE: 'user:create',
  UPDATE: 'user:update',
} as const;

/** The entity a permission is checked on for a Level (anywhere for the admin's global lists). */
export function faithfulEntity(level: Level): PermissionEntity {
  const entity = levelEntity(level);
  return entity && entity.entityType !== 'ACTIVITY_GROUP' ? permissionEntity(entity) : null;
}

export function churchEntity(churchId: number | null | undefined): PermissionEntity {
  return churchId ? permissionEntity({ entityType: 'CHURCH', entityId: churchId }) : null;
}
