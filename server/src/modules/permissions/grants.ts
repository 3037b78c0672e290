import { eq, sql } from 'drizzle-orm';
import {
  PERMISSION_SCOPE_LABELS,
  PERMISSION_SCOPES,
  type Permission,
  type PermissionScope,
  type UserGrant,
} from '../../../../contract/permissions';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { isoString, queryOne, queryRows } from '../../db/query';
import { permissions, userPermissions, users } from '../../db/schema/core';
import { likePattern } from '../../db/search';
import type { Actor, Gate } from '../../http/authorize';
import { httpError } from '../../http/errors';
import { normalizeEntityType } from '../../permissions/entity';
import {
  manageableAmong,
  manageableCondition,
  managerProfile,
  roleActionsOf,
} from '../../permissions/manage';
import { intArray, type Visibility } from '../../permissions/visibility';
import { permissionGranted } from '../notifications';
import { GRANT_MESSAGES } from './messages';
import {
  assertHoldsGranted,
  assertMayDelegate,
  assertMayReadGrants,
  grantableScopes,
  grantsEverywhere,
} from './policy';

/** Where a grant applies: a scope, and its entity (none for 'global' or a whole level). */
export type Target = { scope: PermissionScope; entityId: number | null };

function scopeOf(entityType: string): PermissionScope {
  const raw = entityType.trim().toLowerCase();
  if (raw === 'activity_group' || raw === 'activity_groups') return 'department';
  const type = normalizeEntityType(raw);
  if (type === null) throw httpError(400, "Type d'entité non supporté");
  return type;
}

/** The target a grant or revocation names (400 for an unknown entity type). */
function targetOf(body: { entity_type: string; entity_id?: number | null }): Target {
  const scope = scopeOf(body.entity_type);
  return { scope, entityId: scope === 'global' ? null : (body.entity_id ?? null) };
}

/** 404 unless the user exists. */
async function assertUserExists(db: Db, id: number): Promise<void> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  if (!row) throw httpError(404, GRANT_MESSAGES.unknownUser);
}

/** Whether the user manages the target user (visible, of a lower rank: permissions/manage.ts). */
async function manages(db: Db, user: Actor, visibility: Visibility, targetId: number): Promise<boolean> {
  const profile = await managerProfile(db, user);
  const info = (await manageableAmong(db, profile, user.userId, visibility, [targetId])).get(targetId);
  return info?.manageable ?? false;
}

/** The grants of a user that are not revoked (expired ones flagged), newest first. */
export async function listUserGrants(db: Db, userId: number): Promise<UserGrant[]> {
  const rows = await queryRows<{
    id: number;
    permission: string;
    permission_name: string;
    entity_type: PermissionScope;
    entity_id: number | null;
    entity_name: string | null;
    expires_at: unknown;
    granted_at: unknown;
    expired: boolean;
    grantor_id: number | null;
    grantor_firstname: string | null;
    grantor_lastname: string | null;
  }>(
    db,
    sql`select up.id, p.code as permission, p.name as permission_name, up.entity_type, up.entity_id,
          case up.entity_type
            when 'church' then (select name from churches where id = up.entity_id)
            when 'section' then (select name from sections where id = up.entity_id)
            when 'region' then (select name from regions where id = up.entity_id)
            when 'national_office' then (select name from national_offices where id = up.entity_id)
            when 'department' then (select name from departments where id = up.entity_id)
          end as entity_name,
          up.expires_at, up.created_at as granted_at,
          (up.expires_at is not null and up.expires_at <= now()) as expired,
          g.id as grantor_id, g.firstname as grantor_firstname, g.lastname as grantor_lastname
        from user_permissions up
        join permissions p on p.id = up.permission_id
        left join users g on g.id = up.granted_by
        where up.user_id = ${userId} and up.revoked_at is null
        order by up.created_at desc, up.id desc`,
  );
  return rows.map((row) => ({
    id: row.id,
    permission: row.permission,
    permission_name: row.permission_name,
    entity_type: row.entity_type,
    entity_id: row.entity_id,
    entity_name: row.entity_name,
    expires_at: row.expires_at === null ? null : isoString(row.expires_at),
    granted_at: isoString(row.granted_at),
    expired: row.expired,
    grantor:
      row.grantor_id === null
        ? null
        : {
            id: row.grantor_id,
            firstname: row.grantor_firstname ?? '',
            lastname: row.grantor_lastname ?? '',
          },
  }));
}

