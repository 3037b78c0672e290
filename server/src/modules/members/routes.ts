import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the 'members' feature (being built). */
export const memberRoutes: FastifyPluginAsyncZod = async () => {};
