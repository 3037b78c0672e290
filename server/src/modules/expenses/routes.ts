import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../../../contract/common';
import {
  addExpenseLineBodySchema,
  attachmentListAnswerSchema,
  cancelExpenseLineBodySchema,
  createdAnswerSchema,
  createExpenseRequestBodySchema,
  EXPENSE_MESSAGES,
  expenseLineAnswerSchema,
  expenseLineBodySchema,
  expenseLineDetailAnswerSchema,
  expenseLineListAnswerSchema,
  expenseLineListQuerySchema,
  expenseRequestActionBodySchema,
  expenseRequestAnswerSchema,
  expenseRequestBalanceAnswerSchema,
  expenseRequestListQuerySchema,
  expenseRequestListSchema,
  messageAnswerSchema,
  paymentAnswerSchema,
  paymentBodySchema,
  rejectExpenseRequestBodySchema,
  expenseRequestBalanceQuerySchema,
} from '../../../../contract/expenses';
import { MONEY_WRITE_ERRORS, READ_ERRORS, WRITE_ERRORS } from '../../http/answers';
import { authorize, authorizeScope, gateOf, type EntityRef } from '../../http/authorize';
import { idempotentWrite } from '../../http/idempotency';
import { departmentLeaderRule } from '../activities';
import { attachmentRoutes } from './attachment-routes';
import { loadRequestFacts, requestEntity } from './facts';
import { loadAttachments, lineDetail, loadLine, loadRequestLines } from './line-queries';
import { addLine, cancelLine, deleteLine, editLine, loadLineFacts } from './lines';
import { lookupRoutes } from './lookup-routes';
import { payLine } from './payments';
import { authorizeRequestList, readsRequest, REQUEST_READ_PERMISSION as READ } from './policy';
import { listCondition, listRequests, loadRequestDetail, requestBalance } from './queries';
import { changeStatus, createRequest, deleteRequest, type StatusAction } from './requests';

const M = EXPENSE_MESSAGES;
const TAGS = ['Dépenses'];

/**
 * Routes of the 'expenses' feature (docs/features/expenses.md, contract/expenses.ts): expense requests,
 * their lines and payments, attachments and the add-expense lookups. Who may do what: policy.ts.
 */