/** GET /permissions/user/{id}: a user's grants (404 when unknown), read by whom policy.ts allows. */
export async function readUserGrants(
  db: Db,
  actor: Actor,
  visibility: Visibility,
  userId: number,
): Promise<UserGrant[]> {
  await assertUserExists(db, userId);
  await assertMayReadGrants(actor, userId, () => manages(db, actor, visibility, userId));
  return listUserGrants(db, userId);
}

/** GET /permissions?scope&search&limit: the catalogue. */
export async function listPermissions(
  db: Db,
  query: { scope?: PermissionScope; search?: string; limit: number },
): Promise<Permission[]> {
  const pattern = query.search ? likePattern(query.search) : null;
  return queryRows<Permission>(
    db,
    sql`select id, code, name, description, scopes from permissions
        where (${query.scope ?? null}::text is null or ${query.scope ?? null}::text = any(scopes))
          and (${pattern}::text is null or code ilike ${pattern} or name ilike ${pattern})
        order by resource, code limit ${query.limit}`,
  );
}

/**
 * The scopes in which the user may grant (policy.ts): a super-admin all; otherwise from the levels where
 * they hold `permission:delegate` (by a role or a direct grant).
 */
export async function manageableScopes(db: Db, user: Actor): Promise<PermissionScope[]> {
  if (grantsEverywhere(user)) return [...PERMISSION_SCOPES];
  const rows = await queryRows<{ level: string }>(
    db,
    sql`select distinct case ra."group" when 'churches' then 'church' when 'sections' then 'section'
            when 'regions' then 'region' when 'national_offices' then 'national_office' end as level
        from role_assignments ra
        join role_permissions rp on rp.role_id = ra.role_id
        join permissions p on p.id = rp.permission_id
        where ra.user_id = ${user.userId} and ra.group_id is not null
          and p.code in ('permission:delegate', 'permission:manage')
        union
        select distinct up.entity_type from user_permissions up join permissions p on p.id = up.permission_id
        where up.user_id = ${user.userId} and up.revoked_at is null
          and (up.expires_at is null or up.expires_at > now())
          and p.code in ('permission:delegate', 'permission:manage')`,
  );
  return grantableScopes(rows.map((row) => row.level));
}

export function scopeLabels(scopes: PermissionScope[]) {
  return scopes.map((scope) => ({ scope, label: PERMISSION_SCOPE_LABELS[scope] }));
}

/** A grant's permission and expiry, checked: the permission exists, fits the scope, expires later. */
type GrantInput = {
  target: Target;
  permission: Pick<typeof permissions.$inferSelect, 'id' | 'code' | 'scopes'>;
  expiresAt: Date | null;
};

type GrantBody = {
  user_id: number;
  permission: string;
  entity_type: string;
  entity_id?: number | null;
  expires_at?: string | null;
};

async function checkGrant(db: Db, body: GrantBody): Promise<GrantInput> {
  const target = targetOf(body);
  const [permission] = await db
    .select({ id: permissions.id, code: permissions.code, scopes: permissions.scopes })
    .from(permissions)
    .where(eq(permissions.code, body.permission));
  if (!permission) throw httpError(404, GRANT_MESSAGES.unknownPermission);
  if (!permission.scopes.includes(target.scope)) throw httpError(400, GRANT_MESSAGES.wrongScope);
  const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw httpError(400, GRANT_MESSAGES.pastExpiry);
  return { target, permission, expiresAt };
}

/**
 * Who may grant or revoke on a user (policy.ts: the delegation), once the user is known to exist. The
 * route gave the Gate: the checks are asked before the write's transaction.
 */
async function authorizeDelegation(
  db: Db,
  gate: Gate,
  visibility: Visibility,
  userId: number,
  target: Target,
): Promise<void> {
  await assertUserExists(db, userId);
  await assertMayDelegate(gate, userId, target, () => manages(db, gate.actor, visibility, userId));
}

/**
 * POST /permissions/grant: the permission exists and fits the scope, the expiry lies ahead (checkGrant);
 * the actor may delegate to that user and holds the permission there (policy.ts); one grant (409 when
 * the same one is in force), audited, and its grantee notified.
 */
