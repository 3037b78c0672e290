import { SECURITY_MESSAGES } from '../../../../contract/security';
import type { Actor, EntityRef, Gate } from '../../http/authorize';
import { httpError } from '../../http/errors';

// Who gives and removes positions, beyond `role:manage_<level>` / `role:assign` on the group
// (docs/features/members.md, decision 0014 section 2): nobody names themselves, nobody reaches their
// own rank, and a position gives nothing its assigner could not grant.

/** Nobody gives themselves a position, a super-admin included (403). */
export function assertNotOwnPosition(actor: Pick<Actor, 'userId'>, userId: number): void {
  if (userId === actor.userId) throw httpError(403, SECURITY_MESSAGES.selfAssignment);
}

/**
 * Nobody gives or removes a position ranked at or above their own over the group (403 with `message`):
 * `rank` is the actor's (permissions/manage.ts rankOver: the priority of their highest role in the group
 * or above, 0 for a super-admin); a lower priority ranks higher.
 */
export function assertRankedBelow(rank: number, positions: { priority: number }[], message: string): void {
  if (positions.some((position) => position.priority <= rank)) throw httpError(403, message);
}

/**
 * A position gives only what its assigner could grant (the rule of permission grants): the assigner
 * holds every permission of the positions (`codes`) on the group, a super-admin holds them all (403).
 */
export async function assertPositionsGrantable(
  gate: Gate,
  group: EntityRef,
  codes: readonly string[],
): Promise<void> {
  for (const code of codes)
    if (!(await gate.holds(group, code))) throw httpError(403, SECURITY_MESSAGES.positionBeyondGrant);
}
