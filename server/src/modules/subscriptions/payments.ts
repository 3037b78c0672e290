import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  SUBSCRIPTION_CURRENCY,
  SUBSCRIPTION_MESSAGES,
  type PaymentAttempt,
  type startPaymentBodySchema,
} from '../../../../contract/subscriptions';
import type { z } from 'zod';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { queryOne, queryRows } from '../../db/query';
import type { Gate } from '../../http/authorize';
import { httpError } from '../../http/errors';
import { subscriptionEvent } from '../notifications';
import {
  confirmInvoice,
  createInvoice,
  customValue,
  isUniqueViolation,
  ProviderError,
  type ConfirmResult,
  type LigdicashSettings,
} from '../ligdicash';
import { authorizePayer } from './policy';
import { getAttempt, getSubscription, type Group } from './service';

/*
 * Paying a subscription through LigdiCash, the safe way (decision 0019):
 * 1. the attempt is stored as pending, with our transaction id, before the provider is called; the
 *    provider's token is stored before the payer leaves; one pending attempt per subscription
 *    (a unique index), reused by a second 'Payer': one period is never charged twice;
 * 2. a notification is never trusted: it only names an attempt; the server asks the provider
 *    (confirm, with the token it stored), checks 'completed', the amount and the currency, and only
 *    then records the payment, once, in one transaction with its audit record;
 * 3. a pending attempt is re-checked when the payer comes back and periodically.
 */

export type PaymentDeps = {
  db: Db;
  log: FastifyBaseLogger;
  /** the provider's settings, or null when online payment is not configured */
  provider: () => LigdicashSettings | null;
};

type AttemptState = {
  id: number;
  subscription_id: number;
  transaction_id: string;
  token: string | null;
  payment_url: string | null;
  status: PaymentAttempt['status'];
  amount: number;
  currency: string;
  payer_id: number;
  created_at: unknown;
  checked_at: unknown;
};

const STATE = sql`select id, subscription_id, transaction_id, token, payment_url, status, amount, currency,
                         payer_id, created_at, checked_at from subscription_payment_attempts`;

/** An attempt still without its token after this long was interrupted (the server stopped). */
const PREPARING_MS = 2 * 60_000;

export function providerHttpError(error: ProviderError) {
  if (error.kind === 'refused') return httpError(502, SUBSCRIPTION_MESSAGES.providerRefused + error.message);
  return httpError(
    502,
    error.kind === 'unavailable'
      ? SUBSCRIPTION_MESSAGES.providerUnavailable
      : SUBSCRIPTION_MESSAGES.providerInvalid,
  );
}

async function markFailed(db: Db, attemptId: number, reason: string): Promise<void> {
  await db.execute(
    sql`update subscription_payment_attempts set status = 'failed', failure_reason = ${reason.slice(0, 300)},
        checked_at = now(), updated_at = now() where id = ${attemptId} and status = 'pending'`,
  );
}

export type StartInput = z.output<typeof startPaymentBodySchema> & {
  subscriptionId: number;
  group: Group;
  /** where the provider sends the browser back, and its notifications */
  /** where the provider and the browser reach the product (PUBLIC_URL or the server's own address); null: none */
  publicUrl: string | null;
  returnPath: string;
};

export type StartResult = { attempt: PaymentAttempt; payment_url: string; reused: boolean };

/**
 * 'Payer', by whoever pays the group (authorizePayer): reuses the subscription's pending attempt while
 * the provider says it is still pending, otherwise stores a new attempt, creates the invoice and stores
 * its token; answers where to send the browser. Provider down or junk: a 502, the new attempt kept as
 * failed, no payment recorded.
 */
