import { sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_CATEGORIES } from '../../../../contract/accounts';
import { errorSchema, idParamSchema } from '../../../../contract/common';
import {
  cancelContributionBodySchema,
  CONTRIBUTION_MESSAGES,
  CONTRIBUTION_PERMISSIONS,
  CONTRIBUTION_TYPES,
  contributionAnswerSchema,
  contributionListQuerySchema,
  contributionListSchema,
  contributionStatementSchema,
  contributionSummarySchema,
  type ContributionType,
  createContributionBodySchema,
  PUBLIC_ID_PATTERN,
  publicIdParamSchema,
  publicReceiptAnswerSchema,
  receiptAccountsQuerySchema,
  receiptAccountTotalsSchema,
  statementQuerySchema,
} from '../../../../contract/contributions';
import { audit } from '../../audit/audit';
import { isoString, queryOne, queryRows } from '../../db/query';
import type { FinanceEntityType } from '../../db/schema/finance';
import { requirePermission, requireUser, requireVisibility } from '../../http/context';
import { httpError, MESSAGES } from '../../http/errors';
import { idempotentWrite } from '../../http/idempotency';
import { hasPermission } from '../../permissions/check';
import { assertEntityVisible } from '../../permissions/visibility';
import { recordMovement, reverseMovement } from '../treasury/movements';
import { createRateLimiter } from './rate-limit';
import {
  accountAuthorized,
  and,
  designationOf,
  entityNameSql,
  faithfulOfEntity,
  filterConditions,
  financeType,
  getContribution,
  insertContribution,
  listContributions,
  parseOccurredAt,
  publicReceipt,
} from './service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const writeErrors = { ...errors, 409: errorSchema, 422: errorSchema };

export type ContributionRoutesOptions = {
  /** public receipt checks allowed per address and window (default 30 per minute) */
  receiptLimit?: { max: number; windowMs: number };
};

function typeTotals(
  rows: Array<{ type: ContributionType; count: number | string; amount: number | string }>,
) {
  return CONTRIBUTION_TYPES.flatMap((type) => {
    const row = rows.find((r) => r.type === type);
    return row ? [{ type, count: Number(row.count), amount: Number(row.amount) }] : [];
  });
}

