import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { queryOne } from './query';

/**
 * The hot read paths of every request (session, account, visibility, permission check) as PL/pgSQL
 * functions. PostgreSQL plans a query of a PL/pgSQL function once per connection and reuses the plan,
 * while a plain parameterised query is planned at every call: on PGlite planning these queries costs
 * several times their execution. The SQL stays here, next to the TypeScript that calls it, and is
 * installed by installDbFunctions() whenever its text changes.
 */
type DbFunction = {
  name: string;
  args: string;
  returns: string;
  /** the query it returns, or with `procedural` the statements between begin and end */
  body: string;
  /** the body is PL/pgSQL statements that fill the output columns and `return next` */
  procedural?: boolean;
  /**
   * Rows it answers, for the planner of a statement that calls it in FROM: without it PostgreSQL
   * assumes 1000 a call, and the joined estimate of a few such calls crosses JIT's threshold (150 ms
   * of compilation for a row).
   */
  rows?: number;
};

const FUNCTIONS: DbFunction[] = [
  {
    // The user of a live session; nothing when the session is unknown, expired or its user disabled.
    name: 'app_session_user',
    rows: 1,
    args: 'p_session_id text',
    returns: 'table (user_id integer, is_super_admin boolean, last_seen_at timestamptz)',
    body: `
      select s.user_id,
        (u.is_super_admin or exists (
          select 1 from role_assignments ra join roles r on r.id = ra.role_id
          where ra.user_id = u.id and r.code = 'admin')),
        s.last_seen_at
      from sessions s join users u on u.id = s.user_id
      where s.id = p_session_id and s.expires_at > now() and u.active`,
  },
  {
    // The Account of contract/auth.ts as JSON. Each level's context is the first group (by role
    // priority, then assignment order) where the user holds a role of that level; ngo:: counts as the
    // national office.
    name: 'app_account',
    rows: 1,
    args: 'p_user_id integer',
    returns: 'table (account json)',
    body: `
      with a as (
        select r.id, r.code, r.name, r.priority, ra.id as assignment_id, ra."group", ra.group_id,
               case when r.code like 'ngo::%' then 'national_office' else r.scope end as level
        from role_assignments ra join roles r on r.id = ra.role_id
        where ra.user_id = p_user_id
      ),
      ctx as (
        select distinct on (level) level, group_id from a
        where group_id is not null
          and ((level = 'church' and "group" = 'churches') or (level = 'section' and "group" = 'sections')
            or (level = 'region' and "group" = 'regions')
            or (level = 'national_office' and "group" = 'national_offices'))
        order by level, priority, assignment_id
      )
      select json_build_object(
        'id', u.id, 'firstname', u.firstname, 'lastname', u.lastname, 'email', u.email, 'phone', u.phone,
        'registration_number', u.registration_number,
        'roles', (select coalesce(json_agg(json_build_object('id', d.id, 'code', d.code, 'name', d.name)
                    order by d.priority, d.id), '[]'::json)
                  from (select distinct id, code, name, priority from a) d),
        'is_super_admin', (u.is_super_admin or exists (select 1 from a where a.code = 'admin')),
        'church', (select json_build_object('id', c.id, 'name', c.name, 'has_unpaid_subscription', exists (
                      select 1 from subscriptions s
                      where s.church_id = c.id and s.paid_at is null and s.status <> 'cancelled'))
                   from churches c where c.id = (select group_id from ctx where level = 'church')),
        'section', (select json_build_object('id', s.id, 'name', s.name)
                    from sections s where s.id = (select group_id from ctx where level = 'section')),
        'region', (select json_build_object('id', r.id, 'name', r.name)
                   from regions r where r.id = (select group_id from ctx where level = 'region')),
        'nationalOffice', (select json_build_object('id', n.id, 'name', n.name)
                           from national_offices n
                           where n.id = (select group_id from ctx where level = 'national_office')),
        'managedChurches', (select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name)
                              order by c.name, c.id), '[]'::json)
                            from managed_churches m join churches c on c.id = m.church_id
                            where m.user_id = u.id),
        'faithfulChurch', (select json_build_object('id', c.id, 'name', c.name)
                           from churches c where c.id = u.church_id),
        'departments', (select coalesce(json_agg(json_build_object('id', d.id, 'name', d.name, 'role', m.role)
                          order by (m.role = 'leader') desc, d.name, d.id), '[]'::json)
                        from department_members m join departments d on d.id = m.department_id
                        where m.user_id = u.id))
      from users u where u.id = p_user_id`,
  },
  {
    // What a user sees: a national-office role its office and all below, a region role its region and
    // below, a section role its section and below, a church role its church, an external accountant
    // the churches they manage, a faithful member their church.
    name: 'app_visibility',
    rows: 1,
    args: 'p_user_id integer',
    returns: 'table (n integer[], r integer[], s integer[], c integer[])',
    body: `
      with a as (
        select ra."group", ra.group_id from role_assignments ra
        where ra.user_id = p_user_id and ra.group_id is not null
      ),
      vn as (select no.id from national_offices no
             where no.id in (select a.group_id from a where a."group" = 'national_offices')),
      vr as (select rg.id from regions rg
             where rg.id in (select a.group_id from a where a."group" = 'regions')
                or rg.national_office_id in (select vn.id from vn)),
      vs as (select sc.id from sections sc
             where sc.id in (select a.group_id from a where a."group" = 'sections')
                or sc.region_id in (select vr.id from vr)),
      vc as (select ch.id from churches ch
             where ch.id in (select a.group_id from a where a."group" = 'churches')
                or ch.section_id in (select vs.id from vs)
                or ch.id = (select u.church_id from users u where u.id = p_user_id)
                or (ch.id in (select m.church_id from managed_churches m where m.user_id = p_user_id)
                    and exists (select 1 from role_assignments ra join roles ro on ro.id = ra.role_id
                                where ra.user_id = p_user_id and ro.code = 'external-accountant')))
      select array(select vn.id from vn order by 1), array(select vr.id from vr order by 1),
             array(select vs.id from vs order by 1), array(select vc.id from vc order by 1)`,
  },
  {
    // Which of p_codes the user holds on one entity (its chain of parents), or anywhere (p_anywhere).
    // Rules: see permissions/check.ts.
    name: 'app_held_permissions',
    args:
      'p_user_id integer, p_codes text[], p_anywhere boolean, p_department integer, p_church integer, ' +
      'p_section integer, p_region integer, p_national_office integer',
    returns: 'table (code text)',
    body: `
      with d as (select dp.id, dp.entity_type, dp.entity_id from departments dp where dp.id = p_department),
      s0 as (
        select (select d.id from d) as department_id,
          coalesce(p_church, (select d.entity_id from d where d.entity_type = 'church')) as church_id,
          coalesce(p_section, (select d.entity_id from d where d.entity_type = 'section')) as section_id,
          coalesce(p_region, (select d.entity_id from d where d.entity_type = 'region')) as region_id,
          coalesce(p_national_office,
            (select d.entity_id from d where d.entity_type = 'national_office')) as national_office_id
      ),
      chain as (
        select s0.department_id, c.id as church_id, s.id as section_id, r.id as region_id,
               n.id as national_office_id
        from s0
        left join churches c on c.id = s0.church_id
        left join sections s on s.id = coalesce(s0.section_id, c.section_id)
        left join regions r on r.id = coalesce(s0.region_id, s.region_id)
        left join national_offices n on n.id = coalesce(s0.national_office_id, r.national_office_id)
      )
      select p.code from role_assignments ra
        join roles ro on ro.id = ra.role_id
        join role_permissions rp on rp.role_id = ra.role_id
        join permissions p on p.id = rp.permission_id
        cross join chain
      where ra.user_id = p_user_id and p.code = any(p_codes) and (
        (p_anywhere and (ra.group_id is not null or ro.code = 'external-accountant'))
        or (ra."group" = 'churches' and ra.group_id = chain.church_id)
        or (ra."group" = 'sections' and ra.group_id = chain.section_id)
        or (ra."group" = 'regions' and ra.group_id = chain.region_id)
        or (ra."group" = 'national_offices' and ra.group_id = chain.national_office_id)
        or (ro.code = 'external-accountant' and exists (
              select 1 from managed_churches m where m.user_id = ra.user_id and m.church_id = chain.church_id))
      )
      union
      select p.code from user_permissions up
        join permissions p on p.id = up.permission_id
        cross join chain
      where up.user_id = p_user_id and up.revoked_at is null
        and (up.expires_at is null or up.expires_at > now())
        and p.code = any(p_codes) and (
          p_anywhere or up.entity_type = 'global'
          or (up.entity_id is null and case up.entity_type
                when 'church' then chain.church_id is not null
                when 'section' then chain.section_id is not null
                when 'region' then chain.region_id is not null
                when 'national_office' then chain.national_office_id is not null
                when 'department' then chain.department_id is not null
                else false end)
          or (up.entity_type = 'church' and up.entity_id = chain.church_id)
          or (up.entity_type = 'section' and up.entity_id = chain.section_id)
          or (up.entity_type = 'region' and up.entity_id = chain.region_id)
          or (up.entity_type = 'national_office' and up.entity_id = chain.national_office_id)
          or (up.entity_type = 'department' and up.entity_id = chain.department_id)
        )`,
  },
  {
    // What authorize() asks about one entity, in one call: whether it exists (p_entity_type in scope
    // names, null: not asked), the entity a department hangs on, and which of p_codes the user holds on
    // the permission target (app_held_permissions' arguments; p_codes empty: not asked).
    name: 'app_entity_access',
    rows: 1,
    args:
      'p_user_id integer, p_entity_type text, p_entity_id integer, p_codes text[], p_anywhere boolean, ' +
      'p_department integer, p_church integer, p_section integer, p_region integer, p_national_office integer',
    returns: 'table (entity_found boolean, owner_type text, owner_id integer, codes text[])',
    body: `
      select
        case p_entity_type
          when 'national_office' then exists (select 1 from national_offices x where x.id = p_entity_id)
          when 'region' then exists (select 1 from regions x where x.id = p_entity_id)
          when 'section' then exists (select 1 from sections x where x.id = p_entity_id)
          when 'church' then exists (select 1 from churches x where x.id = p_entity_id)
          when 'department' then exists (select 1 from departments x where x.id = p_entity_id)
        end,
        (select d.entity_type::text from departments d where p_entity_type = 'department' and d.id = p_entity_id),
        (select d.entity_id from departments d where p_entity_type = 'department' and d.id = p_entity_id),
        case when cardinality(p_codes) = 0 then '{}'::text[]
          else array(select h.code from app_held_permissions(p_user_id, p_codes, p_anywhere, p_department,
                       p_church, p_section, p_region, p_national_office) h) end`,
  },
  {
    // The signed-in context of a request in one statement (decision 0015): the session's user (no row
    // when the session is unknown, expired or its user disabled), what they see (app_visibility; not
    // for a super-admin, nor when p_visibility is false), their Account when p_account, and what
    // app_entity_access answers about the entity the call touches. Read at every request: a revoked
    // grant or role stops at once, in every server process.
    name: 'app_request_context',
    rows: 1,
    args:
      'p_session_id text, p_visibility boolean, p_account boolean, p_entity_type text, p_entity_id integer, ' +
      'p_codes text[], p_anywhere boolean, p_department integer, p_church integer, p_section integer, ' +
      'p_region integer, p_national_office integer',
    returns:
      'table (user_id integer, is_super_admin boolean, last_seen_at timestamptz, n integer[], r integer[], ' +
      's integer[], c integer[], account json, entity_found boolean, owner_type text, owner_id integer, ' +
      'codes text[])',
    // Step by step, each part only when asked: cheaper than joining the four calls.
    procedural: true,
    body: `
      select su.user_id, su.is_super_admin, su.last_seen_at into user_id, is_super_admin, last_seen_at
        from app_session_user(p_session_id) su;
      if not found then
        return;
      end if;
      if p_visibility and not is_super_admin then
        select v.n, v.r, v.s, v.c into n, r, s, c from app_visibility(user_id) v;
      end if;
      if p_account then
        select a.account into account from app_account(user_id) a;
      end if;
      if p_entity_type is not null or cardinality(p_codes) > 0 then
        select e.entity_found, e.owner_type, e.owner_id, e.codes into entity_found, owner_type, owner_id, codes
          from app_entity_access(user_id, p_entity_type, p_entity_id, p_codes, p_anywhere, p_department,
            p_church, p_section, p_region, p_national_office) e;
      end if;
      return next;`,
  },
];