export async function startPayment(deps: PaymentDeps, gate: Gate, input: StartInput): Promise<StartResult> {
  const payer = await authorizePayer(gate, input.group);
  const { db } = deps;
  const settings = deps.provider();
  const publicUrl = input.publicUrl;
  if (!settings || !publicUrl) throw httpError(503, SUBSCRIPTION_MESSAGES.paymentNotConfigured);
  const subscription = await getSubscription(db, input.subscriptionId);
  if (!subscription) throw httpError(404, SUBSCRIPTION_MESSAGES.notFound);
  if (subscription.paid) throw httpError(409, SUBSCRIPTION_MESSAGES.alreadyPaid);
  if (subscription.status === 'cancelled') throw httpError(409, SUBSCRIPTION_MESSAGES.notPayable);

  const pending = await queryOne<AttemptState>(
    db,
    sql`${STATE} where subscription_id = ${input.subscriptionId} and status = 'pending'`,
  );
  if (pending) {
    if (pending.token && pending.payment_url) {
      // Ask the provider first: paid meanwhile, still payable, or dead.
      let state: PaymentAttempt['status'];
      try {
        state = await verifyAttempt(deps, Number(pending.id), 'payer');
      } catch (error) {
        if (error instanceof ProviderError) throw providerHttpError(error);
        throw error;
      }
      if (state === 'completed') throw httpError(409, SUBSCRIPTION_MESSAGES.alreadyPaid);
      if (state === 'pending') {
        const attempt = (await getAttempt(db, Number(pending.id)))!;
        return { attempt, payment_url: pending.payment_url, reused: true };
      }
    } else if (Date.now() - new Date(String(pending.created_at)).getTime() < PREPARING_MS) {
      throw httpError(409, SUBSCRIPTION_MESSAGES.paymentBeingPrepared);
    } else {
      await markFailed(db, Number(pending.id), 'Création de la facture interrompue.');
    }
  }

  const transactionId = `EKK-${input.subscriptionId}-${randomBytes(9).toString('base64url')}`;
  let attemptId: number;
  try {
    const row = await queryOne<{ id: number }>(
      db,
      sql`insert into subscription_payment_attempts
            (subscription_id, transaction_id, status, amount, currency, payer_id, phone, first_name, last_name, email)
          values (${input.subscriptionId}, ${transactionId}, 'pending', ${subscription.amount},
                  ${SUBSCRIPTION_CURRENCY}, ${payer.userId}, ${input.phone}, ${input.first_name ?? null},
                  ${input.last_name ?? null}, ${input.email ?? null})
          returning id`,
    );
    attemptId = Number(row!.id);
  } catch (error) {
    // another 'Payer' of this subscription got there first
    if (isUniqueViolation(error)) throw httpError(409, SUBSCRIPTION_MESSAGES.paymentBeingPrepared);
    throw error;
  }

  const returnUrl = `${publicUrl}${input.returnPath}?paiement=${attemptId}`;
  const period = `du ${frenchDate(subscription.start_date)} au ${frenchDate(subscription.end_date)}`;
  let invoice: { token: string; paymentUrl: string };
  try {
    invoice = await createInvoice(settings, {
      amount: subscription.amount,
      itemName: subscription.subscription_type.name,
      description: `${subscription.subscription_type.name} — ${subscription.group.name}, ${period}`,
      phone: input.phone,
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email,
      externalId: transactionId,
      storeName: 'Ekklesia Gestion',
      storeUrl: publicUrl,
      returnUrl,
      cancelUrl: returnUrl,
      callbackUrl: `${publicUrl}/api/subscriptions/payments/notify`,
      customData: { subscription: input.subscriptionId, payer: payer.userId, transaction_id: transactionId },
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    deps.log.warn({ attemptId, err: error.message }, 'subscription payment: invoice not created');
    await markFailed(db, attemptId, `Facture non créée : ${error.message}`);
    throw providerHttpError(error);
  }
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update subscription_payment_attempts set token = ${invoice.token}, payment_url = ${invoice.paymentUrl},
          updated_at = now() where id = ${attemptId}`,
    );
    await audit(tx, {
      userId: payer.userId,
      action: 'subscription.payment_start',
      entityType: input.group.type,
      entityId: input.group.id,
      data: { subscription_id: input.subscriptionId, attempt_id: attemptId, transaction_id: transactionId },
    });
  });
  const attempt = (await getAttempt(db, attemptId))!;
  return { attempt, payment_url: invoice.paymentUrl, reused: false };
}

/**
 * A payment attempt of a subscription, when its payer comes back (to whoever may see the group's
 * subscriptions, authorised by the caller): a pending one is first checked with the provider, and
 * stays pending when the provider cannot answer (checked again later). 404 for another subscription's.
 */
export async function attemptOnReturn(
  deps: PaymentDeps,
  subscriptionId: number,
  attemptId: number,
  log: FastifyBaseLogger,
): Promise<{ attempt: PaymentAttempt; subscription_paid: boolean }> {
  let attempt = await getAttempt(deps.db, attemptId);
  if (!attempt || attempt.subscription_id !== subscriptionId)
    throw httpError(404, SUBSCRIPTION_MESSAGES.attemptNotFound);
  if (attempt.status === 'pending') {
    try {
      await verifyAttempt(deps, attempt.id, 'return');
    } catch (error) {
      // the provider is down: the attempt stays pending, checked again later
      if (!(error instanceof ProviderError)) throw error;
      log.warn({ err: error.message }, 'subscription payment re-check failed');
    }
    attempt = (await getAttempt(deps.db, attempt.id))!;
  }
  const subscription = (await getSubscription(deps.db, subscriptionId))!;
  return { attempt, subscription_paid: subscription.paid };
}

const frenchDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * Asks the provider where a pending attempt stands and acts on its answer: records the payment
 * (completed, right amount and currency), marks the attempt failed (failure, or a completed payment
 * that does not match: logged, nothing recorded), or leaves it pending. Answers the attempt's state.
 * A provider error is thrown (ProviderError): nothing changes.
 */
export async function verifyAttempt(
  deps: PaymentDeps,
  attemptId: number,
  source: 'notification' | 'payer' | 'return' | 'recheck',
): Promise<PaymentAttempt['status']> {
  const { db, log } = deps;
  const attempt = await queryOne<AttemptState>(db, sql`${STATE} where id = ${attemptId}`);
  if (!attempt) return 'failed';
  if (attempt.status !== 'pending' || !attempt.token) return attempt.status;
  const settings = deps.provider();
  if (!settings) return attempt.status;
  const confirm = await confirmInvoice(settings, attempt.token);
  await db.execute(sql`update subscription_payment_attempts set checked_at = now() where id = ${attemptId}`);
  if (confirm.status === 'pending') return 'pending';
  if (confirm.status === 'failed') {
    await markFailed(db, attemptId, `Paiement non abouti (statut LigdiCash : ${confirm.rawStatus}).`);
    log.info({ attemptId, status: confirm.rawStatus, source }, 'subscription payment: not completed');
    return 'failed';
  }
  const mismatch = paymentMismatch(attempt, confirm);
  if (mismatch) {
    log.error(
      { attemptId, mismatch, source },
      'subscription payment: confirmation does not match, not recorded',
    );
    await db.transaction(async (tx) => {
      await markFailed(
        tx,
        attemptId,
        `${mismatch} Paiement non enregistré : à vérifier auprès de LigdiCash.`,
      );
      await audit(tx, {
        userId: null,
        action: 'subscription.payment_mismatch',
        entityType: 'subscription',
        entityId: Number(attempt.subscription_id),
        data: {
          subscription_id: Number(attempt.subscription_id),
          attempt_id: attemptId,
          expected: Number(attempt.amount),
          confirmed: confirm.amount,
          currency: confirm.currency,
        },
      });
    });
    return 'failed';
  }
  return recordPayment(deps, attempt, confirm, source);
}

function paymentMismatch(attempt: AttemptState, confirm: ConfirmResult): string | null {
  if (confirm.amount === null) return 'Montant absent de la confirmation.';
  if (confirm.amount !== Number(attempt.amount))
    return `Montant confirmé (${confirm.amount}) différent du montant facturé (${Number(attempt.amount)}).`;
  if (confirm.currency !== null && confirm.currency.toLowerCase() !== attempt.currency.toLowerCase())
    return `Devise confirmée (${confirm.currency}) différente de la devise facturée (${attempt.currency}).`;
  return null;
}

/** The payment, once: the attempt locked, still pending, the subscription marked paid, the audit. */
async function recordPayment(
  deps: PaymentDeps,
  attempt: AttemptState,
  confirm: ConfirmResult,
  source: string,
): Promise<PaymentAttempt['status']> {
  return deps.db.transaction(async (tx) => {
    const locked = await queryOne<{ status: PaymentAttempt['status'] }>(
      tx,
      sql`select status from subscription_payment_attempts where id = ${attempt.id} for update`,
    );
    if (!locked || locked.status !== 'pending') return locked?.status ?? 'failed';
    const reference = confirm.providerReference ?? attempt.token;
    const paid = await queryRows<{
      id: number;
      church_id: number | null;
      section_id: number | null;
      region_id: number | null;
      national_office_id: number | null;
    }>(
      tx,
      sql`update subscriptions set paid_at = now(), payment_reference = ${reference},
            payment_method = ${confirm.operator ?? 'LigdiCash'}, payer_id = ${attempt.payer_id}
          where id = ${attempt.subscription_id} and paid_at is null
          returning id, church_id, section_id, region_id, national_office_id`,
    );
    const duplicate = paid.length === 0;
    await tx.execute(
      sql`update subscription_payment_attempts set status = 'completed', completed_at = now(), checked_at = now(),
            updated_at = now(), provider_reference = ${reference}, operator = ${confirm.operator},
            failure_reason = ${duplicate ? 'Souscription déjà payée par une autre tentative : à rembourser.' : null}
          where id = ${attempt.id}`,
    );
    const row = paid[0];
    const group: Group | null = row
      ? row.church_id !== null
        ? { type: 'church', id: Number(row.church_id) }
        : row.section_id !== null
          ? { type: 'section', id: Number(row.section_id) }
          : row.region_id !== null
            ? { type: 'region', id: Number(row.region_id) }
            : { type: 'national_office', id: Number(row.national_office_id) }
      : null;
    await audit(tx, {
      userId: Number(attempt.payer_id),
      action: duplicate ? 'subscription.payment_duplicate' : 'subscription.pay',
      entityType: group?.type ?? 'subscription',
      entityId: group?.id ?? Number(attempt.subscription_id),
      data: {
        subscription_id: Number(attempt.subscription_id),
        attempt_id: Number(attempt.id),
        transaction_id: attempt.transaction_id,
        provider_reference: reference,
        amount: Number(attempt.amount),
        operator: confirm.operator,
        source,
      },
    });
    if (group)
      await subscriptionEvent(
        tx,
        {
          id: Number(attempt.subscription_id),
          amount: Number(attempt.amount),
          groupType: group.type,
          groupId: group.id,
          endDate: '',
        },
        'paid',
        Number(attempt.payer_id),
      );
    if (duplicate)
      deps.log.error({ attemptId: attempt.id }, 'subscription payment: subscription already paid');
    return 'completed';
  });
}

/**
 * The provider's notification: it only names an attempt (its token, and our transaction id inside
 * custom_data). Unknown attempt, contradicting ids, replay: nothing happens (logged). Otherwise the
 * attempt is verified with the provider (verifyAttempt), never on the notification's word.
 */
export async function handleNotification(deps: PaymentDeps, body: Record<string, unknown>): Promise<string> {
  const { db, log } = deps;
  const token = typeof body.token === 'string' && body.token.length <= 500 ? body.token : null;
  const ours = customValue(body, 'transaction_id');
  if (!token && !ours) {
    log.warn('subscription payment notification without token nor transaction id: ignored');
    return 'ignored';
  }
  const attempt = await queryOne<AttemptState>(
    db,
    token ? sql`${STATE} where token = ${token}` : sql`${STATE} where transaction_id = ${ours}`,
  );
  if (!attempt) {
    log.warn(
      { token, transactionId: ours },
      'subscription payment notification for an unknown attempt: ignored',
    );
    return 'unknown';
  }
  if (ours !== null && ours !== attempt.transaction_id) {
    log.warn(
      { attemptId: attempt.id, transactionId: ours },
      'subscription payment notification: ids do not match',
    );
    return 'mismatch';
  }
  if (attempt.status !== 'pending') {
    log.info({ attemptId: attempt.id }, 'subscription payment notification for a settled attempt: ignored');
    return 'replay';
  }
  return verifyAttempt(deps, Number(attempt.id), 'notification');
}

/**
 * The periodic check: pending attempts of the last week whose invoice exists, not checked in the last
 * 30 s, are verified (a lost notification does not leave a paid church locked).
 */
export async function recheckPendingAttempts(deps: PaymentDeps, limit = 50): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    deps.db,
    sql`select id from subscription_payment_attempts
        where status = 'pending' and token is not null and created_at > now() - interval '7 days'
          and (checked_at is null or checked_at < now() - interval '30 seconds')
        order by created_at limit ${limit}`,
  );
  let settled = 0;
  for (const row of rows) {
    try {
      const state = await verifyAttempt(deps, Number(row.id), 'recheck');
      if (state !== 'pending') settled++;
    } catch (error) {
      deps.log.warn(
        { attemptId: row.id, err: (error as Error).message },
        'subscription payment re-check failed',
      );
      if (error instanceof ProviderError) break;
    }
  }
  return settled;
}
