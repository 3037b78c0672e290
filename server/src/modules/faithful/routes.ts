import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the 'faithful' feature (being built). */
export const faithfulRoutes: FastifyPluginAsyncZod = async () => {};
