import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../../contract/common';
import {
  budgetLinesAnswerSchema,
  entityQuerySchema,
  EXPENSE_MESSAGES,
  plannedActivitiesAnswerSchema,
  plannedActivityQuerySchema,
} from '../../../../contract/expenses';
import type { FinanceEntityType } from '../../db/schema/finance';
import { authorizeVisible } from '../../http/authorize';
import { requireUser } from '../../http/context';
import { httpError } from '../../http/errors';
import { financeEntityOf } from '../../permissions/entity';
import { budgetLines, plannedActivities } from './lookups';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** 401, 400 for an unknown entity type, then the entity's visibility (404, 403); answers its type. */
async function visibleEntity(
  request: FastifyRequest,
  query: { entity_type: string; entity_id: number },
): Promise<FinanceEntityType> {
  await requireUser(request);
  const entity = financeEntityOf(query.entity_type);
  if (!entity) throw httpError(400, EXPENSE_MESSAGES.unsupportedEntityType);
  await authorizeVisible(request, { type: entity, id: query.entity_id });
  return entity;
}

/**
 * The lookups of the add-expense form: the budget lines and the planned activities of an entity
 * (visible to the user).
 */
export const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/budgets/budget-lines',
    {
      schema: {
        tags: ['Budgets'],
        summary: "Lignes des budgets d'une entité",
        description:
          "Les lignes (recettes et dépenses) des budgets non rejetés de l'entité, l'année la plus récente d'abord.",
        querystring: entityQuerySchema,
        response: { 200: budgetLinesAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const entity = await visibleEntity(request, request.query);
      return { data: await budgetLines(db, entity, request.query.entity_id) };
    },
  );

  app.get(
    '/planned-activities',
    {
      schema: {
        tags: ['Activités'],
        summary: "Activités planifiées d'une entité",
        description: 'Recherche sur le titre et le type ; les plus récentes d’abord, 50 au plus.',
        querystring: plannedActivityQuerySchema,
        response: { 200: plannedActivitiesAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const entity = await visibleEntity(request, request.query);
      return {
        data: await plannedActivities(db, entity, request.query.entity_id, request.query.search ?? ''),
      };
    },
  );
};
