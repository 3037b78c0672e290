import { sql, type SQL } from 'drizzle-orm';
import type { EntityRef, ListMeta, ListSort } from '../../../../contract/common';
import {
  FAITHFUL_MESSAGES,
  type FaithfulSort,
  type FaithfulSummary,
  type UserDetail,
} from '../../../../contract/faithful';
import type { Db } from '../../db/client';
import { isoString, queryOne, queryRows } from '../../db/query';
import { userSearchCondition } from '../../db/search';
import { orderBy, type SortColumns } from '../../db/sort';
import type { Gate } from '../../http/authorize';
import { httpError } from '../../http/errors';
import { intArray, type Visibility } from '../../permissions/visibility';
import { assertMayReadPerson } from './policy';

export type Page = { search?: string; page: number; limit: number } & ListSort<FaithfulSort>;

export type LevelFilter =
  { type: 'all' } | { type: 'NATIONAL_OFFICE' | 'REGION' | 'SECTION' | 'CHURCH'; id: number };

/** SQL: `u.church_id` is in the level (and the caller may see it). */
function churchCondition(visibility: Visibility, level: LevelFilter): SQL {
  const visible = visibility.all
    ? sql`u.church_id is not null`
    : sql`u.church_id = any(${intArray(visibility.churchIds)}::int[])`;
  switch (level.type) {
    case 'all':
      return visible;
    case 'CHURCH':
      return sql`u.church_id = ${level.id} and ${visible}`;
    case 'SECTION':
      return sql`u.church_id = any(array(select c.id from churches c where c.section_id = ${level.id})) and ${visible}`;
    case 'REGION':
      return sql`u.church_id = any(array(select c.id from churches c join sections s on s.id = c.section_id
        where s.region_id = ${level.id})) and ${visible}`;
    case 'NATIONAL_OFFICE':
      return sql`u.church_id = any(array(select c.id from churches c join sections s on s.id = c.section_id
        join regions r on r.id = s.region_id where r.national_office_id = ${level.id})) and ${visible}`;
  }
}

type SummaryRow = {
  id: number;
  firstname: string;
  lastname: string;
  phone: string | null;
  registration_number: string | null;
  email: string | null;
  gender: 'M' | 'F' | null;
  church_id: number | null;
  church_name: string | null;
  section_id: number | null;
  created_at: string | Date;
};

function toSummary(row: SummaryRow): FaithfulSummary {
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    phone: row.phone,
    registration_number: row.registration_number,
    email: row.email,
    gender: row.gender,
    church: row.church_id !== null ? { id: row.church_id, name: row.church_name ?? '' } : null,
    section_id: row.section_id ?? null,
    created_at: isoString(row.created_at),
  };
}

/** What each sort of the list orders by, on the rows named `t` (`u`, or a sub-query's alias). */
function faithfulSorts(t: string): SortColumns<FaithfulSort> {
  const column = (name: string) => sql.raw(`${t}.${name}`);
  return {
    name: [column('lastname'), column('firstname')],
    registration_number: column('registration_number'),
    phone: column('phone'),
    email: sql`lower(${column('email')})`,
    created_at: column('created_at'),
  };
}

/** The order of a page of faithful on the rows named `t`: by name unless `sort` says otherwise. */
const faithfulOrder = (t: 'u' | 'm' | 'p', page: Page) =>
  orderBy(faithfulSorts(t), page, { sort: 'name', order: 'asc' }, sql.raw(`${t}.id`));

/**
 * One page of the faithful of a level, sorted by last name, first name, id (or by `sort`, then id). Two queries: the page
 * (index on (church_id, lastname, firstname, id), the search through the trigram index when present)
 * and the count of the same filter.
 */
