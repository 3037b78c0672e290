import { sql } from 'drizzle-orm';
import { EXPENSE_MESSAGES, type ExpenseLineInput } from '../../../../contract/expenses';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { queryOne } from '../../db/query';
import type { ExpenseLineStatus } from '../../db/schema/finance';
import type { Gate } from '../../http/authorize';
import { httpError } from '../../http/errors';
import { assertNotVerified, loadRequestFacts, requestEntity, type RequestFacts } from './facts';
import { isCreator } from './policy';
import { insertLine, lineValues, refreshRequest, updateLine } from './service';

// The writes of the lines of a request: each one transaction, the request then the line locked, the
// permission on the request's entity (its creator needs none to change the lines of a request not yet
// approved), the rules, the change, the request's amount and status kept consistent, the audit.

const M = EXPENSE_MESSAGES;

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

/** Adds a line to a request not yet approved (its creator, or `expense:create`); answers its id. */
export function addLine(db: Db, gate: Gate, requestId: number, input: ExpenseLineInput): Promise<number> {
  return db.transaction(async (tx) => {
    const facts = await loadRequestFacts(tx, requestId, true);
    const actor = await gate.authorize(requestEntity(facts), 'expense:create', {
      db: tx,
      unless: isCreator(facts),
    });
    assertLinesEditable(facts, M.addLineLocked);
    const values = await lineValues(tx, input, { type: facts.entity_type, id: facts.entity_id });
    const id = await insertLine(tx, facts.id, values);
    await refreshRequest(tx, facts.id, actor.userId);
    await audit(tx, {
      userId: actor.userId,
      action: 'expense.create',
      entityType: 'expense_request',
      entityId: facts.id,
      data: { expense_id: id, amount: values.amount },
      ip: actor.ip,
    });
    return id;
  });
}

/** Changes a line of a request not yet approved (its creator, or `expense:update`). */
export function editLine(db: Db, gate: Gate, lineId: number, input: ExpenseLineInput): Promise<void> {
  return db.transaction(async (tx) => {
    const { line, facts } = await loadLineFacts(tx, lineId, true);
    const actor = await gate.authorize(requestEntity(facts), 'expense:update', {
      db: tx,
      unless: isCreator(facts),
    });
    assertLinesEditable(facts, M.linesLocked);
    const values = await lineValues(tx, input, { type: facts.entity_type, id: facts.entity_id });
    await updateLine(tx, line.id, values);
    await refreshRequest(tx, facts.id, actor.userId);
    await audit(tx, {
      userId: actor.userId,
      action: 'expense.update',
      entityType: 'expense_request',
      entityId: facts.id,
      data: { expense_id: line.id, amount: values.amount, previous_amount: line.amount },
      ip: actor.ip,
    });
  });
}

/**
 * Deletes a line of a request not yet approved, never its last one (its creator, or `expense:update` or
 * `expense:delete`).
 */
export function deleteLine(db: Db, gate: Gate, lineId: number): Promise<void> {
  return db.transaction(async (tx) => {
    const { line, facts } = await loadLineFacts(tx, lineId, true);
    const actor = await gate.authorize(requestEntity(facts), ['expense:update', 'expense:delete'], {
      db: tx,
      unless: isCreator(facts),
    });
    assertLinesEditable(facts, M.linesLocked);
    const others = await queryOne<{ n: number }>(
      tx,
      sql`select count(*)::int as n from expense_lines where expense_request_id = ${facts.id} and id <> ${line.id}`,
    );
    if (Number(others?.n ?? 0) === 0) throw httpError(409, M.lastLine);
    await tx.execute(sql`delete from expense_lines where id = ${line.id}`);
    await refreshRequest(tx, facts.id, actor.userId);
    await audit(tx, {
      userId: actor.userId,
      action: 'expense.delete',
      entityType: 'expense_request',
      entityId: facts.id,
      data: { expense_id: line.id, name: line.name, amount: line.amount },
      ip: actor.ip,
    });
  });
}

/**
 * Cancels (irreversibly) a line of an approved or validated request that nothing was paid on
 * (`expense:cancel`).
 */
export function cancelLine(db: Db, gate: Gate, lineId: number): Promise<void> {
  return db.transaction(async (tx) => {
    const { line, facts } = await loadLineFacts(tx, lineId, true);
    const actor = await gate.authorize(requestEntity(facts), 'expense:cancel', { db: tx });
    assertNotVerified(facts);
    if (facts.status !== 'approved' && facts.status !== 'validated')
      throw httpError(409, M.notApprovedForCancel);
    if (line.status === 'cancelled') throw httpError(409, M.lineAlreadyCancelled);
    if (line.amount_validated > 0) throw httpError(409, M.lineHasPayments);
    await tx.execute(
      sql`update expense_lines set status = 'cancelled', cancelled_at = now(), cancelled_by = ${actor.userId},
            updated_at = now() where id = ${line.id}`,
    );
    await refreshRequest(tx, facts.id, actor.userId);
    await audit(tx, {
      userId: actor.userId,
      action: 'expense.cancel',
      entityType: 'expense_request',
      entityId: facts.id,
      data: { expense_id: line.id, amount: line.amount },
      ip: actor.ip,
    });
  });
}