/** Argument types only, as DROP FUNCTION wants them: 'p_a integer, p_b text[]' -> 'integer, text[]'. */
function argTypes(args: string): string {
  return args
    .split(',')
    .map((arg) => arg.trim().split(/\s+/).slice(1).join(' '))
    .join(', ');
}

function definition(fn: DbFunction): string {
  // variable_conflict use_column: output column names (code, user_id...) never shadow table columns.
  return `create function ${fn.name}(${fn.args}) returns ${fn.returns} language plpgsql stable${fn.rows ? ` rows ${fn.rows}` : ''} as $fn$
#variable_conflict use_column
begin
  ${fn.procedural ? fn.body.trim() : `return query ${fn.body.trim()};`}
end
$fn$`;
}

export const DB_FUNCTIONS_VERSION = createHash('sha256')
  .update(FUNCTIONS.map(definition).join('\n'))
  .digest('hex')
  .slice(0, 16);

/**
 * Creates or replaces the functions when their text changed (a marker function holds the version):
 * a usual start costs one query. Serialised by an advisory lock so that two servers starting together
 * do not both rewrite them.
 */
export async function installDbFunctions(db: Db): Promise<void> {
  const current = await queryOne<{ version: string | null }>(
    db,
    sql`select (select prosrc from pg_proc where proname = 'app_functions_version' limit 1) as version`,
  );
  if (current?.version?.includes(DB_FUNCTIONS_VERSION)) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('app_functions'))`);
    for (const fn of FUNCTIONS) {
      await tx.execute(sql.raw(`drop function if exists ${fn.name}(${argTypes(fn.args)})`));
      await tx.execute(sql.raw(definition(fn)));
    }
    await tx.execute(
      sql.raw(
        `create or replace function app_functions_version() returns text language sql immutable as ` +
          `$$ select '${DB_FUNCTIONS_VERSION}'::text $$`,
      ),
    );
  });
}
