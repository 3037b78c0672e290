import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  budgetLinesAnswerSchema,
  entityQuerySchema,
  plannedActivitiesAnswerSchema,
  plannedActivityQuerySchema,
} from '../../../../contract/expenses';
import { READ_ERRORS } from '../../http/answers';
import { authorizeVisible } from '../../http/authorize';
import { budgetLines, plannedActivities } from './lookups';

/** The entity of a lookup's query, as authorizeVisible takes it (401, 400 for a type that names none, 404, 403). */
const entityOf = (query: { entity_type: string; entity_id: number }) => ({
  type: query.entity_type,
  id: query.entity_id,
});

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
        response: { 200: budgetLinesAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const entity = entityOf(request.query);
      await authorizeVisible(request, entity);
      return { data: await budgetLines(db, entity) };
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
        response: { 200: plannedActivitiesAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const entity = entityOf(request.query);
      await authorizeVisible(request, entity);
      return { data: await plannedActivities(db, entity, request.query.search ?? '') };
    },
  );
};
