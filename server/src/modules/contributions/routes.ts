import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../../../contract/common';
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
import { errorAnswers, MONEY_WRITE_ERRORS, OWN_ERRORS, READ_ERRORS } from '../../http/answers';
import { authorize, authorizeSignedIn, gateOf } from '../../http/authorize';
import { httpError } from '../../http/errors';
import { idempotentWrite } from '../../http/idempotency';
import { databaseRateLimiter } from '../../http/rate-limit';
import { departmentLeaderRule } from '../activities';
import { readsContribution } from './policy';
import {
  assertPeriod,
  contributionOwner,
  contributionStatement,
  contributionSummary,
  financeType,
  getContribution,
  publicReceipt,
  receiptAccountTotals,
} from './queries';
import {
  cancelContribution,
  checkNewContribution,
  listVisibleContributions,
  recordContribution,
} from './service';

export type ContributionRoutesOptions = {
  /** public receipt checks allowed per address and window (default 30 per minute) */
  receiptLimit?: { max: number; windowMs: number };
};

/** The contributions (receipts) of an entity, a faithful's own, and the public check of a receipt. */
export const contributionRoutes: FastifyPluginAsyncZod<ContributionRoutesOptions> = async (app, options) => {
  const { db } = app.deps;
  // counted in the database, shared by every server process (decision 0041)
  const limiter = databaseRateLimiter(db, {
    kind: 'receipt',
    ...(options.receiptLimit ?? { max: 30, windowMs: 60_000 }),
  });

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
        response: { 200: contributionListSchema, ...READ_ERRORS },
      },
    },
    async (request) => listVisibleContributions(db, await gateOf(request), request.query),
  );

  app.get(
    '/contributions/summary',
    {
      schema: {
        tags: ['Contributions'],
        summary: 'Mes contributions : totaux par année et par type',
        response: { 200: contributionSummarySchema, ...errorAnswers(401) },
      },
    },
    async (request) => {
      const actor = await authorizeSignedIn(request);
      return { data: await contributionSummary(db, actor.userId) };
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
        response: { 200: contributionStatementSchema, ...OWN_ERRORS },
      },
    },
    async (request) => {
      const actor = await authorizeSignedIn(request);
      return { data: await contributionStatement(db, actor.userId, request.query.year) };
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
        response: { 200: receiptAccountTotalsSchema, ...READ_ERRORS },
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
        description:
          "Le contributeur la voit toujours, le responsable d'un département celles du département ; " +
          "sinon `contribution:view` sur l'entité.",
        params: idParamSchema,
        response: { 200: contributionAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      await authorizeSignedIn(request);
      const owner = await contributionOwner(db, request.params.id);
      await authorize(request, owner.entity, CONTRIBUTION_PERMISSIONS.VIEW, {
        unless: await readsContribution(owner, (entity) => departmentLeaderRule(db, entity)),
      });
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
        response: { 201: contributionAnswerSchema, ...MONEY_WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const entity = { type: financeType(body.entity_type), id: body.entity_id };
      const actor = await authorize(request, entity, CONTRIBUTION_PERMISSIONS.CREATE);
      // an anonymous contribution needs its own permission too
      if (body.is_anonymous)
        await authorize(request, entity, CONTRIBUTION_PERMISSIONS.CREATE_ANONYMOUS, {
          forbidden: CONTRIBUTION_MESSAGES.anonymousForbidden,
          visibilityChecked: true,
        });
      const input = await checkNewContribution(db, entity.type, body);
      return idempotentWrite(request, reply, actor.userId, async (tx) => ({
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
        response: { 200: contributionAnswerSchema, ...MONEY_WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const owner = await contributionOwner(db, id);
      const actor = await authorize(request, owner.entity, CONTRIBUTION_PERMISSIONS.CANCEL);
      const reason = request.body?.reason || null;
      return idempotentWrite(request, reply, actor.userId, async (tx) => ({
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
        response: { 200: publicReceiptAnswerSchema, ...errorAnswers(404, 429) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const wait = await limiter.hit(request.ip);
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
