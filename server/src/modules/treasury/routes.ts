import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the 'treasury' feature (being built). */
export const treasuryRoutes: FastifyPluginAsyncZod = async () => {};
