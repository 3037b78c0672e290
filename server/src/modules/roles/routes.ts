import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GROUP_SCOPES, rolesAnswerSchema, rolesQuerySchema } from '../../../../contract/roles';
import { READ_ERRORS } from '../../http/answers';
import { authorizeSignedIn, authorizeVisible } from '../../http/authorize';
import { groupPositions } from './service';

/** The group check's own messages (a group, whatever its level). */
const GROUP_MESSAGES = { notFound: 'Groupe introuvable.', forbidden: "Vous n'avez pas accès à ce groupe." };

export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/roles',
    {
      schema: {
        tags: ['Rôles et permissions'],
        summary: "Postes d'un groupe",
        description:
          'Les postes (rôles `{scope}::{position}`) du niveau du groupe. Avec `id`, chaque poste indique ' +
          '`assigned` : quelqu’un l’occupe déjà dans ce groupe.',
        querystring: rolesQuerySchema,
        response: { 200: rolesAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const { group, id } = request.query;
      // the catalogue of a level: signed in; a group's own positions: the group is visible
      if (id === undefined) await authorizeSignedIn(request);
      else await authorizeVisible(request, { type: GROUP_SCOPES[group], id }, GROUP_MESSAGES);
      return { data: await groupPositions(db, group, id) };
    },
  );
};
