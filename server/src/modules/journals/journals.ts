import { sql, type SQL } from 'drizzle-orm';
import type { JournalType } from '../../../../contract/accounts';
import {
  JOURNAL_MESSAGES,
  JOURNAL_TIME_ZONE,
  type AccountJournalAnswer,
  type GeneralJournalAnswer,
  type JournalEntity,
} from '../../../../contract/journals';
import type { Db } from '../../db/client';
import { isoString, queryOne, queryRows } from '../../db/query';
import type { FinanceEntityType } from '../../db/schema/finance';
import { httpError } from '../../http/errors';
import { financeEntityOf } from '../../permissions/entity';
import { bounds, periodOf, type Period } from '../treasury';

/**
 * Read side of the treasury movements: the accounting documents (the treasury journal in
 * treasury-journal.ts, the general and account journals here, the financial report in
 * financial-report.ts, the financial statements in statements.ts). Every document reads only
 * `treasury_movements` (append-only, written by the treasury module) and the account tables; balances
 * are computed in SQL, never stored. Periods are days of Africa/Abidjan (treasury/period.ts).
 */

export const NAME_SQL: Record<FinanceEntityType, (id: number) => SQL> = {
  national_office: (id) => sql`select name from national_offices where id = ${id}`,
  region: (id) => sql`select name from regions where id = ${id}`,
  section: (id) => sql`select name from sections where id = ${id}`,
  church: (id) => sql`select name from churches where id = ${id}`,
  department: (id) => sql`select name from departments where id = ${id}`,
};

export type NamedEntity = JournalEntity & { type: FinanceEntityType };

/**
 * The entity whose documents are read, as the query names it ('CHURCH', 'church', 'ACTIVITY_GROUP' =
 * its department...), named; 400 for a type that names no entity (authorize answered it first).
 */
export async function journalEntity(
  db: Db,
  query: { entity_type: string; entity_id: number },
): Promise<NamedEntity> {
  const type = financeEntityOf(query.entity_type);
  if (!type) throw httpError(400, JOURNAL_MESSAGES.entityType);
  const row = await queryOne<{ name: string }>(db, NAME_SQL[type](query.entity_id));
  return { type, id: query.entity_id, name: row?.name ?? '' };
}

const dayOf = sql`to_char(m.occurred_at at time zone ${JOURNAL_TIME_ZONE}, 'YYYY-MM-DD')`;
export const n = (value: unknown): number => Number(value ?? 0);

/** The columns of a movement both journals list, its treasury account named (`pa_`). */
type MovementRow = {
  id: string;
  date: string;
  occurred_at: unknown;
  journal_type: JournalType;
  pa_id: number;
  pa_code: string;
  pa_name: string;
  reference: string | null;
  designation: string;
  receipt: number;
  expense: number;
  observations: string | null;
};

/** A movement as both journals answer it. */
function movementLine(r: MovementRow) {
  return {
    id: n(r.id),
    date: r.date,
    occurred_at: isoString(r.occurred_at),
    journal_type: r.journal_type,
    payment_account: { id: r.pa_id, code: r.pa_code, name: r.pa_name },
    reference: r.reference,
    designation: r.designation,
    receipts: n(r.receipt),
    expenses: n(r.expense),
    observations: r.observations,
  };
}

// ---------------------------------------------------------------- general journal

