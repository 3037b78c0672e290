// The organisation's reads: the lists of each level (visible entities, searched, paginated in one round
// trip), one entity's detail, and the user's own national office. The writes are in service.ts.

import { sql, type SQL } from 'drizzle-orm';
import type { EntityRef, ListMeta, ListSort } from '../../../../contract/common';
import type {
  Church,
  ChurchSort,
  Department,
  NationalOffice,
  NationalOfficeSort,
  Region,
  RegionSort,
  Section,
  SectionSort,
} from '../../../../contract/org';
import type { Db } from '../../db/client';
import { isoString, queryOne } from '../../db/query';
import { orderBy, type SortColumns } from '../../db/sort';
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

/** SQL: `column` equals the filter's value, or true when the filter is absent. */
function equals(column: SQL, value: string | number | undefined): SQL {
  return value ? sql`${column} = ${value}` : sql`true`;
}

function and(...conditions: SQL[]): SQL {
  return sql.join(
    conditions.map((c) => sql`(${c})`),
    sql` and `,
  );
}

/** By name unless asked (`sort_name`, then the id): the lists' order before they could be sorted. */
const BY_NAME = { sort: 'name', order: 'asc' } as const;

/**
 * One round trip per list: the filtered rows as a CTE, the total and one page of them in `order`,
 * which names the select's output columns (`sort_name`, `churches_count`...) and ends with its `id`
 * (by name by default).
 */
async function paginate<T>(
  db: Db,
  select: SQL,
  page: Page,
  order: SQL = sql`sort_name, id`,
): Promise<{ rows: T[]; meta: ListMeta }> {
  const offset = (page.page - 1) * page.limit;
  const row = await queryOne<{ total: number; rows: T[] }>(
    db,
    sql`with f as (${select})
        select (select count(*)::int from f) as total,
          coalesce((select json_agg(p order by ${order}) from (
            select * from f order by ${order} limit ${page.limit} offset ${offset}
          ) p), '[]'::json) as rows`,
  );
  return { rows: row?.rows ?? [], meta: { total: row?.total ?? 0, page: page.page, limit: page.limit } };
}

// ---------------------------------------------------------------- selects

/** SQL: who holds the level's leading position (`role`) in the group, as `{ id, name, role }`. */
function leaderOf(group: string, id: SQL, role: string): SQL {
  return sql`(select json_build_object('id', u.id, 'name', u.firstname || ' ' || u.lastname, 'role', ro.name)
      from role_assignments ra join roles ro on ro.id = ra.role_id join users u on u.id = ra.user_id
      where ra."group" = ${group} and ra.group_id = ${id} and ro.code = ${role}
      order by ra.id limit 1)`;
}

const nationalOfficeSelect = sql`
  select n.id, n.name, lower(n.name) as sort_name, n.created_at,
    n.city, n.address, n.phone, n.email, n.archived_at,
    ${leaderOf('national_offices', sql`n.id`, 'national_office::president')} as leader,
    (select count(*)::int from regions r where r.national_office_id = n.id and r.archived_at is null) as regions_count,
    (select count(*)::int from sections s join regions r on r.id = s.region_id
      where r.national_office_id = n.id and s.archived_at is null) as sections_count,
    (select count(*)::int from churches c join sections s on s.id = c.section_id
      join regions r on r.id = s.region_id where r.national_office_id = n.id and c.archived_at is null) as churches_count
  from national_offices n`;

const regionSelect = sql`
  select r.id, r.name, lower(r.name) as sort_name, r.national_office_id, r.created_at,
    r.city, r.address, r.phone, r.email, r.archived_at,
    ${leaderOf('regions', sql`r.id`, 'region::president')} as leader,
    json_build_object('id', n.id, 'name', n.name) as "nationalOffice",
    (select count(*)::int from sections s where s.region_id = r.id and s.archived_at is null) as sections_count,
    (select count(*)::int from churches c join sections s on s.id = c.section_id
      where s.region_id = r.id and c.archived_at is null) as churches_count
  from regions r join national_offices n on n.id = r.national_office_id`;

const sectionSelect = sql`
  select s.id, s.name, lower(s.name) as sort_name, s.region_id, s.created_at,
    s.city, s.address, s.phone, s.email, s.archived_at,
    ${leaderOf('sections', sql`s.id`, 'section::representant')} as leader,
    json_build_object('id', r.id, 'name', r.name) as region,
    (select count(*)::int from churches c where c.section_id = s.id and c.archived_at is null) as churches_count
  from sections s join regions r on r.id = s.region_id`;

