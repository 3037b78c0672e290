import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { EXPENSE_MESSAGES } from '../../../../contract/expenses';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { queryOne } from '../../db/query';
import type { ExpenseEntityType, ExpenseRequestStatus } from '../../db/schema/finance';
import { requireVisibility } from '../../http/context';
import { httpError, MESSAGES } from '../../http/errors';
import { hasPermission, hasPermissions } from '../../permissions/check';
import { assertEntityVisible } from '../../permissions/visibility';

/** The facts of a request every rule reads (locked `for update` inside a write). */
export type RequestFacts = {
  id: number;
  title: string;
  status: ExpenseRequestStatus;
  amount: number;
  entity_type: ExpenseEntityType;
  entity_id: number;
  created_by: number;
  verified_at: string | null;
  operation_account_id: number;
  account_category: string;
  paid: number;
};

export async function loadRequestFacts(db: Db, id: number, lock = false): Promise<RequestFacts> {
  if (lock) await db.execute(sql`select id from expense_requests where id = ${id} for update`);
  const row = await queryOne<RequestFacts>(
    db,
    sql`select er.id, er.title, er.status, er.amount, er.entity_type, er.entity_id, er.created_by,
               er.verified_at, er.operation_account_id, c.name as account_category,
               (select coalesce(sum(l.amount_validated), 0)::int from expense_lines l
                 where l.expense_request_id = er.id) as paid
        from expense_requests er
        join operation_accounts a on a.id = er.operation_account_id
        join operation_account_categories c on c.id = a.category_id
        where er.id = ${id}`,
  );
  if (!row) throw httpError(404, EXPENSE_MESSAGES.requestNotFound);
  return { ...row, paid: Number(row.paid) };
}

/**
 * Whether the user may read the request: its creator always; others when its entity is visible to them
 * (404/403 from assertEntityVisible) and they hold expense_request:view on it. A super-admin reads all.
 */
export async function assertCanRead(
  request: FastifyRequest,
  facts: RequestFacts,
  db: Db = request.server.deps.db,
): Promise<SessionUser> {
  const { user, visibility } = await requireVisibility(request);
  if (user.isSuperAdmin || facts.created_by === user.userId) return user;
  await assertEntityVisible(db, visibility, facts.entity_type, facts.entity_id);
  if (!(await hasPermission(db, user, 'expense_request:view', facts.entity_type, facts.entity_id)))
    throw httpError(403, MESSAGES.forbidden);
  return user;
}

/**
 * Writes run in a transaction: `db` is required and must be the transaction's (PGlite has one
 * connection: a query on the outer handle would wait for the transaction forever). Call
 * `requireVisibility(request)` before opening it.
 *
 * A write on the request: the user must see its entity and hold one of `codes` on it
 * (`creatorMay`: its creator may too). Answers the user.
 */
export async function assertCanWrite(
  request: FastifyRequest,
  facts: RequestFacts,
  codes: string[],
  options: { creatorMay?: boolean; db: Db },
): Promise<SessionUser> {
  const { user, visibility } = await requireVisibility(request);
  if (user.isSuperAdmin) return user;
  const { db } = options;
  if (options.creatorMay && facts.created_by === user.userId) return user;
  await assertEntityVisible(db, visibility, facts.entity_type, facts.entity_id);
  const held = await hasPermissions(db, user, codes, facts.entity_type, facts.entity_id);
  if (!codes.some((code) => held[code])) throw httpError(403, MESSAGES.forbidden);
  return user;
}

/** Nothing of a verified request changes (SPEC.md section 4). */
export function assertNotVerified(facts: RequestFacts): void {
  if (facts.verified_at) throw httpError(409, EXPENSE_MESSAGES.verifiedLocked);
}

/** 'DEP-000123': the reference of a request in the treasury journals. */
export function requestReference(id: number): string {
  return `DEP-${String(id).padStart(6, '0')}`;
}