/** GET /general-journal: every movement of the period (or of one journal), a page and the period's totals. */
export async function generalJournal(
  db: Db,
  entity: NamedEntity,
  query: Period & { type?: JournalType; page: number; limit: number },
): Promise<GeneralJournalAnswer> {
  const { start, end } = bounds(query);
  const where = sql`m.entity_type = ${entity.type} and m.entity_id = ${entity.id}
    and m.occurred_at >= ${start} and m.occurred_at < ${end}
    ${query.type ? sql`and m.journal_type = ${query.type}` : sql``}`;
  const summary = await queryOne<{ count: string; receipts: string; expenses: string }>(
    db,
    sql`select count(*) as count, coalesce(sum(m.receipt), 0) as receipts, coalesce(sum(m.expense), 0) as expenses
        from treasury_movements m where ${where}`,
  );
  const rows = await queryRows<
    MovementRow & {
      oa_id: number | null;
      oa_code: string | null;
      oa_name: string | null;
      oa_category: string | null;
      source_type: string;
    }
  >(
    db,
    sql`select m.id, ${dayOf} as date, m.occurred_at, m.journal_type,
               pa.id as pa_id, pa.code as pa_code, pa.name as pa_name,
               oa.id as oa_id, oa.code as oa_code, oa.name as oa_name, oc.name as oa_category,
               m.reference, m.designation, m.receipt, m.expense, m.observations, m.source_type
        from treasury_movements m
        join operation_accounts pa on pa.id = m.payment_account_id
        left join operation_accounts oa on oa.id = m.operation_account_id
        left join operation_account_categories oc on oc.id = oa.category_id
        where ${where}
        order by m.occurred_at, m.id
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  return {
    data: rows.map((r) => ({
      ...movementLine(r),
      operation_account:
        r.oa_id === null
          ? null
          : { id: r.oa_id, code: r.oa_code ?? '', name: r.oa_name ?? '', category: r.oa_category ?? '' },
      source_type: r.source_type,
    })),
    entity: { type: entity.type, id: entity.id, name: entity.name },
    period: periodOf(query),
    totals: { receipts: n(summary?.receipts), expenses: n(summary?.expenses), count: n(summary?.count) },
    meta: { total: n(summary?.count), page: query.page, limit: query.limit },
  };
}

// ---------------------------------------------------------------- account journal

/** GET /account-journal: the movements of one account with a running balance from its opening balance. */
export async function accountJournal(
  db: Db,
  entity: NamedEntity,
  query: Period & { account_id: number; page: number; limit: number },
): Promise<AccountJournalAnswer> {
  const account = await queryOne<{
    id: number;
    code: string;
    name: string;
    category: string;
    kind: string;
    journal_type: JournalType | null;
  }>(
    db,
    sql`select a.id, a.code, a.name, c.name as category, c.kind, a.journal_type
        from operation_accounts a join operation_account_categories c on c.id = a.category_id
        where a.id = ${query.account_id}`,
  );
  if (!account) throw httpError(404, JOURNAL_MESSAGES.accountNotFound);
  const { start, end } = bounds(query);
  // A treasury account is the payment side of its movements (journal index); any other account the
  // operation side (account index).
  const onAccount = account.journal_type
    ? sql`m.entity_type = ${entity.type} and m.entity_id = ${entity.id} and m.journal_type = ${account.journal_type}
          and m.payment_account_id = ${account.id}`
    : sql`m.entity_type = ${entity.type} and m.entity_id = ${entity.id} and m.operation_account_id = ${account.id}`;
  const direction = account.kind === 'receipt' || account.kind === 'treasury' ? 'receipts' : 'expenses';
  const sign = direction === 'receipts' ? 1 : -1;
  const summary = await queryOne<{ opening: string; count: string; receipts: string; expenses: string }>(
    db,
    sql`select
          (select coalesce(sum(m.receipt - m.expense), 0) from treasury_movements m
            where ${onAccount} and m.occurred_at < ${start}) as opening,
          count(*) as count, coalesce(sum(m.receipt), 0) as receipts, coalesce(sum(m.expense), 0) as expenses
        from treasury_movements m
        where ${onAccount} and m.occurred_at >= ${start} and m.occurred_at < ${end}`,
  );
  const opening = sign * n(summary?.opening);
  const total = n(summary?.count);
  const offset = (query.page - 1) * query.limit;
  const rows =
    offset >= total
      ? []
      : await queryRows<MovementRow & { running: string }>(
          db,
          sql`select p.*, pa.code as pa_code, pa.name as pa_name
              from (
                select m.id, ${dayOf} as date, m.occurred_at, m.journal_type, m.payment_account_id as pa_id,
                       m.reference, m.designation, m.receipt, m.expense, m.observations,
                       sum(m.receipt - m.expense) over w as running,
                       row_number() over w as n
                from treasury_movements m
                where ${onAccount} and m.occurred_at >= ${start} and m.occurred_at < ${end}
                window w as (order by m.occurred_at, m.id rows between unbounded preceding and current row)
              ) p
              join operation_accounts pa on pa.id = p.pa_id
              where p.n > ${offset} and p.n <= ${offset + query.limit}
              order by p.n`,
        );
  const receipts = n(summary?.receipts);
  const expenses = n(summary?.expenses);
  return {
    data: rows.map((r) => ({ ...movementLine(r), solde: opening + sign * n(r.running) })),
    entity: { type: entity.type, id: entity.id, name: entity.name },
    account: {
      id: account.id,
      code: account.code,
      name: account.name,
      category: account.category,
      journal_type: account.journal_type,
    },
    balance_direction: direction,
    period: periodOf(query),
    opening_balance: opening,
    totals: { receipts, expenses },
    closing_balance: opening + sign * (receipts - expenses),
    meta: { total, page: query.page, limit: query.limit },
  };
}