const churchSelect = sql`
  select c.id, c.name, lower(c.name) as sort_name, c.section_id, c.created_at,
    c.city, c.address, c.phone, c.email, c.archived_at,
    (select max(cm.effective_date)::text from church_moves cm where cm.church_id = c.id) as last_moved_on,
    ${leaderOf('churches', sql`c.id`, 'church::pasteur-titulaire')} as leader,
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

// What each sort of a level's list orders by: output columns of its select (the counts are already
// there, the parent's name is read from its json), so that one fragment serves the page and its rows.
const city = { by: sql`lower(city)`, nulls: 'last' } as const;

const NATIONAL_OFFICE_ORDER: SortColumns<NationalOfficeSort> = {
  name: sql`sort_name`,
  city,
  regions: sql`regions_count`,
  sections: sql`sections_count`,
  churches: sql`churches_count`,
  created_at: sql`created_at`,
};
const REGION_ORDER: SortColumns<RegionSort> = {
  name: sql`sort_name`,
  city,
  national_office: sql`lower("nationalOffice"->>'name')`,
  sections: sql`sections_count`,
  churches: sql`churches_count`,
  created_at: sql`created_at`,
};
const SECTION_ORDER: SortColumns<SectionSort> = {
  name: sql`sort_name`,
  city,
  region: sql`lower(region->>'name')`,
  churches: sql`churches_count`,
  created_at: sql`created_at`,
};
const CHURCH_ORDER: SortColumns<ChurchSort> = {
  name: sql`sort_name`,
  city,
  section: sql`lower(section->>'name')`,
  region: sql`lower(region->>'name')`,
  created_at: sql`created_at`,
};

/** The select of each level's rows and its table's alias in it. */
const SELECT_OF: Record<Level, { select: SQL; alias: SQL }> = {
  national_office: { select: nationalOfficeSelect, alias: sql.raw('n') },
  region: { select: regionSelect, alias: sql.raw('r') },
  section: { select: sectionSelect, alias: sql.raw('s') },
  church: { select: churchSelect, alias: sql.raw('c') },
};

/**
 * One page of a level's entities the user sees, in `order` (by name unless asked): searched on the
 * name, the archived ones as asked, narrowed by `filters` (the parent's id).
 */
async function listLevel<T>(
  db: Db,
  level: Level,
  visibility: Visibility,
  page: Page & Archivable,
  order: SQL,
  to: (row: T & Timestamped) => T,
  ...filters: SQL[]
): Promise<{ data: T[]; meta: ListMeta }> {
  const { select, alias } = SELECT_OF[level];
  const { rows, meta } = await paginate<T & Timestamped>(
    db,
    sql`${select} where ${and(
      visibleCondition(visibility, level, sql`${alias}.id`),
      searchCondition(sql`${alias}.name`, page.search),
      archivedCondition(sql`${alias}.archived_at`, page.archived),
      ...filters,
    )}`,
    page,
    order,
  );
  return { data: rows.map(to), meta };
}

export function listNationalOffices(
  db: Db,
  visibility: Visibility,
  page: Page & Archivable & ListSort<NationalOfficeSort>,
) {
  const order = orderBy(NATIONAL_OFFICE_ORDER, page, BY_NAME, sql`id`);
  return listLevel(db, 'national_office', visibility, page, order, toNationalOffice);
}

export function listRegions(
  db: Db,
  visibility: Visibility,
  page: Page & Archivable & ListSort<RegionSort> & { national_office_id?: number },
) {
  return listLevel(
    db,
    'region',
    visibility,
    page,
    orderBy(REGION_ORDER, page, BY_NAME, sql`id`),
    toRegion,
    equals(sql`r.national_office_id`, page.national_office_id),
  );
}

export function listSections(
  db: Db,
  visibility: Visibility,
  page: Page & Archivable & ListSort<SectionSort> & { region_id?: number },
) {
  return listLevel(
    db,
    'section',
    visibility,
    page,
    orderBy(SECTION_ORDER, page, BY_NAME, sql`id`),
    toSection,
    equals(sql`s.region_id`, page.region_id),
  );
}

export function listChurches(
  db: Db,
  visibility: Visibility,
  page: Page & Archivable & ListSort<ChurchSort> & { section_id?: number; region_id?: number },
) {
  return listLevel(
    db,
    'church',
    visibility,
    page,
    orderBy(CHURCH_ORDER, page, BY_NAME, sql`id`),
    toChurch,
    equals(sql`c.section_id`, page.section_id),
    equals(sql`s.region_id`, page.region_id),
  );
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
      equals(sql`d.entity_type`, entityType),
      equals(sql`d.entity_id`, page.entity_id),
    )}`,
    page,
  );
  return { data: rows.map(toDepartment), meta };
}

// ---------------------------------------------------------------- details

// The routes check first that the user may see the entity (authorizeVisible): these only read it.

const NOT_FOUND = VISIBILITY_NOT_FOUND_MESSAGES;

/** One entity of a level, or the 404 of the level. */
async function readOne<T>(db: Db, level: Level, id: number, to: (row: T & Timestamped) => T): Promise<T> {
  const { select, alias } = SELECT_OF[level];
  const row = await queryOne<T & Timestamped>(db, sql`${select} where ${alias}.id = ${id}`);
  if (!row) throw httpError(404, NOT_FOUND[level]);
  return to(row);
}

export function getNationalOffice(db: Db, id: number): Promise<NationalOffice> {
  return readOne(db, 'national_office', id, toNationalOffice);
}

export function getRegion(db: Db, id: number): Promise<Region> {
  return readOne(db, 'region', id, toRegion);
}

export function getSection(db: Db, id: number): Promise<Section> {
  return readOne(db, 'section', id, toSection);
}

export function getChurch(db: Db, id: number): Promise<Church> {
  return readOne(db, 'church', id, toChurch);
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
