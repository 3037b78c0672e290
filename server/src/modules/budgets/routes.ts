import type { FastifyRequest } from 'fastify';
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
  type BudgetDetail,
} from '../../../../contract/budgets';
import { errorSchema, idParamSchema } from '../../../../contract/common';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { ANYWHERE, authorize } from '../../http/authorize';
import { requireUser, requireVisibility } from '../../http/context';
import { httpError } from '../../http/errors';
import { hasPermissions } from '../../permissions/check';
import { approverOf, levelOf, type BudgetEntity } from './entities';
import {
  budgetEntity,
  consolidated,
  currentBudgetId,
  listBudgets,
  loadBudgetFacts,
  loadDetail,
  type BudgetFacts,
} from './queries';
import {
  createBudget,
  deleteBudget,
  transition,
  updateLines,
  type Actor,
  type BudgetGuard,
  type BudgetTransition,
} from './service';
import {
  archiveTemplate,
  createTemplate,
  deleteTemplate,
  listTemplates,
  loadTemplate,
  templateAccounts,
  updateTemplate,
} from './templates';

const M = BUDGET_MESSAGES;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const writeErrors = { ...errors, 409: errorSchema };
const TAGS = ['Budgets'];

/** Who may do what on a budget: its entity's codes, and the approval codes on the level above. */
const APPROVAL_CODES = ['budget:approve', 'budget:reject', 'budget:finalize'] as const;

async function actorOf(request: FastifyRequest): Promise<Actor> {
  const { user } = await requireVisibility(request);
  return { userId: user.userId, ip: request.ip };
}

/** The user's abilities on a budget (the detail's `can` and whether its lines show). */
async function abilities(
  db: Db,
  user: SessionUser,
  facts: BudgetFacts,
): Promise<{ lines: boolean; can: BudgetDetail['can'] }> {
  const own = await hasPermissions(
    db,
    user,
    ['budget:view_lines', 'budget:update', 'budget:create', 'budget:delete'],
    facts.entity_type,
    facts.entity_id,
  );
  const approver = await approverOf(db, budgetEntity(facts));
  const above = await hasPermissions(db, user, [...APPROVAL_CODES], approver.type, approver.id);
  const editable = facts.status === 'draft' || facts.status === 'rejected';
  const writer = own['budget:update'] || own['budget:create'];
  return {
    // budget:view shows the budget and its totals; its lines need budget:view_lines, or to approve it
    lines: own['budget:view_lines'] || APPROVAL_CODES.some((code) => above[code]),
    can: {
      edit: editable && writer,
      submit: editable && writer,
      delete: facts.status === 'draft' && (own['budget:delete'] || own['budget:update']),
      approve: facts.status === 'submitted' && above['budget:approve'],
      reject: facts.status === 'submitted' && above['budget:reject'],
      finalize: facts.status === 'approved' && above['budget:finalize'],
    },
  };
}

/**
 * Routes of the 'budgets' feature (issue 13, docs/features/budgets.md, contract/budgets.ts): the budget
 * templates (administrator), the budgets of each level, their approval by the level above, budget
 * against actual and the consolidated view.
 */
