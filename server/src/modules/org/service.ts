import { sql, type SQL } from 'drizzle-orm';
import type { EntityRef, ListMeta } from '../../../../contract/common';
import { todayInDenomination } from '../../../../contract/dates';
import {
  ORG_MESSAGES,
  type Church,
  type Department,
  type NationalOffice,
  type Region,
  type Section,
} from '../../../../contract/org';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { isoString, queryOne } from '../../db/query';
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

/** `%term%` for ILIKE, the user's own % and _ taken literally. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, '\\$&')}%`;
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

// ---------------------------------------------------------------- writes

type Actor = { userId: number; ip: string };

/** The four levels the organisation administration writes (departments have their own module). */
export type OrgLevel = 'national_office' | 'region' | 'section' | 'church';

export type OrgContact = {
  city: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
};

type LevelSpec = {
  table: SQL;
  /** the role assignments' group of the level */
  group: string;
  /** the expense requests' and fixed assets' name of the level */
  upper: string;
  parent: { level: OrgLevel; column: SQL } | null;
  child: { table: SQL; column: SQL } | null;
  nameTaken: string;
};

const LEVELS: Record<OrgLevel, LevelSpec> = {
  national_office: {
    table: sql.raw('national_offices'),
    group: 'national_offices',
    upper: 'NATIONAL_OFFICE',
    parent: null,
    child: { table: sql.raw('regions'), column: sql.raw('national_office_id') },
    nameTaken: ORG_MESSAGES.nationalOfficeNameTaken,
  },
  region: {
    table: sql.raw('regions'),
    group: 'regions',
    upper: 'REGION',
    parent: { level: 'national_office', column: sql.raw('national_office_id') },
    child: { table: sql.raw('sections'), column: sql.raw('region_id') },
    nameTaken: ORG_MESSAGES.regionNameTaken,
  },
  section: {
    table: sql.raw('sections'),
    group: 'sections',
    upper: 'SECTION',
    parent: { level: 'region', column: sql.raw('region_id') },
    child: { table: sql.raw('churches'), column: sql.raw('section_id') },
    nameTaken: ORG_MESSAGES.sectionNameTaken,
  },
  church: {
    table: sql.raw('churches'),
    group: 'churches',
    upper: 'CHURCH',
    parent: { level: 'section', column: sql.raw('section_id') },
    child: null,
    nameTaken: ORG_MESSAGES.churchNameTaken,
  },
};

type StoredRow = OrgContact & {
  id: number;
  name: string;
  parent_id: number | null;
  archived_at: unknown;
};

/** One entity as stored (with its parent's id), or the 404 of the level. */
async function loadStored(db: Db, level: OrgLevel, id: number, forUpdate = false): Promise<StoredRow> {
  const spec = LEVELS[level];
  const parent = spec.parent ? spec.parent.column : sql`null::int`;
  const row = await queryOne<StoredRow>(
    db,
    sql`select id, name, city, address, phone, email, archived_at, ${parent} as parent_id
        from ${spec.table} where id = ${id} ${forUpdate ? sql`for update` : sql``}`,
  );
  if (!row) throw httpError(404, NOT_FOUND[level]);
  return row;
}

/** The parent must exist (404) and be active (409): nothing is added under an archived entity. */
async function assertActiveParent(db: Db, level: OrgLevel, id: number): Promise<void> {
  const row = await loadStored(db, level, id, true);
  if (row.archived_at !== null) throw httpError(409, ORG_MESSAGES.archivedParent);
}

/** Names are unique among the children of one parent, case and surrounding spaces ignored (409). */
async function assertUniqueName(
  db: Db,
  level: OrgLevel,
  parentId: number | null,
  name: string,
  exceptId: number | null = null,
): Promise<void> {
  const spec = LEVELS[level];
  const sameParent = spec.parent ? sql`${spec.parent.column} = ${parentId}` : sql`true`;
  const existing = await queryOne<{ id: number }>(
    db,
    sql`select id from ${spec.table}
        where ${sameParent} and lower(btrim(name)) = lower(${name})
          and id <> ${exceptId ?? 0} limit 1`,
  );
  if (existing) throw httpError(409, spec.nameTaken);
}

/**
 * Creates an entity under its parent in one transaction with its audit record: the parent must exist
 * (404) and be active (409), and the name be free under it (409).
 */
