import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  Attachment,
  ExpenseLine,
  ExpenseLineDetail,
  ExpensePayment,
  ExpenseRequestListItem,
} from '../../../../contract/expenses';
import type { Db } from '../../db/client';
import { isoString, queryOne, queryRows } from '../../db/query';
import { expenseLines, type JournalType } from '../../db/schema/finance';
import type { RequestFacts } from './facts';

// The read side of the lines of the expense requests, their payments and attachments.

/** A timestamp as the driver gives it on a raw query (isoString reads both). */
export type Timestamp = Date | string;

export type OperationAccountRef = ExpenseRequestListItem['operationAccount'];

export function fullname(firstname: string, lastname: string): string {
  return `${firstname} ${lastname}`.trim();
}

// ---------------------------------------------------------------- lines and payments

type PaymentRow = {
  id: number;
  expense_line_id: number;
  amount: number;
  validated_at: Timestamp;
  payment_method: string;
  payment_account_id: number;
  user_id: number;
  treasury_movement_id: number | string | null;
  created_at: Timestamp;
  u_firstname: string;
  u_lastname: string;
  u_phone: string | null;
  pa_name: string;
  pa_journal_type: JournalType | null;
  fixed_asset_id: number | string | null;
};

const paymentSelect = sql`select p.id, p.expense_line_id, p.amount, p.validated_at, p.payment_method,
    p.payment_account_id, p.user_id, p.treasury_movement_id, p.created_at,
    u.firstname as u_firstname, u.lastname as u_lastname, u.phone as u_phone,
    pa.name as pa_name, pa.journal_type as pa_journal_type,
    (select fa.id from fixed_assets fa where fa.expense_payment_id = p.id limit 1) as fixed_asset_id
  from expense_payments p
  join users u on u.id = p.user_id
  join operation_accounts pa on pa.id = p.payment_account_id`;

function toPayment(row: PaymentRow): ExpensePayment {
  return {
    id: Number(row.id),
    expense_id: Number(row.expense_line_id),
    amount: Number(row.amount),
    validated_at: isoString(row.validated_at),
    payment_method: row.payment_method,
    user_id: Number(row.user_id),
    user: {
      id: Number(row.user_id),
      fullname: fullname(row.u_firstname, row.u_lastname),
      phone: row.u_phone ?? null,
    },
    payment_account_id: Number(row.payment_account_id),
    paymentAccount: {
      id: Number(row.payment_account_id),
      name: row.pa_name,
      journal_type: row.pa_journal_type ?? null,
    },
    treasury_movement_id: row.treasury_movement_id === null ? null : Number(row.treasury_movement_id),
    fixed_asset_id: row.fixed_asset_id === null ? null : Number(row.fixed_asset_id),
    created_at: isoString(row.created_at),
  };
}

function toLine(row: typeof expenseLines.$inferSelect, payments: ExpensePayment[]): ExpenseLine {
  return {
    id: row.id,
    expense_request_id: row.expenseRequestId,
    name: row.name,
    quantity: row.quantity,
    unit_price: row.unitPrice,
    amount: row.amount,
    amount_validated: row.amountValidated,
    remaining: row.status === 'cancelled' ? 0 : row.amount - row.amountValidated,
    status: row.status,
    donation_type: row.donationType,
    is_anonymous: row.isAnonymous,
    notes: row.notes,
    recipient_first_name: row.recipientFirstName,
    recipient_last_name: row.recipientLastName,
    recipient_phone: row.recipientPhone,
    recipient_address: row.recipientAddress,
    recipient_company_name: row.recipientCompanyName,
    recipient_registration_number: row.recipientRegistrationNumber,
    recipient_tax_id: row.recipientTaxId,
    recipient_company_address: row.recipientCompanyAddress,
    recipient_company_phone: row.recipientCompanyPhone,
    recipient_company_email: row.recipientCompanyEmail,
    recipient_entity_type: row.recipientEntityType,
    recipient_entity_id: row.recipientEntityId,
    cancelled_at: row.cancelledAt === null ? null : isoString(row.cancelledAt),
    created_at: isoString(row.createdAt),
    payments,
  };
}

/** The lines matching `where` (a condition on expense_lines), oldest first, each with its payments. */
async function loadLines(db: Db, where: SQL): Promise<ExpenseLine[]> {
  const lines = await db.select().from(expenseLines).where(where).orderBy(asc(expenseLines.id));
  if (lines.length === 0) return [];
  const ids = `{${lines.map((l) => l.id).join(',')}}`;
  const payments = await queryRows<PaymentRow>(
    db,
    sql`${paymentSelect} where p.expense_line_id = any(${ids}::int[]) order by p.validated_at, p.id`,
  );
  const byLine = new Map<number, ExpensePayment[]>();
  for (const p of payments) {
    const list = byLine.get(Number(p.expense_line_id)) ?? [];
    list.push(toPayment(p));
    byLine.set(Number(p.expense_line_id), list);
  }
  return lines.map((l) => toLine(l, byLine.get(l.id) ?? []));
}

/** The lines of a request, oldest first. */
export function loadRequestLines(db: Db, requestId: number): Promise<ExpenseLine[]> {
  return loadLines(db, eq(expenseLines.expenseRequestId, requestId));
}

export async function loadLine(db: Db, id: number): Promise<ExpenseLine | null> {
  const [line] = await loadLines(db, eq(expenseLines.id, id));
  return line ?? null;
}

/** A line with the facts of its request (as the route read them to authorise) and its account. */
export async function lineDetail(db: Db, lineId: number, facts: RequestFacts): Promise<ExpenseLineDetail> {
  const line = await loadLine(db, lineId);
  const account = await queryOne<OperationAccountRef>(
    db,
    sql`select a.id, a.code, a.name, c.name as category from operation_accounts a
        join operation_account_categories c on c.id = a.category_id where a.id = ${facts.operation_account_id}`,
  );
  return {
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
  };
}

export async function loadPayment(db: Db, id: number): Promise<ExpensePayment> {
  const row = await queryOne<PaymentRow>(db, sql`${paymentSelect} where p.id = ${id}`);
  return toPayment(row!);
}

// ---------------------------------------------------------------- attachments

export type AttachmentRow = {
  id: number | string;
  attachable_id: number;
  original_name: string;
  mime_type: Attachment['mime_type'];
  size: number;
  created_at: Timestamp;
};

export function toAttachment(row: AttachmentRow): Attachment {
  const id = Number(row.id);
  return {
    id,
    attachable_type: 'expense_request',
    attachable_id: Number(row.attachable_id),
    original_name: row.original_name,
    mime_type: row.mime_type,
    size: Number(row.size),
    url: `/attachments/${id}`,
    created_at: isoString(row.created_at),
  };
}

export async function loadAttachments(db: Db, requestId: number): Promise<Attachment[]> {
  const rows = await queryRows<AttachmentRow>(
    db,
    sql`select id, attachable_id, original_name, mime_type, size, created_at from attachments
        where attachable_type = 'expense_request' and attachable_id = ${requestId} order by id`,
  );
  return rows.map(toAttachment);
}
