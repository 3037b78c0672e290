// The organisation's reads: the lists of each level (visible entities, searched, paginated in one round
// trip), one entity's detail, and the user's own national office. The writes are in service.ts.

import { sql, type SQL } from 'drizzle-orm';
import type { EntityRef, ListMeta } from '../../../../contract/common';
import type { Church, Department, NationalOffice, Region, Section } from '../../../../contract/org';
import type { Db } from '../../db/client';
import { isoString, queryOne } from '../../db/query';
import { likePattern } from '../../db/search';
import { httpError } from '../../http/errors';
import { apiEntityType, type Level } from '../../permissions/entity';
import {
  VISIBILITY_NOT_FOUND_MESSAGES,
  visibleCondition,
  visibleDepartmentCondition,
  type Visibility,
} from '../../permissions/visibility';

export type Page = { search?: string; page: number; limit: number };
type Archivable = { archived?: 'exclude' | 'only' | 'all' };

/** The lists' archive filter (active entities unless asked). */
function archivedCondition(column: SQL, archived: Archivable['archived']): SQL {
  if (archived === 'all') return sql`true`;
  return archived === 'only' ? sql`${column} is not null` : sql`${column} is null`;
}

function searchCondition(column: SQL, search: string | undefined): SQL {
  return search ? sql`${column} ilike ${likePattern(search)}` : sql`true`;
}

function and(...conditions: SQL[]): SQL {
  return sql.join(
    conditions.map((c) => sql`(${c})`),
    sql` and `,
  );
}

/**
 * One round trip per list: the filtered rows as a CTE, the total and one page of them. `select` must
 * expose `sort_name` and `id` for the order.
 */
async function paginate<T>(db: Db, select: SQL, page: Page): Promise<{ rows: T[]; meta: ListMeta }> {
  const offset = (page.page - 1) * page.limit;
  const row = await queryOne<{ total: number; rows: T[] }>(
    db,
    sql`with f as (${select})
        select (select count(*)::int from f) as total,
          coalesce((select json_agg(p order by p.sort_name, p.id) from (
            select * from f order by sort_name, id limit ${page.limit} offset ${offset}
          ) p), '[]'::json) as rows`,
  );
  return { rows: row?.rows ?? [], meta: { total: row?.total ?? 0, page: page.page, limit: page.limit } };
}

// ---------------------------------------------------------------- selects

const nationalOfficeSelect = sql`
  select n.id, n.name, lower(n.name) as sort_name, n.created_at,
    n.city, n.address, n.phone, n.email, n.archived_at,
    (select json_build_object('id', u.id, 'name', u.firstname || ' ' || u.lastname, 'role', ro.name)
      from role_assignments ra join roles ro on ro.id = ra.role_id join users u on u.id = ra.user_id
      where ra."group" = 'national_offices' and ra.group_id = n.id and ro.code = 'national_office::president'
      order by ra.id limit 1) as leader,
    (select count(*)::int from regions r where r.national_office_id = n.id and r.archived_at is null) as regions_count,
    (select count(*)::int from sections s join regions r on r.id = s.region_id
      where r.national_office_id = n.id and s.archived_at is null) as sections_count,
    (select count(*)::int from churches c join sections s on s.id = c.section_id
      join regions r on r.id = s.region_id where r.national_office_id = n.id and c.archived_at is null) as churches_count
  from national_offices n`;

const regionSelect = sql`
  select r.id, r.name, lower(r.name) as sort_name, r.national_office_id, r.created_at,
    r.city, r.address, r.phone, r.email, r.archived_at,
    (select json_build_object('id', u.id, 'name', u.firstname || ' ' || u.lastname, 'role', ro.name)
      from role_assignments ra join roles ro on ro.id = ra.role_id join users u on u.id = ra.user_id
      where ra."group" = 'regions' and ra.group_id = r.id and ro.code = 'region::president'
      order by ra.id limit 1) as leader,
    json_build_object('id', n.id, 'name', n.name) as "nationalOffice",
    (select count(*)::int from sections s where s.region_id = r.id and s.archived_at is null) as sections_count,
    (select count(*)::int from churches c join sections s on s.id = c.section_id
      where s.region_id = r.id and c.archived_at is null) as churches_count
  from regions r join national_offices n on n.id = r.national_office_id`;