async function createEntity(
  db: Db,
  actor: Actor,
  level: OrgLevel,
  parentId: number | null,
  input: { name: string } & Partial<OrgContact>,
): Promise<number> {
  const spec = LEVELS[level];
  const contact: OrgContact = {
    city: input.city ?? null,
    address: input.address ?? null,
    phone: input.phone ?? null,
    email: input.email ?? null,
  };
  return db.transaction(async (tx) => {
    if (spec.parent) await assertActiveParent(tx, spec.parent.level, parentId ?? 0);
    await assertUniqueName(tx, level, parentId, input.name);
    const columns = spec.parent ? sql`, ${spec.parent.column}` : sql``;
    const values = spec.parent ? sql`, ${parentId}` : sql``;
    const row = await queryOne<{ id: number }>(
      tx,
      sql`insert into ${spec.table} (name, city, address, phone, email${columns})
          values (${input.name}, ${contact.city}, ${contact.address}, ${contact.phone}, ${contact.email}${values})
          returning id`,
    );
    await audit(tx, {
      userId: actor.userId,
      action: `${level}.create`,
      entityType: level,
      entityId: row!.id,
      data: { name: input.name, ...contact, ...(spec.parent ? { parent_id: parentId } : {}) },
      ip: actor.ip,
    });
    return row!.id;
  });
}

export function createNationalOffice(db: Db, actor: Actor, input: { name: string } & Partial<OrgContact>) {
  return createEntity(db, actor, 'national_office', null, input);
}

export function createRegion(
  db: Db,
  actor: Actor,
  input: { name: string; national_office_id: number } & Partial<OrgContact>,
): Promise<number> {
  return createEntity(db, actor, 'region', input.national_office_id, input);
}

export function createSection(
  db: Db,
  actor: Actor,
  input: { name: string; region_id: number } & Partial<OrgContact>,
): Promise<number> {
  return createEntity(db, actor, 'section', input.region_id, input);
}

export function createChurch(
  db: Db,
  actor: Actor,
  input: { name: string; section_id: number } & Partial<OrgContact>,
): Promise<number> {
  return createEntity(db, actor, 'church', input.section_id, input);
}

/** The id of the parent of an entity (null for a national office), or the 404 of the level. */
export async function parentOf(db: Db, level: OrgLevel, id: number): Promise<number | null> {
  return (await loadStored(db, level, id)).parent_id;
}

/**
 * PUT /{level}/{id}: the name and the contact fields. An archived entity is restored before it is
 * changed (409); the name stays unique under the parent (409). Audited with the fields before and after.
 */
export async function updateEntity(
  db: Db,
  actor: Actor,
  level: OrgLevel,
  id: number,
  input: { name: string } & OrgContact,
): Promise<void> {
  const spec = LEVELS[level];
  await db.transaction(async (tx) => {
    const before = await loadStored(tx, level, id, true);
    if (before.archived_at !== null) throw httpError(409, ORG_MESSAGES.archived);
    await assertUniqueName(tx, level, before.parent_id, input.name, id);
    await tx.execute(
      sql`update ${spec.table} set name = ${input.name}, city = ${input.city}, address = ${input.address},
            phone = ${input.phone}, email = ${input.email}
          where id = ${id}`,
    );
    const fields = ['name', 'city', 'address', 'phone', 'email'] as const;
    const changed = fields.filter((field) => before[field] !== input[field]);
    await audit(tx, {
      userId: actor.userId,
      action: `${level}.update`,
      entityType: level,
      entityId: id,
      data: {
        before: Object.fromEntries(changed.map((field) => [field, before[field]])),
        after: Object.fromEntries(changed.map((field) => [field, input[field]])),
      },
      ip: actor.ip,
    });
  });
}

/**
 * POST /churches/{id}/move: the church goes to another section. Its receipts, expenses, journals and
 * faithful stay the church's (they name the church, not its section), and the section's own records
 * stay the section's: only the church's attachment changes, audited with both sections.
 */
export async function moveChurch(
  db: Db,
  actor: Actor,
  churchId: number,
  sectionId: number,
  effectiveDate: string = todayInDenomination(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const church = await loadStored(tx, 'church', churchId, true);
    if (church.archived_at !== null) throw httpError(409, ORG_MESSAGES.archived);
    if (church.parent_id === sectionId) throw httpError(409, ORG_MESSAGES.sameSection);
    await assertActiveParent(tx, 'section', sectionId);
    await assertUniqueName(tx, 'church', sectionId, church.name, churchId);
    // moves follow each other: the history reads each one as the end of the section before it
    const last = await queryOne<{ day: string | null }>(
      tx,
      sql`select max(effective_date)::text as day from church_moves where church_id = ${churchId}`,
    );
    if (last?.day && effectiveDate <= last.day) throw httpError(409, ORG_MESSAGES.moveBeforeLast);
    await tx.execute(
      sql`insert into church_moves (church_id, from_section_id, to_section_id, effective_date, created_by)
          values (${churchId}, ${church.parent_id}, ${sectionId}, ${effectiveDate}::date, ${actor.userId})`,
    );
    await tx.execute(sql`update churches set section_id = ${sectionId} where id = ${churchId}`);
    await audit(tx, {
      userId: actor.userId,
      action: 'church.move',
      entityType: 'church',
      entityId: churchId,
      data: { from_section_id: church.parent_id, to_section_id: sectionId, effective_date: effectiveDate },
      ip: actor.ip,
    });
  });
}

