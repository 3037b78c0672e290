import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../../contract/common';
import {
  permissionCheckAnswerSchema,
  permissionCheckBodySchema,
  permissionCheckMultipleAnswerSchema,
  permissionCheckMultipleBodySchema,
} from '../../../../contract/permissions';
import { requireUser } from '../../http/context';
import { hasPermissions } from '../../permissions/check';

const RULES =
  'Un super-administrateur a toutes les permissions. Les permissions d’un rôle valent dans le groupe où il ' +
  'est tenu et pour toutes les entités en dessous ; `resource:manage` implique les autres actions de la ' +
  'ressource et `expense_request:manage` implique `expense:approve`, `expense:validate`, `expense:cancel`. ' +
  'Les permissions accordées directement valent jusqu’à leur expiration ou révocation. Sans entité, ou ' +
  'avec `ACTIVITY_GROUP` (portée globale), la question est : l’utilisateur a-t-il cette permission quelque part ?';

export const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.post(
    '/permissions/check',
    {
      schema: {
        tags: ['Rôles et permissions'],
        summary: "Vérifier une permission de l'utilisateur connecté",
        description: RULES,
        body: permissionCheckBodySchema,
        response: { 200: permissionCheckAnswerSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { permission, entity_type, entity_id } = request.body;
      const results = await hasPermissions(db, user, [permission], entity_type, entity_id);
      return { hasPermission: results[permission] };
    },
  );

  app.post(
    '/permissions/check-multiple',
    {
      schema: {
        tags: ['Rôles et permissions'],
        summary: "Vérifier plusieurs permissions de l'utilisateur connecté",
        description: RULES,
        body: permissionCheckMultipleBodySchema,
        response: { 200: permissionCheckMultipleAnswerSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { permissions, entity_type, entity_id } = request.body;
      const results = await hasPermissions(db, user, permissions, entity_type, entity_id);
      const values = permissions.map((code) => results[code]);
      return { hasAny: values.some(Boolean), hasAll: values.every(Boolean), results };
    },
  );
};
