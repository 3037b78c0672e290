import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../../../contract/common';
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
} from '../../../../contract/permissions';
import { errorAnswers, READ_ERRORS, WRITE_ERRORS } from '../../http/answers';
import { authorizeScope, authorizeSignedIn, gateOf } from '../../http/authorize';
// the check endpoints answer the signed-in user's own permissions: the checks themselves
import { hasPermissions } from '../../permissions/check';
import * as grants from './grants';
import { GRANT_MESSAGES } from './messages';

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
        response: { 200: permissionCheckAnswerSchema, ...errorAnswers(400, 401) },
      },
    },
    async (request) => {
      const actor = await authorizeSignedIn(request);
      const { permission, entity_type, entity_id } = request.body;
      const results = await hasPermissions(db, actor, [permission], entity_type, entity_id);
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
        response: { 200: permissionCheckMultipleAnswerSchema, ...errorAnswers(400, 401) },
      },
    },
    async (request) => {
      const actor = await authorizeSignedIn(request);
      const { permissions, entity_type, entity_id } = request.body;
      const results = await hasPermissions(db, actor, permissions, entity_type, entity_id);
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
        response: { 200: permissionListSchema, ...errorAnswers(400, 401) },
      },
    },
    async (request) => {
      await authorizeSignedIn(request);
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
        response: { 200: userGrantListSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const actor = await authorizeSignedIn(request);
      return { data: await grants.listUserGrants(db, actor.userId) };
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
        response: { 200: userGrantListSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const { actor, visibility } = await authorizeScope(request);
      return { data: await grants.readUserGrants(db, actor, visibility, request.params.id) };
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
        response: { 200: manageableScopesSchema, ...errorAnswers(401) },
      },
    },
    async (request) => {
      const actor = await authorizeSignedIn(request);
      return { data: grants.scopeLabels(await grants.manageableScopes(db, actor)) };
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
        response: { 200: manageableUsersSchema, ...errorAnswers(400, 401) },
      },
    },
    async (request) => {
      const { actor, visibility } = await authorizeScope(request);
      return grants.listManageableUsers(db, actor, visibility, request.query);
    },
  );

  app.get(
    '/permissions/can-manage-user/:id',
    {
      schema: {
        tags: ['Rôles et permissions'],
        summary: "L'utilisateur connecté peut-il gérer cet utilisateur ?",
        params: idParamSchema,
        response: { 200: canManageUserSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const { actor, visibility } = await authorizeScope(request);
      return grants.canManageUser(db, actor, visibility, request.params.id);
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
        response: { 201: grantAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const { visibility } = await authorizeScope(request);
      const data = await grants.grantPermission(db, await gateOf(request), visibility, request.body);
      return reply.status(201).send({ message: GRANT_MESSAGES.granted, data });
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
        response: { 200: grantAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const { visibility } = await authorizeScope(request);
      await grants.revokePermission(db, await gateOf(request), visibility, request.body);
      return { message: GRANT_MESSAGES.revoked, data: null };
    },
  );
};
