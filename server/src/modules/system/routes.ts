import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../contract/common';
import { httpError } from '../../http/errors';
import { databaseAnswers } from './service';

const statusSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

export const SYSTEM_MESSAGES = {
  notReady: 'Base de données injoignable : le serveur n’est pas prêt.',
} as const;

export const systemRoutes: FastifyPluginAsyncZod<{ databaseKind: 'pglite' | 'postgres' }> = async (
  app,
  options,
) => {
  const status = { status: 'ok' as const, database: options.databaseKind };

  app.get(
    '/health',
    {
      schema: {
        tags: ['Système'],
        summary: 'Vivacité du serveur',
        description:
          'Répond 200 tant que le processus répond, sans interroger la base (sonde de vivacité : un ' +
          'redémarrage ne réparerait pas une base injoignable). Le serveur n’écoute qu’une fois sa base ' +
          'ouverte et migrée. Pendant un arrêt, les nouvelles requêtes reçoivent 503.',
        response: { 200: statusSchema },
      },
    },
    async () => status,
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['Système'],
        summary: 'Le serveur peut servir (base de données joignable)',
        description:
          'Répond 200 quand la base de données répond en moins de 2 s, 503 sinon (sonde de disponibilité ' +
          'd’un répartiteur de charge) ; 503 aussi pendant un arrêt.',
        response: { 200: statusSchema, 503: errorSchema },
      },
    },
    async () => {
      if (!(await databaseAnswers(app.deps.db))) throw httpError(503, SYSTEM_MESSAGES.notReady);
      return status;
    },
  );
};
