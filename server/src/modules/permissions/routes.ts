import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, idParamSchema } from '../../../../contract/common';
import {
  canManageUserSchema,
  grantAnswerSchema,
  grantBodySchema,
  manageableScopesSchema,
  manageableUsersQuerySchema,
  manageableUsersSchema,
  permissionListQuerySchema,
  permissionListSchema,
  revokeBodySchema,
  userGrantListSchema,
  permissionCheckAnswerSchema,
  permissionCheckBodySchema,
  permissionCheckMultipleAnswerSchema,
  permissionCheckMultipleBodySchema,
  PERMISSIONS,
} from '../../../../contract/permissions';
import { ANYWHERE, authorize, authorizeVisible } from '../../http/authorize';
import { requireUser, requireVisibility } from '../../http/context';
import { httpError } from '../../http/errors';
import { hasPermissions } from '../../permissions/check';
import * as grants from './grants';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

const GRANT_RULES =
  'Le donneur doit détenir `permission:delegate` (ou `permission:manage`) sur l’entité, détenir lui-même ' +
  'la permission accordée sur cette entité, et gérer l’utilisateur (utilisateur visible, de rang inférieur). ' +
  'Sans entité : super-administrateur seulement. Une expiration passée est refusée. Chaque octroi et ' +
  'révocation est écrit au journal d’audit ; une permission révoquée ou expirée cesse aussitôt.';

const RULES =
  'Un super-administrateur a toutes les permissions. Les permissions d’un rôle valent dans le groupe où il ' +
  'est tenu et pour toutes les entités en dessous ; `resource:manage` implique les autres actions de la ' +
  'ressource et `expense_request:manage` implique `expense:approve`, `expense:validate`, `expense:cancel`. ' +
  'Les permissions accordées directement valent jusqu’à leur expiration ou révocation. Sans entité, ou ' +
  'avec `ACTIVITY_GROUP` (portée globale), la question est : l’utilisateur a-t-il cette permission quelque part ?';

/** The entity a grant applies to, when it names one. */
function entityOf(target: grants.Target) {
  return target.entityId === null ? null : { type: target.scope, id: target.entityId };
}

/**
 * Who may grant or revoke on a user, in this order: the user exists (404), the entity exists and is
 * visible, the actor is not that user (403); then, unless a super-admin, the actor names an entity
 * (only a super-admin grants without one), holds `permission:delegate` on it and manages the user (403).
 */
