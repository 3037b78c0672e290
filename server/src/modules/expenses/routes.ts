import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the 'expenses' feature (being built). */
export const expenseRoutes: FastifyPluginAsyncZod = async () => {};
