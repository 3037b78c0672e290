import {
  CONTRIBUTION_MESSAGES,
  CONTRIBUTION_PERMISSIONS,
  type ContributionEntityType,
} from '../../../../contract/contributions';
import { reachesEverything, type Actor, type EntityRef, type Gate } from '../../http/authorize';
import { httpError, MESSAGES } from '../../http/errors';
import { financeType, type ListScope } from './queries';
import type { LeaderRuleOf, UserRule } from '../activities';

// Who may see which contributions, beyond holding the permission on the entity (decision 0038).

/** The contributor always sees their own contribution (the `unless` of its read). */
export function isContributor(owner: { userId: number | null }): (user: Pick<Actor, 'userId'>) => boolean {
  return (user) => owner.userId === user.userId;
}

/** Who reads a contribution without `contribution:view` on its entity: its contributor, or its department's leader. */
export async function readsContribution(
  owner: { entity: EntityRef; userId: number | null },
  leaderOf: LeaderRuleOf,
): Promise<UserRule> {
  const contributor = isContributor(owner);
  const leader = await leaderOf(owner.entity);
  return (user) => contributor(user) || leader(user);
}

/**
 * Whose contributions GET /contributions may list, authorised:
 * - `mine`: the user's own;
 * - an entity (`entity_type` + `entity_id`): `contribution:view` on it, or leading it when it is a
 *   department (`leaderOf`);
 * - a faithful (`user_id`): their own, or `contribution:view` on the faithful's church; a faithful
 *   without a church, only a super-admin (`churchOf` reads the church, 404 for an unknown user);
 * - `managed`: the churches an external accountant manages;
 * else 400.
 */
export async function authorizeListScope(
  gate: Gate,
  query: {
    mine?: boolean;
    entity_type?: ContributionEntityType;
    entity_id?: number;
    user_id?: number;
    managed?: boolean;
  },
  churchOf: (userId: number) => Promise<number | null>,
  leaderOf: LeaderRuleOf,
): Promise<ListScope> {
  const { actor } = gate;
  if (query.mine) return { kind: 'mine', userId: actor.userId };
  if (query.entity_type && query.entity_id) {
    const type = financeType(query.entity_type);
    const entity = { type, id: query.entity_id };
    await gate.authorize(entity, CONTRIBUTION_PERMISSIONS.VIEW, { unless: await leaderOf(entity) });
    return { kind: 'entity', type, id: query.entity_id };
  }
  if (query.user_id) {
    if (query.user_id !== actor.userId) {
      const churchId = await churchOf(query.user_id);
      if (churchId === null) {
        if (!reachesEverything(actor)) throw httpError(403, MESSAGES.forbidden);
      } else {
        await gate.authorize({ type: 'church', id: churchId }, CONTRIBUTION_PERMISSIONS.VIEW);
      }
    }
    return { kind: 'filters' };
  }
  if (query.managed) return { kind: 'managed', userId: actor.userId };
  throw httpError(400, CONTRIBUTION_MESSAGES.entityRequired);
}
