import { sql } from 'drizzle-orm';
import {
  DONATION_FIELDS,
  EXPENSE_ACCOUNT_CATEGORIES,
  EXPENSE_MESSAGES,
  MAX_AMOUNT,
  type ExpenseLineInput,
} from '../../../../contract/expenses';
import type { Db } from '../../db/client';
import { queryOne } from '../../db/query';
import {
  EXPENSE_TO_FINANCE_ENTITY,
  type ExpenseEntityType,
  type FinanceEntityType,
} from '../../db/schema/finance';
import { httpError } from '../../http/errors';
import { assertAccountOfEntity, nationalOfficeOf } from '../accounts';

const M = EXPENSE_MESSAGES;

export function financeEntity(type: ExpenseEntityType): FinanceEntityType {
  return EXPENSE_TO_FINANCE_ENTITY[type];
}

export function assertExpenseAccount(db: Db, accountId: number, type: ExpenseEntityType, entityId: number) {
  return assertAccountOfEntity(
    db,
    accountId,
    EXPENSE_ACCOUNT_CATEGORIES,
    financeEntity(type),
    entityId,
    M.operationAccountInvalid,
  );
}

export async function assertBudgetLine(db: Db, id: number, type: ExpenseEntityType, entityId: number) {
  const row = await queryOne<{ id: number }>(
    db,
    sql`select bl.id from budget_lines bl join budgets b on b.id = bl.budget_id
        where bl.id = ${id} and b.entity_type = ${financeEntity(type)} and b.entity_id = ${entityId}`,
  );
  if (!row) throw httpError(400, M.budgetLineInvalid);
}

export async function assertPlannedActivity(db: Db, id: number, type: ExpenseEntityType, entityId: number) {
  const row = await queryOne<{ id: number }>(
    db,
    sql`select id from planned_activities
        where id = ${id} and entity_type = ${financeEntity(type)} and entity_id = ${entityId}`,
  );
  if (!row) throw httpError(400, M.plannedActivityInvalid);
}

const RECIPIENT_TABLES = {
  church: sql`churches`,
  section: sql`sections`,
  region: sql`regions`,
  national_office: sql`national_offices`,
  activity_group: sql`departments`,
} as const;

/** The columns of one line as stored: only the donation type's fields, the amount computed. */
export type LineValues = {
  name: string;
  quantity: number;
  unit_price: number;
  amount: number;
  donation_type: string;
  is_anonymous: boolean;
  notes: string | null;
  recipient_first_name: string | null;
  recipient_last_name: string | null;
  recipient_phone: string | null;
  recipient_address: string | null;
  recipient_company_name: string | null;
  recipient_registration_number: string | null;
  recipient_tax_id: string | null;
  recipient_company_address: string | null;
  recipient_company_phone: string | null;
  recipient_company_email: string | null;
  recipient_entity_type: string | null;
  recipient_entity_id: number | null;
};

/**
 * Reads a validated line body as stored values: fields irrelevant to the donation type are dropped
 * (SPEC.md section 5), a national-office recipient without id is the request's national office, and a
 * system recipient must exist.
 */
export async function lineValues(
  db: Db,
  line: ExpenseLineInput,
  requestEntity: { type: ExpenseEntityType; id: number },
): Promise<LineValues> {
  const kept = new Set<string>(DONATION_FIELDS[line.donation_type]);
  const pick = <K extends keyof ExpenseLineInput>(key: K) => (kept.has(key) ? (line[key] ?? null) : null);
  const values: LineValues = {
    name: line.name,
    quantity: line.quantity,
    unit_price: line.unit_price,
    amount: line.quantity * line.unit_price,
    donation_type: line.donation_type,
    is_anonymous: kept.has('is_anonymous') ? line.is_anonymous : false,
    notes: pick('notes') as string | null,
    recipient_first_name: pick('recipient_first_name') as string | null,
    recipient_last_name: pick('recipient_last_name') as string | null,
    recipient_phone: pick('recipient_phone') as string | null,
    recipient_address: pick('recipient_address') as string | null,
    recipient_company_name: pick('recipient_company_name') as string | null,
    recipient_registration_number: pick('recipient_registration_number') as string | null,
    recipient_tax_id: pick('recipient_tax_id') as string | null,
    recipient_company_address: pick('recipient_company_address') as string | null,
    recipient_company_phone: pick('recipient_company_phone') as string | null,
    recipient_company_email: pick('recipient_company_email') as string | null,
    recipient_entity_type: pick('recipient_entity_type') as string | null,
    recipient_entity_id: pick('recipient_entity_id') as number | null,
  };
  if (line.donation_type === 'system_entity' && values.recipient_entity_type) {
    const type = values.recipient_entity_type as keyof typeof RECIPIENT_TABLES;
    if (type === 'national_office' && values.recipient_entity_id === null) {
      values.recipient_entity_id = await nationalOfficeOf(
        db,
        financeEntity(requestEntity.type),
        requestEntity.id,
      );
      if (values.recipient_entity_id === null) throw httpError(400, M.recipientEntityNotFound);
    } else {
      const exists = await queryOne<{ id: number }>(
        db,
        sql`select id from ${RECIPIENT_TABLES[type]} where id = ${values.recipient_entity_id}`,
      );
      if (!exists) throw httpError(400, M.recipientEntityNotFound);
    }
  }
  return values;
}

