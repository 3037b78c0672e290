import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema, listQuerySchema } from '../../../../contract/common';
import {
  addMemberBodySchema,
  createExternalAccountantBodySchema,
  editManagedChurchesBodySchema,
  externalAccountantAnswerSchema,
  externalAccountantListSchema,
  GROUP_SEGMENTS,
  groupMembersListSchema,
  groupMembersQuerySchema,
  groupMembersStatsQuerySchema,
  groupMembersStatsSchema,
  memberParamsSchema,
  membersAnswerSchema,
  memberWriteAnswerSchema,
  messageAnswerSchema,
  removeMemberBodySchema,
} from '../../../../contract/members';
import { PERMISSIONS } from '../../../../contract/permissions';
import { GROUP_SCOPES, ROLE_GROUPS } from '../../../../contract/roles';
import { READ_ERRORS, WRITE_ERRORS } from '../../http/answers';
import {
  authorize,
  authorizeScope,
  authorizeSignedIn,
  authorizeSuperAdmin,
  gateOf,
} from '../../http/authorize';
import { MANAGE_ROLES_CODE_OF } from '../../permissions/manage';
import * as accountants from './accountants';
import * as members from './service';

const TAGS = ['Membres'];

const WRITE_RULES =
  'Ajout : permission `role:manage_<niveau>` sur le groupe ; seul un fidèle (utilisateur rattaché à une ' +
  'église) peut devenir membre ; un poste déjà occupé est refusé (409) ; nul n’attribue un poste de rang ' +
  'égal ou supérieur au sien. Retrait : permission `role:assign` sur le groupe, mêmes règles de rang. ' +
  'Chaque changement est écrit au journal d’audit.';

const VIEW = 'member:view';
const mayNotView = { forbidden: members.MEMBER_MESSAGES.noView };