/**
 * What hangs on an entity: children (archived ones included), positions, members, grants, departments,
 * money (receipts, expense requests, journal movements, budgets, assets, subscriptions, accounts).
 * Anything there and the entity is archived rather than deleted.
 */
function usesOf(level: OrgLevel, id: number): SQL {
  const spec = LEVELS[level];
  const upper = spec.upper;
  const uses: SQL[] = [
    sql`select 1 from role_assignments where "group" = ${spec.group} and group_id = ${id}`,
    sql`select 1 from user_permissions where entity_type = ${level} and entity_id = ${id}`,
    sql`select 1 from departments where entity_type = ${level} and entity_id = ${id}`,
    sql`select 1 from contributions where entity_type = ${level} and entity_id = ${id}`,
    sql`select 1 from treasury_movements where entity_type = ${level} and entity_id = ${id}`,
    sql`select 1 from budgets where entity_type = ${level} and entity_id = ${id}`,
    sql`select 1 from operation_accounts where entity_type = ${level} and entity_id = ${id}`,
    sql`select 1 from operation_account_exclusions where entity_type = ${level} and entity_id = ${id}`,
    sql`select 1 from expense_requests where entity_type = ${upper} and entity_id = ${id}`,
    sql`select 1 from fixed_assets where entity_type = ${upper} and entity_id = ${id}`,
    sql`select 1 from subscriptions where ${sql.raw(`${level}_id`)} = ${id}`,
  ];
  if (spec.child) uses.push(sql`select 1 from ${spec.child.table} where ${spec.child.column} = ${id}`);
  if (level === 'church') {
    uses.push(
      sql`select 1 from users where church_id = ${id}`,
      sql`select 1 from managed_churches where church_id = ${id}`,
      sql`select 1 from faithful_transfers where from_church_id = ${id} or to_church_id = ${id}`,
    );
  }
  return sql`select ${sql.join(
    uses.map((use) => sql`exists(${use})`),
    sql` or `,
  )} as used`;
}

export type RemovalOutcome = 'deleted' | 'archived';

/**
 * DELETE /{level}/{id}: an entity nothing hangs on is deleted; one with members, positions, money or
 * children is archived (it leaves the lists, its history stays whole). An entity with active children
 * is refused (409): they are archived or moved first.
 */
export async function removeEntity(
  db: Db,
  actor: Actor,
  level: OrgLevel,
  id: number,
): Promise<RemovalOutcome> {
  const spec = LEVELS[level];
  return db.transaction(async (tx) => {
    const row = await loadStored(tx, level, id, true);
    if (row.archived_at !== null) throw httpError(409, ORG_MESSAGES.alreadyArchived);
    if (spec.child) {
      const active = await queryOne<{ id: number }>(
        tx,
        sql`select id from ${spec.child.table}
            where ${spec.child.column} = ${id} and archived_at is null limit 1`,
      );
      if (active) throw httpError(409, ORG_MESSAGES.activeChildren[level]);
    }
    const { used } = (await queryOne<{ used: boolean }>(tx, usesOf(level, id)))!;
    const outcome: RemovalOutcome = used ? 'archived' : 'deleted';
    if (used) {
      await tx.execute(sql`update ${spec.table} set archived_at = now() where id = ${id}`);
    } else {
      await tx.execute(sql`delete from ${spec.table} where id = ${id}`);
    }
    await audit(tx, {
      userId: actor.userId,
      action: `${level}.${used ? 'archive' : 'delete'}`,
      entityType: level,
      entityId: id,
      data: { name: row.name, ...(spec.parent ? { parent_id: row.parent_id } : {}) },
      ip: actor.ip,
    });
    return outcome;
  });
}

/** POST /{level}/{id}/restore: an archived entity comes back, under an active parent only (409). */
export async function restoreEntity(db: Db, actor: Actor, level: OrgLevel, id: number): Promise<void> {
  const spec = LEVELS[level];
  await db.transaction(async (tx) => {
    const row = await loadStored(tx, level, id, true);
    if (row.archived_at === null) throw httpError(409, ORG_MESSAGES.notArchived);
    if (spec.parent) await assertActiveParent(tx, spec.parent.level, row.parent_id ?? 0);
    await tx.execute(sql`update ${spec.table} set archived_at = null where id = ${id}`);
    await audit(tx, {
      userId: actor.userId,
      action: `${level}.restore`,
      entityType: level,
      entityId: id,
      data: { name: row.name },
      ip: actor.ip,
    });
  });
}
