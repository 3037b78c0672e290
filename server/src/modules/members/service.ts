import { sql, type SQL } from 'drizzle-orm';
import type { ListMeta, ListSort } from '../../../../contract/common';
import type { GroupMemberSort, Member, MemberRole, MemberRoleFilter } from '../../../../contract/members';
import { GROUP_SCOPES, type RoleGroup } from '../../../../contract/roles';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { queryOne, queryRows } from '../../db/query';
import { userSearchCondition } from '../../db/search';
import { orderBy, type SortColumns } from '../../db/sort';
import type { Actor, Gate } from '../../http/authorize';
import { httpError } from '../../http/errors';
import type { Level } from '../../permissions/entity';
import { groupChain, rankOver, visibleUserCondition } from '../../permissions/manage';
import { intArray, type Visibility } from '../../permissions/visibility';
import { assertNotOwnPosition, assertPositionsGrantable, assertRankedBelow } from './policy';

export const MEMBER_MESSAGES = {
  added: 'Membre ajouté avec succès.',
  removedOne: 'Rôle retiré avec succès.',
  removedMany: 'Rôles retirés avec succès.',
  unknownUser: 'Utilisateur introuvable.',
  notFaithful: 'Seuls les fidèles peuvent devenir membres.',
  userNotVisible: "Vous n'avez pas accès à ce fidèle.",
  unknownRole: 'Poste introuvable.',
  wrongGroup: "Ce poste n'appartient pas à ce groupe.",
  alreadyHeld: 'Ce membre occupe déjà ce poste.',
  taken: 'Ce poste est déjà occupé dans ce groupe.',
  cannotAssign: "Vous n'avez pas le droit de gérer les postes de ce groupe.",
  cannotRemove: "Vous n'avez pas le droit de retirer des rôles dans ce groupe.",
  escalation: 'Vous ne pouvez pas attribuer un poste de niveau égal ou supérieur au vôtre.',
  removeEscalation: 'Vous ne pouvez pas retirer un rôle de niveau égal ou supérieur au vôtre.',
  noRoleSelected: 'Veuillez sélectionner au moins un rôle.',
  notHeld: "Ce membre n'a pas ce rôle dans ce groupe.",
  noView: "Vous n'avez pas le droit de voir les membres de ce groupe.",
  missingGroup: 'ID du groupe manquant',
} as const;

const LEVEL_OF: Record<RoleGroup, Level> = GROUP_SCOPES;

// ---------------------------------------------------------------- areas

/** Every group id below (and including) a group: what "the members of a region" covers. */
type Area = { n: number[]; r: number[]; s: number[]; c: number[] };

async function areaOf(db: Db, group: RoleGroup, id: number): Promise<Area> {
  const row = await queryOne<Area>(
    db,
    group === 'churches'
      ? sql`select '{}'::int[] as n, '{}'::int[] as r, '{}'::int[] as s, array[${id}::int] as c`
      : group === 'sections'
        ? sql`select '{}'::int[] as n, '{}'::int[] as r, array[${id}::int] as s,
                array(select id from churches where section_id = ${id}) as c`
        : group === 'regions'
          ? sql`select '{}'::int[] as n, array[${id}::int] as r,
                  array(select id from sections where region_id = ${id}) as s,
                  array(select c.id from churches c join sections s on s.id = c.section_id
                        where s.region_id = ${id}) as c`
          : sql`select array[${id}::int] as n,
                  array(select id from regions where national_office_id = ${id}) as r,
                  array(select s.id from sections s join regions r on r.id = s.region_id
                        where r.national_office_id = ${id}) as s,
                  array(select c.id from churches c join sections s on s.id = c.section_id
                        join regions r on r.id = s.region_id where r.national_office_id = ${id}) as c`,
  );
  return row!;
}

/** SQL: the role assignment `ra` is held in a group of the area. */
function inArea(area: Area, ra: SQL): SQL {
  return sql`(
    (${ra}."group" = 'churches' and ${ra}.group_id = any(${intArray(area.c)}::int[]))
    or (${ra}."group" = 'sections' and ${ra}.group_id = any(${intArray(area.s)}::int[]))
    or (${ra}."group" = 'regions' and ${ra}.group_id = any(${intArray(area.r)}::int[]))
    or (${ra}."group" = 'national_offices' and ${ra}.group_id = any(${intArray(area.n)}::int[])))`;
}

