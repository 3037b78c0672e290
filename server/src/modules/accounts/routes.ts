import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorizedAccountsAnswerSchema, authorizedAccountsQuerySchema } from '../../../../contract/accounts';
import { errorSchema } from '../../../../contract/common';
import { authorizeVisible } from '../../http/authorize';
import { requireUser } from '../../http/context';
import { httpError } from '../../http/errors';
import { financeEntityOf } from '../../permissions/entity';
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
        response: {
          200: authorizedAccountsAnswerSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const { entity_type, entity_id, categories, search } = request.query;
      await requireUser(request);
      const entity = financeEntityOf(entity_type);
      if (!entity) throw httpError(400, "Type d'entité non supporté");
      await authorizeVisible(request, { type: entity, id: entity_id });
      const names = (categories ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      return {
        data: await authorizedAccounts(db, entity, entity_id, { categories: names, search: search ?? '' }),
      };
    },
  );
};
