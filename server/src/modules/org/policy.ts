import { ORG_MESSAGES } from '../../../../contract/org';
import { PERMISSIONS } from '../../../../contract/permissions';
import type { Db } from '../../db/client';
import { reachesEverything, type Actor, type Gate } from '../../http/authorize';
import { httpError } from '../../http/errors';

// Who adds, edits, archives, restores and moves which entity of the organisation (docs/features/org.md,
// decision 0022): the same way at every level, the national offices being the super-administrator's.

/** The four levels the organisation administration writes (departments have their own module). */
export type OrgLevel = 'national_office' | 'region' | 'section' | 'church';

/** The level each one hangs on. */
const PARENT: Record<OrgLevel, OrgLevel | null> = {
  national_office: null,
  region: 'national_office',
  section: 'region',
  church: 'section',
};

/**
 * A write on a parent asks the permission on it and nothing else: a direct grant may cover a group the
 * user holds no role in, and the service answers the 404 of an unknown parent.
 */
const PERMISSION_ONLY = { visibilityChecked: true };

/** The national offices are the super-administrator's to create, change, archive and restore (403). */
export function assertAdministersNationalOffices(actor: Pick<Actor, 'isSuperAdmin'>): void {
  if (!reachesEverything(actor)) throw httpError(403, ORG_MESSAGES.superAdminOnly);
}

/** Adding an entity: `{level}:create` on the parent it is added under. */
export async function assertMayCreate(gate: Gate, level: OrgLevel, parentId: number | null): Promise<void> {
  const parent = PARENT[level];
  if (parent === null) return assertAdministersNationalOffices(gate.actor);
  await gate.authorize({ type: parent, id: parentId ?? 0 }, `${level}:create`, PERMISSION_ONLY);
}

/** Editing an entity (its name and contact): `{level}:update` on it, or above it. */
export async function assertMayEdit(gate: Gate, level: OrgLevel, id: number): Promise<void> {
  if (PARENT[level] === null) return assertAdministersNationalOffices(gate.actor);
  await gate.authorize({ type: level, id }, `${level}:update`);
}

/**
 * Archiving (or deleting) and restoring an entity: `{level}:delete` or `{level}:create` on its parent,
 * who may add a child may also archive it. `parentId`: the entity's, read with the lock of the write.
 */
export async function assertMayArchive(
  gate: Gate,
  level: OrgLevel,
  parentId: number | null,
  options: { db?: Db } = {},
): Promise<void> {
  const parent = PARENT[level];
  if (parent === null) return assertAdministersNationalOffices(gate.actor);
  await gate.authorize({ type: parent, id: parentId ?? 0 }, [`${level}:delete`, `${level}:create`], {
    ...options,
    ...PERMISSION_ONLY,
  });
}

/**
 * Moving a church to another section: `church:update` on the church and `church:create` on the section
 * it joins (who may add a church there).
 */
export async function assertMayMove(gate: Gate, churchId: number, sectionId: number): Promise<void> {
  await gate.authorize({ type: 'church', id: churchId }, PERMISSIONS.CHURCH_UPDATE);
  await gate.authorize({ type: 'section', id: sectionId }, PERMISSIONS.CHURCH_CREATE, PERMISSION_ONLY);
}
