import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import { permissionTarget, type PermissionTarget } from './entity';

export type PermissionUser = { userId: number; isSuperAdmin: boolean };

/** Actions of the expense lines that `expense_request:manage` also grants (SPEC.md section 6). */
const EXPENSE_ACTIONS_OF_REQUEST_MANAGE = new Set(['approve', 'validate', 'cancel']);

/** The codes any of which grants `code`: itself, `resource:manage`, and the expense rule. */
export function grantingCodes(code: string): string[] {
  const [resource, action] = code.split(':');
  const codes = [code];
  if (resource && action && action !== 'manage') codes.push(`${resource}:manage`);
  if (resource === 'expense' && EXPENSE_ACTIONS_OF_REQUEST_MANAGE.has(action))
    codes.push('expense_request:manage');
  return codes;
}

/** A PostgreSQL text[] literal, usable as one parameter on every driver. */
export function textArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

/**
 * Which of `codes` the user holds on `target`, in one query (app_held_permissions in db/functions.ts).
 *
 * - A role's permissions apply in the group where the role is held and to every entity below it
 *   (a region president's permission covers the region's sections, churches and their departments);
 *   an external accountant's role covers the churches they manage.
 * - A direct grant applies to its entity and everything below; a 'global' grant everywhere; a grant of a
 *   level without entity to every entity of that level. Revoked or expired grants count for nothing, and
 *   this is read at each check, so they stop at once.
 * - A 'global' target (no entity, or an activity group) asks whether the user holds the permission
 *   anywhere: the SPA uses it to show an action; every write still checks its own entity.
 */
export async function heldPermissions(
  db: Db,
  user: PermissionUser,
  codes: string[],
  target: PermissionTarget,
): Promise<Set<string>> {
  const candidates = [...new Set(codes.flatMap(grantingCodes))];
  const anywhere = target.type === 'global';
  const id = target.type === 'global' ? null : target.id;
  const at = (type: string) => (target.type === type ? id : null);
  const rows = await queryRows<{ code: string }>(
    db,
    sql`select code from app_held_permissions(${user.userId}, ${textArray(candidates)}::text[], ${anywhere},
          ${at('department')}::int, ${at('church')}::int, ${at('section')}::int, ${at('region')}::int,
          ${at('national_office')}::int)`,
  );
  return new Set(rows.map((row) => row.code));
}

/**
 * For each code, whether the user holds it on the entity (`entityType` as the API writes it: 'CHURCH',
 * 'church', 'ACTIVITY_GROUP'...; no entity means anywhere). A super-admin holds everything.
 */
export async function hasPermissions(
  db: Db,
  user: PermissionUser,
  codes: string[],
  entityType?: string | null,
  entityId?: number | null,
): Promise<Record<string, boolean>> {
  const target = permissionTarget(entityType, entityId);
  const results: Record<string, boolean> = {};
  if (user.isSuperAdmin) {
    for (const code of codes) results[code] = true;
    return results;
  }
  const held = await heldPermissions(db, user, codes, target);
  for (const code of codes) results[code] = grantingCodes(code).some((c) => held.has(c));
  return results;
}

export async function hasPermission(
  db: Db,
  user: PermissionUser,
  code: string,
  entityType?: string | null,
  entityId?: number | null,
): Promise<boolean> {
  return (await hasPermissions(db, user, [code], entityType, entityId))[code];
}
