import { sql } from 'drizzle-orm';
import { EXPENSE_MESSAGES } from '../../../../contract/expenses';
import type { Db } from '../../db/client';
import { queryOne } from '../../db/query';
import type { ExpenseEntityType, ExpenseRequestStatus } from '../../db/schema/finance';
import type { EntityRef } from '../../http/authorize';
import { httpError } from '../../http/errors';

/** The facts of a request every rule reads (locked `for update` inside a write). */
export type RequestFacts = {
  id: number;
  title: string;
  status: ExpenseRequestStatus;
  amount: number;
  entity_type: ExpenseEntityType;
  entity_id: number;
  created_by: number;
  verified_at: string | Date | null;
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

/** The entity a request belongs to, as `authorize` takes it. */
export function requestEntity(facts: Pick<RequestFacts, 'entity_type' | 'entity_id'>): EntityRef {
  return { type: facts.entity_type, id: facts.entity_id };
}

// ---------------------------------------------------------------- rules shared by the writes

/** Nothing of a verified request changes (SPEC.md section 4). */
export function assertNotVerified(facts: RequestFacts): void {
  if (facts.verified_at) throw httpError(409, EXPENSE_MESSAGES.verifiedLocked);
}

/** 'DEP-000123': the reference of a request in the treasury journals. */
export function requestReference(id: number): string {
  return `DEP-${String(id).padStart(6, '0')}`;
}