export async function grantPermission(
  db: Db,
  gate: Gate,
  visibility: Visibility,
  body: GrantBody,
): Promise<UserGrant> {
  const { target, permission, expiresAt } = await checkGrant(db, body);
  const userId = body.user_id;
  await authorizeDelegation(db, gate, visibility, userId, target);
  await assertHoldsGranted(gate, target, permission.code);
  const { actor } = gate;
  const id = await db.transaction(async (tx) => {
    const duplicate = await queryOne<{ id: number }>(
      tx,
      sql`select id from user_permissions
          where user_id = ${userId} and permission_id = ${permission.id}
            and entity_type = ${target.scope} and entity_id is not distinct from ${target.entityId}::int
            and revoked_at is null and (expires_at is null or expires_at > now())
          for update`,
    );
    if (duplicate) throw httpError(409, GRANT_MESSAGES.duplicate);
    const [row] = await tx
      .insert(userPermissions)
      .values({
        userId,
        permissionId: permission.id,
        entityType: target.scope,
        entityId: target.entityId,
        expiresAt,
        grantedBy: actor.userId,
      })
      .returning({ id: userPermissions.id });
    await audit(tx, {
      userId: actor.userId,
      action: 'permission.grant',
      entityType: target.scope,
      entityId: target.entityId,
      data: {
        grant_id: row.id,
        user_id: userId,
        permission: permission.code,
        expires_at: expiresAt ? expiresAt.toISOString() : null,
      },
      ip: actor.ip,
    });
    await permissionGranted(tx, { id: row.id, userId, permission: permission.code, expiresAt }, actor.userId);
    return row.id;
  });
  const grants = await listUserGrants(db, userId);
  return grants.find((grant) => grant.id === id)!;
}

/**
 * POST /permissions/revoke: the actor may delegate to that user on the target (policy.ts); revokes the
 * grants in force that match (404 if none), audited.
 */
export async function revokePermission(
  db: Db,
  gate: Gate,
  visibility: Visibility,
  body: { user_id: number; permission: string; entity_type: string; entity_id?: number | null },
): Promise<number> {
  const target = targetOf(body);
  await authorizeDelegation(db, gate, visibility, body.user_id, target);
  const { actor } = gate;
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`update user_permissions up set revoked_at = now(), revoked_by = ${actor.userId}
          from permissions p
          where p.id = up.permission_id and up.user_id = ${body.user_id} and p.code = ${body.permission}
            and up.entity_type = ${target.scope} and up.entity_id is not distinct from ${target.entityId}::int
            and up.revoked_at is null
          returning up.id`,
    );
    if (rows.length === 0) throw httpError(404, GRANT_MESSAGES.nothingToRevoke);
    await audit(tx, {
      userId: actor.userId,
      action: 'permission.revoke',
      entityType: target.scope,
      entityId: target.entityId,
      data: { grant_ids: rows.map((r) => r.id), user_id: body.user_id, permission: body.permission },
      ip: actor.ip,
    });
    return rows.length;
  });
}

/**
 * GET /permissions/manageable-users: with `ids`, which of them the user manages (with the actions
 * allowed on each); without, one page of the users they manage, by name.
 */
export async function listManageableUsers(
  db: Db,
  user: Actor,
  visibility: Visibility,
  query: { ids?: number[]; search?: string; page: number; limit: number },
) {
  const profile = await managerProfile(db, user);
  const meta = { page: query.page, limit: query.limit };
  if (!profile.isManager) return { data: [], meta: { ...meta, total: 0 }, canManageAnyone: false };
  const pattern = query.search ? likePattern(query.search) : null;
  const condition = sql`${manageableCondition(profile, user.userId, visibility, sql`u`)}
    and u.active
    and (${query.ids ? intArray(query.ids) : null}::int[] is null or u.id = any(${query.ids ? intArray(query.ids) : null}::int[]))
    and (${pattern}::text is null or u.firstname ilike ${pattern} or u.lastname ilike ${pattern}
         or (u.firstname || ' ' || u.lastname) ilike ${pattern} or u.phone ilike ${pattern})`;
  const row = await queryOne<{
    total: number;
    rows: Array<{ id: number; firstname: string; lastname: string }>;
  }>(
    db,
    sql`select (select count(*)::int from users u where ${condition}) as total,
          coalesce((select json_agg(p) from (
            select u.id, u.firstname, u.lastname from users u where ${condition}
            order by u.lastname, u.firstname, u.id limit ${query.limit} offset ${(query.page - 1) * query.limit}
          ) p), '[]'::json) as rows`,
  );
  return {
    data: (row?.rows ?? []).map((u) => ({ ...u, roleActions: roleActionsOf(profile, true, true) })),
    meta: { ...meta, total: row?.total ?? 0 },
    canManageAnyone: true,
  };
}

/** GET /permissions/can-manage-user/{id}. */
export async function canManageUser(db: Db, user: Actor, visibility: Visibility, targetId: number) {
  await assertUserExists(db, targetId);
  const profile = await managerProfile(db, user);
  const info = (await manageableAmong(db, profile, user.userId, visibility, [targetId])).get(targetId);
  const manageable = info?.manageable ?? false;
  return { canManage: manageable, roleActions: roleActionsOf(profile, manageable, info?.visible ?? false) };
}
