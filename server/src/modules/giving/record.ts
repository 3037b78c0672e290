import { sql } from 'drizzle-orm';
import { CONTRIBUTION_TYPE_LABELS } from '../../../../contract/contributions';
import {
  GIVING_MESSAGES as M,
  ONLINE_FEE_ACCOUNT_CODE,
  ONLINE_FEE_ACCOUNT_NAME,
  type CheckoutStatus,
} from '../../../../contract/giving';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { queryOne } from '../../db/query';
import { HttpError, httpError } from '../../http/errors';
import { checkOnlineContribution, recordContribution } from '../contributions';
import { isUniqueViolation, type ConfirmResult } from '../ligdicash';
import { onlineGiftRecorded } from '../notifications';
import { recordMovement } from '../treasury';
import { feeToRecord } from './policy';
import { checkoutById, giverOf, type CheckoutRow } from './queries';

import type { GivingDeps, VerifySource } from './checkouts';

/*
 * A confirmed gift recorded exactly once (decision 0043): the contribution through the contributions'
 * service, the fee as an expense on the same account, the checkout paid, the notices.
 */

/** A checkout that will never be paid, with the reason. */
export async function markFailed(db: Db, id: number, reason: string): Promise<void> {
  await db.execute(
    sql`update giving_checkouts set status = 'failed', failure_reason = ${reason.slice(0, 300)},
          checked_at = now(), updated_at = now()
        where id = ${id} and status in ('started', 'pending', 'expired')`,
  );
}

async function feeAccountId(tx: Db): Promise<number> {
  const row = await queryOne<{ id: number }>(
    tx,
    sql`select id from operation_accounts where code = ${ONLINE_FEE_ACCOUNT_CODE} and active`,
  );
  if (!row) throw httpError(503, M.feeAccountMissing);
  return Number(row.id);
}

/**
 * The gift, once: the checkout locked and still open, the contribution through the contributions'
 * service (the movement, the audit, the closed-year rule), the fee as an expense on the same account,
 * the checkout paid, the notices. The provider's transaction is unique among contributions: a second
 * checkout naming it is failed, never recorded. A rule refusing the contribution (a closed year, an
 * account withdrawn) leaves the checkout open with the reason, for the treasurer.
 */
export async function recordGift(
  deps: Pick<GivingDeps, 'db' | 'log'>,
  row: CheckoutRow,
  confirm: ConfirmResult,
  source: VerifySource | 'seed',
  open: CheckoutStatus[],
  at: Date = new Date(),
): Promise<CheckoutStatus> {
  const id = Number(row.id);
  const reference = confirm.providerReference ?? row.token!;
  try {
    return await deps.db.transaction(async (tx) => {
      const locked = await queryOne<{ status: CheckoutStatus }>(
        tx,
        sql`select status from giving_checkouts where id = ${id} for update`,
      );
      if (!locked || !open.includes(locked.status)) return locked?.status ?? 'failed';
      const occurredAt = at.toISOString();
      const input = await checkOnlineContribution(tx, {
        entityType: row.entity_type,
        entityId: Number(row.entity_id),
        userId: row.user_id === null ? null : Number(row.user_id),
        giverName: row.guest_name,
        isAnonymous: row.is_anonymous,
        type: row.type,
        amount: Number(row.amount),
        occurredAt,
        receiptAccountId: Number(row.receipt_account_id),
        paymentAccountId: Number(row.payment_account_id),
        notes: row.notes,
        online: { reference, operator: confirm.operator },
      });
      const contribution = await recordContribution(tx, { userId: null, ip: null }, input);
      const fee = feeToRecord(confirm.fee, Number(row.amount));
      let feeMovementId: number | null = null;
      if (fee !== null) {
        const movement = await recordMovement(tx, {
          entityType: row.entity_type,
          entityId: Number(row.entity_id),
          paymentAccountId: Number(row.payment_account_id),
          operationAccountId: await feeAccountId(tx),
          occurredAt,
          designation: `${ONLINE_FEE_ACCOUNT_NAME} - ${contribution.receipt_number}`,
          reference: contribution.receipt_number,
          expense: fee,
          observations: confirm.operator ? `LigdiCash, ${confirm.operator}` : 'LigdiCash',
          sourceType: 'online_giving_fee',
          sourceId: id,
          createdBy: null,
        });
        feeMovementId = movement.id;
      }
      await tx.execute(
        sql`update giving_checkouts set status = 'paid', contribution_id = ${contribution.id}, fee = ${fee},
              fee_movement_id = ${feeMovementId}, operator = ${confirm.operator},
              provider_reference = ${reference}, failure_reason = null, completed_at = ${occurredAt},
              checked_at = ${occurredAt}, updated_at = ${occurredAt}
            where id = ${id}`,
      );
      await audit(tx, {
        userId: row.user_id === null ? null : Number(row.user_id),
        action: 'giving.checkout_paid',
        entityType: 'church',
        entityId: Number(row.church_id),
        data: {
          checkout_id: id,
          contribution_id: contribution.id,
          receipt_number: contribution.receipt_number,
          provider_reference: reference,
          amount: Number(row.amount),
          fee,
          operator: confirm.operator,
          source,
        },
      });
      await onlineGiftRecorded(tx, {
        contributionId: contribution.id,
        checkoutId: id,
        churchId: Number(row.church_id),
        amount: Number(row.amount),
        typeLabel: CONTRIBUTION_TYPE_LABELS[row.type],
        entityName: row.entity_name ?? row.church_name,
        giver: giverOf(row),
        userId: row.user_id === null ? null : Number(row.user_id),
      });
      return 'paid' as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      deps.log.error({ checkoutId: id, reference }, 'online gift: provider transaction already recorded');
      await deps.db.transaction(async (tx) => {
        await markFailed(tx, id, `Transaction LigdiCash ${reference} déjà enregistrée : aucun second reçu.`);
        await audit(tx, {
          userId: null,
          action: 'giving.payment_duplicate',
          entityType: 'church',
          entityId: Number(row.church_id),
          data: { checkout_id: id, provider_reference: reference, source },
        });
      });
      return 'failed';
    }
    if (error instanceof HttpError) {
      deps.log.error(
        { checkoutId: id, err: error.message },
        'online gift confirmed by the provider but not recorded',
      );
      await deps.db.execute(
        sql`update giving_checkouts
            set failure_reason = ${`Confirmé par LigdiCash mais non enregistré : ${error.message}`.slice(0, 300)},
                updated_at = now()
            where id = ${id}`,
      );
      return row.status;
    }
    throw error;
  }
}

/**
 * The demo seed's confirmed gifts (db/seed/giving.ts): a stored pending checkout recorded exactly as a
 * confirmation from the provider records it (recordGift), dated `at`.
 */
export async function recordSeededGift(
  deps: Pick<GivingDeps, 'db' | 'log'>,
  checkoutId: number,
  confirmed: { reference: string; operator: string; fee: number | null },
  at: Date,
): Promise<CheckoutStatus> {
  const row = await checkoutById(deps.db, checkoutId);
  if (!row) throw new Error(`recordSeededGift: checkout ${checkoutId} missing`);
  const confirm: ConfirmResult = {
    status: 'completed',
    rawStatus: 'completed',
    amount: Number(row.amount),
    currency: row.currency,
    operator: confirmed.operator,
    providerReference: confirmed.reference,
    fee: confirmed.fee,
  };
  return recordGift(deps, row, confirm, 'seed', ['pending'], at);
}
