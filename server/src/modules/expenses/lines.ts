import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, idParamSchema } from '../../../../contract/common';
import {
  addExpenseLineBodySchema,
  cancelExpenseLineBodySchema,
  EXPENSE_MESSAGES,
  expenseLineAnswerSchema,
  expenseLineBodySchema,
  expenseLineDetailAnswerSchema,
  expenseLineListAnswerSchema,
  expenseLineListQuerySchema,
  messageAnswerSchema,
} from '../../../../contract/expenses';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { queryOne } from '../../db/query';
import type { ExpenseLineStatus } from '../../db/schema/finance';
import { requireVisibility } from '../../http/context';
import { httpError } from '../../http/errors';
import {
  assertCanRead,
  assertCanWrite,
  assertNotVerified,
  loadRequestFacts,
  type RequestFacts,
} from './access';
import { loadLine, loadLines } from './queries';
import { insertLine, lineValues, refreshRequest, updateLine } from './service';

const M = EXPENSE_MESSAGES;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const writeErrors = { ...errors, 409: errorSchema };
const TAGS = ['Dépenses'];

export type LineFacts = {
  id: number;
  expense_request_id: number;
  name: string;
  amount: number;
  amount_validated: number;
  status: ExpenseLineStatus;
};

/** A line and its request (both locked `for update` when `lock`), 404 when unknown. */
export async function loadLineFacts(
  db: Db,
  id: number,
  lock = false,
): Promise<{ line: LineFacts; facts: RequestFacts }> {
  const head = await queryOne<{ expense_request_id: number }>(
    db,
    sql`select expense_request_id from expense_lines where id = ${id}`,
  );
  if (!head) throw httpError(404, M.lineNotFound);
  // the request first, then the line: every write locks in that order
  const facts = await loadRequestFacts(db, head.expense_request_id, lock);
  const line = await queryOne<LineFacts>(
    db,
    lock
      ? sql`select id, expense_request_id, name, amount, amount_validated, status from expense_lines where id = ${id} for update`
      : sql`select id, expense_request_id, name, amount, amount_validated, status from expense_lines where id = ${id}`,
  );
  if (!line) throw httpError(404, M.lineNotFound);
  return { line, facts };
}

/** Lines change only before approval (approval_pending or rejected) and never after verification. */
function assertLinesEditable(facts: RequestFacts, message: string): void {
  assertNotVerified(facts);
  if (facts.status !== 'approval_pending' && facts.status !== 'rejected') throw httpError(409, message);
}

export const lineRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

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
      await assertCanRead(request, facts);
      return { data: await loadLines(db, sql`l.expense_request_id = ${facts.id}`) };
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
      await assertCanRead(request, facts);
      const line = await loadLine(db, request.params.id);
      const account = await queryOne<{ id: number; code: string; name: string; category: string }>(
        db,
        sql`select a.id, a.code, a.name, c.name as category from operation_accounts a
            join operation_account_categories c on c.id = a.category_id where a.id = ${facts.operation_account_id}`,
      );
      return {
        data: {
          ...line!,
          expenseRequest: {
            id: facts.id,
            title: facts.title,
            status: facts.status,
            entity_type: facts.entity_type,
            entity_id: facts.entity_id,
            verified_at: facts.verified_at ? new Date(facts.verified_at).toISOString() : null,
            operationAccount: account!,
          },
        },
      };
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
        response: { 201: expenseLineAnswerSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { expense_request_id: requestId, ...body } = request.body;
      await requireVisibility(request);
      const lineId = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const facts = await loadRequestFacts(tx, requestId, true);
        const user = await assertCanWrite(request, facts, ['expense:create'], { creatorMay: true, db: tx });
        assertLinesEditable(facts, M.addLineLocked);
        const values = await lineValues(tx, body, { type: facts.entity_type, id: facts.entity_id });
        const id = await insertLine(tx, facts.id, values);
        await refreshRequest(tx, facts.id, user.userId);
        await audit(tx, {
          userId: user.userId,
          action: 'expense.create',
          entityType: 'expense_request',
          entityId: facts.id,
          data: { expense_id: id, amount: values.amount },
          ip: request.ip,
        });
        return id;
      });
      reply.code(201);
      return { data: (await loadLine(db, lineId))! };
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
        response: { 200: expenseLineAnswerSchema, ...writeErrors },
      },
    },
    async (request) => {
      await requireVisibility(request);
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const { line, facts } = await loadLineFacts(tx, request.params.id, true);
        const user = await assertCanWrite(request, facts, ['expense:update'], { creatorMay: true, db: tx });
        assertLinesEditable(facts, M.linesLocked);
        const values = await lineValues(tx, request.body, { type: facts.entity_type, id: facts.entity_id });
        await updateLine(tx, line.id, values);
        await refreshRequest(tx, facts.id, user.userId);
        await audit(tx, {
          userId: user.userId,
          action: 'expense.update',
          entityType: 'expense_request',
          entityId: facts.id,
          data: { expense_id: line.id, amount: values.amount, previous_amount: line.amount },
          ip: request.ip,
        });
      });
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
        response: { 200: messageAnswerSchema, ...writeErrors },
      },
    },
    async (request) => {
      await requireVisibility(request);
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const { line, facts } = await loadLineFacts(tx, request.params.id, true);
        const user = await assertCanWrite(request, facts, ['expense:update', 'expense:delete'], {
          creatorMay: true,
          db: tx,
        });
        assertLinesEditable(facts, M.linesLocked);
        const others = await queryOne<{ n: number }>(
          tx,
          sql`select count(*)::int as n from expense_lines where expense_request_id = ${facts.id} and id <> ${line.id}`,
        );
        if (Number(others?.n ?? 0) === 0) throw httpError(409, M.lastLine);
        await tx.execute(sql`delete from expense_lines where id = ${line.id}`);
        await refreshRequest(tx, facts.id, user.userId);
        await audit(tx, {
          userId: user.userId,
          action: 'expense.delete',
          entityType: 'expense_request',
          entityId: facts.id,
          data: { expense_id: line.id, name: line.name, amount: line.amount },
          ip: request.ip,
        });
      });
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
        response: { 200: expenseLineAnswerSchema, ...writeErrors },
      },
    },
    async (request) => {
      await requireVisibility(request);
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const { line, facts } = await loadLineFacts(tx, request.params.id, true);
        const user = await assertCanWrite(request, facts, ['expense:cancel'], { db: tx });
        assertNotVerified(facts);
        if (facts.status !== 'approved' && facts.status !== 'validated')
          throw httpError(409, M.notApprovedForCancel);
        if (line.status === 'cancelled') throw httpError(409, M.lineAlreadyCancelled);
        if (line.amount_validated > 0) throw httpError(409, M.lineHasPayments);
        await tx.execute(
          sql`update expense_lines set status = 'cancelled', cancelled_at = now(), cancelled_by = ${user.userId},
                updated_at = now() where id = ${line.id}`,
        );
        await refreshRequest(tx, facts.id, user.userId);
        await audit(tx, {
          userId: user.userId,
          action: 'expense.cancel',
          entityType: 'expense_request',
          entityId: facts.id,
          data: { expense_id: line.id, amount: line.amount },
          ip: request.ip,
        });
      });
      return { data: (await loadLine(db, request.params.id))! };
    },
  );
};
