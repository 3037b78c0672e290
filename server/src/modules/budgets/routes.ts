import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BUDGET_MESSAGES,
  budgetAnswerSchema,
  budgetEntityQuerySchema,
  budgetLinesBodySchema,
  budgetListAnswerSchema,
  budgetYearQuerySchema,
  consolidatedAnswerSchema,
  createBudgetBodySchema,
  currentBudgetAnswerSchema,
  messageAnswerSchema,
  rejectBudgetBodySchema,
  templateAccountsAnswerSchema,
  templateAnswerSchema,
  templateBodySchema,
  templateListAnswerSchema,
  templateQuerySchema,
} from '../../../../contract/budgets';
import { idParamSchema } from '../../../../contract/common';
import { READ_ERRORS, WRITE_ERRORS } from '../../http/answers';
import { ANYWHERE, authorize, authorizeSignedIn, gateOf, holds } from '../../http/authorize';
import { httpError } from '../../http/errors';
import { levelOf, type BudgetEntity } from './entities';
import type { BudgetTransition } from './policy';
import {
  budgetDetail,
  budgetEntity,
  consolidated,
  currentBudgetId,
  listBudgets,
  loadBudgetFacts,
} from './queries';
import { createBudget, deleteBudget, transition, updateLines } from './service';
import {
  archiveTemplate,
  createTemplate,
  deleteTemplate,
  listTemplates,
  templateAccounts,
  updateTemplate,
} from './templates';

const M = BUDGET_MESSAGES;
const TAGS = ['Budgets'];

/**
 * Routes of the 'budgets' feature (decision 0021, docs/features/budgets.md, contract/budgets.ts): the
 * budget templates (administrator), the budgets of each level, their approval by the level above
 * (policy.ts), budget against actual and the consolidated view.
 */
