import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../../contract/common';
import { GROUP_SCOPES, rolesAnswerSchema, rolesQuerySchema, type Position } from '../../../../contract/roles';
import { queryOne, queryRows } from '../../db/query';
import { requireVisibility } from '../../http/context';
import { httpError } from '../../http/errors';
import { canSee } from '../../permissions/visibility';

const TABLES = {
  national_offices: sql`national_offices`,
  regions: sql`regions`,
  sections: sql`sections`,
  churches: sql`churches`,
} as const;

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
        response: {
          200: rolesAnswerSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const { visibility } = await requireVisibility(request);
      const { group, id } = request.query;
      const scope = GROUP_SCOPES[group];
      if (id !== undefined) {
        const exists = await queryOne<{ id: number }>(
          db,
          sql`select id from ${TABLES[group]} where id = ${id}`,
        );
        if (!exists) throw httpError(404, 'Groupe introuvable.');
        if (!canSee(visibility, scope, id)) throw httpError(403, "Vous n'avez pas accès à ce groupe.");
      }
      const rows = await queryRows<Position>(
        db,
        sql`select r.id, r.code, r.name, r.scope,
              (${id ?? null}::int is not null and exists (
                select 1 from role_assignments ra
                where ra.role_id = r.id and ra."group" = ${group} and ra.group_id = ${id ?? null}::int
              )) as assigned
            from roles r
            where r.scope = ${scope} or (${scope} = 'national_office' and r.code like 'ngo::%')
            order by r.priority, r.id`,
      );
      return { data: rows };
    },
  );
};
