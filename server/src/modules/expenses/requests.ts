import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { EXPENSE_MESSAGES, type createExpenseRequestBodySchema } from '../../../../contract/expenses';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { queryOne, queryRows } from '../../db/query';
import type { Actor, Gate } from '../../http/authorize';
import { httpError } from '../../http/errors';
import { assertNotVerified, loadRequestFacts, requestEntity, type RequestFacts } from './facts';
import { assertDeletesOwnRequest, assertFourEyes, isCreator, REQUEST_READ_PERMISSION } from './policy';
import {
  assertBudgetLine,
  assertExpenseAccount,
  assertPlannedActivity,
  insertLine,
  lineValues,
  refreshRequest,
} from './service';
import { removeStoredFiles } from '../attachments';
import { expenseRequestCreated, expenseRequestDecided } from '../notifications';

// The writes of an expense request itself: its creation, its deletion, its status changes.

const M = EXPENSE_MESSAGES;

export type NewRequestInput = z.output<typeof createExpenseRequestBodySchema>;

/**
 * Creates a request awaiting approval with its lines, in the caller's transaction (idempotentWrite's):
 * the account, budget line and planned activity must be the entity's; answers its id.
 */
export async function createRequest(tx: Db, actor: Actor, body: NewRequestInput): Promise<number> {
  const account = await assertExpenseAccount(tx, body.operation_account_id, body.entity_type, body.entity_id);
  if (body.budget_line_id) await assertBudgetLine(tx, body.budget_line_id, body.entity_type, body.entity_id);
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
          ${new Date(body.made_at).toISOString()}, ${actor.userId})
        returning id`,
  );
  const id = Number(row!.id);
  for (const line of lines) await insertLine(tx, id, line);
  await refreshRequest(tx, id, actor.userId);
  await audit(tx, {
    userId: actor.userId,
    action: 'expense_request.create',
    entityType: 'expense_request',
    entityId: id,
    data: { entity_type: body.entity_type, entity_id: body.entity_id, lines: lines.length },
    ip: actor.ip,
  });
  await expenseRequestCreated(tx, await loadRequestFacts(tx, id), actor.userId);
  return id;
}

/**
 * Deletes a request neither approved, nor paid, nor verified (the SPA's cancel after a failed upload),
 * its lines and attachments with it, and their contents: its creator only, and whoever may
 * read it learns why they may not.
 */
export async function deleteRequest(db: Db, gate: Gate, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const facts = await loadRequestFacts(tx, id, true);
    const actor = await gate.authorize(requestEntity(facts), REQUEST_READ_PERMISSION, {
      db: tx,
      unless: isCreator(facts),
    });
    assertDeletesOwnRequest(actor, facts);
    if (facts.verified_at || facts.paid > 0 || !['approval_pending', 'rejected'].includes(facts.status))
      throw httpError(409, M.deleteLocked);
    const files = await queryRows<{ stored_name: string }>(
      tx,
      sql`delete from attachments where attachable_type = 'expense_request' and attachable_id = ${facts.id}
          returning stored_name`,
    );
    await removeStoredFiles(
      tx,
      files.map((f) => f.stored_name),
    );
    await tx.execute(sql`delete from expense_requests where id = ${facts.id}`);
    await audit(tx, {
      userId: actor.userId,
      action: 'expense_request.delete',
      entityType: 'expense_request',
      entityId: facts.id,
      data: { title: facts.title, amount: facts.amount },
      ip: actor.ip,
    });
  });
}

// ---------------------------------------------------------------- status changes

type StatusChange = (tx: Db, facts: RequestFacts, userId: number) => Promise<void>;

/** The status calls (PUT /expense-requests/:id/{action}): each one's rule and change. */
const STATUS_CHANGES = {
  /** from 'approval_pending' or 'rejected' */
  approved: async (tx, facts, userId) => {
    assertNotVerified(facts);
    if (facts.status === 'approved' || facts.status === 'validated') throw httpError(409, M.alreadyApproved);
    await tx.execute(
      sql`update expense_requests set status = 'approved', approved_by = ${userId}, approved_at = now(),
            rejected_by = null, rejected_at = null, updated_at = now() where id = ${facts.id}`,
    );
    await refreshRequest(tx, facts.id, userId);
  },
  /** from 'approval_pending' (approving it too) or 'approved' */
  validated: async (tx, facts, userId) => {
    assertNotVerified(facts);
    if (facts.status === 'validated') throw httpError(409, M.alreadyValidated);
    if (facts.status === 'rejected') throw httpError(409, M.cannotValidateRejected);
    await tx.execute(
      sql`update expense_requests set status = 'validated', validated_by = ${userId}, validated_at = now(),
            approved_by = coalesce(approved_by, ${userId}), approved_at = coalesce(approved_at, now()),
            updated_at = now() where id = ${facts.id}`,
    );
  },
  /** a pending request, or an approved one nothing was paid on: its lines become editable again */
  rejected: async (tx, facts, userId) => {
    assertNotVerified(facts);
    if (facts.status === 'rejected') throw httpError(409, M.alreadyRejected);
    if (facts.status === 'validated' || facts.paid > 0) throw httpError(409, M.cannotReject);
    await tx.execute(
      sql`update expense_requests set status = 'rejected', rejected_by = ${userId}, rejected_at = now(),
            approved_by = null, approved_at = null, updated_at = now() where id = ${facts.id}`,
    );
  },
  /** an approved or validated request, irreversibly: nothing of it changes afterwards */
  verified: async (tx, facts, userId) => {
    if (facts.verified_at) throw httpError(409, M.alreadyVerified);
    if (facts.status !== 'approved' && facts.status !== 'validated')
      throw httpError(409, M.notApprovedForVerify);
    await tx.execute(
      sql`update expense_requests set verified_by = ${userId}, verified_at = now(), updated_at = now()
          where id = ${facts.id}`,
    );
  },
} satisfies Record<string, StatusChange>;

export type StatusAction = keyof typeof STATUS_CHANGES;

/** The permission of each status call on the request's entity (`expense_request:manage` grants them). */
const STATUS_PERMISSIONS: Record<StatusAction, string> = {
  approved: 'expense:approve',
  validated: 'expense:validate',
  rejected: 'expense:approve',
  verified: 'expense_request:validate',
};

/**
 * One transaction: the request locked, the permission on its entity, four eyes on an approval, the
 * action's rule and change, the audit.
 */
export function changeStatus(
  db: Db,
  gate: Gate,
  id: number,
  action: StatusAction,
  reason: string | null,
): Promise<void> {
  return db.transaction(async (tx) => {
    const facts = await loadRequestFacts(tx, id, true);
    const actor = await gate.authorize(requestEntity(facts), STATUS_PERMISSIONS[action], { db: tx });
    if (action === 'approved' || action === 'validated') assertFourEyes(actor, facts, action);
    await STATUS_CHANGES[action](tx, facts, actor.userId);
    await audit(tx, {
      userId: actor.userId,
      action: `expense_request.${action}`,
      entityType: 'expense_request',
      entityId: facts.id,
      data: { from: facts.status, reason },
      ip: actor.ip,
    });
    if (action === 'approved' || action === 'rejected')
      await expenseRequestDecided(tx, facts, action, actor.userId, reason);
  });
}