export const budgetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  // ---------------------------------------------------------------- templates

  app.get(
    '/budget-item-templates',
    {
      schema: {
        tags: TAGS,
        summary: 'Modèles de budget (rubriques)',
        description:
          'Les rubriques actives, recettes puis dépenses, dans leur ordre ; `archived=true` y ajoute les archivées.',
        querystring: templateQuerySchema,
        response: { 200: templateListAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      await authorizeSignedIn(request);
      return { data: await listTemplates(db, request.query.archived) };
    },
  );

  app.get(
    '/budget-item-templates/accounts',
    {
      schema: {
        tags: TAGS,
        summary: "Comptes qu'une rubrique peut suivre",
        description:
          'Les comptes de produits (rubriques de recette) et de charges (rubriques de dépense) de la dénomination.',
        response: { 200: templateAccountsAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      await authorizeSignedIn(request);
      return { data: await templateAccounts(db) };
    },
  );

  app.post(
    '/budget-item-templates',
    {
      schema: {
        tags: TAGS,
        summary: 'Créer une rubrique de budget (administrateur)',
        body: templateBodySchema,
        response: { 201: templateAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      // the templates are the administrator's: budget:manage anywhere
      const actor = await authorize(request, ANYWHERE, 'budget:manage', { forbidden: M.templatesForbidden });
      const data = await createTemplate(db, actor, request.body);
      reply.code(201);
      return { data };
    },
  );

  app.put(
    '/budget-item-templates/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Modifier une rubrique de budget (administrateur)',
        params: idParamSchema,
        body: templateBodySchema,
        response: { 200: templateAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const actor = await authorize(request, ANYWHERE, 'budget:manage', { forbidden: M.templatesForbidden });
      return { data: await updateTemplate(db, actor, request.params.id, request.body) };
    },
  );

  for (const [path, archive, summary] of [
    ['archive', true, 'Archiver une rubrique (les budgets existants la gardent)'],
    ['restore', false, 'Rétablir une rubrique archivée'],
  ] as const)
    app.post(
      `/budget-item-templates/:id/${path}`,
      {
        schema: {
          tags: TAGS,
          summary,
          params: idParamSchema,
          response: { 200: templateAnswerSchema, ...WRITE_ERRORS },
        },
      },
      async (request) => {
        const actor = await authorize(request, ANYWHERE, 'budget:manage', {
          forbidden: M.templatesForbidden,
        });
        return { data: await archiveTemplate(db, actor, request.params.id, archive) };
      },
    );

  app.delete(
    '/budget-item-templates/:id',
    {
      schema: {
        tags: TAGS,
        summary: "Supprimer une rubrique qu'aucun budget n'utilise",
        params: idParamSchema,
        response: { 200: messageAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const actor = await authorize(request, ANYWHERE, 'budget:manage', { forbidden: M.templatesForbidden });
      await deleteTemplate(db, actor, request.params.id);
      return { message: 'Rubrique supprimée.' };
    },
  );

  // ---------------------------------------------------------------- budgets

  app.get(
    '/budgets',
    {
      schema: {
        tags: TAGS,
        summary: "Budgets d'une entité et budgets soumis par les entités directement en dessous",
        description:
          '`budget:view` sur l’entité. `data` : ses budgets, le plus récent d’abord ; `below` : les budgets ' +
          'non brouillons des entités directement en dessous (une section voit ceux de ses églises), les soumis d’abord.',
        querystring: budgetEntityQuerySchema,
        response: { 200: budgetListAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const entity: BudgetEntity = { type: levelOf(request.query.entity_type), id: request.query.entity_id };
      await authorize(request, entity, 'budget:view');
      const create = await holds(request, entity, 'budget:create');
      return { ...(await listBudgets(db, entity)), can: { create } };
    },
  );

  app.post(
    '/budgets',
    {
      schema: {
        tags: TAGS,
        summary: 'Créer le budget d’un exercice (brouillon)',
        description:
          '`budget:create` sur l’entité. `source=templates` : une ligne à 0 par rubrique active ; ' +
          "`source=copy` : les lignes du budget de l'exercice précédent. Un seul budget par entité et exercice (409).",
        body: createBudgetBodySchema,
        response: { 201: budgetAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const entity: BudgetEntity = { type: levelOf(body.entity_type), id: body.entity_id };
      const actor = await authorize(request, entity, 'budget:create');
      const id = await createBudget(db, actor, entity, body.year, body.source);
      reply.code(201);
      return { data: await budgetDetail(db, await gateOf(request), id) };
    },
  );

  app.get(
    '/budgets/current',
    {
      schema: {
        tags: TAGS,
        summary: 'Budget de l’exercice en cours contre réalisé',
        description:
          'Le budget approuvé ou finalisé de l’exercice (`year`, par défaut l’année en cours) avec, par ligne, ' +
          'le prévu, le réalisé, le reste et le pourcentage. Réalisé d’une dépense : les paiements datés de ' +
          "l'exercice sur les demandes rattachées à la ligne ; d'une recette : les contributions reçues dans " +
          "l'exercice sur le compte de la rubrique. `budget:view` ; les lignes avec `budget:view_lines`.",
        querystring: budgetYearQuerySchema,
        response: { 200: currentBudgetAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const entity: BudgetEntity = { type: levelOf(request.query.entity_type), id: request.query.entity_id };
      await authorize(request, entity, 'budget:view');
      const year = request.query.year ?? new Date().getUTCFullYear();
      const id = await currentBudgetId(db, entity, year);
      return { year, data: id === null ? null : await budgetDetail(db, await gateOf(request), id) };
    },
  );

  app.get(
    '/budgets/consolidated',
    {
      schema: {
        tags: TAGS,
        summary: 'Budget consolidé contre réalisé (région, section, bureau national)',
        description:
          "Les budgets approuvés et finalisés de l'exercice de l'entité et de toutes les entités en dessous : " +
          'par rubrique, et par partie (son propre budget, puis chaque entité directement en dessous avec ' +
          'tout ce qui en dépend). `budget:view_lines` sur l’entité.',
        querystring: budgetYearQuerySchema,
        response: { 200: consolidatedAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const entity: BudgetEntity = { type: levelOf(request.query.entity_type), id: request.query.entity_id };
      if (entity.type === 'church') throw httpError(400, M.consolidatedLevel);
      await authorize(request, entity, 'budget:view_lines');
      const year = request.query.year ?? new Date().getUTCFullYear();
      return { data: await consolidated(db, entity, year) };
    },
  );

  app.get(
    '/budgets/:id',
    {
      schema: {
        tags: TAGS,
        summary: "Détail d'un budget",
        description:
          '`budget:view` sur l’entité : le budget et ses totaux ; ses lignes avec `budget:view_lines`, ou pour ' +
          'qui l’approuve. Réalisé par ligne pour un budget approuvé ou finalisé. `can` : les actions permises.',
        params: idParamSchema,
        response: { 200: budgetAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const facts = await loadBudgetFacts(db, request.params.id);
      await authorize(request, budgetEntity(facts), 'budget:view');
      return { data: await budgetDetail(db, await gateOf(request), facts.id) };
    },
  );

  app.put(
    '/budgets/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Modifier les lignes d’un budget (brouillon ou rejeté)',
        description:
          '`budget:update` sur l’entité. `lines` remplace les lignes : montant prévu par rubrique. ' +
          'Une ligne liée à des demandes de dépense ne peut pas être retirée (409).',
        params: idParamSchema,
        body: budgetLinesBodySchema,
        response: { 200: budgetAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const gate = await gateOf(request);
      await updateLines(db, gate, request.params.id, request.body);
      return { data: await budgetDetail(db, gate, request.params.id) };
    },
  );

  app.delete(
    '/budgets/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Supprimer un budget en brouillon',
        params: idParamSchema,
        response: { 200: messageAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      await deleteBudget(db, await gateOf(request), request.params.id);
      return { message: 'Budget supprimé.' };
    },
  );

  const transitions: Array<[BudgetTransition, boolean, string]> = [
    ['submit', false, 'Soumettre le budget au niveau supérieur'],
    ['approve', true, 'Approuver un budget soumis (niveau supérieur)'],
    ['finalize', true, 'Finaliser un budget approuvé (niveau supérieur)'],
  ];
  for (const [action, above, summary] of transitions)
    app.post(
      `/budgets/:id/${action}`,
      {
        schema: {
          tags: TAGS,
          summary,
          description: above
            ? "La permission est demandée sur l'entité qui approuve : la section pour une église, la région " +
              'pour une section, le bureau national pour une région (et pour lui-même).'
            : '`budget:update` sur l’entité ; depuis un brouillon ou un budget rejeté, avec au moins une ligne.',
          params: idParamSchema,
          response: { 200: budgetAnswerSchema, ...WRITE_ERRORS },
        },
      },
      async (request) => {
        const gate = await gateOf(request);
        await transition(db, gate, request.params.id, action);
        return { data: await budgetDetail(db, gate, request.params.id) };
      },
    );

  app.post(
    '/budgets/:id/reject',
    {
      schema: {
        tags: TAGS,
        summary: 'Rejeter un budget soumis, avec un motif (niveau supérieur)',
        description: 'Le budget revient à son entité, modifiable, jusqu’à une nouvelle soumission.',
        params: idParamSchema,
        body: rejectBudgetBodySchema,
        response: { 200: budgetAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const gate = await gateOf(request);
      await transition(db, gate, request.params.id, 'reject', request.body.reason);
      return { data: await budgetDetail(db, gate, request.params.id) };
    },
  );
};
