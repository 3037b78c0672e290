import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  departmentCreateBodySchema,
  departmentCreatedSchema,
  departmentMemberAnswerSchema,
  departmentMemberBodySchema,
  departmentMemberParamsSchema,
  departmentMembersSchema,
  departmentSummaryAnswerSchema,
  departmentSummaryQuerySchema,
  messageAnswerSchema,
} from '../../../../contract/activities';
import { idParamSchema } from '../../../../contract/common';
import { READ_ERRORS, WRITE_ERRORS } from '../../http/answers';
import { authorize, gateOf } from '../../http/authorize';
import {
  addDepartmentMember,
  createDepartment,
  departmentSummary,
  listDepartmentMembers,
  removeDepartmentMember,
} from './departments';
import { ownerOf } from './entities';

const TAGS = ['Activités'];

/** The departments: their creation, their members (its leader and members read them) and dashboard. */
export const departmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.post(
    '/departments',
    {
      schema: {
        tags: TAGS,
        summary: 'Créer un département (groupe d’activités)',
        description:
          "activity:create sur l'entité ; le responsable (facultatif) est un fidèle de l'église, ou d'une église en dessous.",
        body: departmentCreateBodySchema,
        response: { 201: departmentCreatedSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request.body.entity_type, request.body.entity_id);
      const actor = await authorize(request, owner, 'activity:create');
      const data = await createDepartment(db, owner, request.body, actor);
      reply.code(201);
      return { data };
    },
  );

  app.get(
    '/departments/:id/members',
    {
      schema: {
        tags: TAGS,
        summary: "Membres d'un département",
        description: 'Le responsable puis les membres ; member:view sur le département, ou en être membre.',
        params: idParamSchema,
        response: { 200: departmentMembersSchema, ...READ_ERRORS },
      },
    },
    async (request) => ({
      data: await listDepartmentMembers(db, await gateOf(request), request.params.id),
    }),
  );

  app.post(
    '/departments/:id/members',
    {
      schema: {
        tags: TAGS,
        summary: 'Ajouter un membre (ou changer son rôle)',
        description:
          'activity:update sur le département. Un nouveau responsable remplace l’ancien, qui reste membre.',
        params: idParamSchema,
        body: departmentMemberBodySchema,
        response: { 201: departmentMemberAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const actor = await authorize(request, { type: 'department', id }, 'activity:update');
      const data = await addDepartmentMember(db, id, request.body.user_id, request.body.role, actor);
      reply.code(201);
      return { data };
    },
  );

  app.delete(
    '/departments/:id/members/:userId',
    {
      schema: {
        tags: TAGS,
        summary: 'Retirer un membre',
        params: departmentMemberParamsSchema,
        response: { 200: messageAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const { id, userId } = request.params;
      const actor = await authorize(request, { type: 'department', id }, 'activity:update');
      await removeDepartmentMember(db, id, userId, actor);
      return { message: 'Membre retiré.' };
    },
  );

  app.get(
    '/departments/:id/summary',
    {
      schema: {
        tags: TAGS,
        summary: "Tableau de bord d'un département",
        description:
          'Membres, recettes et dépenses payées de la période (par mois), activités à venir, derniers rapports. ' +
          'Période par défaut : les six derniers mois.',
        params: idParamSchema,
        querystring: departmentSummaryQuerySchema,
        response: { 200: departmentSummaryAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => ({
      data: await departmentSummary(db, await gateOf(request), request.params.id, request.query),
    }),
  );
};
