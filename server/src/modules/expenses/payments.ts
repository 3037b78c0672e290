import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ACCOUNT_CATEGORIES } from '../../../../contract/accounts';
import {
  EXPENSE_MESSAGES,
  remainingMessage,
  type paymentBodySchema,
  type PaymentResult,
} from '../../../../contract/expenses';
import { FIXED_ASSET_ACCOUNT_CATEGORY } from '../../../../contract/fixed-assets';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { queryOne } from '../../db/query';
import { httpError } from '../../http/errors';
import { insertFixedAsset, loadFixedAsset } from '../fixed-assets';
import { recordMovement } from '../treasury';
import type { Gate } from '../../http/authorize';
import { assertNotVerified, requestEntity, requestReference } from './facts';
import { loadLineFacts } from './lines';
import { loadLine, loadPayment } from './line-queries';
import { assertAccountOfEntity } from '../accounts';
import { financeEntity, refreshRequest } from './service';
import { expenseLinePaid } from '../notifications';

const M = EXPENSE_MESSAGES;

export type PaymentInput = z.output<typeof paymentBodySchema>;

/** The moment paid: the date of `validated_at` at `validate_time` (UTC: Africa/Abidjan), else `validated_at`. */
export function paidMoment(validatedAt: string, time: string | undefined): string {
  if (!time)
    return new Date(validatedAt.length === 10 ? `${validatedAt}T00:00:00Z` : validatedAt).toISOString();
  const full = time.length === 5 ? `${time}:00` : time;
  return new Date(`${validatedAt.slice(0, 10)}T${full}Z`).toISOString();
}

/**
 * Pays a line, in the caller's transaction `tx` (idempotentWrite's): the request and the line locked,
 * `expense:validate` on the request's entity, then the rules (approved or validated, not verified, the line neither cancelled nor paid,
 * never beyond what remains, a treasury account the entity may use, a fixed asset only for the national
 * office's 'Actifs immobilisés'), the payment, its treasury movement, the line's and the request's
 * amounts and statuses, the fixed asset (its price the paid amount) and the audit.
 */
export async function payLine(
  tx: Db,
  gate: Gate,
  lineId: number,
  body: PaymentInput,
): Promise<PaymentResult> {
  const { line, facts } = await loadLineFacts(tx, lineId, true);
  const actor = await gate.authorize(requestEntity(facts), 'expense:validate', { db: tx });
  assertNotVerified(facts);
  if (facts.status !== 'approved' && facts.status !== 'validated')
    throw httpError(409, M.notApprovedForPayment);
  if (line.status === 'cancelled') throw httpError(409, M.lineCancelled);
  const remaining = line.amount - line.amount_validated;
  if (remaining <= 0) throw httpError(409, M.lineFullyPaid);
  if (body.amount > remaining) throw httpError(400, remainingMessage(remaining));

  const entity = financeEntity(facts.entity_type);
  await assertAccountOfEntity(
    tx,
    body.payment_account_id,
    [ACCOUNT_CATEGORIES.TREASURY],
    entity,
    facts.entity_id,
    M.paymentAccountInvalid,
  );
  if (
    body.fixed_asset &&
    (facts.entity_type !== 'NATIONAL_OFFICE' || facts.account_category !== FIXED_ASSET_ACCOUNT_CATEGORY)
  )
    throw httpError(400, M.assetNotAllowed);

  const paidAt = paidMoment(body.validated_at, body.validate_time);
  const payment = await queryOne<{ id: number }>(
    tx,
    sql`insert into expense_payments (expense_line_id, amount, validated_at, payment_method, payment_account_id, user_id)
        values (${line.id}, ${body.amount}, ${paidAt}, ${body.payment_method}, ${body.payment_account_id}, ${actor.userId})
        returning id`,
  );
  const paymentId = Number(payment!.id);
  const movement = await recordMovement(tx, {
    entityType: entity,
    entityId: facts.entity_id,
    paymentAccountId: body.payment_account_id,
    operationAccountId: facts.operation_account_id,
    occurredAt: paidAt,
    designation: line.name === facts.title ? line.name : `${line.name} — ${facts.title}`,
    reference: requestReference(facts.id),
    expense: body.amount,
    observations: body.amount < remaining ? 'Acompte' : null,
    sourceType: 'expense_payment',
    sourceId: paymentId,
    createdBy: actor.userId,
  });
  await tx.execute(
    sql`update expense_payments set treasury_movement_id = ${movement.id} where id = ${paymentId}`,
  );
  await tx.execute(
    sql`update expense_lines set amount_validated = amount_validated + ${body.amount},
          status = case when amount_validated + ${body.amount} >= amount then 'validated' else 'paid' end,
          updated_at = now()
        where id = ${line.id}`,
  );
  await refreshRequest(tx, facts.id, actor.userId);

  let assetId: number | null = null;
  if (body.fixed_asset) {
    assetId = await insertFixedAsset(tx, {
      ...body.fixed_asset,
      purchase_date: body.fixed_asset.purchase_date ?? paidAt.slice(0, 10),
      purchase_price: body.amount,
      operation_account_id: facts.operation_account_id,
      entity_type: facts.entity_type,
      entity_id: facts.entity_id,
      expense_payment_id: paymentId,
      created_by: actor.userId,
    });
  }
  await audit(tx, {
    userId: actor.userId,
    action: 'expense.pay',
    entityType: 'expense_request',
    entityId: facts.id,
    data: {
      expense_id: line.id,
      payment_id: paymentId,
      amount: body.amount,
      payment_account_id: body.payment_account_id,
      treasury_movement_id: movement.id,
      fixed_asset_id: assetId,
    },
    ip: actor.ip,
  });
  await expenseLinePaid(tx, facts, line.name, body.amount, actor.userId);

  const totals = await queryOne<{
    status: PaymentResult['expenseRequest']['status'];
    amount: number;
    paid: number;
  }>(
    tx,
    sql`select er.status, er.amount,
          (select coalesce(sum(amount_validated), 0)::int from expense_lines where expense_request_id = er.id) as paid
        from expense_requests er where er.id = ${facts.id}`,
  );
  return {
    payment: await loadPayment(tx, paymentId),
    expense: (await loadLine(tx, line.id))!,
    expenseRequest: {
      id: facts.id,
      status: totals!.status,
      amount: Number(totals!.amount),
      amount_validated: Number(totals!.paid),
    },
    fixedAsset: assetId === null ? null : await loadFixedAsset(tx, assetId),
  };
}
