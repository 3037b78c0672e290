import type { FastifyReply, FastifyRequest } from 'fastify';
import { authorizeSignedIn } from '../../http/authorize';
import { HttpError } from '../../http/errors';
import type { SimulatorPurpose } from '../ligdicash';
import { checkoutByPublicId, GIVING_NOTIFY_PATH } from './checkouts';
import { simulatorPayer } from './policy';

/*
 * A guest's gift is bound to the browser that started it (decision 0043): a signed
 * cookie (the session's secret) names its checkout, so that only that browser may pay its invoice on
 * the simulator's page; a member's gift needs the member's own session.
 */

export const GUEST_COOKIE = 'ekklesia_don';
const GUEST_COOKIE_MAX_AGE_S = 2 * 3600;

/** Binds the guest's new checkout to their browser. */
export function bindGuestCheckout(request: FastifyRequest, reply: FastifyReply, publicId: string): void {
  reply.setCookie(GUEST_COOKIE, publicId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    signed: true,
    maxAge: GUEST_COOKIE_MAX_AGE_S,
  });
}

/** The checkout this browser started as a guest (its signed cookie), or null. */
function guestCheckoutOf(request: FastifyRequest): string | null {
  const raw = request.cookies?.[GUEST_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
}

async function sessionUserId(request: FastifyRequest): Promise<number | null> {
  try {
    return (await authorizeSignedIn(request)).userId;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 401) return null;
    throw error;
  }
}

/** The gifts' invoices on the simulator: notified at their route, paid by their giver's browser only. */
export const givingSimulatorPurpose: SimulatorPurpose = {
  notifyPath: GIVING_NOTIFY_PATH,
  async mayPay(request, customData) {
    const publicId = typeof customData.checkout === 'string' ? customData.checkout : '';
    const row = publicId ? await checkoutByPublicId(request.server.deps.db, publicId) : null;
    if (!row) return 'forbidden';
    const checkout = { userId: row.user_id === null ? null : Number(row.user_id), publicId: row.public_id };
    return simulatorPayer(checkout, {
      userId: checkout.userId === null ? null : await sessionUserId(request),
      guestCheckout: guestCheckoutOf(request),
    });
  },
};