/** SQL: the role assignment `ra` is held in exactly this group. */
function inGroup(group: RoleGroup, id: number, ra: SQL): SQL {
  return sql`(${ra}."group" = ${group} and ${ra}.group_id = ${id})`;
}

// ---------------------------------------------------------------- member rows

type MemberRow = Omit<Member, 'position' | 'roles'> & { roles: MemberRole[] };

/**
 * The members of `ids` (in that order), each with the roles they hold where `roleCondition` says
 * (plus 'faithful') and their churches (faithful church first).
 */
async function memberRows(db: Db, ids: number[], roleCondition: SQL): Promise<Member[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<MemberRow>(
    db,
    sql`select u.id, u.firstname, u.lastname, u.email, u.phone, u.registration_number,
          coalesce((select json_agg(json_build_object('id', r.id, 'code', r.code, 'name', r.name,
                      'group', ra."group", 'group_id', ra.group_id) order by r.priority, ra.id)
                    from role_assignments ra join roles r on r.id = ra.role_id
                    where ra.user_id = u.id and ((r.code = 'faithful' and ra.group_id is null)
                      or ${roleCondition})), '[]'::json) as roles,
          coalesce((select json_agg(json_build_object('id', x.id, 'name', x.name) order by x.ord, x.name, x.id)
                    from (select c.id, c.name, 0 as ord from churches c where c.id = u.church_id
                          union
                          select c.id, c.name, 1 as ord from role_assignments ra join churches c on c.id = ra.group_id
                          where ra.user_id = u.id and ra."group" = 'churches'
                            and c.id is distinct from u.church_id) x), '[]'::json) as churches,
          case when fc.id is null then null
            else json_build_object('id', fc.id, 'name', fc.name, 'section_id', fc.section_id) end as church
        from users u
        left join churches fc on fc.id = u.church_id
        join unnest(${intArray(ids)}::int[]) with ordinality as o(id, n) on o.id = u.id
        order by o.n`,
  );
  return rows.map((row) => ({
    ...row,
    position: row.roles.find((role) => role.code !== 'faithful')?.name ?? null,
  }));
}

/** GET /{group}/{id}/members: the users holding a position in that group, by role priority then name. */
export async function officeMembers(db: Db, group: RoleGroup, id: number): Promise<Member[]> {
  const ids = await queryRows<{ id: number }>(
    db,
    sql`select u.id from users u join role_assignments ra on ra.user_id = u.id join roles r on r.id = ra.role_id
        where ${inGroup(group, id, sql`ra`)}
        group by u.id, u.lastname, u.firstname
        order by min(r.priority), u.lastname, u.firstname, u.id`,
  );
  return memberRows(
    db,
    ids.map((r) => r.id),
    inGroup(group, id, sql`ra`),
  );
}

/** The group of the signed-in user at that level (their first role there), for a call without id. */
export async function ownGroup(db: Db, user: Actor, group: RoleGroup): Promise<number> {
  const row = await queryOne<{ group_id: number }>(
    db,
    sql`select ra.group_id from role_assignments ra join roles r on r.id = ra.role_id
        where ra.user_id = ${user.userId} and ra."group" = ${group}
        order by r.priority, ra.id limit 1`,
  );
  if (!row) throw httpError(400, MEMBER_MESSAGES.missingGroup);
  return row.group_id;
}

/** What each sort of a group's members orders by. */
const MEMBER_SORTS: SortColumns<GroupMemberSort> = {
  name: [sql`u.lastname`, sql`u.firstname`],
  registration_number: sql`u.registration_number`,
  email: sql`lower(u.email)`,
  phone: sql`u.phone`,
};

const ROLE_PATTERNS: Record<MemberRoleFilter, string> = {
  president: '%president%',
  tresorier: '%tresorier%',
  secretaire: '%secretaire%',
};

/**
 * GET /group-members: everyone of a group's area (the faithful of its churches and the holders of a
 * role in it or below), by name (or `sort`), one page; `role` keeps the holders of a role whose code contains it.
 *
 * Written for the region page over 100,000 faithful: the few role holders are read first as an id
 * array, so that the page is one scan of users in name order (users_name_idx) that stops after the
 * page, and the count one pass over the area's churches (users_church_idx); the search uses the
 * people search of db/search.ts (its trigram GIN index on PostgreSQL).
 */
