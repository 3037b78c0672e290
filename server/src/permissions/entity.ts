import { httpError } from '../http/errors';

/** Levels of the organisation, in the scope names of the data model. */
export type Level = 'national_office' | 'region' | 'section' | 'church';

/** What a permission is checked against: one entity, or anywhere ('global'). */
export type PermissionTarget = { type: 'global' } | { type: Level | 'department'; id: number };

const ENTITY_TYPE_ALIASES: Record<string, Level | 'department' | 'global'> = {
  national_office: 'national_office',
  national_offices: 'national_office',
  ngo: 'national_office',
  region: 'region',
  regions: 'region',
  section: 'section',
  sections: 'section',
  church: 'church',
  churches: 'church',
  department: 'department',
  departments: 'department',
  // SPEC.md section 6: the SPA reads a permission on an activity group's entity in the global scope (what
  // it shows). The server never does: authorize() checks a department on the entity that owns it
  // (authorizationTarget, decision 0014).
  activity_group: 'global',
  activity_groups: 'global',
  global: 'global',
};

/** Reads an API entity type ('CHURCH', 'church', 'churches', 'ACTIVITY_GROUP'...) as a scope name. */
export function normalizeEntityType(
  value: string | null | undefined,
): Level | 'department' | 'global' | null {
  if (value === null || value === undefined || value === '') return 'global';
  return ENTITY_TYPE_ALIASES[value.trim().toLowerCase()] ?? null;
}

/**
 * Reads an API entity type as the entity that owns data ('CHURCH', 'church', 'ACTIVITY_GROUP'...):
 * unlike a permission check, an activity group is the department itself. Null when not an entity.
 */
export function financeEntityOf(value: string | null | undefined): Level | 'department' | null {
  if (!value) return null;
  const raw = value.trim().toLowerCase();
  if (raw === 'activity_group' || raw === 'activity_groups') return 'department';
  const type = normalizeEntityType(raw);
  return type === 'global' ? null : type;
}

/** The target of a permission check from an API entity type and id; no id means anywhere. */
export function permissionTarget(
  entityType: string | null | undefined,
  entityId: number | null | undefined,
): PermissionTarget {
  const type = normalizeEntityType(entityType);
  if (type === null) throw httpError(400, "Type d'entité non supporté");
  if (type === 'global' || entityId === null || entityId === undefined) return { type: 'global' };
  return { type, id: entityId };
}

/**
 * The target of a server-side authorisation: as permissionTarget, except that an activity group is the
 * department itself, whose permissions are those of its owning entity (church, section, region, national
 * office), checked there (decision 0014, section 1). Never the global scope for an entity.
 */
export function authorizationTarget(entityType: string, entityId: number): PermissionTarget {
  const department = financeEntityOf(entityType) === 'department';
  if (department) return { type: 'department', id: entityId };
  return permissionTarget(entityType, entityId);
}

/** Upper-case API name of a level ('church' -> 'CHURCH'). */
export function apiEntityType(level: Level): 'NATIONAL_OFFICE' | 'REGION' | 'SECTION' | 'CHURCH' {
  return level.toUpperCase() as 'NATIONAL_OFFICE' | 'REGION' | 'SECTION' | 'CHURCH';
}