const sectionSelect = sql`
  select s.id, s.name, lower(s.name) as sort_name, s.region_id, s.created_at,
    s.city, s.address, s.phone, s.email, s.archived_at,
    (select json_build_object('id', u.id, 'name', u.firstname || ' ' || u.lastname, 'role', ro.name)
      from role_assignments ra join roles ro on ro.id = ra.role_id join users u on u.id = ra.user_id
      where ra."group" = 'sections' and ra.group_id = s.id and ro.code = 'section::representant'
      order by ra.id limit 1) as leader,
    json_build_object('id', r.id, 'name', r.name) as region,
    (select count(*)::int from churches c where c.section_id = s.id and c.archived_at is null) as churches_count
  from sections s join regions r on r.id = s.region_id`;

const churchSelect = sql`
  select c.id, c.name, lower(c.name) as sort_name, c.section_id, c.created_at,
    c.city, c.address, c.phone, c.email, c.archived_at,
    (select max(cm.effective_date)::text from church_moves cm where cm.church_id = c.id) as last_moved_on,
    (select json_build_object('id', u.id, 'name', u.firstname || ' ' || u.lastname, 'role', ro.name)
      from role_assignments ra join roles ro on ro.id = ra.role_id join users u on u.id = ra.user_id
      where ra."group" = 'churches' and ra.group_id = c.id and ro.code = 'church::pasteur-titulaire'
      order by ra.id limit 1) as leader,
    json_build_object('id', s.id, 'name', s.name) as section,
    json_build_object('id', r.id, 'name', r.name) as region,
    json_build_object('id', n.id, 'name', n.name) as "nationalOffice"
  from churches c join sections s on s.id = c.section_id join regions r on r.id = s.region_id
    join national_offices n on n.id = r.national_office_id`;

const departmentSelect = sql`
  select d.id, d.name, lower(d.name) as sort_name, d.description, d.entity_type, d.entity_id, d.created_at,
    case d.entity_type
      when 'church' then (select json_build_object('id', x.id, 'name', x.name) from churches x where x.id = d.entity_id)
      when 'section' then (select json_build_object('id', x.id, 'name', x.name) from sections x where x.id = d.entity_id)
      when 'region' then (select json_build_object('id', x.id, 'name', x.name) from regions x where x.id = d.entity_id)
      when 'national_office' then
        (select json_build_object('id', x.id, 'name', x.name) from national_offices x where x.id = d.entity_id)
    end as entity
  from departments d`;

// ---------------------------------------------------------------- mappers

type Timestamped = { created_at: unknown; sort_name?: string };

function clean<T extends Timestamped>(row: T): Omit<T, 'sort_name' | 'created_at'> & { created_at: string } {
  const { sort_name: _sortName, created_at, ...rest } = row;
  const archived = (rest as { archived_at?: unknown }).archived_at;
  return {
    ...rest,
    ...(archived !== undefined ? { archived_at: archived === null ? null : isoString(archived) } : {}),
    created_at: isoString(created_at),
  };
}

const toNationalOffice = (row: NationalOffice & Timestamped): NationalOffice => clean(row);
const toRegion = (row: Region & Timestamped): Region => clean(row);
const toSection = (row: Section & Timestamped): Section => clean(row);
const toChurch = (row: Church & Timestamped): Church => clean(row);
function toDepartment(
  row: Omit<Department, 'entity_type'> & { entity_type: Level } & Timestamped,
): Department {
  return { ...clean(row), entity_type: apiEntityType(row.entity_type) };
}

// ---------------------------------------------------------------- lists

export async function listNationalOffices(db: Db, visibility: Visibility, page: Page & Archivable) {
  const { rows, meta } = await paginate<NationalOffice & Timestamped>(
    db,
    sql`${nationalOfficeSelect} where ${and(
      visibleCondition(visibility, 'national_office', sql`n.id`),
      searchCondition(sql`n.name`, page.search),
      archivedCondition(sql`n.archived_at`, page.archived),
    )}`,
    page,
  );
  return { data: rows.map(toNationalOffice), meta };
}

export async function listRegions(
  db: Db,
  visibility: Visibility,
  page: Page & Archivable & { national_office_id?: number },
) {
  const { rows, meta } = await paginate<Region & Timestamped>(
    db,
    sql`${regionSelect} where ${and(
      visibleCondition(visibility, 'region', sql`r.id`),
      searchCondition(sql`r.name`, page.search),
      archivedCondition(sql`r.archived_at`, page.archived),
      page.national_office_id ? sql`r.national_office_id = ${page.national_office_id}` : sql`true`,
    )}`,
    page,
  );
  return { data: rows.map(toRegion), meta };
}

export async function listSections(
  db: Db,
  visibility: Visibility,
  page: Page & Archivable & { region_id?: number },
) {
  const { rows, meta } = await paginate<Section & Timestamped>(
    db,
    sql`${sectionSelect} where ${and(
      visibleCondition(visibility, 'section', sql`s.id`),
      searchCondition(sql`s.name`, page.search),
      archivedCondition(sql`s.archived_at`, page.archived),
      page.region_id ? sql`s.region_id = ${page.region_id}` : sql`true`,
    )}`,
    page,
  );
  return { data: rows.map(toSection), meta };
}