export async function listFaithful(
  db: Db,
  visibility: Visibility,
  level: LevelFilter,
  page: Page,
): Promise<{ data: FaithfulSummary[]; meta: ListMeta }> {
  const where = sql`${churchCondition(visibility, level)} and ${userSearchCondition(page.search)}`;
  const offset = (page.page - 1) * page.limit;
  const columns = sql`u.id, u.firstname, u.lastname, u.phone, u.registration_number, u.email, u.gender,
    u.church_id, u.created_at`;
  // A search with a word of 3 letters or more is selective through the trigram index: the matches are
  // gathered first (materialized), then sorted; otherwise the planner would walk the name index and
  // filter row by row. Without a search, the (church_id, lastname, firstname, id) index gives the page.
  const selective = (page.search ?? '').split(/\s+/).some((word) => word.length >= 3);
  const pageQuery = selective
    ? sql`with m as materialized (select ${columns} from users u where ${where})
          select * from m order by ${faithfulOrder('m', page)} limit ${page.limit} offset ${offset}`
    : sql`select ${columns} from users u where ${where}
          order by ${faithfulOrder('u', page)} limit ${page.limit} offset ${offset}`;
  // One statement: the count rides on every row of the page (and on one empty row past the end).
  const rows = await queryRows<Partial<SummaryRow> & { total: number }>(
    db,
    sql`select t.total, p.*, c.name as church_name, c.section_id
        from (select count(*)::int as total from users u where ${where}) t
        left join (${pageQuery}) p on true
        left join churches c on c.id = p.church_id
        order by ${faithfulOrder('p', page)}`,
  );
  return {
    data: rows.filter((row) => row.id != null).map((row) => toSummary(row as SummaryRow)),
    meta: { total: rows[0]?.total ?? 0, page: page.page, limit: page.limit },
  };
}

// ---------------------------------------------------------------- one user

/** SQL: the user `u` is visible: self, their church, or a group where they hold a role. */
export function userVisibleCondition(visibility: Visibility, selfId: number): SQL {
  if (visibility.all) return sql`true`;
  const c = intArray(visibility.churchIds);
  return sql`(u.id = ${selfId} or u.church_id = any(${c}::int[]) or exists (
    select 1 from role_assignments ra where ra.user_id = u.id and (
      (ra."group" = 'churches' and ra.group_id = any(${c}::int[]))
      or (ra."group" = 'sections' and ra.group_id = any(${intArray(visibility.sectionIds)}::int[]))
      or (ra."group" = 'regions' and ra.group_id = any(${intArray(visibility.regionIds)}::int[]))
      or (ra."group" = 'national_offices' and ra.group_id = any(${intArray(visibility.nationalOfficeIds)}::int[])))))`;
}

/** 404 when the user does not exist, 403 when the caller may not see them. Answers their church. */
export async function assertUserVisible(
  db: Db,
  visibility: Visibility,
  selfId: number,
  id: number,
): Promise<{ id: number; church_id: number | null }> {
  const row = await queryOne<{ id: number; church_id: number | null; visible: boolean }>(
    db,
    sql`select u.id, u.church_id, ${userVisibleCondition(visibility, selfId)} as visible
        from users u where u.id = ${id}`,
  );
  if (!row) throw httpError(404, 'Fidèle introuvable.');
  if (!row.visible) throw httpError(403, "Vous n'avez pas accès à ce fidèle.");
  return { id: row.id, church_id: row.church_id };
}

type DetailRow = SummaryRow & {
  birth_date: string | null;
  address: string | null;
  active: boolean;
  updated_at: string | Date;
  section: EntityRef | null;
  region: EntityRef | null;
  national_office: EntityRef | null;
  roles: { id: number; code: string; name: string }[];
  groups: { group: string; id: number; name: string }[];
  transfers: {
    id: number;
    status: 'pending' | 'accepted' | 'rejected' | 'cancelled';
    from_church: EntityRef;
    to_church: EntityRef;
    requested_at: string;
    decided_at: string | null;
  }[];
};

/** GET /users/{id}: a person the user sees (404, 403) and may read (policy.ts), with getUser. */
export async function readPerson(
  db: Db,
  gate: Gate,
  visibility: Visibility,
  id: number,
): Promise<UserDetail> {
  const person = await assertUserVisible(db, visibility, gate.actor.userId, id);
  await assertMayReadPerson(gate, person);
  return getUser(db, person.id);
}

