import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authorizedAccountsAnswerSchema,
  authorizedAccountsQuerySchema,
  type OperationAccount,
} from '../../../../contract/accounts';
import { errorSchema } from '../../../../contract/common';
import { queryRows } from '../../db/query';
import { requireVisibility } from '../../http/context';
import { httpError } from '../../http/errors';
import { assertEntityVisible } from '../../permissions/visibility';
import { financeEntityOf } from '../../permissions/entity';
import { nationalOfficeOf } from './entity';

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/operation-accounts/authorized',
    {
      schema: {
        tags: ['Comptes'],
        summary: "Comptes d'opération autorisés à une entité",
        description:
          'Les comptes actifs des catégories demandées (`categories`, noms séparés par des virgules, ' +
          'par exemple `Charges AO,Actifs immobilisés`) que l’entité peut utiliser : ceux de toute ' +
          'l’organisation et les siens, moins ceux que son bureau national interdit.',
        querystring: authorizedAccountsQuerySchema,
        response: {
          200: authorizedAccountsAnswerSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const { visibility } = await requireVisibility(request);
      const { entity_type, entity_id, categories, search } = request.query;
      const entity = financeEntityOf(entity_type);
      if (!entity) throw httpError(400, "Type d'entité non supporté");
      await assertEntityVisible(db, visibility, entity, entity_id);
      const names = (categories ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      const officeId = await nationalOfficeOf(db, entity, entity_id);
      const rows = await queryRows<OperationAccount>(
        db,
        sql`select a.id, a.code, a.name, c.name as category, a.journal_type
            from operation_accounts a
            join operation_account_categories c on c.id = a.category_id
            where a.active
              and (a.entity_type is null or (a.entity_type = ${entity} and a.entity_id = ${entity_id}))
              and (${names.length === 0} or c.name = any(${`{${names.map((n) => `"${n.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]))
              and (${search ?? ''} = '' or a.name ilike ${`%${search ?? ''}%`} or a.code like ${`${search ?? ''}%`})
              and not exists (
                select 1 from operation_account_exclusions x
                where x.operation_account_id = a.id
                  and ((x.entity_type = ${entity} and x.entity_id = ${entity_id})
                    or (x.entity_type = 'national_office' and x.entity_id = ${officeId}::int)))
            order by c.name, a.code`,
      );
      return { data: rows };
    },
  );
};
