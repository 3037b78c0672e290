import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CONTRIBUTION_TYPE_LABELS, type ContributionType } from '../../../../contract/contributions';
import {
  GIVING_CURRENCY,
  GIVING_MESSAGES as M,
  ONLINE_RECEIPT_ACCOUNT_CODES,
  type CheckoutStatus,
} from '../../../../contract/giving';
import { ACCOUNT_CATEGORIES } from '../../../../contract/accounts';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { queryOne, queryRows } from '../../db/query';
import { HttpError, httpError } from '../../http/errors';
import { nationalOfficeOf, usableBy } from '../accounts';
import { checkOnlineContribution } from '../contributions';
import {
  confirmInvoice,
  createInvoice,
  customValue,
  ProviderError,
  type LigdicashSettings,
  type MerchantCredentials,
} from '../ligdicash';
import {
  confirmationMismatch,
  guestLimitMessage,
  merchantFor,
  openCheckoutFate,
  STARTED_STALE_MS,
  type GivingTarget,
  type Merchant,
} from './policy';
import { checkoutById, checkoutRow } from './queries';
import { centralStored, churchSettings, merchantCredentials } from './settings';
import { markFailed, recordGift } from './record';

/*
 * A gift's way through LigdiCash (decision 0043), on the subscriptions' pattern (decision 0019):
 * 1. the checkout is stored `started` with our transaction id before the provider is called; the
 *    provider's token is stored (`pending`) before the giver is sent to its page;
 * 2. a notification only names a checkout: the server asks the provider (confirm, with the token it
 *    stored and the merchant's credentials), checks 'completed', the amount and the currency, and only
 *    then records the contribution through the contributions' service (its rules, its treasury movement,
 *    its audit), the fee as an expense, the giver's and the treasurers' notices: one transaction, the
 *    checkout locked and still open, the provider's transaction unique among contributions (exactly once);
 * 3. an open checkout is re-checked when the giver comes back, periodically, and by the treasurer; one
 *    still pending after CHECKOUT_EXPIRY_MINUTES expires.
 */

export type GivingDeps = {
  db: Db;
  log: FastifyBaseLogger;
  /** the key of the payment secrets (config.paymentSecretsKey) */
  key: Buffer;
  /** no LIGDICASH_API_URL: invoices go through the built-in simulator */
  simulator: boolean;
  /** the provider for these merchant credentials (the simulator's own when null), or null when none */
  provider: (merchant: MerchantCredentials | null) => LigdicashSettings | null;
  /** the product's public address (PUBLIC_URL, or the server's own in development) */
  publicBase: () => string | null;
};

/** The notification route (callback_url). */
export const GIVING_NOTIFY_PATH = '/api/giving/notify';

export function providerHttpError(error: ProviderError): HttpError {
  if (error.kind === 'refused') return httpError(502, M.providerRefused + error.message);
  return httpError(502, error.kind === 'unavailable' ? M.providerUnavailable : M.providerInvalid);
}

/** The provider and the credentials of a checkout's merchant; a 503 in French when they are missing. */
async function providerOf(
  deps: GivingDeps,
  merchant: Merchant,
  churchId: number,
): Promise<LigdicashSettings> {
  const credentials = await merchantCredentials(deps.db, deps.key, merchant, churchId);
  if (merchant !== 'simulator' && !credentials)
    throw httpError(503, merchant === 'central' ? M.centralMissing : M.merchantMissing);
  const settings = deps.provider(credentials);
  if (!settings) throw httpError(503, M.paymentNotConfigured);
  return settings;
}

/**
 * The receipt account ('Produits') of an online gift of `type`: the chart's account for that type
 * (ONLINE_RECEIPT_ACCOUNT_CODES) when the entity may use it, else the first one it may use.
 */