export const budgetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  async function detail(request: FastifyRequest, id: number): Promise<BudgetDetail> {
    const user = await requireUser(request);
    const facts = await loadBudgetFacts(db, id);
    return loadDetail(db, id, await abilities(db, user, facts));
  }

  /** A write on a budget: `codes` on its entity (`above`: on the level that approves it). */
  function guard(request: FastifyRequest, codes: string | string[], above = false): BudgetGuard {
    return async (facts, tx) => {
      if (!above) {
        await authorize(request, budgetEntity(facts), codes, { db: tx });
        return;
      }
      // the budget must be visible to the user; the permission is then asked on the level above
      await authorize(request, budgetEntity(facts), 'budget:view', { db: tx });
      await authorize(request, await approverOf(tx, budgetEntity(facts)), codes, {
        db: tx,
        visibilityChecked: true,
        forbidden: M.approverOnly,
      });
    };
  }

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
        response: { 200: templateListAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await requireUser(request);
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
        response: { 200: templateAccountsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await requireUser(request);
      return { data: await templateAccounts(db) };
    },
  );

  const templateWrite = async (request: FastifyRequest) => {
    const user = await authorize(request, ANYWHERE, 'budget:manage', { forbidden: M.templatesForbidden });
    return { userId: user.userId, ip: request.ip };
  };

  app.post(
    '/budget-item-templates',
    {
      schema: {
        tags: TAGS,
        summary: 'Créer une rubrique de budget (administrateur)',
        body: templateBodySchema,
        response: { 201: templateAnswerSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const actor = await templateWrite(request);
      const id = await db.transaction((tx) => createTemplate(tx, actor, request.body));
      reply.code(201);
      return { data: await loadTemplate(db, id) };
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
        response: { 200: templateAnswerSchema, ...writeErrors },
      },
    },
    async (request) => {
      const actor = await templateWrite(request);
      await db.transaction((tx) => updateTemplate(tx, actor, request.params.id, request.body));
      return { data: await loadTemplate(db, request.params.id) };
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
          response: { 200: templateAnswerSchema, ...writeErrors },
        },
      },
      async (request) => {
        const actor = await templateWrite(request);
        await db.transaction((tx) => archiveTemplate(tx, actor, request.params.id, archive));
        return { data: await loadTemplate(db, request.params.id) };
      },
    );

  app.delete(
    '/budget-item-templates/:id',
    {
      schema: {
        tags: TAGS,
        summary: "Supprimer une rubrique qu'aucun budget n'utilise",
        params: idParamSchema,
        response: { 200: messageAnswerSchema, ...writeErrors },
      },
    },
    async (request) => {
      const actor = await templateWrite(request);
      await db.transaction((tx) => deleteTemplate(tx, actor, request.params.id));
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
        response: { 200: budgetListAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const entity: BudgetEntity = { type: levelOf(request.query.entity_type), id: request.query.entity_id };
      const user = await authorize(request, entity, 'budget:view');
      const can = await hasPermissions(db, user, ['budget:create'], entity.type, entity.id);
      return { ...(await listBudgets(db, entity)), can: { create: can['budget:create'] } };
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
        response: { 201: budgetAnswerSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const entity: BudgetEntity = { type: levelOf(body.entity_type), id: body.entity_id };
      const user = await authorize(request, entity, 'budget:create');
      const actor = { userId: user.userId, ip: request.ip };
      const id = await db.transaction((tx) => createBudget(tx, actor, entity, body.year, body.source));
      reply.code(201);
      return { data: await detail(request, id) };
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
        response: { 200: currentBudgetAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const entity: BudgetEntity = { type: levelOf(request.query.entity_type), id: request.query.entity_id };
      await authorize(request, entity, 'budget:view');
      const year = request.query.year ?? new Date().getUTCFullYear();
      const id = await currentBudgetId(db, entity, year);
      return { year, data: id === null ? null : await detail(request, id) };
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
        response: { 200: consolidatedAnswerSchema, ...errors },
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
        response: { 200: budgetAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const facts = await loadBudgetFacts(db, request.params.id);
      await authorize(request, budgetEntity(facts), 'budget:view');
      return { data: await detail(request, facts.id) };
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
        response: { 200: budgetAnswerSchema, ...writeErrors },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      await db.transaction((tx) =>
        updateLines(
          tx,
          actor,
          request.params.id,
          request.body,
          guard(request, ['budget:update', 'budget:create']),
        ),
      );
      return { data: await detail(request, request.params.id) };
    },
  );

  app.delete(
    '/budgets/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Supprimer un budget en brouillon',
        params: idParamSchema,
        response: { 200: messageAnswerSchema, ...writeErrors },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      await db.transaction((tx) =>
        deleteBudget(tx, actor, request.params.id, guard(request, ['budget:delete', 'budget:update'])),
      );
      return { message: 'Budget supprimé.' };
    },
  );

  const transitions: Array<[BudgetTransition, string | string[], boolean, string]> = [
    ['submit', ['budget:update', 'budget:create'], false, 'Soumettre le budget au niveau supérieur'],
    ['approve', 'budget:approve', true, 'Approuver un budget soumis (niveau supérieur)'],
    ['finalize', 'budget:finalize', true, 'Finaliser un budget approuvé (niveau supérieur)'],
  ];
  for (const [action, codes, above, summary] of transitions)
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
          response: { 200: budgetAnswerSchema, ...writeErrors },
        },
      },
      async (request) => {
        const actor = await actorOf(request);
        await db.transaction((tx) =>
          transition(tx, actor, request.params.id, action, guard(request, codes, above)),
        );
        return { data: await detail(request, request.params.id) };
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
        response: { 200: budgetAnswerSchema, ...writeErrors },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      await db.transaction((tx) =>
        transition(
          tx,
          actor,
          request.params.id,
          'reject',
          guard(request, 'budget:reject', true),
          request.body.reason,
        ),
      );
      return { data: await detail(request, request.params.id) };
    },
  );
};
