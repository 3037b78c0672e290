import {
  SUBSCRIPTION_MESSAGES as M,
  SUBSCRIPTION_PERMISSIONS as P,
  type Subscription,
} from '../../../../contract/subscriptions';
import { ANYWHERE, type Actor, type Gate } from '../../http/authorize';
import { httpError } from '../../http/errors';
import type { Group } from './service';

// The rules of the subscriptions beyond "holds the permission on the group" (decision 0020): who bills
// a group and who pays it. The services call them; the permissions are asked through the request's Gate.

/**
 * Who creates a subscription for a group: for a national office, a holder of subscription:create
 * anywhere (the administrator's global grant); for a region, section or church, a holder of it on the
 * group's national office, which bills its own groups (a church's pastor holds subscription:create on
 * the church: a church does not bill itself). `office` reads the group's national office (null for an
 * unknown group, which answers its own 404: 'Église introuvable.'...).
 */
export async function authorizeBiller(
  gate: Gate,
  group: Group,
  office: () => Promise<number | null>,
): Promise<Actor> {
  if (group.type === 'national_office')
    return gate.authorize(ANYWHERE, P.CREATE, { forbidden: M.createForbidden });
  const officeId = await office();
  if (officeId === null) {
    await gate.authorize(group, P.CREATE);
    throw httpError(404, M.notFound);
  }
  return gate.authorize({ type: 'national_office', id: officeId }, P.CREATE, {
    forbidden: M.createForbidden,
  });
}

/** Who pays a group's subscription: a holder of subscription:pay on the group (403 `payForbidden`). */
export function authorizePayer(gate: Gate, group: Group): Promise<Actor> {
  return gate.authorize(group, P.PAY, { forbidden: M.payForbidden });
}

/**
 * Whether the signed-in user may pay a group's invoice on the LigdiCash simulator's page: whoever may
 * pay the group (decision 0043: a payment token alone pays nothing).
 */
export function paysGroup(gate: Gate, group: Group): Promise<boolean> {
  return gate.holds(group, P.PAY);
}

/** Whether a subscription's detail offers to pay it: unpaid, not cancelled, to whoever may pay it. */
export async function offersPayment(
  gate: Gate,
  subscription: Pick<Subscription, 'paid' | 'status'>,
  group: Group,
): Promise<boolean> {
  return !subscription.paid && subscription.status !== 'cancelled' && gate.holds(group, P.PAY);
}
