import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryOne, queryRows } from '../db/query';
import { PERMISSIONS } from '../../../contract/permissions';
import type { RoleActions } from '../../../contract/permissions';
import { hasPermissions, type PermissionUser } from './check';
import type { Level } from './entity';
import { intArray, type Visibility } from './visibility';

/**
 * Who may manage whom (SPEC.md section 6: manageable users), and the "no escalation" rule.
 *
 * - A manager holds, somewhere, one of the managing permissions: `permission:delegate` (grant custom
 *   permissions), `role:assign` (remove roles) or `role:manage_<level>` (assign positions); the
 *   `permission:manage` and `role:manage` codes imply them.
 * - A manager's rank is the display priority of their highest role held in a group (president 20 before
 *   treasurer 21...), 999 when they manage only through a direct grant. A super-admin ranks 0.
 * - A user is manageable by a manager when the manager sees them (their faithful church or a group where
 *   they hold a role is visible to the manager), they are not the manager, not a super-admin, and their
 *   own highest role ranks strictly below the manager's (a user without role, or only 'faithful', ranks 1000).
 *   A region president therefore manages the region's treasurer and the faithful of the region, never
 *   another president nor the national office.
 */

export const MANAGE_ROLE_CODES = [
  PERMISSIONS.MANAGE_NATIONAL_OFFICE_ROLES,
  PERMISSIONS.MANAGE_REGION_ROLES,
  PERMISSIONS.MANAGE_SECTION_ROLES,
  PERMISSIONS.MANAGE_CHURCH_ROLES,
] as const;

export const MANAGE_ROLES_CODE_OF: Record<Level, string> = {
  national_office: PERMISSIONS.MANAGE_NATIONAL_OFFICE_ROLES,
  region: PERMISSIONS.MANAGE_REGION_ROLES,
  section: PERMISSIONS.MANAGE_SECTION_ROLES,
  church: PERMISSIONS.MANAGE_CHURCH_ROLES,
};

/** The rank of a user without any role but 'faithful'. */
export const FAITHFUL_RANK = 1000;
/** The rank of a manager holding no role in a group (managing through a direct grant only). */
const GRANT_ONLY_RANK = 999;

export type ManagerProfile = {
  isSuperAdmin: boolean;
  /** lower is higher */
  rank: number;
  canDelegate: boolean;
  canRemoveRoles: boolean;
  canAssignRoles: boolean;
  /** holds any managing permission: otherwise the user manages nobody ('Lecture seule') */
  isManager: boolean;
};

export async function managerProfile(db: Db, user: PermissionUser): Promise<ManagerProfile> {
  if (user.isSuperAdmin) {
    return {
      isSuperAdmin: true,
      rank: 0,
      canDelegate: true,
      canRemoveRoles: true,
      canAssignRoles: true,
      isManager: true,
    };
  }
  const codes = [PERMISSIONS.DELEGATE_PERMISSIONS, PERMISSIONS.ASSIGN_ROLES, ...MANAGE_ROLE_CODES];
  const [held, rankRow] = await Promise.all([
    hasPermissions(db, user, codes, null, null),
    queryOne<{ rank: number | null }>(
      db,
      sql`select min(r.priority)::int as rank from role_assignments ra join roles r on r.id = ra.role_id
          where ra.user_id = ${user.userId} and ra.group_id is not null`,
    ),
  ]);
  const canDelegate = held[PERMISSIONS.DELEGATE_PERMISSIONS];
  const canRemoveRoles = held[PERMISSIONS.ASSIGN_ROLES];
  const canAssignRoles = MANAGE_ROLE_CODES.some((code) => held[code]);
  return {
    isSuperAdmin: false,
    rank: rankRow?.rank ?? GRANT_ONLY_RANK,
    canDelegate,
    canRemoveRoles,
    canAssignRoles,
    isManager: canDelegate || canRemoveRoles || canAssignRoles,
  };
}

/** SQL: the rank of the user of column `userId` (their highest role, 1000 without one). */
export function userRankSql(userId: SQL): SQL {
  return sql`coalesce((select min(rr.priority) from role_assignments rra join roles rr on rr.id = rra.role_id
    where rra.user_id = ${userId}), ${FAITHFUL_RANK})`;
}