/** One query for the user, their church's hierarchy, roles, groups and transfers. */
export async function getUser(db: Db, id: number): Promise<UserDetail> {
  const row = await queryOne<DetailRow>(
    db,
    sql`select u.id, u.firstname, u.lastname, u.phone, u.registration_number, u.email, u.gender,
          u.church_id, c.name as church_name, c.section_id, u.created_at, u.updated_at, u.birth_date, u.address, u.active,
          case when s.id is null then null else json_build_object('id', s.id, 'name', s.name) end as section,
          case when r.id is null then null else json_build_object('id', r.id, 'name', r.name) end as region,
          case when n.id is null then null else json_build_object('id', n.id, 'name', n.name) end
            as national_office,
          coalesce((select json_agg(json_build_object('id', ro.id, 'code', ro.code, 'name', ro.name)
              order by ro.priority, ro.id)
            from (select distinct ro.id, ro.code, ro.name, ro.priority from role_assignments ra
                  join roles ro on ro.id = ra.role_id where ra.user_id = u.id) ro), '[]'::json) as roles,
          coalesce((select json_agg(json_build_object('group', g."group", 'id', g.id, 'name', g.name)
              order by g.name, g.id)
            from (select distinct ra."group", ra.group_id as id,
                    coalesce(gc.name, gs.name, gr.name, gn.name) as name
                  from role_assignments ra
                  left join churches gc on ra."group" = 'churches' and gc.id = ra.group_id
                  left join sections gs on ra."group" = 'sections' and gs.id = ra.group_id
                  left join regions gr on ra."group" = 'regions' and gr.id = ra.group_id
                  left join national_offices gn on ra."group" = 'national_offices' and gn.id = ra.group_id
                  where ra.user_id = u.id and ra."group" is not null) g), '[]'::json) as groups,
          coalesce((select json_agg(json_build_object('id', t.id, 'status', t.status,
                'from_church', json_build_object('id', fc.id, 'name', fc.name),
                'to_church', json_build_object('id', tc.id, 'name', tc.name),
                'requested_at', t.created_at, 'decided_at', t.decided_at) order by t.created_at desc, t.id desc)
            from faithful_transfers t join churches fc on fc.id = t.from_church_id
            join churches tc on tc.id = t.to_church_id where t.user_id = u.id), '[]'::json) as transfers
        from users u
        left join churches c on c.id = u.church_id
        left join sections s on s.id = c.section_id
        left join regions r on r.id = s.region_id
        left join national_offices n on n.id = r.national_office_id
        where u.id = ${id}`,
  );
  if (!row) throw httpError(404, 'Fidèle introuvable.');
  const groups = (name: string) =>
    row.groups.filter((g) => g.group === name).map((g) => ({ id: g.id, name: g.name ?? '' }));
  const transfers = row.transfers.map((t) => ({
    ...t,
    requested_at: isoString(t.requested_at),
    decided_at: t.decided_at ? isoString(t.decided_at) : null,
  }));
  const pending = transfers.find((t) => t.status === 'pending');
  return {
    ...toSummary(row),
    birth_date: row.birth_date,
    address: row.address,
    active: row.active,
    section: row.section,
    region: row.region,
    nationalOffice: row.national_office,
    roles: row.roles,
    churches: groups('churches'),
    sections: groups('sections'),
    regions: groups('regions'),
    nationalOffices: groups('national_offices'),
    pending_transfer: pending
      ? { id: pending.id, to_church: pending.to_church, requested_at: pending.requested_at }
      : null,
    transfers,
    updated_at: isoString(row.updated_at),
  };
}

// ---------------------------------------------------------------- search (GET /users)

