import { levelEntity, type Level } from '@/shared/level/level-context';
import { permissionEntity } from '@/shared/level/wire';
import type { PermissionEntity } from '@/shared/permissions/use-permissions';

/** The code the server checks to write the payroll of an entity (server/src/modules/payroll/routes.ts). */
export const PAYROLL_WRITE_CODE = 'expense:validate';

/** The entity the write permission is checked on for a Level. */
export function payrollPermissionEntity(level: Level): PermissionEntity {
  return permissionEntity(levelEntity(level));
}

export const employeeName = (e: { first_name: string; last_name: string }) =>
  `${e.first_name} ${e.last_name}`;
