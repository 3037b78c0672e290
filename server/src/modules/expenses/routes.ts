import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, idParamSchema } from '../../../../contract/common';
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
import { ANYWHERE, authorize } from '../../http/authorize';
import { requireVisibility } from '../../http/context';
import { permittedVisibility } from '../../permissions/permitted';
import { httpError } from '../../http/errors';
import { idempotentWrite } from '../../http/idempotency';
import { SECURITY_MESSAGES } from '../../../../contract/security';
import type { SessionUser } from '../../auth/sessions';
import {
  actorOf,
  isCreator,
  loadRequestFacts,
  requestEntity,
  type RequestFacts,
  type RequestGuard,
} from './access';
import { attachmentRoutes } from './attachment-routes';
import { addLine, cancelLine, deleteLine, editLine, loadLineFacts } from './lines';
import { lookupRoutes } from './lookup-routes';
import { payLine } from './payments';
import {
  lineDetail,
  listCondition,
  listRequests,
  loadAttachments,
  loadLine,
  loadRequestDetail,
  loadRequestLines,
  requestBalance,
  type ListQuery,
} from './queries';
import { changeStatus, createRequest, deleteRequest, type StatusAction } from './requests';

const M = EXPENSE_MESSAGES;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const writeErrors = { ...errors, 409: errorSchema, 422: errorSchema };
const lineWriteErrors = { ...errors, 409: errorSchema };
const TAGS = ['Dépenses'];

/** Reading a request: its creator, or `expense_request:view` on its entity. */
const VIEW = 'expense_request:view';

/**
 * Who may list: `mine` anyone signed in (their own requests); with an entity, `expense_request:view`
 * on it (a super-admin lists any entity's, none for an unknown one); without one,
 * `expense_request:view` somewhere, the rows then those of the entities the user sees.
 */
async function authorizeList(request: FastifyRequest, query: ListQuery) {
  const { user, visibility } = await requireVisibility(request);
  if (query.entity_id !== undefined && query.entity_type === undefined)
    throw httpError(400, M.unsupportedEntityType);
  if (!query.mine) {
    if (query.entity_type !== undefined && query.entity_id !== undefined)
      await authorize(request, { type: query.entity_type, id: query.entity_id }, VIEW, {
        unless: (u) => u.isSuperAdmin,
      });
    else {
      await authorize(request, ANYWHERE, VIEW);
      // without an entity: the entities where the user holds the permission, not all they see (issue 17)
      return {
        userId: user.userId,
        visibility: await permittedVisibility(request.server.deps.db, user, visibility, VIEW),
      };
    }
  }
  return { userId: user.userId, visibility };
}

/**
 * Four eyes (issue 17, finding 2): the creator of a request does not approve it, nor validate it while
 * that approves it too (from 'approval_pending' or 'rejected'); a super-admin may.
 */
function assertFourEyes(user: SessionUser, facts: RequestFacts, action: 'approved' | 'validated'): void {
  if (user.isSuperAdmin || user.userId !== facts.created_by) return;
  if (action === 'approved' || facts.status === 'approval_pending' || facts.status === 'rejected')
    throw httpError(403, SECURITY_MESSAGES.ownRequestApproval);
}

/** A write on a request that `codes` on its entity allow (`creator`: its creator too). */
function guard(
  request: FastifyRequest,
  codes: string | string[],
  options: { creator?: boolean } = {},
): RequestGuard {
  return (facts, tx) =>
    authorize(request, requestEntity(facts), codes, {
      db: tx,
      unless: options.creator ? isCreator(facts) : undefined,
    });
}

/**
 * Routes of the 'expenses' feature (issue 4, docs/features/expenses.md, contract/expenses.ts): expense
 * requests, their lines and payments, attachments, the add-expense lookups and the fixed assets.
 */
