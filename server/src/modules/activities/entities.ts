import { sql, type SQL } from 'drizzle-orm';
import type { DepartmentRole, ReportStatus } from '../../../../contract/activities';
import type { Db } from '../../db/client';
import { queryOne, queryRows } from '../../db/query';
import { httpError } from '../../http/errors';
import { financeEntityOf, type Level } from '../../permissions/entity';

/** An entity that owns activities and reports, in the data's words ('church', 'department'...). */
export type Owner = { type: Level | 'department'; id: number };

/** A report as its rules read it: its id, the entity it belongs to, its status and its author. */
export type ReportFacts = { id: number; owner: Owner; status: ReportStatus; createdBy: number | null };

/** Reads an API entity type ('CHURCH', 'ACTIVITY_GROUP'...) as an owner; 400 otherwise. */
export function ownerOf(entityType: string, entityId: number): Owner {
  const type = financeEntityOf(entityType);
  if (!type) throw httpError(400, "Type d'entité non supporté");
  return { type, id: entityId };
}

/** The API's name of an owner type ('department' -> 'ACTIVITY_GROUP'). */
export function apiType(type: string): string {
  return type === 'department' ? 'ACTIVITY_GROUP' : type.toUpperCase();
}

/** The level above an owner: a church's section, a section's region..., a department's entity; none above the office. */
export async function parentOf(db: Db, owner: Owner): Promise<Owner | null> {
  const row = await queryOne<{ type: string | null; id: number | null }>(
    db,
    owner.type === 'department'
      ? sql`select entity_type as type, entity_id as id from departments where id = ${owner.id}`
      : owner.type === 'church'
        ? sql`select 'section' as type, section_id as id from churches where id = ${owner.id}`
        : owner.type === 'section'
          ? sql`select 'region' as type, region_id as id from sections where id = ${owner.id}`
          : owner.type === 'region'
            ? sql`select 'national_office' as type, national_office_id as id from regions where id = ${owner.id}`
            : sql`select null::text as type, null::int as id`,
  );
  if (!row?.type || !row.id) return null;
  return { type: row.type as Owner['type'], id: row.id };
}

/**
 * SQL: the (type, id) pairs strictly below an owner: its sub-levels and every department hanging on the
 * owner or on one of them. A department has nothing below it.
 */
export function belowSql(owner: Owner): SQL {
  const levels =
    owner.type === 'national_office'
      ? sql`select 'region'::text as t, r.id as i from regions r where r.national_office_id = ${owner.id}
            union all select 'section', s.id from sections s join regions r on r.id = s.region_id
              where r.national_office_id = ${owner.id}
            union all select 'church', c.id from churches c join sections s on s.id = c.section_id
              join regions r on r.id = s.region_id where r.national_office_id = ${owner.id}`
      : owner.type === 'region'
        ? sql`select 'section'::text as t, s.id as i from sections s where s.region_id = ${owner.id}
              union all select 'church', c.id from churches c join sections s on s.id = c.section_id
                where s.region_id = ${owner.id}`
        : owner.type === 'section'
          ? sql`select 'church'::text as t, c.id as i from churches c where c.section_id = ${owner.id}`
          : sql`select null::text as t, null::int as i where false`;
  if (owner.type === 'department') return sql`(select null::text as t, null::int as i where false)`;
  return sql`(with lv as (${levels})
    select t, i from lv
    union all select 'department', d.id from departments d
      where (d.entity_type = ${owner.type} and d.entity_id = ${owner.id})
         or (d.entity_type, d.entity_id) in (select t, i from lv))`;
}

/** SQL: the name of an owner (type and id columns). */
export function ownerNameSql(type: SQL, id: SQL): SQL {
  return sql`case ${type}
    when 'church' then (select name from churches where id = ${id})
    when 'section' then (select name from sections where id = ${id})
    when 'region' then (select name from regions where id = ${id})
    when 'national_office' then (select name from national_offices where id = ${id})
    when 'department' then (select name from departments where id = ${id}) end`;
}

/** The leader or member role of a user in a department, or null. */
export async function departmentRole(
  db: Db,
  userId: number,
  departmentId: number,
): Promise<DepartmentRole | null> {
  const row = await queryOne<{ role: DepartmentRole }>(
    db,
    sql`select role from department_members where department_id = ${departmentId} and user_id = ${userId}`,
  );
  return row?.role ?? null;
}

/**
 * The ids of a department's leaders, the entity named as the API or the data names it ('ACTIVITY_GROUP',
 * 'department'); none for any other entity, without a query.
 */
export async function departmentLeaders(db: Db, entity: { type: string; id: number }): Promise<number[]> {
  if (financeEntityOf(entity.type) !== 'department') return [];
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`select user_id from department_members where department_id = ${entity.id} and role = 'leader'`,
  );
  return rows.map((row) => Number(row.user_id));
}