export const contributionRoutes: FastifyPluginAsyncZod<ContributionRoutesOptions> = async (app, options) => {
  const { db } = app.deps;
  const limiter = createRateLimiter(options.receiptLimit ?? { max: 30, windowMs: 60_000 });

  /** 404/403 on the entity, then the permission on it. */
  async function requireOnEntity(
    request: Parameters<typeof requireVisibility>[0],
    type: FinanceEntityType,
    id: number,
    code: string,
  ) {
    const { visibility } = await requireVisibility(request);
    await assertEntityVisible(db, visibility, type, id);
    return requirePermission(request, code, type, id);
  }

  app.get(
    '/contributions',
    {
      schema: {
        tags: ['Contributions'],
        summary: 'Liste des contributions (recettes)',
        description:
          "Une page de contributions, les plus récentes d'abord, et les totaux de tout l'ensemble filtré " +
          '(contributions valides). Portée : `entity_type` + `entity_id` (permission `contribution:view` sur ' +
          "l'entité), `user_id` (les contributions d'un fidèle : `contribution:view` sur son église), " +
          '`managed=true` (les églises du comptable externe) ou `mine=true` (les miennes).',
        querystring: contributionListQuerySchema,
        response: { 200: contributionListSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const q = request.query;
      const conditions: SQL[] = filterConditions(q);
      if (q.mine) {
        conditions.push(sql`c.user_id = ${user.userId}`);
      } else if (q.entity_type && q.entity_id) {
        const type = financeType(q.entity_type);
        await requireOnEntity(request, type, q.entity_id, CONTRIBUTION_PERMISSIONS.VIEW);
        conditions.push(sql`c.entity_type = ${type} and c.entity_id = ${q.entity_id}`);
      } else if (q.user_id) {
        if (q.user_id !== user.userId) {
          const member = await queryOne<{ church_id: number | null }>(
            db,
            sql`select church_id from users where id = ${q.user_id}`,
          );
          if (!member) throw httpError(404, 'Fidèle introuvable.');
          if (member.church_id === null) {
            if (!user.isSuperAdmin) throw httpError(403, MESSAGES.forbidden);
          } else {
            await requireOnEntity(request, 'church', Number(member.church_id), CONTRIBUTION_PERMISSIONS.VIEW);
          }
        }
      } else if (q.managed) {
        conditions.push(
          sql`c.entity_type = 'church' and c.entity_id in (select church_id from managed_churches where user_id = ${user.userId})`,
        );
      } else {
        throw httpError(400, CONTRIBUTION_MESSAGES.entityRequired);
      }
      if (q.from_date && q.to_date && q.to_date < q.from_date)
        throw httpError(400, CONTRIBUTION_MESSAGES.periodInvalid);
      return listContributions(db, and(sql`true`, ...conditions), q);
    },
  );

  app.get(
    '/contributions/summary',
    {
      schema: {
        tags: ['Contributions'],
        summary: 'Mes contributions : totaux par année et par type',
        response: { 200: contributionSummarySchema, 401: errorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const rows = await queryRows<{ year: number; type: ContributionType; count: number; amount: string }>(
        db,
        sql`select extract(year from occurred_at at time zone 'UTC')::int as year, type, count(*)::int as count,
                   sum(amount)::bigint as amount
            from contributions where user_id = ${user.userId} and status = 'valid'
            group by 1, 2 order by 1 desc`,
      );
      const years = [...new Set(rows.map((r) => Number(r.year)))].sort((a, b) => b - a);
      const byYear = years.map((year) => {
        const ofYear = rows.filter((r) => Number(r.year) === year);
        return {
          year,
          count: ofYear.reduce((s, r) => s + Number(r.count), 0),
          amount: ofYear.reduce((s, r) => s + Number(r.amount), 0),
          by_type: typeTotals(ofYear),
        };
      });
      return {
        data: {
          total: {
            count: byYear.reduce((s, y) => s + y.count, 0),
            amount: byYear.reduce((s, y) => s + y.amount, 0),
          },
          by_year: byYear,
        },
      };
    },
  );

  app.get(
    '/contributions/statement',
    {
      schema: {
        tags: ['Contributions'],
        summary: 'Mon relevé annuel de contributions',
        description: "Les contributions valides de l'utilisateur connecté sur une année civile, à imprimer.",
        querystring: statementQuerySchema,
        response: { 200: contributionStatementSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { year } = request.query;
      const member = await queryOne<{
        firstname: string;
        lastname: string;
        registration_number: string | null;
        church_name: string | null;
      }>(
        db,
        sql`select u.firstname, u.lastname, u.registration_number, ch.name as church_name
            from users u left join churches ch on ch.id = u.church_id where u.id = ${user.userId}`,
      );
      const lines = await queryRows<{
        receipt_number: string;
        occurred_at: string;
        type: ContributionType;
        amount: number;
        entity_name: string | null;
        public_id: string;
      }>(
        db,
        sql`select c.receipt_number, c.occurred_at, c.type, c.amount, c.public_id,
                   ${entityNameSql(sql`c.entity_type`, sql`c.entity_id`)} as entity_name
            from contributions c
            where c.user_id = ${user.userId} and c.status = 'valid'
              and c.occurred_at >= ${`${year}-01-01T00:00:00Z`}::timestamptz
              and c.occurred_at < ${`${year + 1}-01-01T00:00:00Z`}::timestamptz
            order by c.occurred_at, c.id`,
      );
      const mapped = lines.map((l) => ({
        receipt_number: l.receipt_number,
        occurred_at: isoString(l.occurred_at),
        type: l.type,
        amount: Number(l.amount),
        entity_name: l.entity_name ?? '',
        public_id: l.public_id,
      }));
      const byType = CONTRIBUTION_TYPES.flatMap((type) => {
        const of = mapped.filter((l) => l.type === type);
        return of.length ? [{ type, count: of.length, amount: of.reduce((s, l) => s + l.amount, 0) }] : [];
      });
      return {
        data: {
          year,
          member: {
            firstname: member?.firstname ?? '',
            lastname: member?.lastname ?? '',
            registration_number: member?.registration_number ?? null,
            church_name: member?.church_name ?? null,
          },
          lines: mapped,
          by_type: byType,
          total: mapped.reduce((s, l) => s + l.amount, 0),
          generated_at: new Date().toISOString(),
        },
      };
    },
  );

  app.get(
    '/contributions/receipt-accounts',
    {
      schema: {
        tags: ['Contributions'],
        summary: "Comptes de recettes d'une entité et leurs totaux",
        description:
          "Les comptes de la catégorie 'Produits' autorisés à l'entité, avec le nombre et le montant des " +
          'contributions valides de la période (permission `contribution:view`).',
        querystring: receiptAccountsQuerySchema,
        response: { 200: receiptAccountTotalsSchema, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const type = financeType(q.entity_type);
      await requireOnEntity(request, type, q.entity_id, CONTRIBUTION_PERMISSIONS.VIEW);
      if (q.from_date && q.to_date && q.to_date < q.from_date)
        throw httpError(400, CONTRIBUTION_MESSAGES.periodInvalid);
      const period = and(sql`true`, ...filterConditions({ from_date: q.from_date, to_date: q.to_date }));
      const rows = await queryRows<{
        id: number;
        code: string;
        name: string;
        count: number;
        amount: string;
        last_at: string | null;
      }>(
        db,
        sql`select a.id, a.code, a.name, coalesce(t.count, 0)::int as count, coalesce(t.amount, 0)::bigint as amount,
                   t.last_at
            from operation_accounts a
            join operation_account_categories cat on cat.id = a.category_id
            left join (
              select c.receipt_account_id, count(*) as count, sum(c.amount) as amount, max(c.occurred_at) as last_at
              from contributions c
              where c.entity_type = ${type} and c.entity_id = ${q.entity_id} and c.status = 'valid' and ${period}
              group by c.receipt_account_id
            ) t on t.receipt_account_id = a.id
            where cat.name = ${ACCOUNT_CATEGORIES.RECEIPT}
              and (t.count is not null or (a.active
                and (a.entity_type is null or (a.entity_type = ${type} and a.entity_id = ${q.entity_id}))))
            order by a.code`,
      );
      const data = rows.map((r) => ({
        id: Number(r.id),
        code: r.code,
        name: r.name,
        count: Number(r.count),
        amount: Number(r.amount),
        last_at: r.last_at ? isoString(r.last_at) : null,
      }));
      return {
        data,
        total: {
          count: data.reduce((s, r) => s + r.count, 0),
          amount: data.reduce((s, r) => s + r.amount, 0),
        },
      };
    },
  );

  app.get(
    '/contributions/:id',
    {
      schema: {
        tags: ['Contributions'],
        summary: "Détail d'une contribution",
        description: "Le contributeur la voit toujours ; sinon `contribution:view` sur l'entité.",
        params: idParamSchema,
        response: { 200: contributionAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const owner = await queryOne<{
        user_id: number | null;
        entity_type: FinanceEntityType;
        entity_id: number;
      }>(db, sql`select user_id, entity_type, entity_id from contributions where id = ${request.params.id}`);
      if (!owner) throw httpError(404, CONTRIBUTION_MESSAGES.notFound);
      if (owner.user_id === null || Number(owner.user_id) !== user.userId)
        await requireOnEntity(
          request,
          owner.entity_type,
          Number(owner.entity_id),
          CONTRIBUTION_PERMISSIONS.VIEW,
        );
      return { data: (await getContribution(db, request.params.id))! };
    },
  );

  app.post(
    '/contributions',
    {
      schema: {
        tags: ['Contributions'],
        summary: 'Enregistrer une contribution',
        description:
          "Permission `contribution:create` sur l'entité (`contribution:create_anonyme` pour une contribution " +
          'anonyme). Une transaction écrit la contribution (numéro de reçu, identifiant public), son mouvement ' +
          "de trésorerie et l'audit. En-tête `Idempotency-Key` recommandé : une répétition rejoue la réponse.",
        body: createContributionBodySchema,
        response: { 201: contributionAnswerSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const type = financeType(body.entity_type);
      const user = await requireOnEntity(request, type, body.entity_id, CONTRIBUTION_PERMISSIONS.CREATE);
      let contributor: { id: number; firstname: string; lastname: string } | null = null;
      if (body.is_anonymous) {
        if (!(await hasPermission(db, user, CONTRIBUTION_PERMISSIONS.CREATE_ANONYMOUS, type, body.entity_id)))
          throw httpError(403, CONTRIBUTION_MESSAGES.anonymousForbidden);
      } else {
        if (!body.user_id) throw httpError(400, CONTRIBUTION_MESSAGES.contributorRequired);
        contributor = await faithfulOfEntity(db, type, body.entity_id, body.user_id);
        if (!contributor) throw httpError(400, CONTRIBUTION_MESSAGES.contributorNotFaithful);
      }
      const occurredAt = parseOccurredAt(body.occurred_at);
      if (
        !(await accountAuthorized(
          db,
          type,
          body.entity_id,
          body.receipt_account_id,
          ACCOUNT_CATEGORIES.RECEIPT,
        ))
      )
        throw httpError(400, CONTRIBUTION_MESSAGES.receiptAccountInvalid);
      if (
        !(await accountAuthorized(
          db,
          type,
          body.entity_id,
          body.payment_account_id,
          ACCOUNT_CATEGORIES.TREASURY,
        ))
      )
        throw httpError(400, CONTRIBUTION_MESSAGES.paymentAccountInvalid);
      const name = contributor ? `${contributor.firstname} ${contributor.lastname}` : null;
      const notes = body.notes ? body.notes : null;

      return idempotentWrite(request, reply, user.userId, async (tx) => {
        const { id, receiptNumber } = await insertContribution(tx, {
          entityType: type,
          entityId: body.entity_id,
          userId: contributor?.id ?? null,
          contributorName: name,
          isAnonymous: body.is_anonymous,
          type: body.type,
          amount: body.amount,
          occurredAt,
          receiptAccountId: body.receipt_account_id,
          paymentAccountId: body.payment_account_id,
          notes,
          createdBy: user.userId,
        });
        const movement = await recordMovement(tx, {
          entityType: type,
          entityId: body.entity_id,
          paymentAccountId: body.payment_account_id,
          operationAccountId: body.receipt_account_id,
          occurredAt,
          designation: designationOf(body.type, name),
          reference: receiptNumber,
          receipt: body.amount,
          observations: notes,
          sourceType: 'contribution',
          sourceId: id,
          createdBy: user.userId,
        });
        await audit(tx, {
          userId: user.userId,
          action: 'contribution.create',
          entityType: 'contribution',
          entityId: id,
          data: {
            entity_type: type,
            entity_id: body.entity_id,
            receipt_number: receiptNumber,
            amount: body.amount,
            type: body.type,
            anonymous: body.is_anonymous,
            movement_id: movement.id,
          },
          ip: request.ip,
        });
        return { status: 201, body: { data: (await getContribution(tx, id))! } };
      });
    },
  );

  app.post(
    '/contributions/:id/cancel',
    {
      schema: {
        tags: ['Contributions'],
        summary: 'Annuler une contribution',
        description:
          "Permission `contribution:update` sur l'entité. Le reçu devient « annulé » et un mouvement " +
          'inverse est ajouté au journal (les mouvements ne sont jamais modifiés).',
        params: idParamSchema,
        body: cancelContributionBodySchema,
        response: { 200: contributionAnswerSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const row = await queryOne<{ entity_type: FinanceEntityType; entity_id: number }>(
        db,
        sql`select entity_type, entity_id from contributions where id = ${id}`,
      );
      if (!row) throw httpError(404, CONTRIBUTION_MESSAGES.notFound);
      const user = await requireOnEntity(
        request,
        row.entity_type,
        Number(row.entity_id),
        CONTRIBUTION_PERMISSIONS.CANCEL,
      );
      const reason = request.body?.reason || null;
      return idempotentWrite(request, reply, user.userId, async (tx) => {
        const current = await queryOne<{ status: string }>(
          tx,
          sql`select status from contributions where id = ${id} for update`,
        );
        if (current?.status !== 'valid') throw httpError(409, CONTRIBUTION_MESSAGES.alreadyCancelled);
        await tx.execute(
          sql`update contributions set status = 'cancelled', cancelled_at = now(), cancelled_by = ${user.userId}
              where id = ${id}`,
        );
        const movements = await queryRows<{ id: number }>(
          tx,
          sql`select m.id from treasury_movements m
              where m.source_type = 'contribution' and m.source_id = ${id}
                and not exists (select 1 from treasury_movements r where r.reverses_id = m.id)`,
        );
        for (const movement of movements)
          await reverseMovement(tx, Number(movement.id), { createdBy: user.userId, observations: reason });
        await audit(tx, {
          userId: user.userId,
          action: 'contribution.cancel',
          entityType: 'contribution',
          entityId: id,
          data: { reason, reversed_movements: movements.map((m) => Number(m.id)) },
          ip: request.ip,
        });
        return { status: 200, body: { data: (await getContribution(tx, id))! } };
      });
    },
  );

  app.get(
    '/receipts/:publicId',
    {
      schema: {
        tags: ['Contributions'],
        summary: "Vérification publique d'un reçu (sans session)",
        description:
          "Ce que montre le QR code d'un reçu : entité, date, montant, numéro, statut et nom masqué du " +
          'contributeur (ou « Anonyme »). Limité par adresse (429 avec Retry-After) ; un identifiant mal ' +
          'formé répond 404 sans consulter la base.',
        params: publicIdParamSchema,
        response: { 200: publicReceiptAnswerSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const wait = limiter.hit(request.ip);
      if (wait !== null)
        throw httpError(429, CONTRIBUTION_MESSAGES.tooManyRequests, {
          headers: { 'Retry-After': String(wait) },
        });
      const { publicId } = request.params;
      if (!PUBLIC_ID_PATTERN.test(publicId)) throw httpError(404, CONTRIBUTION_MESSAGES.receiptNotFound);
      const receipt = await publicReceipt(db, publicId);
      if (!receipt) throw httpError(404, CONTRIBUTION_MESSAGES.receiptNotFound);
      return { data: receipt };
    },
  );
};
