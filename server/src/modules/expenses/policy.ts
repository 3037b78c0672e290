import { EXPENSE_MESSAGES } from '../../../../contract/expenses';
import { SECURITY_MESSAGES } from '../../../../contract/security';
import { ANYWHERE, reachesEverything, type Actor, type Gate } from '../../http/authorize';
import { httpError } from '../../http/errors';
import { requestEntity, type RequestFacts } from './facts';
import type { LeaderRuleOf, UserRule } from '../activities';

// Who may do what with an expense request, beyond holding the permission on its entity (decision 0038).
// The services call these rules once the request is read (locked inside a write); the reads pass
// `isCreator` to their check.

/** Reading a request (its detail, lines, attachments): its creator, or this permission on its entity. */
export const REQUEST_READ_PERMISSION = 'expense_request:view';

/**
 * The creator's rights on their own request: its creator reads it, adds, edits and deletes its lines
 * and joins files to it without the permission those need (the `unless` of those checks).
 */
export function isCreator(facts: Pick<RequestFacts, 'created_by'>): (user: Pick<Actor, 'userId'>) => boolean {
  return (user) => user.userId === facts.created_by;
}

/**
 * Who reads a request (its detail, lines, payments, attachments) without REQUEST_READ_PERMISSION: its
 * creator, or the leader of the department it is for.
 */
export async function readsRequest(
  facts: Pick<RequestFacts, 'created_by' | 'entity_type' | 'entity_id'>,
  leaderOf: LeaderRuleOf,
): Promise<UserRule> {
  const creator = isCreator(facts);
  const leader = await leaderOf(requestEntity(facts));
  return (user) => creator(user) || leader(user);
}

/**
 * Four eyes (decision 0014): the creator of a request does not approve it, nor validate it while
 * validating approves it too (from 'approval_pending' or 'rejected'); a super-admin may.
 */
export function assertFourEyes(
  actor: Actor,
  facts: Pick<RequestFacts, 'created_by' | 'status'>,
  action: 'approved' | 'validated',
): void {
  if (reachesEverything(actor) || actor.userId !== facts.created_by) return;
  if (action === 'approved' || facts.status === 'approval_pending' || facts.status === 'rejected')
    throw httpError(403, SECURITY_MESSAGES.ownRequestApproval);
}

/**
 * A request is deleted (the SPA's cancel after a failed upload) only by its creator, a super-admin
 * included; whoever may read it is told why (the read check comes first).
 */
export function assertDeletesOwnRequest(actor: Actor, facts: Pick<RequestFacts, 'created_by'>): void {
  if (facts.created_by !== actor.userId) throw httpError(403, EXPENSE_MESSAGES.deleteCreatorOnly);
}

/** What a list of requests shows: the user's own, one entity's, or those of the entities where they may read. */
export type RequestListReach = 'mine' | 'entity' | 'permitted';

/**
 * Who may list expense requests (GET /expense-requests, /expense-requests-balance), and which:
 * - `mine`: anyone signed in, the requests they created;
 * - an entity (`entity_type` + `entity_id`): the read permission on it, or leading it when it is a
 *   department (`leaderOf`); a super-admin lists any entity's, an unknown one included (nothing,
 *   rather than its 404);
 * - neither: the read permission somewhere, the rows then being those of the entities where the user
 *   holds it, not all they see (decision 0027: lists by permission).
 * 400 for an `entity_id` without its `entity_type`.
 */
export async function authorizeRequestList(
  gate: Gate,
  query: { mine?: boolean; entity_type?: string; entity_id?: number },
  leaderOf: LeaderRuleOf,
): Promise<RequestListReach> {
  if (query.entity_id !== undefined && query.entity_type === undefined)
    throw httpError(400, EXPENSE_MESSAGES.unsupportedEntityType);
  if (query.mine) return 'mine';
  if (query.entity_type !== undefined && query.entity_id !== undefined) {
    const entity = { type: query.entity_type, id: query.entity_id };
    const leader = await leaderOf(entity);
    await gate.authorize(entity, REQUEST_READ_PERMISSION, {
      unless: (user) => reachesEverything(user) || leader(user),
    });
    return 'entity';
  }
  await gate.authorize(ANYWHERE, REQUEST_READ_PERMISSION);
  return 'permitted';
}