/** GET /users?search&role=faithful: the people of the visible churches (and officials of visible groups). */
export async function searchUsers(
  db: Db,
  visibility: Visibility,
  selfId: number,
  query: Page & { role?: 'faithful'; church_id?: number },
): Promise<{ data: FaithfulSummary[]; meta: ListMeta }> {
  if (query.role === 'faithful' || query.church_id !== undefined) {
    return listFaithful(
      db,
      visibility,
      query.church_id !== undefined ? { type: 'CHURCH', id: query.church_id } : { type: 'all' },
      query,
    );
  }
  const where = sql`u.active and ${userVisibleCondition(visibility, selfId)} and ${userSearchCondition(query.search)}`;
  const offset = (query.page - 1) * query.limit;
  const [rows, count] = await Promise.all([
    queryRows<SummaryRow>(
      db,
      sql`select u.id, u.firstname, u.lastname, u.phone, u.registration_number, u.email, u.gender,
            u.church_id, c.name as church_name, c.section_id, u.created_at
          from users u left join churches c on c.id = u.church_id where ${where}
          order by u.lastname, u.firstname, u.id limit ${query.limit} offset ${offset}`,
    ),
    queryOne<{ total: number }>(db, sql`select count(*)::int as total from users u where ${where}`),
  ]);
  return {
    data: rows.map(toSummary),
    meta: { total: count?.total ?? 0, page: query.page, limit: query.limit },
  };
}

// ---------------------------------------------------------------- uniqueness

export type FaithfulFields = {
  firstname: string;
  lastname: string;
  phone: string | null;
  email: string | null;
  registration_number: string | null;
  gender: 'M' | 'F' | null;
  birth_date: string | null;
  address: string | null;
};

export type FieldError = { field: string; message: string };

/** The phone / email / matricule already used by another user, as field errors. */
export async function uniquenessErrors(
  db: Db,
  fields: Pick<FaithfulFields, 'phone' | 'email' | 'registration_number'>,
  exceptUserId: number | null,
): Promise<FieldError[]> {
  if (!fields.phone && !fields.email && !fields.registration_number) return [];
  const row = await queryOne<{ phone: boolean; email: boolean; reg: boolean }>(
    db,
    sql`select
      exists(select 1 from users where phone = ${fields.phone} and id <> ${exceptUserId ?? 0}) as phone,
      exists(select 1 from users where email = ${fields.email} and id <> ${exceptUserId ?? 0}) as email,
      exists(select 1 from users where registration_number = ${fields.registration_number}
        and id <> ${exceptUserId ?? 0}) as reg`,
  );
  const errors: FieldError[] = [];
  if (row?.phone) errors.push({ field: 'phone', message: FAITHFUL_MESSAGES.phoneTaken });
  if (row?.email) errors.push({ field: 'email', message: FAITHFUL_MESSAGES.emailTaken });
  if (row?.reg) errors.push({ field: 'registration_number', message: FAITHFUL_MESSAGES.registrationTaken });
  return errors;
}

/** A 409 naming the first field in conflict (every one in `errors`). */
export function conflict(errors: FieldError[]): never {
  throw httpError(409, errors[0].message, { extra: { errors } });
}

/** Maps a unique violation raised by a concurrent write to the same 409 as the pre-check. */
export function rethrowUniqueViolation(error: unknown): never {
  const text = String((error as { constraint?: string })?.constraint ?? '') + String(error);
  const cause = (error as { cause?: unknown })?.cause;
  const all = text + String((cause as { constraint?: string })?.constraint ?? '') + String(cause ?? '');
  if (all.includes('users_phone_uq')) conflict([{ field: 'phone', message: FAITHFUL_MESSAGES.phoneTaken }]);
  if (all.includes('users_email_uq')) conflict([{ field: 'email', message: FAITHFUL_MESSAGES.emailTaken }]);
  if (all.includes('users_registration_number_uq'))
    conflict([{ field: 'registration_number', message: FAITHFUL_MESSAGES.registrationTaken }]);
  throw error;
}

/** Gives `MAT-000123` (the demo's format, from the id) to the new users without matricule, when free. */
export async function assignRegistrationNumbers(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`update users set registration_number = 'MAT-' || lpad(users.id::text, 6, '0')
    where users.id = any(${intArray(ids)}::int[]) and users.registration_number is null
      and not exists (select 1 from users o where o.registration_number = 'MAT-' || lpad(users.id::text, 6, '0'))`);
}

export async function churchRef(db: Db, id: number): Promise<EntityRef> {
  const row = await queryOne<EntityRef>(db, sql`select id, name from churches where id = ${id}`);
  if (!row) throw httpError(404, 'Église introuvable.');
  return row;
}
