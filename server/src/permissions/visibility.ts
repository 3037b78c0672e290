import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryOne } from '../db/query';
import { httpError } from '../http/errors';
import { financeEntityOf, type Level } from './entity';

/**
 * What a user may see of the organisation: everything (super-admin) or explicit id sets, each level
 * already including everything below the groups where the user holds a role.
 */
export type Visibility =
  | { all: true }
  | {
      all: false;
      nationalOfficeIds: number[];
      regionIds: number[];
      sectionIds: number[];
      churchIds: number[];
    };

export type VisibilityUser = { userId: number; isSuperAdmin: boolean };

/**
 * One query (app_visibility in db/functions.ts): a national-office role sees its office and all below;
 * a region role its region and below; a section role its section and below; a church role its church;
 * an external accountant the churches they manage; a faithful member their church.
 */
export async function loadVisibility(db: Db, user: VisibilityUser): Promise<Visibility> {
  if (user.isSuperAdmin) return { all: true };
  const row = await queryOne<{ n: number[]; r: number[]; s: number[]; c: number[] }>(
    db,
    sql`select n, r, s, c from app_visibility(${user.userId})`,
  );
  return {
    all: false,
    nationalOfficeIds: row?.n ?? [],
    regionIds: row?.r ?? [],
    sectionIds: row?.s ?? [],
    churchIds: row?.c ?? [],
  };
}

/** A PostgreSQL int[] literal, usable as one parameter on every driver. */
export function intArray(ids: number[]): string {
  return `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
}

function idsOf(visibility: Exclude<Visibility, { all: true }>, level: Level): number[] {
  switch (level) {
    case 'national_office':
      return visibility.nationalOfficeIds;
    case 'region':
      return visibility.regionIds;
    case 'section':
      return visibility.sectionIds;
    case 'church':
      return visibility.churchIds;
  }
}

/** SQL condition: the id column of an entity of `level` is visible. */
export function visibleCondition(visibility: Visibility, level: Level, idColumn: SQL): SQL {
  if (visibility.all) return sql`true`;
  return sql`${idColumn} = any(${intArray(idsOf(visibility, level))}::int[])`;
}

/**
 * SQL condition on a row naming an organisation entity by type and id (entity_type in scope names:
 * national_office, region, section, church, department), as departments and the finance tables do.
 * A department is visible when the entity it hangs on is.
 */
export function visibleEntityCondition(visibility: Visibility, typeColumn: SQL, idColumn: SQL): SQL {
  if (visibility.all) return sql`true`;
  const n = intArray(visibility.nationalOfficeIds);
  const r = intArray(visibility.regionIds);
  const s = intArray(visibility.sectionIds);
  const c = intArray(visibility.churchIds);
  return sql`(
    (${typeColumn} = 'national_office' and ${idColumn} = any(${n}::int[]))
    or (${typeColumn} = 'region' and ${idColumn} = any(${r}::int[]))
    or (${typeColumn} = 'section' and ${idColumn} = any(${s}::int[]))
    or (${typeColumn} = 'church' and ${idColumn} = any(${c}::int[]))
    or (${typeColumn} = 'department' and exists (
      select 1 from departments vd where vd.id = ${idColumn} and (
        (vd.entity_type = 'national_office' and vd.entity_id = any(${n}::int[]))
        or (vd.entity_type = 'region' and vd.entity_id = any(${r}::int[]))
        or (vd.entity_type = 'section' and vd.entity_id = any(${s}::int[]))
        or (vd.entity_type = 'church' and vd.entity_id = any(${c}::int[]))))))`;
}

/** SQL condition: a department (alias with entity_type / entity_id columns) hangs on a visible entity. */
export function visibleDepartmentCondition(visibility: Visibility, alias: SQL): SQL {
  return visibleEntityCondition(visibility, sql`${alias}.entity_type`, sql`${alias}.entity_id`);
}

export function canSee(visibility: Visibility, level: Level, id: number): boolean {
  return visibility.all || idsOf(visibility, level).includes(id);
}

const TABLES: Record<Level | 'department', SQL> = {
  national_office: sql`national_offices`,
  region: sql`regions`,
  section: sql`sections`,
  church: sql`churches`,
  department: sql`departments`,
};

const NOT_FOUND: Record<Level | 'department', string> = {
  national_office: 'Bureau national introuvable.',
  region: 'Région introuvable.',
  section: 'Section introuvable.',
  church: 'Église introuvable.',
  department: 'Département introuvable.',
};

const FORBIDDEN: Record<Level | 'department', string> = {
  national_office: "Vous n'avez pas accès à ce bureau national.",
  region: "Vous n'avez pas accès à cette région.",
  section: "Vous n'avez pas accès à cette section.",
  church: "Vous n'avez pas accès à cette église.",
  department: "Vous n'avez pas accès à ce département.",
};

/**
 * For every endpoint naming an entity: 404 when it does not exist, 403 when the user may not see it
 * (the entity's own messages unless `messages` says others).
 * `entityType` as the API writes it ('CHURCH', 'church', 'DEPARTMENT'; ACTIVITY_GROUP is a department).
 */
export async function assertEntityVisible(
  db: Db,
  visibility: Visibility,
  entityType: string,
  entityId: number,
  messages: { notFound?: string; forbidden?: string } = {},
): Promise<void> {
  const type = financeEntityOf(entityType);
  if (type === null) throw httpError(400, "Type d'entité non supporté");
  const row = await queryOne<{ entity_type?: Level; entity_id?: number }>(
    db,
    type === 'department'
      ? sql`select entity_type, entity_id from departments where id = ${entityId}`
      : sql`select id from ${TABLES[type]} where id = ${entityId}`,
  );
  const owner = row && type === 'department' ? { type: row.entity_type!, id: row.entity_id! } : null;
  checkEntityVisible(visibility, { type, id: entityId }, { found: row !== undefined, owner }, messages);
}

/**
 * assertEntityVisible's decision once the entity was looked up (authorize reads it in the statement of
 * the session): `found`, and for a department the entity it hangs on.
 */
export function checkEntityVisible(
  visibility: Visibility,
  entity: { type: Level | 'department'; id: number },
  lookup: { found: boolean; owner: { type: Level; id: number } | null },
  messages: { notFound?: string; forbidden?: string } = {},
): void {
  if (!lookup.found) throw httpError(404, messages.notFound ?? NOT_FOUND[entity.type]);
  const visible =
    entity.type === 'department'
      ? lookup.owner !== null && canSee(visibility, lookup.owner.type, lookup.owner.id)
      : canSee(visibility, entity.type, entity.id);
  if (!visible) throw httpError(403, messages.forbidden ?? FORBIDDEN[entity.type]);
}

export { FORBIDDEN as VISIBILITY_FORBIDDEN_MESSAGES, NOT_FOUND as VISIBILITY_NOT_FOUND_MESSAGES };