async function receiptAccountFor(db: Db, target: GivingTarget, type: ContributionType): Promise<number> {
  const officeId = await nationalOfficeOf(db, target.type, target.id);
  const row = await queryOne<{ id: number }>(
    db,
    sql`select a.id from operation_accounts a join operation_account_categories c on c.id = a.category_id
        where a.active and c.name = ${ACCOUNT_CATEGORIES.RECEIPT} and ${usableBy(target.type, target.id, officeId)}
        order by (a.code = ${ONLINE_RECEIPT_ACCOUNT_CODES[type]}) desc, a.code limit 1`,
  );
  if (!row) throw httpError(400, M.receiptAccountMissing);
  return Number(row.id);
}

export type NewCheckout = {
  churchId: number;
  target: GivingTarget;
  /** the member who gives; null for a guest */
  userId: number | null;
  guestName: string | null;
  isAnonymous: boolean;
  phone: string;
  type: ContributionType;
  amount: number;
  notes: string | null;
  /** the guest's address (their limits), null for a member */
  ip: string | null;
  /** for the invoice's customer fields */
  firstName?: string;
  lastName?: string;
  email?: string;
  /** the path the giver comes back to, given the checkout's ids */
  returnPath: (checkout: { id: number; publicId: string }) => string;
};

export type StartedCheckout = { id: number; publicId: string; paymentUrl: string };

/**
 * Starts a gift: the church's settings (open, an account), its merchant, the contribution's rules
 * checked now (so that a confirmed payment can be recorded), the checkout stored, the invoice created
 * and its token stored. A guest's limits are counted with the insert, under locks of their address and
 * phone (429 beyond). Provider down or junk: a French 502, the checkout kept as failed.
 */
