import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorizedAccountsAnswerSchema, authorizedAccountsQuerySchema } from '../../../../contract/accounts';
import { READ_ERRORS } from '../../http/answers';
import { authorizeVisible } from '../../http/authorize';
import { authorizedAccounts } from './service';

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/operation-accounts/authorized',
    {
      schema: {
        tags: ['Comptes'],
        summary: "Comptes d'opération autorisés à une entité",
        description:
          'Les comptes actifs des catégories demandées (`categories`, noms séparés par des virgules, ' +
          'par exemple `Charges AO,Actifs immobilisés`) que l’entité peut utiliser : ceux de toute ' +
          'l’organisation et les siens, moins ceux que son bureau national interdit.',
        querystring: authorizedAccountsQuerySchema,
        response: { 200: authorizedAccountsAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const { entity_type, entity_id, categories, search } = request.query;
      // 401, 400 for a type that names no entity, 404, 403
      const entity = { type: entity_type, id: entity_id };
      await authorizeVisible(request, entity);
      const names = (categories ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      return { data: await authorizedAccounts(db, entity, { categories: names, search: search ?? '' }) };
    },
  );
};