export async function groupMembers(
  db: Db,
  query: {
    group: RoleGroup;
    id: number;
    search?: string;
    role?: MemberRoleFilter;
    page: number;
    limit: number;
  } & ListSort<GroupMemberSort>,
): Promise<{ data: Member[]; meta: ListMeta }> {
  const area = await areaOf(db, query.group, query.id);
  const pattern = query.role ? ROLE_PATTERNS[query.role] : null;
  const holders = await queryRows<{ user_id: number }>(
    db,
    sql`select distinct ra.user_id from role_assignments ra join roles r on r.id = ra.role_id
        where ${inArea(area, sql`ra`)} and (${pattern}::text is null or r.code like ${pattern})`,
  );
  const holderIds = intArray(holders.map((h) => h.user_id));
  const belongs = query.role
    ? sql`u.id = any(${holderIds}::int[])`
    : sql`(u.church_id = any(${intArray(area.c)}::int[]) or u.id = any(${holderIds}::int[]))`;
  const where = sql`u.active and ${belongs} and ${userSearchCondition(query.search)}`;
  const offset = (query.page - 1) * query.limit;
  const row = await queryOne<{ total: number; ids: number[] }>(
    db,
    sql`select (select count(*)::int from users u where ${where}) as total,
          array(select u.id from users u where ${where}
                order by ${orderBy(MEMBER_SORTS, query, { sort: 'name', order: 'asc' }, sql`u.id`)}
                limit ${query.limit} offset ${offset}) as ids`,
  );
  return {
    data: await memberRows(db, row?.ids ?? [], inArea(area, sql`ra`)),
    meta: { total: row?.total ?? 0, page: query.page, limit: query.limit },
  };
}

/** GET /group-members/stats: the area's members, and how many hold a president, treasurer, secretary role. */
export async function groupMemberStats(db: Db, query: { group: RoleGroup; id: number }) {
  const area = await areaOf(db, query.group, query.id);
  const row = await queryOne<{ total: number; presidents: number; treasurers: number; secretaries: number }>(
    db,
    sql`with h as (
          select ra.user_id, r.code from role_assignments ra join roles r on r.id = ra.role_id
          join users u on u.id = ra.user_id
          where ${inArea(area, sql`ra`)} and u.active)
        select
          (select count(*)::int from (
            select u.id from users u where u.church_id = any(${intArray(area.c)}::int[]) and u.active
            union select user_id from h) t) as total,
          (select count(distinct user_id)::int from h where code like '%president%') as presidents,
          (select count(distinct user_id)::int from h where code like '%tresorier%') as treasurers,
          (select count(distinct user_id)::int from h where code like '%secretaire%') as secretaries`,
  );
  return row!;
}

// ---------------------------------------------------------------- writes

/**
 * POST /{group}/{id}/members, once `role:manage_<level>` on the group is checked: gives a faithful (a
 * user of a church, active, whom the actor sees) one or more free positions of the group, by the rules
 * of policy.ts (not oneself, each ranked below the actor's own, nothing the actor could not grant).
 */
