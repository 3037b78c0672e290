import { sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { errorSchema, idParamSchema } from '../../../../contract/common';
import {
  createdAnswerSchema,
  createExpenseRequestBodySchema,
  EXPENSE_MESSAGES,
  expenseRequestActionBodySchema,
  expenseRequestAnswerSchema,
  expenseRequestBalanceAnswerSchema,
  expenseRequestBalanceQuerySchema,
  expenseRequestListQuerySchema,
  expenseRequestListSchema,
  messageAnswerSchema,
  rejectExpenseRequestBodySchema,
  attachmentListAnswerSchema,
} from '../../../../contract/expenses';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { queryOne } from '../../db/query';
import { requireVisibility } from '../../http/context';
import { httpError, MESSAGES } from '../../http/errors';
import { idempotentWrite } from '../../http/idempotency';
import { hasPermission } from '../../permissions/check';
import { assertEntityVisible, visibleEntityCondition } from '../../permissions/visibility';
import {
  assertCanRead,
  assertCanWrite,
  assertNotVerified,
  loadRequestFacts,
  type RequestFacts,
} from './access';
import { loadAttachments, listRequests, loadRequestDetail, requestBalance } from './queries';
import {
  assertBudgetLine,
  assertExpenseAccount,
  assertPlannedActivity,
  insertLine,
  lineValues,
  refreshRequest,
} from './service';
import { removeStoredFiles } from './storage';

const M = EXPENSE_MESSAGES;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const writeErrors = { ...errors, 409: errorSchema, 422: errorSchema };
const TAGS = ['Dépenses'];

type ListQuery = z.output<typeof expenseRequestBalanceQuerySchema>;

/** The expense type as the visibility conditions name entities (ACTIVITY_GROUP is a department). */
const financeTypeSql = sql`(case er.entity_type when 'ACTIVITY_GROUP' then 'department' else lower(er.entity_type) end)`;

/**
 * The rows a list may show: `mine` the user's own requests; with an entity, that entity's requests
 * (visible and expense_request:view on it, else 403); without, the requests of every visible entity
 * (expense_request:view held somewhere, else 403).
 */
async function listCondition(request: FastifyRequest, query: ListQuery): Promise<SQL> {
  const { user, visibility } = await requireVisibility(request);
  const { db } = request.server.deps;
  const parts: SQL[] = [];
  if (query.entity_id !== undefined && query.entity_type === undefined)
    throw httpError(400, M.unsupportedEntityType);
  if (query.mine) parts.push(sql`er.created_by = ${user.userId}`);
  if (query.entity_type !== undefined && query.entity_id !== undefined) {
    if (!query.mine && !user.isSuperAdmin) {
      await assertEntityVisible(db, visibility, query.entity_type, query.entity_id);
      if (!(await hasPermission(db, user, 'expense_request:view', query.entity_type, query.entity_id)))
        throw httpError(403, MESSAGES.forbidden);
    }
    parts.push(sql`er.entity_type = ${query.entity_type} and er.entity_id = ${query.entity_id}`);
  } else {
    if (query.entity_type !== undefined) parts.push(sql`er.entity_type = ${query.entity_type}`);
    if (!query.mine && !user.isSuperAdmin) {
      if (!(await hasPermission(db, user, 'expense_request:view'))) throw httpError(403, MESSAGES.forbidden);
      parts.push(visibleEntityCondition(visibility, financeTypeSql, sql`er.entity_id`));
    }
  }
  if (query.status) parts.push(sql`er.status = ${query.status}`);
  if (query.from_date && query.to_date && query.from_date > query.to_date)
    throw httpError(400, M.periodInvalid);
  if (query.from_date) parts.push(sql`er.made_at >= ${query.from_date}::date`);
  if (query.to_date) parts.push(sql`er.made_at < (${query.to_date}::date + 1)`);
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, '\\$&')}%`;
    const id = /^(DEP-)?0*(\d{1,9})$/i.exec(query.search)?.[2];
    parts.push(
      sql`(er.title ilike ${like} or er.description ilike ${like}${id ? sql` or er.id = ${Number(id)}` : sql``})`,
    );
  }
  if (parts.length === 0) return sql`true`;
  return sql.join(parts, sql` and `);
}

async function detailOf(db: Db, id: number) {
  const detail = await loadRequestDetail(db, id);
  if (!detail) throw httpError(404, M.requestNotFound);
  return detail;
}

export const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

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
      const where = await listCondition(request, request.query);
      const { page, limit } = request.query;
      const { data, total } = await listRequests(db, where, page, limit);
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
      const where = await listCondition(request, request.query);
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
        response: { 200: expenseRequestAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const facts = await loadRequestFacts(db, request.params.id);
      await assertCanRead(request, facts);
      return { data: await detailOf(db, facts.id) };
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
      await assertCanRead(request, facts);
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
      const { user, visibility } = await requireVisibility(request);
      const body = request.body;
      await assertEntityVisible(db, visibility, body.entity_type, body.entity_id);
      if (!(await hasPermission(db, user, 'expense_request:create', body.entity_type, body.entity_id)))
        throw httpError(403, MESSAGES.forbidden);
      return idempotentWrite(request, reply, user.userId, async (tx) => {
        const account = await assertExpenseAccount(
          tx,
          body.operation_account_id,
          body.entity_type,
          body.entity_id,
        );
        if (body.budget_line_id)
          await assertBudgetLine(tx, body.budget_line_id, body.entity_type, body.entity_id);
        if (body.planned_activity_id)
          await assertPlannedActivity(tx, body.planned_activity_id, body.entity_type, body.entity_id);
        const lines = [];
        for (const line of body.expenses)
          lines.push(await lineValues(tx, line, { type: body.entity_type, id: body.entity_id }));
        const row = await queryOne<{ id: number }>(
          tx,
          sql`insert into expense_requests (title, description, status, amount, entity_type, entity_id,
                operation_account_id, budget_line_id, planned_activity_id, made_at, created_by)
              values (${body.title ?? account.name}, ${body.description}, 'approval_pending', 0, ${body.entity_type},
                ${body.entity_id}, ${account.id}, ${body.budget_line_id ?? null}, ${body.planned_activity_id ?? null},
                ${new Date(body.made_at).toISOString()}, ${user.userId})
              returning id`,
        );
        const id = Number(row!.id);
        for (const line of lines) await insertLine(tx, id, line);
        await refreshRequest(tx, id, user.userId);
        await audit(tx, {
          userId: user.userId,
          action: 'expense_request.create',
          entityType: 'expense_request',
          entityId: id,
          data: { entity_type: body.entity_type, entity_id: body.entity_id, lines: lines.length },
          ip: request.ip,
        });
        return { status: 201, body: { data: { id } } };
      });
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
      const { user } = await requireVisibility(request);
      const stored = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const facts = await loadRequestFacts(tx, request.params.id, true);
        await assertCanRead(request, facts, tx);
        if (facts.created_by !== user.userId) throw httpError(403, M.deleteCreatorOnly);
        if (facts.verified_at || facts.paid > 0 || !['approval_pending', 'rejected'].includes(facts.status))
          throw httpError(409, M.deleteLocked);
        const files = (await tx.execute(
          sql`delete from attachments where attachable_type = 'expense_request' and attachable_id = ${facts.id}
              returning stored_name`,
        )) as unknown as { rows: Array<{ stored_name: string }> };
        await tx.execute(sql`delete from expense_requests where id = ${facts.id}`);
        await audit(tx, {
          userId: user.userId,
          action: 'expense_request.delete',
          entityType: 'expense_request',
          entityId: facts.id,
          data: { title: facts.title, amount: facts.amount },
          ip: request.ip,
        });
        return files.rows.map((f) => f.stored_name);
      });
      await removeStoredFiles(app.deps.config.dataDir, stored);
      return { message: M.deleted };
    },
  );

  /** The status calls: one transaction, the request locked, the rule, the change, the audit. */
  const transition = (
    path: string,
    summary: string,
    description: string,
    bodySchema: typeof expenseRequestActionBodySchema | typeof rejectExpenseRequestBodySchema,
    codes: string[],
    apply: (
      tx: Db,
      facts: RequestFacts,
      userId: number,
      body: { reason?: string } | null | undefined,
    ) => Promise<void>,
  ) =>
    app.put(
      `/expense-requests/:id/${path}`,
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
        await requireVisibility(request);
        const id = await db.transaction(async (txRaw) => {
          const tx = txRaw as unknown as Db;
          const facts = await loadRequestFacts(tx, request.params.id, true);
          const user = await assertCanWrite(request, facts, codes, { db: tx });
          await apply(tx, facts, user.userId, request.body as { reason?: string } | null | undefined);
          await audit(tx, {
            userId: user.userId,
            action: `expense_request.${path}`,
            entityType: 'expense_request',
            entityId: facts.id,
            data: {
              from: facts.status,
              reason: (request.body as { reason?: string } | null)?.reason ?? null,
            },
            ip: request.ip,
          });
          return facts.id;
        });
        return { data: await detailOf(db, id) };
      },
    );

  transition(
    'approved',
    'Approuver une demande de dépense',
    "`expense:approve` sur l'entité (ou `expense_request:manage`) ; depuis « en attente » ou « rejetée ».",
    expenseRequestActionBodySchema,
    ['expense:approve'],
    async (tx, facts, userId) => {
      assertNotVerified(facts);
      if (facts.status === 'approved' || facts.status === 'validated')
        throw httpError(409, M.alreadyApproved);
      await tx.execute(
        sql`update expense_requests set status = 'approved', approved_by = ${userId}, approved_at = now(),
              rejected_by = null, rejected_at = null, updated_at = now() where id = ${facts.id}`,
      );
      await refreshRequest(tx, facts.id, userId);
    },
  );

  transition(
    'validated',
    'Valider une demande de dépense',
    "`expense:validate` sur l'entité (ou `expense_request:manage`) ; depuis « en attente » (vaut aussi " +
      'approbation) ou « approuvée ». Une demande approuvée dont toutes les lignes non annulées sont payées ' +
      'devient validée d’elle-même.',
    expenseRequestActionBodySchema,
    ['expense:validate'],
    async (tx, facts, userId) => {
      assertNotVerified(facts);
      if (facts.status === 'validated') throw httpError(409, M.alreadyValidated);
      if (facts.status === 'rejected') throw httpError(409, M.cannotValidateRejected);
      await tx.execute(
        sql`update expense_requests set status = 'validated', validated_by = ${userId}, validated_at = now(),
              approved_by = coalesce(approved_by, ${userId}), approved_at = coalesce(approved_at, now()),
              updated_at = now() where id = ${facts.id}`,
      );
    },
  );

  transition(
    'rejected',
    'Rejeter une demande de dépense',
    "`expense:approve` sur l'entité (ou `expense_request:manage`) ; une demande en attente, ou approuvée " +
      'sans aucun paiement. Ses lignes redeviennent modifiables.',
    rejectExpenseRequestBodySchema,
    ['expense:approve'],
    async (tx, facts, userId) => {
      assertNotVerified(facts);
      if (facts.status === 'rejected') throw httpError(409, M.alreadyRejected);
      if (facts.status === 'validated' || facts.paid > 0) throw httpError(409, M.cannotReject);
      await tx.execute(
        sql`update expense_requests set status = 'rejected', rejected_by = ${userId}, rejected_at = now(),
              approved_by = null, approved_at = null, updated_at = now() where id = ${facts.id}`,
      );
    },
  );

  transition(
    'verified',
    'Marquer une demande comme vérifiée (irréversible)',
    "`expense_request:validate` sur l'entité (trésoriers, comptable externe de l'église, ou " +
      '`expense_request:manage`) ; une demande approuvée ou validée. Plus rien ne change ensuite.',
    expenseRequestActionBodySchema,
    ['expense_request:validate'],
    async (tx, facts, userId) => {
      if (facts.verified_at) throw httpError(409, M.alreadyVerified);
      if (facts.status !== 'approved' && facts.status !== 'validated')
        throw httpError(409, M.notApprovedForVerify);
      await tx.execute(
        sql`update expense_requests set verified_by = ${userId}, verified_at = now(), updated_at = now()
            where id = ${facts.id}`,
      );
    },
  );
};