export async function listChurches(
  db: Db,
  visibility: Visibility,
  page: Page & Archivable & { section_id?: number; region_id?: number },
) {
  const { rows, meta } = await paginate<Church & Timestamped>(
    db,
    sql`${churchSelect} where ${and(
      visibleCondition(visibility, 'church', sql`c.id`),
      searchCondition(sql`c.name`, page.search),
      archivedCondition(sql`c.archived_at`, page.archived),
      page.section_id ? sql`c.section_id = ${page.section_id}` : sql`true`,
      page.region_id ? sql`s.region_id = ${page.region_id}` : sql`true`,
    )}`,
    page,
  );
  return { data: rows.map(toChurch), meta };
}

export async function listDepartments(
  db: Db,
  visibility: Visibility,
  page: Page & { entity_type?: string; entity_id?: number },
) {
  const entityType = page.entity_type?.toLowerCase();
  const { rows, meta } = await paginate<
    Omit<Department, 'entity_type'> & { entity_type: Level } & Timestamped
  >(
    db,
    sql`${departmentSelect} where ${and(
      visibleDepartmentCondition(visibility, sql`d`),
      searchCondition(sql`d.name`, page.search),
      entityType ? sql`d.entity_type = ${entityType}` : sql`true`,
      page.entity_id ? sql`d.entity_id = ${page.entity_id}` : sql`true`,
    )}`,
    page,
  );
  return { data: rows.map(toDepartment), meta };
}

// ---------------------------------------------------------------- details

// The routes check first that the user may see the entity (authorizeVisible): these only read it.

const NOT_FOUND = VISIBILITY_NOT_FOUND_MESSAGES;

export async function getNationalOffice(db: Db, id: number): Promise<NationalOffice> {
  const row = await queryOne<NationalOffice & Timestamped>(
    db,
    sql`${nationalOfficeSelect} where n.id = ${id}`,
  );
  if (!row) throw httpError(404, NOT_FOUND.national_office);
  return toNationalOffice(row);
}

export async function getRegion(db: Db, id: number): Promise<Region> {
  const row = await queryOne<Region & Timestamped>(db, sql`${regionSelect} where r.id = ${id}`);
  if (!row) throw httpError(404, NOT_FOUND.region);
  return toRegion(row);
}

export async function getSection(db: Db, id: number): Promise<Section> {
  const row = await queryOne<Section & Timestamped>(db, sql`${sectionSelect} where s.id = ${id}`);
  if (!row) throw httpError(404, NOT_FOUND.section);
  return toSection(row);
}

export async function getChurch(db: Db, id: number): Promise<Church> {
  const row = await queryOne<Church & Timestamped>(db, sql`${churchSelect} where c.id = ${id}`);
  if (!row) throw httpError(404, NOT_FOUND.church);
  return toChurch(row);
}

export async function getDepartment(db: Db, id: number): Promise<Department> {
  const row = await queryOne<Omit<Department, 'entity_type'> & { entity_type: Level } & Timestamped>(
    db,
    sql`${departmentSelect} where d.id = ${id}`,
  );
  if (!row) throw httpError(404, NOT_FOUND.department);
  return toDepartment(row);
}

/**
 * The national office of the signed-in user: the one of their highest role, else the one above their
 * region, section or church, else the first one.
 */
export async function currentNationalOffice(db: Db, visibility: Visibility): Promise<EntityRef | null> {
  const ids = visibility.all
    ? { n: [], r: [], s: [], c: [] }
    : {
        n: visibility.nationalOfficeIds,
        r: visibility.regionIds,
        s: visibility.sectionIds,
        c: visibility.churchIds,
      };
  const row = await queryOne<EntityRef>(
    db,
    sql`select n.id, n.name from national_offices n
        order by
          (n.id = ${ids.n[0] ?? null}::int) desc nulls last,
          (n.id = (select national_office_id from regions where id = ${ids.r[0] ?? null}::int)) desc nulls last,
          (n.id = (select r.national_office_id from sections s join regions r on r.id = s.region_id
                   where s.id = ${ids.s[0] ?? null}::int)) desc nulls last,
          (n.id = (select r.national_office_id from churches c join sections s on s.id = c.section_id
                   join regions r on r.id = s.region_id where c.id = ${ids.c[0] ?? null}::int)) desc nulls last,
          n.id
        limit 1`,
  );
  return row ?? null;
}