export async function addMember(
  db: Db,
  gate: Gate,
  visibility: Visibility,
  group: RoleGroup,
  id: number,
  body: { user_id: number; roles: number[] },
): Promise<Member> {
  const { actor } = gate;
  const level = LEVEL_OF[group];
  const target = await queryOne<{ id: number; church_id: number | null; active: boolean; visible: boolean }>(
    db,
    sql`select u.id, u.church_id, u.active, ${visibleUserCondition(visibility, sql`u`)} as visible
        from users u where u.id = ${body.user_id}`,
  );
  if (!target) throw httpError(404, MEMBER_MESSAGES.unknownUser);
  assertNotOwnPosition(actor, target.id);
  if (target.church_id === null || !target.active) throw httpError(400, MEMBER_MESSAGES.notFaithful);
  if (!target.visible) throw httpError(403, MEMBER_MESSAGES.userNotVisible);

  const roleIds = [...new Set(body.roles)];
  const roles = await queryRows<{ id: number; code: string; scope: string | null; priority: number }>(
    db,
    sql`select id, code, scope, priority from roles where id = any(${intArray(roleIds)}::int[])`,
  );
  if (roles.length !== roleIds.length) throw httpError(404, MEMBER_MESSAGES.unknownRole);
  const scope = GROUP_SCOPES[group];
  for (const role of roles) {
    const roleLevel = role.code.startsWith('ngo::') ? 'national_office' : role.scope;
    if (roleLevel !== scope) throw httpError(400, MEMBER_MESSAGES.wrongGroup);
  }
  const chain = await groupChain(db, level, id);
  assertRankedBelow(await rankOver(db, actor, chain!), roles, MEMBER_MESSAGES.escalation);
  await assertPositionsGrantable(gate, { type: level, id }, await positionPermissions(db, roleIds));

  await db.transaction(async (tx) => {
    const held = await queryRows<{ user_id: number; role_id: number }>(
      tx,
      sql`select user_id, role_id from role_assignments
          where "group" = ${group} and group_id = ${id} and role_id = any(${intArray(roleIds)}::int[])
          for update`,
    );
    if (held.some((h) => h.user_id === body.user_id)) throw httpError(409, MEMBER_MESSAGES.alreadyHeld);
    if (held.length > 0) throw httpError(409, MEMBER_MESSAGES.taken);
    for (const roleId of roleIds) {
      await tx.execute(
        sql`insert into role_assignments (user_id, role_id, "group", group_id, assigned_by)
            values (${body.user_id}, ${roleId}, ${group}, ${id}, ${actor.userId})`,
      );
    }
    await audit(tx, {
      userId: actor.userId,
      action: 'member.add',
      entityType: level,
      entityId: id,
      data: { user_id: body.user_id, roles: roles.map((r) => r.code) },
      ip: actor.ip,
    });
  });
  const [member] = await memberRows(db, [body.user_id], inGroup(group, id, sql`ra`));
  return member;
}

/** The permissions the positions give (their roles' permissions). */
async function positionPermissions(db: Db, roleIds: number[]): Promise<string[]> {
  const given = await queryRows<{ code: string }>(
    db,
    sql`select distinct p.code from role_permissions rp join permissions p on p.id = rp.permission_id
        where rp.role_id = any(${intArray(roleIds)}::int[])`,
  );
  return given.map((row) => row.code);
}

/**
 * DELETE /{group}/{id}/members, once `role:assign` on the group is checked: removes some or all of a
 * member's roles in the group, each ranked below the actor's own.
 */
export async function removeMember(
  db: Db,
  actor: Actor,
  group: RoleGroup,
  id: number,
  body: { user_id: number; role_ids?: number[]; remove_all_roles?: boolean },
): Promise<string> {
  const level = LEVEL_OF[group];
  const all = body.remove_all_roles === true;
  const roleIds = [...new Set(body.role_ids ?? [])];
  if (!all && roleIds.length === 0) throw httpError(400, MEMBER_MESSAGES.noRoleSelected);
  const user = await queryOne<{ id: number }>(db, sql`select id from users where id = ${body.user_id}`);
  if (!user) throw httpError(404, MEMBER_MESSAGES.unknownUser);

  const chain = await groupChain(db, level, id);
  const rank = await rankOver(db, actor, chain!);
  const count = await db.transaction(async (tx) => {
    const held = await queryRows<{ id: number; role_id: number; code: string; priority: number }>(
      tx,
      sql`select ra.id, ra.role_id, r.code, r.priority from role_assignments ra join roles r on r.id = ra.role_id
          where ra.user_id = ${body.user_id} and ra."group" = ${group} and ra.group_id = ${id}
            and (${all} or ra.role_id = any(${intArray(roleIds)}::int[]))
          for update`,
    );
    if (held.length === 0 || (!all && held.length !== roleIds.length))
      throw httpError(404, MEMBER_MESSAGES.notHeld);
    assertRankedBelow(rank, held, MEMBER_MESSAGES.removeEscalation);
    await tx.execute(
      sql`delete from role_assignments where id = any(${intArray(held.map((h) => h.id))}::int[])`,
    );
    await audit(tx, {
      userId: actor.userId,
      action: 'member.remove',
      entityType: level,
      entityId: id,
      data: { user_id: body.user_id, roles: held.map((h) => h.code), remove_all_roles: all },
      ip: actor.ip,
    });
    return held.length;
  });
  return count > 1 ? MEMBER_MESSAGES.removedMany : MEMBER_MESSAGES.removedOne;
}