export const expenseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;

  // ---------------------------------------------------------------- requests

  app.get(
    '/expense-requests',
    {
      schema: {
        tags: TAGS,
        summary: 'Liste paginée des demandes de dépense',
        description:
          "Filtres : `entity_type` + `entity_id` (les demandes d'une entité, `expense_request:view` requis), " +
          '`status`, `from_date`/`to_date` (date de la dépense), `search` (titre, description, numéro), ' +
          "`mine=true` (les demandes créées par l'utilisateur, /mes-requetes). Sans entité : les entités visibles.",
        querystring: expenseRequestListQuerySchema,
        response: { 200: expenseRequestListSchema, ...errors },
      },
    },
    async (request) => {
      const scope = await authorizeList(request, request.query);
      const { page, limit } = request.query;
      const { data, total } = await listRequests(db, listCondition(request.query, scope), page, limit);
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
        response: { 200: expenseRequestBalanceAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const scope = await authorizeList(request, request.query);
      return { data: await requestBalance(db, listCondition(request.query, scope)) };
    },
  );

  app.get(
    '/expense-requests/:id',
    {
      schema: {
        tags: TAGS,
        summary: "Détail d'une demande de dépense (lignes, paiements, pièces jointes)",
        params: idParamSchema,
        response: { 200: expenseRequestAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const facts = await loadRequestFacts(db, request.params.id);
      await authorize(request, requestEntity(facts), VIEW, { unless: isCreator(facts) });
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
        response: { 200: attachmentListAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const facts = await loadRequestFacts(db, request.params.id);
      await authorize(request, requestEntity(facts), VIEW, { unless: isCreator(facts) });
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
          "Créée en attente d'approbation avec ses lignes, `expense_request:create` sur l'entité. " +
          'En-tête `Idempotency-Key` accepté : un double envoi crée une seule demande.',
        body: createExpenseRequestBodySchema,
        response: { 201: createdAnswerSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const user = await authorize(
        request,
        { type: body.entity_type, id: body.entity_id },
        'expense_request:create',
      );
      const actor = { userId: user.userId, ip: request.ip };
      return idempotentWrite(request, reply, user.userId, async (tx) => ({
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
        response: { 200: messageAnswerSchema, ...writeErrors },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      await deleteRequest(db, config.dataDir, actor, request.params.id, async (facts, tx) => {
        // whoever may read it learns why they may not delete it
        await authorize(request, requestEntity(facts), VIEW, { db: tx, unless: isCreator(facts) });
        if (facts.created_by !== actor.userId) throw httpError(403, M.deleteCreatorOnly);
      });
      return { message: M.deleted };
    },
  );

  /** The status calls: the service's rule and change, on `codes` of the request's entity. */
  const transition = (
    action: StatusAction,
    summary: string,
    description: string,
    bodySchema: typeof expenseRequestActionBodySchema | typeof rejectExpenseRequestBodySchema,
    codes: string,
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
          response: { 200: expenseRequestAnswerSchema, ...writeErrors },
        },
      },
      async (request) => {
        const actor = await actorOf(request);
        const body = request.body;
        const reason = (body && 'reason' in body ? body.reason : null) ?? null;
        const allowed = guard(request, codes);
        const check: RequestGuard =
          action === 'approved' || action === 'validated'
            ? async (facts, tx) => {
                const user = (await allowed(facts, tx)) as SessionUser;
                assertFourEyes(user, facts, action);
              }
            : allowed;
        await changeStatus(db, actor, request.params.id, action, reason, check);
        return { data: await loadRequestDetail(db, request.params.id) };
      },
    );

  transition(
    'approved',
    'Approuver une demande de dépense',
    "`expense:approve` sur l'entité (ou `expense_request:manage`) ; depuis « en attente » ou « rejetée ».",
    expenseRequestActionBodySchema,
    'expense:approve',
  );

  transition(
    'validated',
    'Valider une demande de dépense',
    "`expense:validate` sur l'entité (ou `expense_request:manage`) ; depuis « en attente » (vaut aussi " +
      'approbation) ou « approuvée ». Une demande approuvée dont toutes les lignes non annulées sont payées ' +
      'devient validée d’elle-même.',
    expenseRequestActionBodySchema,
    'expense:validate',
  );

  transition(
    'rejected',
    'Rejeter une demande de dépense',
    "`expense:approve` sur l'entité (ou `expense_request:manage`) ; une demande en attente, ou approuvée " +
      'sans aucun paiement. Ses lignes redeviennent modifiables.',
    rejectExpenseRequestBodySchema,
    'expense:approve',
  );

  transition(
    'verified',
    'Marquer une demande comme vérifiée (irréversible)',
    "`expense_request:validate` sur l'entité (trésoriers, comptable externe de l'église, ou " +
      '`expense_request:manage`) ; une demande approuvée ou validée. Plus rien ne change ensuite.',
    expenseRequestActionBodySchema,
    'expense_request:validate',
  );

  // ---------------------------------------------------------------- lines

  app.get(
    '/expenses',
    {
      schema: {
        tags: TAGS,
        summary: "Lignes d'une demande de dépense",
        querystring: expenseLineListQuerySchema,
        response: { 200: expenseLineListAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const facts = await loadRequestFacts(db, request.query.expense_request_id);
      await authorize(request, requestEntity(facts), VIEW, { unless: isCreator(facts) });
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
        response: { 200: expenseLineDetailAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { facts } = await loadLineFacts(db, request.params.id);
      await authorize(request, requestEntity(facts), VIEW, { unless: isCreator(facts) });
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
        response: { 201: expenseLineAnswerSchema, ...lineWriteErrors },
      },
    },
    async (request, reply) => {
      const { expense_request_id: requestId, ...line } = request.body;
      const actor = await actorOf(request);
      const id = await addLine(
        db,
        actor,
        requestId,
        line,
        guard(request, 'expense:create', { creator: true }),
      );
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
        response: { 200: expenseLineAnswerSchema, ...lineWriteErrors },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      await editLine(
        db,
        actor,
        request.params.id,
        request.body,
        guard(request, 'expense:update', { creator: true }),
      );
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
        response: { 200: messageAnswerSchema, ...lineWriteErrors },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      await deleteLine(
        db,
        actor,
        request.params.id,
        guard(request, ['expense:update', 'expense:delete'], { creator: true }),
      );
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
        response: { 200: expenseLineAnswerSchema, ...lineWriteErrors },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      await cancelLine(db, actor, request.params.id, guard(request, 'expense:cancel'));
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
        response: { 201: paymentAnswerSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const actor = await actorOf(request);
      // a replay answers before the guard, as the first answer was given
      return idempotentWrite(request, reply, actor.userId, async (tx) => ({
        status: 201,
        body: {
          data: await payLine(tx, actor, request.params.id, request.body, guard(request, 'expense:validate')),
        },
      }));
    },
  );

  await app.register(attachmentRoutes);
  await app.register(lookupRoutes);
};