/** Routes of the 'members' feature: office members, group members, external accountants. */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  for (const group of ROLE_GROUPS) {
    const path = `/${GROUP_SEGMENTS[group]}/:id/members`;
    // the group's level: the entity the calls are authorised on
    const type = GROUP_SCOPES[group];

    app.get(
      path,
      {
        schema: {
          tags: TAGS,
          summary: `Membres du bureau (${group})`,
          description:
            'Les utilisateurs occupant un poste dans ce groupe, avec leurs rôles dans le groupe (et `faithful`) ' +
            'et leurs églises. Permission `member:view` sur le groupe.',
          params: memberParamsSchema,
          response: { 200: membersAnswerSchema, ...READ_ERRORS },
        },
      },
      async (request) => {
        await authorize(request, { type, id: request.params.id }, VIEW, mayNotView);
        return { data: await members.officeMembers(db, group, request.params.id) };
      },
    );

    app.post(
      path,
      {
        schema: {
          tags: TAGS,
          summary: `Attribuer des postes à un fidèle (${group})`,
          description: WRITE_RULES,
          params: memberParamsSchema,
          body: addMemberBodySchema,
          response: { 201: memberWriteAnswerSchema, ...WRITE_ERRORS },
        },
      },
      async (request, reply) => {
        await authorize(request, { type, id: request.params.id }, MANAGE_ROLES_CODE_OF[type], {
          forbidden: members.MEMBER_MESSAGES.cannotAssign,
        });
        const { visibility } = await authorizeScope(request);
        const gate = await gateOf(request);
        const data = await members.addMember(db, gate, visibility, group, request.params.id, request.body);
        return reply.status(201).send({ message: members.MEMBER_MESSAGES.added, data });
      },
    );

    app.delete(
      path,
      {
        schema: {
          tags: TAGS,
          summary: `Retirer des rôles à un membre (${group})`,
          description: `${WRITE_RULES} Corps : \`user_id\`, \`role_ids\` ou \`remove_all_roles: true\`.`,
          params: memberParamsSchema,
          body: removeMemberBodySchema,
          response: { 200: messageAnswerSchema, ...READ_ERRORS },
        },
      },
      async (request) => {
        const actor = await authorize(request, { type, id: request.params.id }, PERMISSIONS.ASSIGN_ROLES, {
          forbidden: members.MEMBER_MESSAGES.cannotRemove,
        });
        const message = await members.removeMember(db, actor, group, request.params.id, request.body);
        return { message };
      },
    );
  }

  app.get(
    '/group-members',
    {
      schema: {
        tags: TAGS,
        summary: 'Membres de tout un groupe (région...)',
        description:
          'Les fidèles des églises du groupe et les titulaires d’un rôle dans le groupe ou en dessous, par nom, ' +
          'une page (50 par défaut). `role` (president, tresorier, secretaire) garde les titulaires d’un rôle dont ' +
          'le code le contient. `sort` (name, registration_number, email, phone) et `order` (asc, desc) changent l’ordre. ' +
          'Sans `id` : le groupe de ce niveau de l’utilisateur. Permission `member:view`.',
        querystring: groupMembersQuerySchema,
        response: { 200: groupMembersListSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const { group } = request.query;
      const actor = await authorizeSignedIn(request);
      const id = request.query.id ?? (await members.ownGroup(db, actor, group));
      await authorize(request, { type: GROUP_SCOPES[group], id }, VIEW, mayNotView);
      return members.groupMembers(db, { ...request.query, id });
    },
  );

  app.get(
    '/group-members/stats',
    {
      schema: {
        tags: TAGS,
        summary: 'Chiffres des membres d’un groupe',
        description: 'Total des membres, et nombre de présidents, trésoriers et secrétaires (codes de rôle).',
        querystring: groupMembersStatsQuerySchema,
        response: { 200: groupMembersStatsSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const { group } = request.query;
      const actor = await authorizeSignedIn(request);
      const id = request.query.id ?? (await members.ownGroup(db, actor, group));
      await authorize(request, { type: GROUP_SCOPES[group], id }, VIEW, mayNotView);
      return { data: await members.groupMemberStats(db, { group, id }) };
    },
  );

  app.get(
    '/users/external-accountants',
    {
      schema: {
        tags: TAGS,
        summary: 'Comptables externes',
        description: 'Super-administrateur. Avec les églises que chacun gère.',
        querystring: listQuerySchema,
        response: { 200: externalAccountantListSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      await authorizeSuperAdmin(request, accountants.ACCOUNTANT_MESSAGES.superAdminOnly);
      return accountants.listAccountants(db, request.query);
    },
  );

  app.post(
    '/users/external-accountants',
    {
      schema: {
        tags: TAGS,
        summary: 'Créer un comptable externe',
        description:
          'Super-administrateur. Crée l’utilisateur (rôle `external-accountant`) et les églises qu’il gère.',
        body: createExternalAccountantBodySchema,
        response: { 201: externalAccountantAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const actor = await authorizeSuperAdmin(request, accountants.ACCOUNTANT_MESSAGES.superAdminOnly);
      const data = await accountants.createAccountant(db, actor, request.body);
      return reply.status(201).send({ message: accountants.ACCOUNTANT_MESSAGES.created, data });
    },
  );

  app.put(
    '/users/:id/edit-managed-churches',
    {
      schema: {
        tags: TAGS,
        summary: 'Églises gérées par un comptable externe',
        description: 'Super-administrateur. Remplace la liste des églises gérées.',
        params: idParamSchema,
        body: editManagedChurchesBodySchema,
        response: { 200: externalAccountantAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const actor = await authorizeSuperAdmin(request, accountants.ACCOUNTANT_MESSAGES.superAdminOnly);
      const data = await accountants.editManagedChurches(
        db,
        actor,
        request.params.id,
        request.body.church_ids,
      );
      return { message: accountants.ACCOUNTANT_MESSAGES.updated, data };
    },
  );
};
