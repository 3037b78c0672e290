import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityTypeAnswerSchema,
  activityTypeBodySchema,
  activityTypeListSchema,
  activityTypeQuerySchema,
} from '../../../../contract/activities';
import { READ_ERRORS, WRITE_ERRORS } from '../../http/answers';
import { gateOf } from '../../http/authorize';
import { createActivityType, listActivityTypes } from './activity-types';
import { ownerOf } from './entities';

const TAGS = ['Activités'];

/** The activity types of an entity: the shared ones and its own. */
export const activityTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/activity-types',
    {
      schema: {
        tags: TAGS,
        summary: "Types d'activités d'une entité",
        description: "Les types communs à toutes les églises et ceux de l'entité (activity:view).",
        querystring: activityTypeQuerySchema,
        response: { 200: activityTypeListSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const owner = ownerOf(request.query.entity_type, request.query.entity_id);
      return { data: await listActivityTypes(db, await gateOf(request), owner) };
    },
  );

  app.post(
    '/activity-types',
    {
      schema: {
        tags: TAGS,
        summary: "Créer un type d'activité",
        description: 'activity:create sur l’entité ; 409 si le nom existe déjà pour elle.',
        body: activityTypeBodySchema,
        response: { 201: activityTypeAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request.body.entity_type, request.body.entity_id);
      const data = await createActivityType(db, await gateOf(request), owner, request.body.name);
      reply.code(201);
      return { data };
    },
  );
};
