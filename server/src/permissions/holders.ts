import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import { grantingCodes, textArray } from './check';
import { permissionTarget } from './entity';

const intList = (values: number[]) => `{${values.map((v) => Math.trunc(v)).join(',')}}`;

/**
 * The people an event on an entity concerns: the users who hold one of `codes` on it through a role of
 * the entity's own group (a department: the group that owns it), as the external accountant of the
 * church, or by a grant on that very entity; active, and not in `except` (the author of the event).
 * Leaders above the entity hold the permission too but are not told of every event below them
 * (decision 0026). `accountant`: whether the holder is an external accountant (their space differs).
 * The notifications' recipients: a question about the permissions, asked by app_held_permissions as
 * every check is.
 */
export async function holdersOf(
  tx: Db,
  codes: string[],
  entityType: string,
  entityId: number,
  except: number[] = [],
): Promise<Array<{ userId: number; accountant: boolean }>> {
  const target = permissionTarget(entityType, entityId);
  if (target.type === 'global') return [];
  const candidates = [...new Set(codes.flatMap(grantingCodes))];
  const at = (type: string) => (target.type === type ? target.id : null);
  const rows = await queryRows<{ user_id: number; accountant: boolean }>(
    tx,
    sql`with owner as (
          select coalesce((select d.entity_type from departments d where d.id = ${at('department')}::int),
                          ${target.type}) as type,
                 coalesce((select d.entity_id from departments d where d.id = ${at('department')}::int),
                          ${target.id}::int) as id
        ),
        candidates as (
          select ra.user_id from role_assignments ra, owner
            where ra."group" = case owner.type when 'church' then 'churches' when 'section' then 'sections'
                    when 'region' then 'regions' when 'national_office' then 'national_offices' end
              and ra.group_id = owner.id
          union
          select m.user_id from managed_churches m, owner where owner.type = 'church' and m.church_id = owner.id
          union
          select up.user_id from user_permissions up
            where up.revoked_at is null and (up.expires_at is null or up.expires_at > now())
              and up.entity_type = ${target.type} and up.entity_id = ${target.id}::int
        )
        select c.user_id,
               exists (select 1 from role_assignments ra join roles ro on ro.id = ra.role_id
                        where ra.user_id = c.user_id and ro.code = 'external-accountant') as accountant
        from candidates c
        join users u on u.id = c.user_id and u.active
        where not (c.user_id = any(${intList(except)}::int[]))
          and exists (select 1 from app_held_permissions(c.user_id, ${textArray(candidates)}::text[], false,
                ${at('department')}::int, ${at('church')}::int, ${at('section')}::int, ${at('region')}::int,
                ${at('national_office')}::int))
        order by c.user_id`,
  );
  return rows.map((row) => ({ userId: Number(row.user_id), accountant: Boolean(row.accountant) }));
}
