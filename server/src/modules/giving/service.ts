import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  GIVING_MESSAGES as M,
  type Checkout,
  type GivingOptions,
  type guestCheckoutBodySchema,
  type memberCheckoutBodySchema,
  type PublicCheckout,
  type PublicGivingPage,
} from '../../../../contract/giving';
import type { Db } from '../../db/client';
import { queryOne } from '../../db/query';
import type { Actor } from '../../http/authorize';
import { HttpError, httpError } from '../../http/errors';
import { ProviderError } from '../ligdicash';
import {
  checkoutByPublicId,
  providerHttpError,
  startCheckout,
  verifyCheckout,
  type GivingDeps,
  type VerifySource,
} from './checkouts';
import { assertGivesTo, type GivingTarget } from './policy';
import { checkoutById, memberPlaces, toCheckout, toPublicCheckout } from './queries';
import { churchOfCode, churchSettings } from './settings';

// What the routes call (decision 0043): a member's options and gift, a guest's page and gift, a
// checkout followed by its giver (re-checked with the provider while it is open).

/** GET /giving/me: where the member may give, or why they may not. */
export async function memberOptions(db: Db, userId: number): Promise<GivingOptions> {
  const places = await memberPlaces(db, userId);
  if (places.churchId === null)
    return { available: false, reason: M.notMember, church: null, entities: [], phone: places.phone };
  const settings = await churchSettings(db, places.churchId);
  const open = !!settings?.enabled && settings.payment_account_id !== null;
  return {
    available: open,
    reason: open ? null : M.notOpen,
    church: { id: places.churchId, name: places.churchName ?? '' },
    entities: open
      ? [
          { entity_type: 'CHURCH', entity_id: places.churchId, name: places.churchName ?? '' },
          ...places.departments.map((d) => ({
            entity_type: 'ACTIVITY_GROUP' as const,
            entity_id: d.id,
            name: d.name,
          })),
        ]
      : [],
    phone: places.phone,
  };
}

/** The member's names and email, for the invoice's customer fields. */
async function memberIdentity(db: Db, userId: number) {
  const row = await queryOne<{ firstname: string; lastname: string; email: string | null }>(
    db,
    sql`select firstname, lastname, email from users where id = ${userId}`,
  );
  return { firstName: row?.firstname, lastName: row?.lastname, email: row?.email ?? undefined };
}

/** POST /giving/checkouts: the member gives to their church or one of its departments they belong to. */
export async function startMemberGift(
  deps: GivingDeps,
  actor: Actor,
  body: z.output<typeof memberCheckoutBodySchema>,
  returnPath: (id: number) => string,
) {
  const places = await memberPlaces(deps.db, actor.userId);
  const target: GivingTarget = {
    type: body.entity_type === 'CHURCH' ? 'church' : 'department',
    id: body.entity_id,
  };
  assertGivesTo(places, target);
  const started = await startCheckout(deps, {
    churchId: places.churchId!,
    target,
    userId: actor.userId,
    guestName: null,
    isAnonymous: false,
    phone: body.phone,
    type: body.type,
    amount: body.amount,
    notes: body.notes ? body.notes : null,
    ip: null,
    ...(await memberIdentity(deps.db, actor.userId)),
    returnPath: ({ id }) => returnPath(id),
  });
  return {
    checkout: toCheckout((await checkoutById(deps.db, started.id))!),
    payment_url: started.paymentUrl,
  };
}

/** GET /giving/public/{code}: the church's name, when its online giving is open (404 otherwise). */
export async function publicPage(db: Db, code: string): Promise<PublicGivingPage> {
  const church = await churchOfCode(db, code);
  if (!church) throw httpError(404, M.pageNotFound);
  return { church_name: church.churchName, code: church.code };
}

/** POST /giving/public/{code}/checkouts: a guest's gift to the church of the code. */
export async function startGuestGift(
  deps: GivingDeps,
  ip: string,
  code: string,
  body: z.output<typeof guestCheckoutBodySchema>,
  returnPath: (publicId: string) => string,
) {
  const church = await churchOfCode(deps.db, code);
  if (!church) throw httpError(404, M.pageNotFound);
  const words = (body.name ?? '').trim().split(/\s+/).filter(Boolean);
  const started = await startCheckout(deps, {
    churchId: church.churchId,
    target: { type: 'church', id: church.churchId },
    userId: null,
    guestName: body.is_anonymous ? null : (body.name ?? null),
    isAnonymous: body.is_anonymous,
    phone: body.phone,
    type: body.type,
    amount: body.amount,
    notes: null,
    ip,
    firstName: body.is_anonymous ? undefined : words[0],
    lastName: body.is_anonymous ? undefined : words.slice(1).join(' ') || undefined,
    returnPath: ({ publicId }) => returnPath(publicId),
  });
  return {
    checkout: toPublicCheckout((await checkoutById(deps.db, started.id))!),
    payment_url: started.paymentUrl,
  };
}

/** Re-checks an open checkout with the provider; a provider that cannot answer leaves it as it is. */
async function refresh(deps: GivingDeps, id: number, source: VerifySource): Promise<void> {
  try {
    await verifyCheckout(deps, id, source);
  } catch (error) {
    if (!(error instanceof ProviderError) && !(error instanceof HttpError)) throw error;
    deps.log.warn({ checkoutId: id, err: (error as Error).message }, 'online gift re-check failed');
  }
}

/** The facts a checkout's read is authorised on: its church and its giver (404 for an unknown one). */
export async function checkoutOwner(
  db: Db,
  id: number,
): Promise<{ churchId: number; userId: number | null }> {
  const row = await checkoutById(db, id);
  if (!row) throw httpError(404, M.checkoutNotFound);
  return { churchId: Number(row.church_id), userId: row.user_id === null ? null : Number(row.user_id) };
}

/** GET /giving/checkouts/{id} (the caller authorised it): an open one is first re-checked. */
export async function followCheckout(deps: GivingDeps, id: number): Promise<Checkout> {
  const row = await checkoutById(deps.db, id);
  if (!row) throw httpError(404, M.checkoutNotFound);
  if (row.status === 'pending' || row.status === 'started') await refresh(deps, id, 'return');
  return toCheckout((await checkoutById(deps.db, id))!);
}

/** POST /giving/checkouts/{id}/verify, by the treasurer (authorised by the caller). */
export async function verifyByTreasurer(deps: GivingDeps, id: number): Promise<Checkout> {
  const row = await checkoutById(deps.db, id);
  if (!row) throw httpError(404, M.checkoutNotFound);
  if (!['started', 'pending', 'expired'].includes(row.status)) throw httpError(409, M.notVerifiable);
  try {
    await verifyCheckout(deps, id, 'treasurer');
  } catch (error) {
    if (error instanceof ProviderError) throw providerHttpError(error);
    throw error;
  }
  return toCheckout((await checkoutById(deps.db, id))!);
}

/** GET /giving/public/checkouts/{publicId}: a guest's checkout (its unguessable id), re-checked while open. */
export async function followPublicCheckout(deps: GivingDeps, publicId: string): Promise<PublicCheckout> {
  if (!/^[A-Za-z0-9_-]{22}$/.test(publicId)) throw httpError(404, M.checkoutNotFound);
  const row = await checkoutByPublicId(deps.db, publicId);
  if (!row || row.user_id !== null) throw httpError(404, M.checkoutNotFound);
  if (row.status === 'pending' || row.status === 'started') await refresh(deps, Number(row.id), 'public');
  return toPublicCheckout((await checkoutByPublicId(deps.db, publicId))!);
}