export async function insertLine(db: Db, requestId: number, v: LineValues): Promise<number> {
  const row = await queryOne<{ id: number }>(
    db,
    sql`insert into expense_lines (expense_request_id, name, quantity, unit_price, amount, donation_type,
          is_anonymous, notes, recipient_first_name, recipient_last_name, recipient_phone, recipient_address,
          recipient_company_name, recipient_registration_number, recipient_tax_id, recipient_company_address,
          recipient_company_phone, recipient_company_email, recipient_entity_type, recipient_entity_id)
        values (${requestId}, ${v.name}, ${v.quantity}, ${v.unit_price}, ${v.amount}, ${v.donation_type},
          ${v.is_anonymous}, ${v.notes}, ${v.recipient_first_name}, ${v.recipient_last_name}, ${v.recipient_phone},
          ${v.recipient_address}, ${v.recipient_company_name}, ${v.recipient_registration_number},
          ${v.recipient_tax_id}, ${v.recipient_company_address}, ${v.recipient_company_phone},
          ${v.recipient_company_email}, ${v.recipient_entity_type}, ${v.recipient_entity_id})
        returning id`,
  );
  return Number(row!.id);
}

export async function updateLine(db: Db, lineId: number, v: LineValues): Promise<void> {
  await db.execute(
    sql`update expense_lines set name = ${v.name}, quantity = ${v.quantity}, unit_price = ${v.unit_price},
          amount = ${v.amount}, donation_type = ${v.donation_type}, is_anonymous = ${v.is_anonymous},
          notes = ${v.notes}, recipient_first_name = ${v.recipient_first_name},
          recipient_last_name = ${v.recipient_last_name}, recipient_phone = ${v.recipient_phone},
          recipient_address = ${v.recipient_address}, recipient_company_name = ${v.recipient_company_name},
          recipient_registration_number = ${v.recipient_registration_number}, recipient_tax_id = ${v.recipient_tax_id},
          recipient_company_address = ${v.recipient_company_address},
          recipient_company_phone = ${v.recipient_company_phone},
          recipient_company_email = ${v.recipient_company_email},
          recipient_entity_type = ${v.recipient_entity_type}, recipient_entity_id = ${v.recipient_entity_id},
          updated_at = now()
        where id = ${lineId}`,
  );
}

/**
 * Keeps a request consistent after a change of its lines: `amount` = sum of the lines not cancelled
 * (400 beyond the integer range), and an approved request whose remaining lines are all fully paid
 * becomes 'validated' (validated_by = the user whose action completed it).
 */
export async function refreshRequest(db: Db, requestId: number, userId: number): Promise<void> {
  const totals = await queryOne<{ amount: string | number; open: number; unpaid: number }>(
    db,
    sql`select coalesce(sum(amount) filter (where status <> 'cancelled'), 0)::bigint as amount,
               count(*) filter (where status <> 'cancelled')::int as open,
               count(*) filter (where status <> 'cancelled' and amount_validated < amount)::int as unpaid
        from expense_lines where expense_request_id = ${requestId}`,
  );
  const amount = Number(totals?.amount ?? 0);
  if (amount > MAX_AMOUNT) throw httpError(400, M.amountTooLarge);
  const complete = Number(totals?.open ?? 0) > 0 && Number(totals?.unpaid ?? 0) === 0;
  await db.execute(
    sql`update expense_requests set amount = ${amount}, updated_at = now(),
          status = case when status = 'approved' and ${complete} then 'validated' else status end,
          validated_at = case when status = 'approved' and ${complete} then now() else validated_at end,
          validated_by = case when status = 'approved' and ${complete} then ${userId}::int else validated_by end
        where id = ${requestId}`,
  );
}
