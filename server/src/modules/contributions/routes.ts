import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorSchema, idParamSchema } from '../../../../contract/common';
import {
  cancelContributionBodySchema,
  CONTRIBUTION_MESSAGES,
  CONTRIBUTION_PERMISSIONS,
  contributionAnswerSchema,
  contributionListQuerySchema,
  contributionListSchema,
  contributionStatementSchema,
  contributionSummarySchema,
  createContributionBodySchema,
  PUBLIC_ID_PATTERN,
  publicIdParamSchema,
  publicReceiptAnswerSchema,
  receiptAccountsQuerySchema,
  receiptAccountTotalsSchema,
  statementQuerySchema,
} from '../../../../contract/contributions';
import type { SessionUser } from '../../auth/sessions';
import { requireUser } from '../../http/context';
import { authorize } from '../../http/authorize';
import { httpError, MESSAGES } from '../../http/errors';
import { idempotentWrite } from '../../http/idempotency';
import {
  assertPeriod,
  contributionOwner,
  contributionStatement,
  contributionSummary,
  financeType,
  getContribution,
  listContributions,
  type ListScope,
  memberChurch,
  publicReceipt,
  receiptAccountTotals,
} from './queries';
import { createRateLimiter } from './rate-limit';
import { cancelContribution, checkNewContribution, recordContribution } from './service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const writeErrors = { ...errors, 409: errorSchema, 422: errorSchema };

export type ContributionRoutesOptions = {
  /** public receipt checks allowed per address and window (default 30 per minute) */
  receiptLimit?: { max: number; windowMs: number };
};

/**
 * Whose contributions GET /contributions may list, authorised: mine; an entity's (`contribution:view`
 * on it); a faithful's (`user_id`: `contribution:view` on their church, a super-admin's only when they
 * have none); the churches an external accountant manages.
 */
async function authorizeListScope(
  request: FastifyRequest,
  user: SessionUser,
  q: z.output<typeof contributionListQuerySchema>,
): Promise<ListScope> {
  if (q.mine) return { kind: 'mine', userId: user.userId };
  if (q.entity_type && q.entity_id) {
    const type = financeType(q.entity_type);
    await authorize(request, { type, id: q.entity_id }, CONTRIBUTION_PERMISSIONS.VIEW);
    return { kind: 'entity', type, id: q.entity_id };
  }
  if (q.user_id) {
    if (q.user_id !== user.userId) {
      const churchId = await memberChurch(request.server.deps.db, q.user_id);
      if (churchId === null) {
        if (!user.isSuperAdmin) throw httpError(403, MESSAGES.forbidden);
      } else {
        await authorize(request, { type: 'church', id: churchId }, CONTRIBUTION_PERMISSIONS.VIEW);
      }
    }
    return { kind: 'filters' };
  }
  if (q.managed) return { kind: 'managed', userId: user.userId };
  throw httpError(400, CONTRIBUTION_MESSAGES.entityRequired);
}

export const contributionRoutes: FastifyPluginAsyncZod<ContributionRoutesOptions> = async (app, options) => {
  const { db } = app.deps;
  const limiter = createRateLimiter(options.receiptLimit ?? { max: 30, windowMs: 60_000 });

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
      const scope = await authorizeListScope(request, user, request.query);
      assertPeriod(request.query);
      return listContributions(db, scope, request.query);
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
      return { data: await contributionSummary(db, user.userId) };
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
      return { data: await contributionStatement(db, user.userId, request.query.year) };
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
      await authorize(request, { type, id: q.entity_id }, CONTRIBUTION_PERMISSIONS.VIEW);
      assertPeriod(q);
      return receiptAccountTotals(db, type, q.entity_id, q);
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
      await requireUser(request);
      const owner = await contributionOwner(db, request.params.id);
      // the contributor always sees their own
      const contributor = (user: SessionUser) => owner.userId === user.userId;
      await authorize(request, owner.entity, CONTRIBUTION_PERMISSIONS.VIEW, { unless: contributor });
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
      const entity = { type: financeType(body.entity_type), id: body.entity_id };
      const user = await authorize(request, entity, CONTRIBUTION_PERMISSIONS.CREATE);
      if (body.is_anonymous)
        await authorize(request, entity, CONTRIBUTION_PERMISSIONS.CREATE_ANONYMOUS, {
          forbidden: CONTRIBUTION_MESSAGES.anonymousForbidden,
          visibilityChecked: true,
        });
      const input = await checkNewContribution(db, entity.type, body);
      const actor = { userId: user.userId, ip: request.ip };
      return idempotentWrite(request, reply, user.userId, async (tx) => ({
        status: 201,
        body: { data: await recordContribution(tx, actor, input) },
      }));
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
      const owner = await contributionOwner(db, id);
      const user = await authorize(request, owner.entity, CONTRIBUTION_PERMISSIONS.CANCEL);
      const reason = request.body?.reason || null;
      const actor = { userId: user.userId, ip: request.ip };
      return idempotentWrite(request, reply, user.userId, async (tx) => ({
        status: 200,
        body: { data: await cancelContribution(tx, actor, id, reason) },
      }));
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
