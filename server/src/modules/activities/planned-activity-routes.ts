import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityAnswerSchema,
  activityCreateBodySchema,
  activityListQuerySchema,
  activityListSchema,
  activityUpdateBodySchema,
  createdAnswerSchema,
} from '../../../../contract/activities';
import { idParamSchema } from '../../../../contract/common';
import { READ_ERRORS, WRITE_ERRORS } from '../../http/answers';
import { gateOf } from '../../http/authorize';
import { ownerOf } from './entities';
import {
  activityDetail,
  activityOwner,
  createActivity,
  listActivities,
  updateActivity,
} from './planned-activities';

const TAGS = ['Activités'];

/** The planned activities of an entity: its agenda, their creation, edit and status. */
export const plannedActivityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/activities',
    {
      schema: {
        tags: TAGS,
        summary: "Activités planifiées d'une entité",
        description:
          'Par date ; `month=AAAA-MM` pour l’agenda du mois. Le coût réel est le payé des demandes de dépense liées.',
        querystring: activityListQuerySchema,
        response: { 200: activityListSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const owner = ownerOf(request.query.entity_type, request.query.entity_id);
      return listActivities(db, await gateOf(request), owner, request.query);
    },
  );

  app.post(
    '/activities',
    {
      schema: {
        tags: TAGS,
        summary: 'Planifier une activité',
        description: "activity:create sur l'entité ; type, département et ligne budgétaire de l'entité.",
        body: activityCreateBodySchema,
        response: { 201: createdAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request.body.entity_type, request.body.entity_id);
      const id = await createActivity(db, await gateOf(request), owner, request.body);
      reply.code(201);
      return { data: { id } };
    },
  );

  app.get(
    '/activities/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Une activité planifiée',
        description: 'Avec les demandes de dépense qui lui sont liées.',
        params: idParamSchema,
        response: { 200: activityAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const { id } = request.params;
      const owner = await activityOwner(db, id);
      return { data: await activityDetail(db, await gateOf(request), id, owner) };
    },
  );

  app.put(
    '/activities/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Modifier une activité (et son statut : planifiée, réalisée, annulée)',
        params: idParamSchema,
        body: activityUpdateBodySchema,
        response: { 200: activityAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const { id } = request.params;
      const owner = await activityOwner(db, id);
      return { data: await updateActivity(db, await gateOf(request), id, owner, request.body) };
    },
  );
};