export const expenseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  // a department's leader reads its requests and asks for its expenses (decision 0047)
  const leaderOf = (entity: EntityRef) => departmentLeaderRule(db, entity);

  // ---------------------------------------------------------------- requests

  app.get(
    '/expense-requests',
    {
      schema: {
        tags: TAGS,
        summary: 'Liste paginée des demandes de dépense',
        description:
          "Filtres : `entity_type` + `entity_id` (les demandes d'une entité, `expense_request:view` requis, " +
          'ou être le responsable du département), ' +
          '`status`, `from_date`/`to_date` (date de la dépense), `search` (titre, description, numéro), ' +
          "`mine=true` (les demandes créées par l'utilisateur, /mes-requetes). Sans entité : les entités visibles. " +
          '`sort` (date, reference, title, amount, paid, status) et `order` (asc, desc) : la plus récente d’abord par défaut.',
        querystring: expenseRequestListQuerySchema,
        response: { 200: expenseRequestListSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const gate = await gateOf(request);
      const reach = await authorizeRequestList(gate, request.query, leaderOf);
      const { visibility } = await authorizeScope(request, reach === 'permitted' ? READ : undefined);
      const where = listCondition(request.query, { userId: gate.actor.userId, visibility });
      const { page, limit, sort, order } = request.query;
      const { data, total } = await listRequests(db, where, page, limit, { sort, order });
      return { data, meta: { total, page, limit } };
    },
  );

  app.get(
    '/expense-requests-balance',
    {
      schema: {
        tags: TAGS,
        summary: 'Totaux des demandes de dépense (mêmes filtres que la liste)',
        querystring: expenseRequestBalanceQuerySchema,
        response: { 200: expenseRequestBalanceAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const gate = await gateOf(request);
      const reach = await authorizeRequestList(gate, request.query, leaderOf);
      const { visibility } = await authorizeScope(request, reach === 'permitted' ? READ : undefined);
      const where = listCondition(request.query, { userId: gate.actor.userId, visibility });
      return { data: await requestBalance(db, where) };
    },
  );

  app.get(
    '/expense-requests/:id',
    {
      schema: {
        tags: TAGS,
        summary: "Détail d'une demande de dépense (lignes, paiements, pièces jointes)",
        params: idParamSchema,
        response: { 200: expenseRequestAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const facts = await loadRequestFacts(db, request.params.id);
      await authorize(request, requestEntity(facts), READ, { unless: await readsRequest(facts, leaderOf) });
      return { data: await loadRequestDetail(db, facts.id) };
    },
  );

  app.get(
    '/expense-requests/:id/attachments',
    {
      schema: {
        tags: TAGS,
        summary: "Pièces jointes d'une demande de dépense",
        params: idParamSchema,
        response: { 200: attachmentListAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const facts = await loadRequestFacts(db, request.params.id);
      await authorize(request, requestEntity(facts), READ, { unless: await readsRequest(facts, leaderOf) });
      return { data: await loadAttachments(db, facts.id) };
    },
  );

  app.post(
    '/expense-requests',
    {
      schema: {
        tags: TAGS,
        summary: 'Créer une demande de dépense',
        description:
          "Créée en attente d'approbation avec ses lignes, `expense_request:create` sur l'entité " +
          '(ou être le responsable du département). ' +
          'En-tête `Idempotency-Key` accepté : un double envoi crée une seule demande.',
        body: createExpenseRequestBodySchema,
        response: { 201: createdAnswerSchema, ...MONEY_WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const entity = { type: body.entity_type, id: body.entity_id };
      const actor = await authorize(request, entity, 'expense_request:create', {
        unless: await leaderOf(entity),
      });
      return idempotentWrite(request, reply, actor.userId, async (tx) => ({
        status: 201,
        body: { data: { id: await createRequest(tx, actor, body) } },
      }));
    },
  );

  app.delete(
    '/expense-requests/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Supprimer une demande (annulation après un échec de téléversement)',
        description:
          "Seul son créateur, tant qu'elle n'est ni approuvée, ni payée, ni vérifiée. Ses lignes et pièces jointes partent avec elle.",
        params: idParamSchema,
        response: { 200: messageAnswerSchema, ...MONEY_WRITE_ERRORS },
      },
    },
    async (request) => {
      await deleteRequest(db, await gateOf(request), request.params.id);
      return { message: M.deleted };
    },
  );

  /** The status calls: the service's permission, rules and change on the locked request. */
  const transition = (
    action: StatusAction,
    summary: string,
    description: string,
    bodySchema: typeof expenseRequestActionBodySchema | typeof rejectExpenseRequestBodySchema,
  ) =>
    app.put(
      `/expense-requests/:id/${action}`,
      {
        schema: {
          tags: TAGS,
          summary,
          description,
          params: idParamSchema,
          body: bodySchema,
          response: { 200: expenseRequestAnswerSchema, ...MONEY_WRITE_ERRORS },
        },
      },
      async (request) => {
        const body = request.body;
        const reason = (body && 'reason' in body ? body.reason : null) ?? null;
        await changeStatus(db, await gateOf(request), request.params.id, action, reason);
        return { data: await loadRequestDetail(db, request.params.id) };
      },
    );

  transition(
    'approved',
    'Approuver une demande de dépense',
    "`expense:approve` sur l'entité (ou `expense_request:manage`) ; depuis « en attente » ou « rejetée ».",
    expenseRequestActionBodySchema,
  );

  transition(
    'validated',
    'Valider une demande de dépense',
    "`expense:validate` sur l'entité (ou `expense_request:manage`) ; depuis « en attente » (vaut aussi " +
      'approbation) ou « approuvée ». Une demande approuvée dont toutes les lignes non annulées sont payées ' +
      'devient validée d’elle-même.',
    expenseRequestActionBodySchema,
  );

  transition(
    'rejected',
    'Rejeter une demande de dépense',
    "`expense:approve` sur l'entité (ou `expense_request:manage`) ; une demande en attente, ou approuvée " +
      'sans aucun paiement. Ses lignes redeviennent modifiables.',
    rejectExpenseRequestBodySchema,
  );

  transition(
    'verified',
    'Marquer une demande comme vérifiée (irréversible)',
    "`expense_request:validate` sur l'entité (trésoriers, comptable externe de l'église, ou " +
      '`expense_request:manage`) ; une demande approuvée ou validée. Plus rien ne change ensuite.',
    expenseRequestActionBodySchema,
  );

  // ---------------------------------------------------------------- lines

  app.get(
    '/expenses',
    {
      schema: {
        tags: TAGS,
        summary: "Lignes d'une demande de dépense",
        querystring: expenseLineListQuerySchema,
        response: { 200: expenseLineListAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const facts = await loadRequestFacts(db, request.query.expense_request_id);
      await authorize(request, requestEntity(facts), READ, { unless: await readsRequest(facts, leaderOf) });
      return { data: await loadRequestLines(db, facts.id) };
    },
  );

  app.get(
    '/expenses/:id',
    {
      schema: {
        tags: TAGS,
        summary: "Détail d'une ligne de dépense et de ses paiements",
        params: idParamSchema,
        response: { 200: expenseLineDetailAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const { facts } = await loadLineFacts(db, request.params.id);
      await authorize(request, requestEntity(facts), READ, { unless: await readsRequest(facts, leaderOf) });
      return { data: await lineDetail(db, request.params.id, facts) };
    },
  );

  app.post(
    '/expenses',
    {
      schema: {
        tags: TAGS,
        summary: 'Ajouter une ligne à une demande de dépense',
        description:
          "Tant que la demande est en attente d'approbation ou rejetée ; son créateur, ou `expense:create` sur l'entité.",
        body: addExpenseLineBodySchema,
        response: { 201: expenseLineAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const { expense_request_id: requestId, ...line } = request.body;
      const id = await addLine(db, await gateOf(request), requestId, line);
      reply.code(201);
      return { data: (await loadLine(db, id))! };
    },
  );

  app.put(
    '/expenses/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Modifier une ligne de dépense',
        description:
          "Avant l'approbation seulement ; le créateur de la demande, ou `expense:update` sur l'entité.",
        params: idParamSchema,
        body: expenseLineBodySchema,
        response: { 200: expenseLineAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      await editLine(db, await gateOf(request), request.params.id, request.body);
      return { data: (await loadLine(db, request.params.id))! };
    },
  );

  app.delete(
    '/expenses/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Supprimer une ligne de dépense',
        description:
          "Avant l'approbation seulement, jamais la dernière ligne ; le créateur de la demande, ou `expense:update` / `expense:delete`.",
        params: idParamSchema,
        response: { 200: messageAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      await deleteLine(db, await gateOf(request), request.params.id);
      return { message: M.lineDeletedServer };
    },
  );

  app.post(
    '/expenses/:id/cancel',
    {
      schema: {
        tags: TAGS,
        summary: 'Annuler une ligne de dépense (irréversible)',
        description:
          "Une fois la demande approuvée ou validée ; `expense:cancel` sur l'entité (ou `expense_request:manage`). " +
          'Une ligne déjà payée, même en partie, ne peut pas être annulée (409).',
        params: idParamSchema,
        body: cancelExpenseLineBodySchema,
        response: { 200: expenseLineAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      await cancelLine(db, await gateOf(request), request.params.id);
      return { data: (await loadLine(db, request.params.id))! };
    },
  );

  // ---------------------------------------------------------------- payment

  app.put(
    '/expenses/:id/validate',
    {
      schema: {
        tags: TAGS,
        summary: 'Payer une ligne de dépense (paiement partiel ou total, en-tête Idempotency-Key)',
        description:
          "`expense:validate` sur l'entité de la demande (ou `expense_request:manage`). Une transaction : le " +
          'paiement, le montant payé et le statut de la ligne, le statut de la demande, le mouvement de ' +
          "trésorerie (dépense sur le compte de paiement), l'immobilisation éventuelle (bureau national et compte " +
          "« Actifs immobilisés » seulement, prix d'achat = montant payé) et l'audit. Jamais au-delà du reste à " +
          'payer, ni sur une ligne annulée, ni après vérification. La même clé rejoue la première réponse.',
        params: idParamSchema,
        body: paymentBodySchema,
        response: { 201: paymentAnswerSchema, ...MONEY_WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const gate = await gateOf(request);
      // a replay answers before the permission is asked, as the first answer was given
      return idempotentWrite(request, reply, gate.actor.userId, async (tx) => ({
        status: 201,
        body: { data: await payLine(tx, gate, request.params.id, request.body) },
      }));
    },
  );

  await app.register(attachmentRoutes);
  await app.register(lookupRoutes);
};
