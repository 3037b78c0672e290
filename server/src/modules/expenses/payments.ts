import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, idParamSchema } from '../../../../contract/common';
import { ACCOUNT_CATEGORIES } from '../../../../contract/accounts';
import {
  EXPENSE_MESSAGES,
  FIXED_ASSET_ACCOUNT_CATEGORY,
  paymentAnswerSchema,
  paymentBodySchema,
  remainingMessage,
  type PaymentResult,
} from '../../../../contract/expenses';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { queryOne } from '../../db/query';
import { requireVisibility } from '../../http/context';
import { httpError } from '../../http/errors';
import { idempotentWrite } from '../../http/idempotency';
import { recordMovement } from '../treasury/movements';
import { assertCanWrite, assertNotVerified, requestReference } from './access';
import { insertFixedAsset, loadFixedAsset } from './fixed-assets';
import { loadLineFacts } from './lines';
import { loadLine, loadPayment } from './queries';
import { assertAccountOfEntity, financeEntity, refreshRequest } from './service';

const M = EXPENSE_MESSAGES;

/** The moment paid: the date of `validated_at` at `validate_time` (UTC: Africa/Abidjan), else `validated_at`. */
export function paidMoment(validatedAt: string, time: string | undefined): string {
  if (!time)
    return new Date(validatedAt.length === 10 ? `${validatedAt}T00:00:00Z` : validatedAt).toISOString();
  const full = time.length === 5 ? `${time}:00` : time;
  return new Date(`${validatedAt.slice(0, 10)}T${full}Z`).toISOString();
}

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/expenses/:id/validate',
    {
      schema: {
        tags: ['Dépenses'],
        summary: 'Payer une ligne de dépense (paiement partiel ou total, en-tête Idempotency-Key)',
        description:
          "`expense:validate` sur l'entité de la demande (ou `expense_request:manage`). Une transaction : le " +
          'paiement, le montant payé et le statut de la ligne, le statut de la demande, le mouvement de ' +
          "trésorerie (dépense sur le compte de paiement), l'immobilisation éventuelle (bureau national et compte " +
          "« Actifs immobilisés » seulement, prix d'achat = montant payé) et l'audit. Jamais au-delà du reste à " +
          'payer, ni sur une ligne annulée, ni après vérification. La même clé rejoue la première réponse.',
        params: idParamSchema,
        body: paymentBodySchema,
        response: {
          201: paymentAnswerSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
          422: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { user } = await requireVisibility(request);
      const body = request.body;
      return idempotentWrite<{ data: PaymentResult }>(request, reply, user.userId, async (tx: Db) => {
        const { line, facts } = await loadLineFacts(tx, request.params.id, true);
        await assertCanWrite(request, facts, ['expense:validate'], { db: tx });
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
              values (${line.id}, ${body.amount}, ${paidAt}, ${body.payment_method}, ${body.payment_account_id}, ${user.userId})
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
          createdBy: user.userId,
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
        await refreshRequest(tx, facts.id, user.userId);

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
            created_by: user.userId,
          });
        }
        await audit(tx, {
          userId: user.userId,
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
          ip: request.ip,
        });

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
          status: 201,
          body: {
            data: {
              payment: await loadPayment(tx, paymentId),
              expense: (await loadLine(tx, line.id))!,
              expenseRequest: {
                id: facts.id,
                status: totals!.status,
                amount: Number(totals!.amount),
                amount_validated: Number(totals!.paid),
              },
              fixedAsset: assetId === null ? null : await loadFixedAsset(tx, assetId),
            },
          },
        };
      });
    },
  );
};
