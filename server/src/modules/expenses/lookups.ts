import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../../contract/common';
import {
  budgetLinesAnswerSchema,
  entityQuerySchema,
  EXPENSE_MESSAGES,
  plannedActivitiesAnswerSchema,
  plannedActivityQuerySchema,
  type BudgetLine,
} from '../../../../contract/expenses';
import { isoString, queryRows } from '../../db/query';
import { requireVisibility } from '../../http/context';
import { httpError } from '../../http/errors';
import { assertEntityVisible } from '../../permissions/visibility';
import { financeEntityOf } from '../../permissions/entity';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * The lookups of the add-expense form: the budget lines and the planned activities of an entity
 * (visible to the user). The SPA keeps the EXPENSE lines of the budget lines.
 */
export const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/budgets/budget-lines',
    {
      schema: {
        tags: ['Budgets'],
        summary: "Lignes des budgets d'une entité",
        description:
          "Les lignes (recettes et dépenses) des budgets non rejetés de l'entité, l'année la plus récente d'abord.",
        querystring: entityQuerySchema,
        response: { 200: budgetLinesAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { visibility } = await requireVisibility(request);
      const entity = financeEntityOf(request.query.entity_type);
      if (!entity) throw httpError(400, EXPENSE_MESSAGES.unsupportedEntityType);
      await assertEntityVisible(db, visibility, entity, request.query.entity_id);
      const rows = await queryRows<{
        id: number;
        budget_id: number;
        year: number;
        category: BudgetLine['category'];
        amount: number;
        template_id: number;
        template_name: string;
      }>(
        db,
        sql`select bl.id, bl.budget_id, b.year, bl.category, bl.amount, t.id as template_id, t.name as template_name
            from budget_lines bl
            join budgets b on b.id = bl.budget_id
            join budget_item_templates t on t.id = bl.budget_item_template_id
            where b.entity_type = ${entity} and b.entity_id = ${request.query.entity_id} and b.status <> 'rejected'
            order by b.year desc, bl.category, t.name, bl.id
            limit 500`,
      );
      return {
        data: rows.map((r) => ({
          id: Number(r.id),
          budget_id: Number(r.budget_id),
          year: Number(r.year),
          category: r.category,
          amount: Number(r.amount),
          budgetItemTemplate: { id: Number(r.template_id), name: r.template_name },
        })),
      };
    },
  );

  app.get(
    '/planned-activities',
    {
      schema: {
        tags: ['Activités'],
        summary: "Activités planifiées d'une entité",
        description: 'Recherche sur le titre et le type ; les plus récentes d’abord, 50 au plus.',
        querystring: plannedActivityQuerySchema,
        response: { 200: plannedActivitiesAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { visibility } = await requireVisibility(request);
      const entity = financeEntityOf(request.query.entity_type);
      if (!entity) throw httpError(400, EXPENSE_MESSAGES.unsupportedEntityType);
      await assertEntityVisible(db, visibility, entity, request.query.entity_id);
      const search = request.query.search ?? '';
      const like = `%${search.replace(/[\\%_]/g, '\\$&')}%`;
      const rows = await queryRows<{
        id: number;
        title: string;
        planned_date: string | Date;
        type_id: number | null;
        type_name: string | null;
      }>(
        db,
        sql`select pa.id, pa.title, to_char(pa.planned_date, 'YYYY-MM-DD') as planned_date, t.id as type_id, t.name as type_name
            from planned_activities pa left join activity_types t on t.id = pa.activity_type_id
            where pa.entity_type = ${entity} and pa.entity_id = ${request.query.entity_id}
              and (${search} = '' or pa.title ilike ${like} or t.name ilike ${like})
            order by pa.planned_date desc, pa.id desc
            limit 50`,
      );
      return {
        data: rows.map((r) => ({
          id: Number(r.id),
          title: r.title,
          planned_date: (r.planned_date instanceof Date
            ? isoString(r.planned_date)
            : String(r.planned_date)
          ).slice(0, 10),
          activityType: r.type_id === null ? null : { id: Number(r.type_id), name: String(r.type_name) },
        })),
      };
    },
  );
};
