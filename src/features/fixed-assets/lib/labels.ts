import { levelEntity, type Level } from '@/shared/level/level-context';
import { permissionEntity } from '@/shared/level/wire';
import type { PermissionEntity } from '@/shared/permissions/use-permissions';

/** The code the server checks to write the assets of an entity (server/src/modules/expenses/fixed-asset-routes.ts). */
export const ASSET_WRITE_CODE = 'expense:validate';

/** The entity the write permission is checked on for a Level. */
export function assetPermissionEntity(level: Level): PermissionEntity {
  return permissionEntity(levelEntity(level));
}

/** 'FCFA' for XOF (the currency is shown FCFA), else the code. */
export function currencyLabel(code: string): string {
  return code.toUpperCase() === 'XOF' ? 'FCFA' : code.toUpperCase();
}