/** SQL: the user row `u` is visible (faithful church or a role in a visible group). */
export function visibleUserCondition(visibility: Visibility, u: SQL): SQL {
  if (visibility.all) return sql`true`;
  const n = intArray(visibility.nationalOfficeIds);
  const r = intArray(visibility.regionIds);
  const s = intArray(visibility.sectionIds);
  const c = intArray(visibility.churchIds);
  return sql`(${u}.church_id = any(${c}::int[]) or exists (
    select 1 from role_assignments vra where vra.user_id = ${u}.id and (
      (vra."group" = 'churches' and vra.group_id = any(${c}::int[]))
      or (vra."group" = 'sections' and vra.group_id = any(${s}::int[]))
      or (vra."group" = 'regions' and vra.group_id = any(${r}::int[]))
      or (vra."group" = 'national_offices' and vra.group_id = any(${n}::int[])))))`;
}

/** SQL: the user row `u` is manageable by the manager (see the rules above). */
export function manageableCondition(
  profile: ManagerProfile,
  managerId: number,
  visibility: Visibility,
  u: SQL,
): SQL {
  if (!profile.isManager) return sql`false`;
  if (profile.isSuperAdmin) return sql`${u}.id <> ${managerId}`;
  return sql`(${u}.id <> ${managerId} and not ${u}.is_super_admin
    and ${visibleUserCondition(visibility, u)}
    and ${userRankSql(sql`${u}.id`)} > ${profile.rank}::int)`;
}

export function roleActionsOf(profile: ManagerProfile, manageable: boolean, visible: boolean): RoleActions {
  return {
    canManage: manageable,
    canViewDetails: visible,
    canAssignPermissions: manageable && profile.canDelegate,
    canRemoveRole: manageable && profile.canRemoveRoles,
  };
}

/** For each of `ids`: whether the user is visible and manageable. */
export async function manageableAmong(
  db: Db,
  profile: ManagerProfile,
  managerId: number,
  visibility: Visibility,
  ids: number[],
): Promise<Map<number, { visible: boolean; manageable: boolean }>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; visible: boolean; manageable: boolean }>(
    db,
    sql`select u.id, ${visibleUserCondition(visibility, sql`u`)} as visible,
          ${manageableCondition(profile, managerId, visibility, sql`u`)} as manageable
        from users u where u.id = any(${intArray(ids)}::int[])`,
  );
  return new Map(rows.map((row) => [row.id, { visible: row.visible, manageable: row.manageable }]));
}

/** The groups above (and including) an entity: its church, section, region and national office. */
export type GroupChain = {
  church: number | null;
  section: number | null;
  region: number | null;
  nationalOffice: number | null;
};

export async function groupChain(
  db: Db,
  level: Level | 'department',
  id: number,
): Promise<GroupChain | null> {
  if (level === 'department') {
    const dep = await queryOne<{ entity_type: Level; entity_id: number }>(
      db,
      sql`select entity_type, entity_id from departments where id = ${id}`,
    );
    return dep ? groupChain(db, dep.entity_type, dep.entity_id) : null;
  }
  const row = await queryOne<{ c: number | null; s: number | null; r: number | null; n: number | null }>(
    db,
    level === 'church'
      ? sql`select c.id as c, s.id as s, r.id as r, r.national_office_id as n from churches c
            join sections s on s.id = c.section_id join regions r on r.id = s.region_id where c.id = ${id}`
      : level === 'section'
        ? sql`select null::int as c, s.id as s, r.id as r, r.national_office_id as n from sections s
              join regions r on r.id = s.region_id where s.id = ${id}`
        : level === 'region'
          ? sql`select null::int as c, null::int as s, r.id as r, r.national_office_id as n from regions r
                where r.id = ${id}`
          : sql`select null::int as c, null::int as s, null::int as r, n.id as n from national_offices n
                where n.id = ${id}`,
  );
  return row ? { church: row.c, section: row.s, region: row.r, nationalOffice: row.n } : null;
}

/**
 * The manager's rank over one group: the priority of their highest role held in that group or above
 * it (999 when none: they act through a direct grant), 0 for a super-admin.
 */
export async function rankOver(db: Db, user: PermissionUser, chain: GroupChain): Promise<number> {
  if (user.isSuperAdmin) return 0;
  const row = await queryOne<{ rank: number | null }>(
    db,
    sql`select min(r.priority)::int as rank from role_assignments ra join roles r on r.id = ra.role_id
        where ra.user_id = ${user.userId} and (
          (ra."group" = 'churches' and ra.group_id = ${chain.church}::int)
          or (ra."group" = 'sections' and ra.group_id = ${chain.section}::int)
          or (ra."group" = 'regions' and ra.group_id = ${chain.region}::int)
          or (ra."group" = 'national_offices' and ra.group_id = ${chain.nationalOffice}::int))`,
  );
  return row?.rank ?? GRANT_ONLY_RANK;
}
