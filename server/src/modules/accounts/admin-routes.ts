import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES as A,
  accountAdminAnswerSchema,
  accountAdminListSchema,
  accountBodySchema,
  accountListQuerySchema,
  forbiddenAccountsAnswerSchema,
  forbiddenAccountsBodySchema,
} from '../../../../contract/accounts';
import { idParamSchema } from '../../../../contract/common';
import { WRITE_ERRORS } from '../../http/answers';
import { ANYWHERE, authorize, authorizeVisible } from '../../http/authorize';
import {
  accountOr404,
  createAccount,
  forbiddenAccounts,
  listAccounts,
  setAccountActive,
  setForbiddenAccounts,
  updateAccount,
} from './admin';

const TAGS = ['Comptes'];
// every route of the chart declares the same answers, its reads included (the OpenAPI document)
const errors = WRITE_ERRORS;
const messageSchema = z.object({ message: z.string() });

/** The chart of operation accounts (admin) and the accounts forbidden to a national office (decision 0025). */
export const accountAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/operation-accounts',
    {
      schema: {
        tags: TAGS,
        summary: "Plan des comptes d'opération",
        description:
          '`operation_account:view`. `archived=true` : les comptes archivés seulement ; `false` : les actifs.',
        querystring: accountListQuerySchema,
        response: { 200: accountAdminListSchema, ...errors },
      },
    },
    async (request) => {
      await authorize(request, ANYWHERE, 'operation_account:view');
      return { data: await listAccounts(db, request.query) };
    },
  );

  app.get(
    '/operation-accounts/:id',
    {
      schema: {
        tags: TAGS,
        summary: "Un compte d'opération",
        params: idParamSchema,
        response: { 200: accountAdminAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await authorize(request, ANYWHERE, 'operation_account:view');
      return { data: await accountOr404(db, request.params.id) };
    },
  );

  app.post(
    '/operation-accounts',
    {
      schema: {
        tags: TAGS,
        summary: "Créer un compte d'opération",
        description: '`operation_account:create`. Numéro SYCEBNL unique (409 sinon).',
        body: accountBodySchema,
        response: { 201: accountAdminAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = await authorize(request, ANYWHERE, 'operation_account:create');
      const id = await createAccount(db, actor, request.body);
      reply.code(201);
      return { data: await accountOr404(db, id) };
    },
  );

  app.put(
    '/operation-accounts/:id',
    {
      schema: {
        tags: TAGS,
        summary: "Modifier un compte d'opération",
        description:
          '`operation_account:update`. Un compte qui a servi garde sa catégorie et son type (409).',
        params: idParamSchema,
        body: accountBodySchema,
        response: { 200: accountAdminAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const actor = await authorize(request, ANYWHERE, 'operation_account:update');
      const current = await accountOr404(db, request.params.id);
      await updateAccount(db, actor, current, request.body);
      return { data: await accountOr404(db, current.id) };
    },
  );

  for (const [path, active, message] of [
    ['archive', false, A.archived],
    ['restore', true, A.restored],
  ] as const) {
    app.post(
      `/operation-accounts/:id/${path}`,
      {
        schema: {
          tags: TAGS,
          summary: active ? 'Réactiver un compte archivé' : 'Archiver un compte (jamais supprimé)',
          description: '`operation_account:update`.',
          params: idParamSchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        const actor = await authorize(request, ANYWHERE, 'operation_account:update');
        const current = await accountOr404(db, request.params.id);
        await setAccountActive(db, actor, current, active);
        return { message };
      },
    );
  }

  app.get(
    '/national-offices/:id/forbidden-accounts',
    {
      schema: {
        tags: TAGS,
        summary: "Comptes interdits d'un bureau national",
        params: idParamSchema,
        response: { 200: forbiddenAccountsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await authorizeVisible(request, { type: 'national_office', id: request.params.id });
      return { data: { operation_account_ids: await forbiddenAccounts(db, request.params.id) } };
    },
  );

  app.put(
    '/national-offices/:id/forbidden-accounts',
    {
      schema: {
        tags: TAGS,
        summary: "Définir les comptes interdits d'un bureau national",
        description:
          '`operation_account:forbid` sur le bureau. Ces comptes ne sont plus proposés ni acceptés pour le bureau et tout ce qui en dépend.',
        params: idParamSchema,
        body: forbiddenAccountsBodySchema,
        response: { 200: forbiddenAccountsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const office = { type: 'national_office', id: request.params.id } as const;
      const actor = await authorize(request, office, 'operation_account:forbid');
      const ids = await setForbiddenAccounts(
        db,
        actor,
        request.params.id,
        request.body.operation_account_ids,
      );
      return { data: { operation_account_ids: ids } };
    },
  );
};
