import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the 'contributions' feature (being built). */
export const contributionRoutes: FastifyPluginAsyncZod = async () => {};
