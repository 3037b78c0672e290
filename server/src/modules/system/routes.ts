import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from './service';

const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

export const systemRoutes: FastifyPluginAsyncZod<{ databaseKind: 'pglite' | 'postgres' }> = async (
  app,
  options,
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['Système'],
        summary: 'État du serveur',
        description: 'Répond 200 quand le serveur et sa base de données répondent.',
        response: { 200: healthSchema },
      },
    },
    async () => {
      await pingDatabase(app.deps.db);
      return { status: 'ok' as const, database: options.databaseKind };
    },
  );
};
