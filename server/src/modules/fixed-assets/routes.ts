import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../../../contract/common';
import { messageAnswerSchema } from '../../../../contract/expenses';
import {
  FIXED_ASSET_MESSAGES as A,
  fixedAssetAnswerSchema,
  fixedAssetBodySchema,
  fixedAssetDisposalBodySchema,
  fixedAssetEntityQuerySchema,
  fixedAssetListQuerySchema,
  fixedAssetListSchema,
  fixedAssetOptionsAnswerSchema,
  fixedAssetStatisticsAnswerSchema,
} from '../../../../contract/fixed-assets';
import { MONEY_WRITE_ERRORS } from '../../http/answers';
import { authorize, authorizeVisible } from '../../http/authorize';
import { idempotentWrite } from '../../http/idempotency';
import { fixedAssetOptions, fixedAssetOr404, fixedAssetStatistics, listFixedAssets } from './queries';
import { createFixedAsset, deleteFixedAsset, disposeFixedAsset, updateFixedAsset } from './service';

// every route of the fixed assets declares the answers of a money write, its reads included (the OpenAPI document)
const errors = MONEY_WRITE_ERRORS;
const TAGS = ['Immobilisations'];

/** Writing fixed assets: the payers of the entity (`expense:validate`, or `expense_request:manage`). */
const FIXED_ASSET_WRITE_PERMISSION = 'expense:validate';
/**
 * Reading an entity's fixed assets (money): seeing the entity is not enough (a faithful member sees
 * their church), the reader holds an expense permission there (decision 0014).
 */
const FIXED_ASSET_READ_PERMISSIONS = ['expense_request:view', 'expense:view'];

/** The entity of an asset (or of a query naming one), as authorize takes it. */
const entityOf = (asset: { entity_type: string; entity_id: number }) => ({
  type: asset.entity_type,
  id: asset.entity_id,
});

/**
 * Routes of the fixed assets (immobilisations) of an entity (docs/features/fixed-assets.md): the register
 * and its totals for the entity's expense readers, the form's choices for whoever sees it, the writes for
 * its payers.
 */
export const fixedAssetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/fixed-assets',
    {
      schema: {
        tags: TAGS,
        summary: "Immobilisations d'une entité (paginées)",
        querystring: fixedAssetListQuerySchema,
        response: { 200: fixedAssetListSchema, ...errors },
      },
    },
    async (request) => {
      const { entity_type, entity_id } = request.query;
      await authorize(request, entityOf(request.query), FIXED_ASSET_READ_PERMISSIONS);
      return listFixedAssets(db, entity_type, entity_id, request.query);
    },
  );

  app.get(
    '/fixed-assets/statistics',
    {
      schema: {
        tags: TAGS,
        summary: "Totaux des immobilisations d'une entité",
        querystring: fixedAssetEntityQuerySchema,
        response: { 200: fixedAssetStatisticsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { entity_type, entity_id } = request.query;
      await authorize(request, entityOf(request.query), FIXED_ASSET_READ_PERMISSIONS);
      return { data: await fixedAssetStatistics(db, entity_type, entity_id) };
    },
  );

  app.get(
    '/fixed-assets/options',
    {
      schema: {
        tags: TAGS,
        summary: "Choix du formulaire d'immobilisation (devises, comptes d'actifs, valeurs par défaut)",
        querystring: fixedAssetEntityQuerySchema,
        response: { 200: fixedAssetOptionsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { entity_type, entity_id } = request.query;
      await authorizeVisible(request, entityOf(request.query));
      return { data: await fixedAssetOptions(db, entity_type, entity_id) };
    },
  );

  app.get(
    '/fixed-assets/:id',
    {
      schema: {
        tags: TAGS,
        summary: "Détail d'une immobilisation",
        params: idParamSchema,
        response: { 200: fixedAssetAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const asset = await fixedAssetOr404(db, request.params.id);
      await authorize(request, entityOf(asset), FIXED_ASSET_READ_PERMISSIONS);
      return { data: asset };
    },
  );

  app.post(
    '/fixed-assets',
    {
      schema: {
        tags: TAGS,
        summary: 'Créer une immobilisation',
        description: "`expense:validate` sur l'entité (ou `expense_request:manage`).",
        body: fixedAssetBodySchema,
        response: { 201: fixedAssetAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = await authorize(request, entityOf(request.body), FIXED_ASSET_WRITE_PERMISSION);
      const id = await createFixedAsset(db, actor, request.body);
      reply.code(201);
      return { data: await fixedAssetOr404(db, id) };
    },
  );

  app.put(
    '/fixed-assets/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Modifier une immobilisation',
        description:
          "`expense:validate` sur l'entité. L'entité d'une immobilisation ne change pas ; le prix d'achat " +
          "d'une immobilisation née d'un paiement reste le montant payé.",
        params: idParamSchema,
        body: fixedAssetBodySchema,
        response: { 200: fixedAssetAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const current = await fixedAssetOr404(db, request.params.id);
      const actor = await authorize(request, entityOf(current), FIXED_ASSET_WRITE_PERMISSION);
      await updateFixedAsset(db, actor, current, request.body);
      return { data: await fixedAssetOr404(db, current.id) };
    },
  );

  app.delete(
    '/fixed-assets/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Supprimer une immobilisation',
        description: "`expense:validate` sur l'entité. Le paiement qui l'a créée, s'il y en a un, reste.",
        params: idParamSchema,
        response: { 200: messageAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const current = await fixedAssetOr404(db, request.params.id);
      const actor = await authorize(request, entityOf(current), FIXED_ASSET_WRITE_PERMISSION);
      await deleteFixedAsset(db, actor, current);
      return { message: A.assetDeleted };
    },
  );

  app.post(
    '/fixed-assets/:id/disposal',
    {
      schema: {
        tags: TAGS,
        summary: 'Sortie d’une immobilisation (cession ou mise au rebut)',
        description:
          "`expense:validate` sur l'entité ; en-tête `Idempotency-Key` conseillé. La valeur nette comptable " +
          'à la date de sortie (plan d’amortissement) est enregistrée avec le prix ; un prix reçu est une ' +
          'recette du compte de trésorerie `payment_account_id` (mouvement de trésorerie, refusé dans un ' +
          'exercice clôturé : 409). 409 si elle est déjà sortie. Elle quitte ensuite les totaux du registre.',
        params: idParamSchema,
        body: fixedAssetDisposalBodySchema,
        response: { 201: fixedAssetAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const current = await fixedAssetOr404(db, request.params.id);
      const actor = await authorize(request, entityOf(current), FIXED_ASSET_WRITE_PERMISSION);
      return idempotentWrite(request, reply, actor.userId, async (tx) => ({
        status: 201,
        body: { data: await disposeFixedAsset(tx, actor, current.id, request.body) },
      }));
    },
  );
};