async function authorizeDelegation(request: FastifyRequest, userId: number, target: grants.Target) {
  const { db } = request.server.deps;
  const { user: actor, visibility } = await requireVisibility(request);
  await grants.assertUserExists(db, userId);
  const entity = entityOf(target);
  if (entity) await authorizeVisible(request, entity);
  if (actor.userId === userId) throw httpError(403, grants.GRANT_MESSAGES.self);
  if (actor.isSuperAdmin) return actor;
  if (!entity) throw httpError(403, grants.GRANT_MESSAGES.entityRequired);
  await authorize(request, entity, PERMISSIONS.DELEGATE_PERMISSIONS, {
    forbidden: grants.GRANT_MESSAGES.noDelegate,
    visibilityChecked: true,
  });
  if (!(await grants.manages(db, actor, visibility, userId)))
    throw httpError(403, grants.GRANT_MESSAGES.notManageable);
  return actor;
}

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

  app.get(
    '/permissions',
    {
      schema: {
        tags: ['Rôles et permissions'],
        summary: 'Catalogue des permissions',
        description:
          'Filtré par scope (les scopes où la permission peut être accordée) et par recherche (code ou nom).',
        querystring: permissionListQuerySchema,
        response: { 200: permissionListSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      await requireUser(request);
      return { data: await grants.listPermissions(db, request.query) };
    },
  );

  const grantsDescription =
    'Les permissions accordées directement et non révoquées, les expirées marquées `expired` (badge EXPIRÉ). ' +
    'Celles d’un autre utilisateur : super-administrateur ou gestionnaire de cet utilisateur.';

  app.get(
    '/permissions/user',
    {
      schema: {
        tags: ['Rôles et permissions'],
        summary: "Permissions accordées à l'utilisateur connecté",
        description: grantsDescription,
        response: { 200: userGrantListSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireVisibility(request);
      return { data: await grants.listUserGrants(db, user.userId) };
    },
  );

  app.get(
    '/permissions/user/:id',
    {
      schema: {
        tags: ['Rôles et permissions'],
        summary: 'Permissions accordées à un utilisateur',
        description: grantsDescription,
        params: idParamSchema,
        response: { 200: userGrantListSchema, ...errors },
      },
    },
    async (request) => {
      const { user, visibility } = await requireVisibility(request);
      await grants.assertMayReadGrants(db, user, visibility, request.params.id);
      return { data: await grants.listUserGrants(db, request.params.id) };
    },
  );

  app.get(
    '/permissions/manageable-scopes',
    {
      schema: {
        tags: ['Rôles et permissions'],
        summary: "Scopes où l'utilisateur connecté peut accorder des permissions",
        description:
          'Super-administrateur : tous. Sinon les niveaux où il détient `permission:delegate`, et ceux en dessous.',
        response: { 200: manageableScopesSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return { data: grants.scopeLabels(await grants.manageableScopes(db, user)) };
    },
  );

  app.get(
    '/permissions/manageable-users',
    {
      schema: {
        tags: ['Rôles et permissions'],
        summary: "Utilisateurs que l'utilisateur connecté peut gérer",
        description:
          'Gérable : visible, autre que soi, pas super-administrateur, et dont le rôle le plus élevé est de rang ' +
          'inférieur à celui du gestionnaire (qui détient une permission de gestion : `permission:delegate`, ' +
          '`role:assign` ou `role:manage_<niveau>`). Avec `ids` : lesquels de ces utilisateurs sont gérables.',
        querystring: manageableUsersQuerySchema,
        response: { 200: manageableUsersSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const { user, visibility } = await requireVisibility(request);
      return grants.listManageableUsers(db, user, visibility, request.query);
    },
  );

  app.get(
    '/permissions/can-manage-user/:id',
    {
      schema: {
        tags: ['Rôles et permissions'],
        summary: "L'utilisateur connecté peut-il gérer cet utilisateur ?",
        params: idParamSchema,
        response: { 200: canManageUserSchema, ...errors },
      },
    },
    async (request) => {
      const { user, visibility } = await requireVisibility(request);
      return grants.canManageUser(db, user, visibility, request.params.id);
    },
  );

  app.post(
    '/permissions/grant',
    {
      schema: {
        tags: ['Rôles et permissions'],
        summary: 'Accorder une permission à un utilisateur',
        description: GRANT_RULES,
        body: grantBodySchema,
        response: { 201: grantAnswerSchema, ...errors, 409: errorSchema },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      const grant = await grants.checkGrant(db, request.body);
      const user = await authorizeDelegation(request, request.body.user_id, grant.target);
      // no escalation: one grants only what one holds oneself on that entity
      await authorize(request, entityOf(grant.target) ?? ANYWHERE, grant.permission.code, {
        forbidden: grants.GRANT_MESSAGES.notHeld,
        visibilityChecked: true,
      });
      const data = await grants.grantPermission(db, { ...user, ip: request.ip }, request.body.user_id, grant);
      return reply.status(201).send({ message: grants.GRANT_MESSAGES.granted, data });
    },
  );

  app.post(
    '/permissions/revoke',
    {
      schema: {
        tags: ['Rôles et permissions'],
        summary: "Révoquer une permission d'un utilisateur",
        description: GRANT_RULES,
        body: revokeBodySchema,
        response: { 200: grantAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await requireUser(request);
      const target = grants.targetOf(request.body);
      const user = await authorizeDelegation(request, request.body.user_id, target);
      await grants.revokePermission(db, { ...user, ip: request.ip }, request.body, target);
      return { message: grants.GRANT_MESSAGES.revoked, data: null };
    },
  );
};
