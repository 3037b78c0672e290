import {
  CHECKOUT_EXPIRY_MINUTES,
  GIVING_MESSAGES as M,
  GIVING_PERMISSIONS as P,
  GUEST_LIMITS,
  type CheckoutStatus,
  type GivingCollection,
} from '../../../../contract/giving';
import { reachesEverything, type Actor, type Gate } from '../../http/authorize';
import { httpError } from '../../http/errors';
import type { ConfirmResult, PayerCheck } from '../ligdicash';

// The rules of online giving beyond "holds the permission on the church" (decision 0043): where a
// member may give, who keeps a church's settings and the denomination's, the guests' limits, which
// merchant account an invoice goes through, when a confirmation is believed and what is recorded, when
// a checkout expires, who may pay an invoice on the simulator's page. Tested alone in
// tests/server/policies/giving.test.ts.

/** Where a member may give: the church they belong to and the departments of it they are members of. */
export type MemberPlaces = { churchId: number | null; departmentIds: number[] };

export type GivingTarget = { type: 'church' | 'department'; id: number };

/** A member gives to their own church or to one of its departments they belong to (403 otherwise). */
export function assertGivesTo(places: MemberPlaces, target: GivingTarget): void {
  if (places.churchId === null) throw httpError(403, M.notMember);
  const ok =
    target.type === 'church' ? target.id === places.churchId : places.departmentIds.includes(target.id);
  if (!ok) throw httpError(403, M.entityNotYours);
}

/** Who changes a church's online giving settings: a holder of online_giving:manage on the church. */
export function authorizeSettingsManager(gate: Gate, churchId: number): Promise<Actor> {
  return gate.authorize({ type: 'church', id: churchId }, P.MANAGE, { forbidden: M.manageForbidden });
}

/** Whether the settings page offers to change them. */
export function managesSettings(gate: Gate, churchId: number): Promise<boolean> {
  return gate.holds({ type: 'church', id: churchId }, P.MANAGE);
}

/** The denomination's merchant account is the administrator's (a super-admin's reach). */
export function assertInstallationManager(actor: Actor): void {
  if (!reachesEverything(actor)) throw httpError(403, M.installationForbidden);
}

/** A checkout is followed by its giver without any permission (their own gift). */
export const isGiver =
  (checkout: { userId: number | null }) =>
  (user: { userId: number }): boolean =>
    checkout.userId !== null && checkout.userId === user.userId;

/** The guests' limits, counted in the database over the last hour: the French 429 message, or null. */
export function guestLimitMessage(started: { byAddress: number; byPhone: number }): string | null {
  if (started.byAddress >= GUEST_LIMITS.perAddressPerHour) return M.tooManyFromAddress;
  if (started.byPhone >= GUEST_LIMITS.perPhonePerHour) return M.tooManyFromPhone;
  return null;
}

/** Whose credentials an invoice goes through. */
export type Merchant = 'church' | 'central' | 'simulator';

/**
 * The merchant account of a church's gifts: the simulator's when no LigdiCash is configured; else the
 * church's own key (collection 'church') or the denomination's (collection 'central'); a 503 in French
 * when the one it needs is not stored.
 */
export function merchantFor(
  collection: GivingCollection,
  stored: { church: boolean; central: boolean },
  simulator: boolean,
): Merchant {
  if (simulator) return 'simulator';
  if (collection === 'central') {
    if (!stored.central) throw httpError(503, M.centralMissing);
    return 'central';
  }
  if (!stored.church) throw httpError(503, M.merchantMissing);
  return 'church';
}

/**
 * Why a 'completed' confirmation is not the gift that was asked for (the amount, or the currency when
 * the provider names one), or null when it is: such a payment is never recorded (a human looks at it).
 */
export function confirmationMismatch(
  checkout: { amount: number; currency: string },
  confirm: Pick<ConfirmResult, 'amount' | 'currency'>,
): string | null {
  if (confirm.amount === null) return 'Montant absent de la confirmation.';
  if (confirm.amount !== checkout.amount)
    return `Montant confirmé (${confirm.amount}) différent du montant du don (${checkout.amount}).`;
  if (confirm.currency !== null && confirm.currency.toLowerCase() !== checkout.currency.toLowerCase())
    return `Devise confirmée (${confirm.currency}) différente de la devise du don (${checkout.currency}).`;
  return null;
}

/**
 * The fee recorded as 'Frais de paiement en ligne': the one the provider named, when it is a whole
 * positive amount below the gift; null otherwise (nothing named, or a fee that cannot be right).
 */
export function feeToRecord(fee: number | null, amount: number): number | null {
  return fee !== null && Number.isInteger(fee) && fee > 0 && fee < amount ? fee : null;
}

/** An invoice still being created after this long was interrupted (the server stopped meanwhile). */
export const STARTED_STALE_MS = 2 * 60_000;

/** What a checkout that is still open becomes when the provider says it is still pending. */
export function openCheckoutFate(
  checkout: { status: CheckoutStatus; createdAt: Date },
  now: Date,
): 'keep' | 'expire' {
  const age = now.getTime() - checkout.createdAt.getTime();
  return checkout.status === 'pending' && age > CHECKOUT_EXPIRY_MINUTES * 60_000 ? 'expire' : 'keep';
}

/**
 * Who may pay or refuse an invoice on the simulator's page: the member who started it (their session),
 * or, for a guest's gift, the browser that started it (its signed cookie names the checkout).
 */
export function simulatorPayer(
  checkout: { userId: number | null; publicId: string },
  browser: { userId: number | null; guestCheckout: string | null },
): PayerCheck {
  if (checkout.userId !== null) {
    if (browser.userId === null) return 'unauthenticated';
    return browser.userId === checkout.userId ? 'ok' : 'forbidden';
  }
  if (browser.guestCheckout === null) return 'unauthenticated';
  return browser.guestCheckout === checkout.publicId ? 'ok' : 'forbidden';
}
