import { sql, type SQL } from 'drizzle-orm';
import { todayInDenomination } from '../../../../contract/dates';
import { ORG_MESSAGES } from '../../../../contract/org';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { queryOne } from '../../db/query';
import type { Gate } from '../../http/authorize';
import { httpError } from '../../http/errors';
import { assertYearNotClosed, closedYearChanged, closingsOf } from '../treasury';
import { VISIBILITY_NOT_FOUND_MESSAGES as NOT_FOUND, type Visibility } from '../../permissions/visibility';
import { assertMayArchive, assertMayCreate, assertMayEdit, assertMayMove, type OrgLevel } from './policy';
import { currentNationalOffice } from './queries';

// The organisation's writes (decision 0022): create, edit, archive or delete, restore, and move a church,
// each in one transaction with its audit record, once policy.ts lets the actor. The reads: queries.ts.

export type { OrgLevel };

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
 * Creates an entity under its parent in one transaction with its audit record, once the actor may
 * (policy.ts): the parent must exist (404) and be active (409), and the name be free under it (409).
 */
async function createEntity(
  db: Db,
  gate: Gate,
  level: OrgLevel,
  parentId: number | null,
  input: { name: string } & Partial<OrgContact>,
): Promise<number> {
  await assertMayCreate(gate, level, parentId);
  const { actor } = gate;
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

export function createNationalOffice(db: Db, gate: Gate, input: { name: string } & Partial<OrgContact>) {
  return createEntity(db, gate, 'national_office', null, input);
}

/** A region, under the national office named, else the user's own (currentNationalOffice). */
export async function createRegion(
  db: Db,
  gate: Gate,
  visibility: Visibility,
  input: { name: string; national_office_id?: number } & Partial<OrgContact>,
): Promise<number> {
  const officeId = input.national_office_id ?? (await currentNationalOffice(db, visibility))?.id ?? 0;
  return createEntity(db, gate, 'region', officeId, input);
}

export function createSection(
  db: Db,
  gate: Gate,
  input: { name: string; region_id: number } & Partial<OrgContact>,
): Promise<number> {
  return createEntity(db, gate, 'section', input.region_id, input);
}

export function createChurch(
  db: Db,
  gate: Gate,
  input: { name: string; section_id: number } & Partial<OrgContact>,
): Promise<number> {
  return createEntity(db, gate, 'church', input.section_id, input);
}

/**
 * PUT /{level}/{id}: the name and the contact fields, once the actor may (policy.ts). An archived entity
 * is restored before it is changed (409); the name stays unique under the parent (409). Audited with the
 * fields before and after.
 */
export async function updateEntity(
  db: Db,
  gate: Gate,
  level: OrgLevel,
  id: number,
  input: { name: string } & OrgContact,
): Promise<void> {
  await assertMayEdit(gate, level, id);
  const { actor } = gate;
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
 * POST /churches/{id}/move, once the actor may (policy.ts): the church goes to another section. Its
 * receipts, expenses, journals and faithful stay the church's (they name the church, not its section),
 * and the section's own records stay the section's: only the church's attachment changes, audited with
 * both sections. Refused (409) when the effective date falls in or before a year closed by either section,
 * region or national office: their totals of that year would change (decision 0042).
 */
export async function moveChurch(
  db: Db,
  gate: Gate,
  churchId: number,
  sectionId: number,
  effectiveDate: string = todayInDenomination(),
): Promise<void> {
  await assertMayMove(gate, churchId, sectionId);
  const { actor } = gate;
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
    // from the effective date on, the church's movements count under the other section: the totals of
    // both sections, their regions and offices change from that day on; none of them may be of a closed
    // year (decision 0042)
    const closings = [
      ...(await closingsOf(tx, { type: 'section', id: Number(church.parent_id) })),
      ...(await closingsOf(tx, { type: 'section', id: sectionId })),
    ];
    assertYearNotClosed(closedYearChanged(closings, { totalsFrom: effectiveDate }));
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
 * The entity an archive or a restore changes, locked, once the actor may (policy.ts): a national
 * office's rule asks no fact and comes first (a refusal before the 404 of an unknown office); a lower
 * level's asks the entity's parent, read with the lock.
 */
async function lockedForArchive(tx: Db, gate: Gate, level: OrgLevel, id: number): Promise<StoredRow> {
  if (level === 'national_office') await assertMayArchive(gate, level, null);
  const row = await loadStored(tx, level, id, true);
  if (level !== 'national_office') await assertMayArchive(gate, level, row.parent_id, { db: tx });
  return row;
}

/**
 * DELETE /{level}/{id}: an entity nothing hangs on is deleted; one with members, positions, money or
 * children is archived (it leaves the lists, its history stays whole). An entity with active children
 * is refused (409): they are archived or moved first.
 */
export async function removeEntity(db: Db, gate: Gate, level: OrgLevel, id: number): Promise<RemovalOutcome> {
  const spec = LEVELS[level];
  const { actor } = gate;
  return db.transaction(async (tx) => {
    const row = await lockedForArchive(tx, gate, level, id);
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
export async function restoreEntity(db: Db, gate: Gate, level: OrgLevel, id: number): Promise<void> {
  const spec = LEVELS[level];
  const { actor } = gate;
  await db.transaction(async (tx) => {
    const row = await lockedForArchive(tx, gate, level, id);
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
