import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  closingAnswerSchema,
  closingBodySchema,
  closingEntityQuerySchema,
  closingListSchema,
  closingPreviewQuerySchema,
} from '../../../../contract/closings';
import { idParamSchema } from '../../../../contract/common';
import { WRITE_ERRORS } from '../../http/answers';
import { authorize } from '../../http/authorize';
import { closingOr404, confirmClosing, listClosings, previewClosing } from './service';

const TAGS = ['Clôtures'];
// every route of the closings declares the answers of a write, its reads included (the OpenAPI document)
const errors = WRITE_ERRORS;
/**
 * Closing a year: the payers of the entity (its treasurer, as for the fixed assets), or whoever holds
 * the closing itself there (the external accountant on the churches they manage, decision 0048).
 */
const CLOSE_PERMISSION = ['fiscal_year:close', 'expense:validate'];
/**
 * Reading a closing (products, charges, result, each account's receipts and expenses): the finance
 * permissions the journals need, not only seeing the entity (decision 0041).
 */
const READERS = ['contribution:view', 'expense:view'];

/** Year-end closings and carry-forwards of an entity (docs/features/closings.md). */
export const closingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/closings',
    {
      schema: {
        tags: TAGS,
        summary: "Exercices clôturés d'une entité",
        description: "`contribution:view` ou `expense:view` sur l'entité (les montants des clôtures).",
        querystring: closingEntityQuerySchema,
        response: { 200: closingListSchema, ...errors },
      },
    },
    async (request) => {
      const { entity_type, entity_id } = request.query;
      await authorize(request, { type: entity_type, id: entity_id }, READERS);
      return { data: await listClosings(db, entity_type, entity_id) };
    },
  );

  app.get(
    '/closings/preview',
    {
      schema: {
        tags: TAGS,
        summary: "Aperçu de la clôture d'un exercice (rien n'est écrit)",
        description:
          "`fiscal_year:close` ou `expense:validate` sur l'entité. 409 : exercice non terminé, déjà clôturé ou hors ordre.",
        querystring: closingPreviewQuerySchema,
        response: { 200: closingAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { entity_type, entity_id, year } = request.query;
      await authorize(request, { type: entity_type, id: entity_id }, CLOSE_PERMISSION);
      return { data: await previewClosing(db, entity_type, entity_id, year) };
    },
  );

  app.post(
    '/closings',
    {
      schema: {
        tags: TAGS,
        summary: 'Clôturer un exercice',
        description:
          "`fiscal_year:close` ou `expense:validate` sur l'entité. Une fois par entité et exercice, dans l'ordre des exercices ; " +
          "enregistre le report à nouveau de chaque compte de trésorerie et le résultat (121 ou 129), et verrouille l'exercice.",
        body: closingBodySchema,
        response: { 201: closingAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { entity_type, entity_id, year } = request.body;
      const actor = await authorize(request, { type: entity_type, id: entity_id }, CLOSE_PERMISSION);
      const id = await confirmClosing(db, actor, entity_type, entity_id, year);
      reply.code(201);
      return { data: await closingOr404(db, id) };
    },
  );

  app.get(
    '/closings/:id',
    {
      schema: {
        tags: TAGS,
        summary: "Détail d'une clôture : reports à nouveau et résultat",
        description: "`contribution:view` ou `expense:view` sur l'entité de la clôture.",
        params: idParamSchema,
        response: { 200: closingAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const closing = await closingOr404(db, request.params.id);
      await authorize(request, { type: closing.entity_type, id: closing.entity_id }, READERS);
      return { data: closing };
    },
  );
};
