import { PERMISSION_SCOPES, PERMISSIONS, type PermissionScope } from '../../../../contract/permissions';
import { ANYWHERE, reachesEverything, type Actor, type Gate } from '../../http/authorize';
import { httpError } from '../../http/errors';
import type { Target } from './grants';
import { GRANT_MESSAGES } from './messages';

// Who grants which permission on which scope (delegation), and whose grants one reads
// (docs/features/members.md, decision 0014 section 2: no escalation).

/** The entity a grant applies to, when it names one (none for 'global' or a whole level). */
function entityOf(target: Target) {
  return target.entityId === null ? null : { type: target.scope, id: target.entityId };
}

/**
 * A super-admin's reach: grants and revokes in every scope, without an entity too, and reads anyone's
 * grants.
 */
export function grantsEverywhere(actor: Pick<Actor, 'isSuperAdmin'>): boolean {
  return reachesEverything(actor);
}

const LEVEL_ORDER: PermissionScope[] = ['national_office', 'region', 'section', 'church', 'department'];

/**
 * The scopes where a user other than a super-admin may grant, from the levels where they hold
 * `permission:delegate` (by a role or a direct grant): every scope for a global delegate, otherwise the
 * levels at and below the highest of them.
 */
export function grantableScopes(delegateLevels: string[]): PermissionScope[] {
  if (delegateLevels.includes('global')) return [...PERMISSION_SCOPES];
  const top = Math.min(
    ...delegateLevels.map((level) => LEVEL_ORDER.indexOf(level as PermissionScope)).filter((i) => i >= 0),
  );
  return Number.isFinite(top) ? LEVEL_ORDER.slice(top) : [];
}

/** Whose grants one reads: one's own, anyone's for a super-admin, else a user one manages (403). */
export async function assertMayReadGrants(
  actor: Actor,
  userId: number,
  manages: () => Promise<boolean>,
): Promise<void> {
  if (grantsEverywhere(actor) || actor.userId === userId) return;
  if (!(await manages())) throw httpError(403, GRANT_MESSAGES.forbiddenRead);
}

/**
 * Who grants or revokes a permission of a user (once the user is known to exist), in this order: the
 * entity named exists and is seen (404, 403); the actor is not that user (403); then, unless a
 * super-admin, the actor names an entity (only a super-admin grants without one), holds
 * `permission:delegate` on it and manages the user (403). `manages`: whether the actor manages the user
 * (permissions/manage.ts: visible, of a lower rank).
 */
export async function assertMayDelegate(
  gate: Gate,
  userId: number,
  target: Target,
  manages: () => Promise<boolean>,
): Promise<void> {
  const entity = entityOf(target);
  if (entity) await gate.authorizeVisible(entity);
  if (gate.actor.userId === userId) throw httpError(403, GRANT_MESSAGES.self);
  if (grantsEverywhere(gate.actor)) return;
  if (!entity) throw httpError(403, GRANT_MESSAGES.entityRequired);
  await gate.authorize(entity, PERMISSIONS.DELEGATE_PERMISSIONS, {
    forbidden: GRANT_MESSAGES.noDelegate,
    visibilityChecked: true,
  });
  if (!(await manages())) throw httpError(403, GRANT_MESSAGES.notManageable);
}

/**
 * No escalation: one grants only a permission one holds oneself on that entity (anywhere for a grant
 * without one). Asked of a super-admin too: a write on an archived entity is refused there (409).
 */
export async function assertHoldsGranted(gate: Gate, target: Target, code: string): Promise<void> {
  await gate.authorize(entityOf(target) ?? ANYWHERE, code, {
    forbidden: GRANT_MESSAGES.notHeld,
    visibilityChecked: true,
  });
}
