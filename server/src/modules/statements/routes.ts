import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../../contract/common';
import { JOURNAL_MESSAGES } from '../../../../contract/journals';
import { financialStatementsAnswerSchema, statementsQuerySchema } from '../../../../contract/statements';
import { authorize } from '../../http/authorize';
import { financialStatements } from './service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
/** The readers of the accounting documents of the entity (the financial report's). */
const READ_PERMISSIONS = ['contribution:view', 'expense:view'];

/** The financial statements of an entity (issue 15): 'Compte de résultat' and 'Bilan'. */
export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/financial-statements',
    {
      schema: {
        tags: ['Journaux'],
        summary: "États financiers d'une entité pour un exercice (compte de résultat et bilan, SYCEBNL)",
        description:
          'Compte de résultat : produits (classe 7) et charges (classe 6) de l’exercice par compte, ' +
          'dotations aux amortissements, cessions d’immobilisations (HAO), résultat. Bilan au 31 décembre : ' +
          'immobilisations (brut, amortissements, net), trésorerie, fonds associatifs, report à nouveau, ' +
          'autres variations et résultat ; actif = passif. Réservé aux utilisateurs qui voient l’entité et y ' +
          'détiennent `contribution:view` ou `expense:view`.',
        querystring: statementsQuerySchema,
        response: { 200: financialStatementsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { entity_type, entity_id, year } = request.query;
      await authorize(request, { type: entity_type, id: entity_id }, READ_PERMISSIONS, {
        forbidden: JOURNAL_MESSAGES.forbidden,
      });
      return { data: await financialStatements(db, entity_type, entity_id, year) };
    },
  );
};