export async function startCheckout(deps: GivingDeps, input: NewCheckout): Promise<StartedCheckout> {
  const { db } = deps;
  const settings = await churchSettings(db, input.churchId);
  if (!settings?.enabled || settings.payment_account_id === null) throw httpError(409, M.notOpen);
  const merchant = merchantFor(
    settings.collection,
    {
      church: !!(settings.api_key_encrypted && settings.api_token_encrypted),
      central: settings.collection === 'central' && (await centralStored(db)),
    },
    deps.simulator,
  );
  const provider = await providerOf(deps, merchant, input.churchId);
  const base = deps.publicBase();
  if (!base) throw httpError(503, M.paymentNotConfigured);
  const paymentAccountId = Number(settings.payment_account_id);
  const receiptAccountId = await receiptAccountFor(db, input.target, input.type);
  // The contribution's own rules, now: a confirmed payment must be recordable.
  await checkOnlineContribution(db, {
    entityType: input.target.type,
    entityId: input.target.id,
    userId: input.userId,
    giverName: input.guestName,
    isAnonymous: input.isAnonymous,
    type: input.type,
    amount: input.amount,
    occurredAt: new Date().toISOString(),
    receiptAccountId,
    paymentAccountId,
    notes: input.notes,
    online: null,
  });

  const publicId = randomBytes(16).toString('base64url');
  const transactionId = `EKD-${input.churchId}-${randomBytes(9).toString('base64url')}`;
  const id = await db.transaction(async (tx) => {
    if (input.userId === null && input.ip !== null) {
      // the guests' limits, in the database: counted under locks of the address and the phone
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`giving-ip:${input.ip}`}))`);
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`giving-phone:${input.phone}`}))`);
      const started = await queryOne<{ by_address: number; by_phone: number }>(
        tx,
        sql`select count(*) filter (where ip = ${input.ip})::int as by_address,
                   count(*) filter (where phone = ${input.phone})::int as by_phone
            from giving_checkouts
            where user_id is null and created_at > now() - interval '1 hour'
              and (ip = ${input.ip} or phone = ${input.phone})`,
      );
      const refused = guestLimitMessage({
        byAddress: Number(started?.by_address ?? 0),
        byPhone: Number(started?.by_phone ?? 0),
      });
      if (refused) throw httpError(429, refused, { headers: { 'Retry-After': '3600' } });
    }
    const row = await queryOne<{ id: number }>(
      tx,
      sql`insert into giving_checkouts
            (public_id, transaction_id, church_id, entity_type, entity_id, user_id, guest_name, is_anonymous,
             phone, type, amount, currency, notes, payment_account_id, receipt_account_id, merchant, status, ip)
          values (${publicId}, ${transactionId}, ${input.churchId}, ${input.target.type}, ${input.target.id},
             ${input.userId}, ${input.isAnonymous ? null : input.guestName}, ${input.isAnonymous}, ${input.phone},
             ${input.type}, ${input.amount}, ${GIVING_CURRENCY}, ${input.notes}, ${paymentAccountId},
             ${receiptAccountId}, ${merchant}, 'started', ${input.ip})
          returning id`,
    );
    return Number(row!.id);
  });

  const row = (await checkoutById(db, id))!;
  const returnUrl = `${base}${input.returnPath({ id, publicId })}`;
  const label = CONTRIBUTION_TYPE_LABELS[input.type];
  let invoice: { token: string; paymentUrl: string };
  try {
    invoice = await createInvoice(provider, {
      amount: input.amount,
      itemName: label,
      description: `${label} — ${row.entity_name ?? row.church_name}`,
      phone: input.phone,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      externalId: transactionId,
      storeName: row.church_name,
      storeUrl: base,
      returnUrl,
      cancelUrl: returnUrl,
      callbackUrl: `${base}${GIVING_NOTIFY_PATH}`,
      customData: { checkout: publicId, transaction_id: transactionId },
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    deps.log.warn({ checkoutId: id, err: error.message }, 'online gift: invoice not created');
    await markFailed(db, id, `Facture non créée : ${error.message}`);
    throw providerHttpError(error);
  }
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update giving_checkouts set token = ${invoice.token}, payment_url = ${invoice.paymentUrl},
            status = 'pending', updated_at = now()
          where id = ${id} and status = 'started'`,
    );
    await audit(tx, {
      userId: input.userId,
      action: 'giving.checkout_start',
      entityType: 'church',
      entityId: input.churchId,
      data: {
        checkout_id: id,
        transaction_id: transactionId,
        amount: input.amount,
        type: input.type,
        entity_type: input.target.type,
        entity_id: input.target.id,
        guest: input.userId === null,
        merchant,
      },
      ip: input.ip,
    });
  });
  return { id, publicId, paymentUrl: invoice.paymentUrl };
}

export type VerifySource = 'notification' | 'return' | 'public' | 'recheck' | 'treasurer';

/** Re-checks asked by the pages (the giver's return, the guest's page) at most this often per checkout. */
const PAGE_RECHECK_MS = 2_000;

/**
 * Asks the provider where an open checkout stands and acts on its answer: records the gift (completed,
 * right amount and currency), marks it failed (refused, or a completed payment that does not match:
 * logged, nothing recorded), expires it (still pending after the limit) or leaves it. Answers the
 * checkout's state. A provider error is thrown (ProviderError): nothing changes. The treasurer may also
 * re-check an expired one (a late payment found by the reconciliation).
 */
export async function verifyCheckout(
  deps: GivingDeps,
  id: number,
  source: VerifySource,
): Promise<CheckoutStatus> {
  const { db, log } = deps;
  const row = await checkoutById(db, id);
  if (!row) return 'failed';
  const open: CheckoutStatus[] =
    source === 'treasurer' ? ['started', 'pending', 'expired'] : ['started', 'pending'];
  if (!open.includes(row.status)) return row.status;
  if (!row.token) {
    if (Date.now() - new Date(String(row.created_at)).getTime() > STARTED_STALE_MS) {
      await markFailed(db, id, 'Création de la facture interrompue.');
      return 'failed';
    }
    return row.status;
  }
  if (
    (source === 'return' || source === 'public') &&
    row.checked_at &&
    Date.now() - new Date(String(row.checked_at)).getTime() < PAGE_RECHECK_MS
  )
    return row.status;
  const provider = await providerOf(deps, row.merchant as Merchant, Number(row.church_id));
  const confirm = await confirmInvoice(provider, row.token);
  await db.execute(sql`update giving_checkouts set checked_at = now() where id = ${id}`);
  if (confirm.status === 'pending') {
    const fate = openCheckoutFate(
      { status: row.status, createdAt: new Date(String(row.created_at)) },
      new Date(),
    );
    if (fate === 'expire') {
      await db.execute(
        sql`update giving_checkouts set status = 'expired', updated_at = now(),
              failure_reason = 'Toujours en attente chez LigdiCash après le délai : expiré.'
            where id = ${id} and status = 'pending'`,
      );
      return 'expired';
    }
    return row.status;
  }
  if (confirm.status === 'failed') {
    await markFailed(db, id, `Paiement non abouti (statut LigdiCash : ${confirm.rawStatus}).`);
    log.info({ checkoutId: id, status: confirm.rawStatus, source }, 'online gift: not completed');
    return 'failed';
  }
  const mismatch = confirmationMismatch({ amount: Number(row.amount), currency: row.currency }, confirm);
  if (mismatch) {
    log.error({ checkoutId: id, mismatch, source }, 'online gift: confirmation does not match, not recorded');
    await db.transaction(async (tx) => {
      await markFailed(tx, id, `${mismatch} Don non enregistré : à vérifier auprès de LigdiCash.`);
      await audit(tx, {
        userId: null,
        action: 'giving.payment_mismatch',
        entityType: 'church',
        entityId: Number(row.church_id),
        data: {
          checkout_id: id,
          expected: Number(row.amount),
          confirmed: confirm.amount,
          currency: confirm.currency,
          source,
        },
      });
    });
    return 'failed';
  }
  return recordGift(deps, row, confirm, source, open);
}

/**
 * The provider's notification: it only names a checkout (its token, and our transaction id inside
 * custom_data). Unknown checkout, contradicting ids, replay: nothing happens (logged). Otherwise the
 * checkout is verified with the provider (verifyCheckout), never on the notification's word.
 */
export async function handleNotification(deps: GivingDeps, body: Record<string, unknown>): Promise<string> {
  const { db, log } = deps;
  const token = typeof body.token === 'string' && body.token.length <= 500 ? body.token : null;
  const ours = customValue(body, 'transaction_id');
  if (!token && !ours) {
    log.warn('online gift notification without token nor transaction id: ignored');
    return 'ignored';
  }
  const row = await checkoutRow(db, token ? sql`k.token = ${token}` : sql`k.transaction_id = ${ours}`);
  if (!row) {
    log.warn({ token, transactionId: ours }, 'online gift notification for an unknown checkout: ignored');
    return 'unknown';
  }
  if (ours !== null && ours !== row.transaction_id) {
    log.warn({ checkoutId: row.id, transactionId: ours }, 'online gift notification: ids do not match');
    return 'mismatch';
  }
  if (row.status !== 'pending') {
    log.info({ checkoutId: row.id }, 'online gift notification for a settled checkout: ignored');
    return 'replay';
  }
  return verifyCheckout(deps, Number(row.id), 'notification');
}

/**
 * The periodic check: open checkouts not checked in the last 30 s are verified, the oldest check
 * first (a lost notification does not leave a gift unrecorded; an abandoned one expires).
 */
export async function recheckOpenCheckouts(deps: GivingDeps, limit = 50): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    deps.db,
    sql`select id from giving_checkouts
        where status in ('started', 'pending')
          and (checked_at is null or checked_at < now() - interval '30 seconds')
        order by coalesce(checked_at, created_at) limit ${limit}`,
  );
  let settled = 0;
  for (const row of rows) {
    try {
      const state = await verifyCheckout(deps, Number(row.id), 'recheck');
      if (state !== 'pending' && state !== 'started') settled++;
    } catch (error) {
      deps.log.warn({ checkoutId: row.id, err: (error as Error).message }, 'online gift re-check failed');
    }
  }
  return settled;
}

/** A checkout by its public id (a guest's page, the simulator's payer check). */
export const checkoutByPublicId = (db: Db, publicId: string) =>
  checkoutRow(db, sql`k.public_id = ${publicId}`);
