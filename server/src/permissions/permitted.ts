import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryOne } from '../db/query';
import { grantingCodes, textArray, type PermissionUser } from './check';
import type { Visibility } from './visibility';

/**
 * What a list without an entity filter may show (decision 0027): the entities the user sees AND where they
 * hold one of `codes` (or a code that grants it), by the rules of app_held_permissions
 * (permissions/check.ts): a role's permissions in its group and below, an external accountant's in the
 * churches they manage, a direct grant on its entity and below, a grant of a level without entity on
 * every entity of that level and below, a 'global' grant everywhere. The answer is a Visibility, so
 * the lists keep their conditions (visibleEntityCondition...) and only get a narrower one.
 *
 * A grant on one department alone is not a group the lists can name: such a user lists that
 * department's records through its own entity filter.
 */
export async function permittedVisibility(
  db: Db,
  user: PermissionUser,
  visibility: Visibility,
  codes: string | readonly string[],
): Promise<Visibility> {
  if (user.isSuperAdmin || visibility.all) return visibility;
  const wanted = [...new Set((typeof codes === 'string' ? [codes] : [...codes]).flatMap(grantingCodes))];
  const row = await queryOne<{ everywhere: boolean; n: number[]; r: number[]; s: number[]; c: number[] }>(
    db,
    sql`with held as (
          select ra."group", ra.group_id, ro.code as role_code
          from role_assignments ra
            join roles ro on ro.id = ra.role_id
            join role_permissions rp on rp.role_id = ra.role_id
            join permissions p on p.id = rp.permission_id
          where ra.user_id = ${user.userId} and p.code = any(${textArray(wanted)}::text[])
        ),
        granted as (
          select up.entity_type, up.entity_id
          from user_permissions up join permissions p on p.id = up.permission_id
          where up.user_id = ${user.userId} and up.revoked_at is null
            and (up.expires_at is null or up.expires_at > now())
            and p.code = any(${textArray(wanted)}::text[])
        ),
        pn as (
          select x.id from national_offices x
          where x.id in (select group_id from held where "group" = 'national_offices')
             or x.id in (select entity_id from granted where entity_type = 'national_office')
             or exists (select 1 from granted where entity_type = 'national_office' and entity_id is null)
        ),
        pr as (
          select x.id from regions x
          where x.id in (select group_id from held where "group" = 'regions')
             or x.id in (select entity_id from granted where entity_type = 'region')
             or exists (select 1 from granted where entity_type = 'region' and entity_id is null)
             or x.national_office_id in (select id from pn)
        ),
        ps as (
          select x.id from sections x
          where x.id in (select group_id from held where "group" = 'sections')
             or x.id in (select entity_id from granted where entity_type = 'section')
             or exists (select 1 from granted where entity_type = 'section' and entity_id is null)
             or x.region_id in (select id from pr)
        ),
        pc as (
          select x.id from churches x
          where x.id in (select group_id from held where "group" = 'churches')
             or x.id in (select entity_id from granted where entity_type = 'church')
             or exists (select 1 from granted where entity_type = 'church' and entity_id is null)
             or x.section_id in (select id from ps)
             or (exists (select 1 from held where role_code = 'external-accountant')
                 and x.id in (select m.church_id from managed_churches m where m.user_id = ${user.userId}))
        )
        select exists (select 1 from granted where entity_type = 'global') as everywhere,
          array(select id from pn) as n, array(select id from pr) as r,
          array(select id from ps) as s, array(select id from pc) as c`,
  );
  if (!row || row.everywhere) return visibility;
  const keep = (seen: number[], held: number[] | null) => {
    const allowed = new Set((held ?? []).map(Number));
    return seen.filter((id) => allowed.has(id));
  };
  return {
    all: false,
    nationalOfficeIds: keep(visibility.nationalOfficeIds, row.n),
    regionIds: keep(visibility.regionIds, row.r),
    sectionIds: keep(visibility.sectionIds, row.s),
    churchIds: keep(visibility.churchIds, row.c),
  };
}
