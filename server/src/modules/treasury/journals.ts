import { sql, type SQL } from 'drizzle-orm';
import { JOURNAL_TYPES, type JournalType } from '../../../../contract/accounts';
import {
  JOURNAL_MESSAGES,
  JOURNAL_TIME_ZONE,
  type AccountJournalAnswer,
  type FinancialReport,
  type FinancialReportCategory,
  type GeneralJournalAnswer,
  type JournalEntity,
  type TreasuryJournalAnswer,
} from '../../../../contract/journals';
import type { Db } from '../../db/client';
import { isoString, queryOne, queryRows } from '../../db/query';
import type { FinanceEntityType } from '../../db/schema/finance';
import { httpError } from '../../http/errors';

/**
 * Read side of the treasury movements: the four accounting documents. Every document reads only
 * `treasury_movements` (append-only, written by movements.ts) and the account tables; balances are
 * computed in SQL, never stored.
 *
 * Day boundaries: a period `from_date..to_date` is `[from_date 00:00, to_date + 1 day 00:00)` in
 * Africa/Abidjan (UTC+0 all year), computed by PostgreSQL (`timestamp at time zone`).
 */

type Period = { from_date: string; to_date: string };

const NAME_SQL: Record<FinanceEntityType, (id: number) => SQL> = {
  national_office: (id) => sql`select name from national_offices where id = ${id}`,
  region: (id) => sql`select name from regions where id = ${id}`,
  section: (id) => sql`select name from sections where id = ${id}`,
  church: (id) => sql`select name from churches where id = ${id}`,
  department: (id) => sql`select name from departments where id = ${id}`,
};

/** The entity whose documents are read, named (its type as financeEntityOf reads it). */
export async function journalEntity(
  db: Db,
  type: FinanceEntityType,
  id: number,
): Promise<JournalEntity & { type: FinanceEntityType }> {
  const row = await queryOne<{ name: string }>(db, NAME_SQL[type](id));
  return { type, id, name: row?.name ?? '' };
}

/** [start, end) of the period as timestamptz expressions (Africa/Abidjan calendar days). */
export function bounds(period: Period): { start: SQL; end: SQL } {
  return {
    start: sql`(${period.from_date}::date::timestamp at time zone ${JOURNAL_TIME_ZONE})`,
    end: sql`((${period.to_date}::date + 1)::timestamp at time zone ${JOURNAL_TIME_ZONE})`,
  };
}

const dayOf = sql`to_char(m.occurred_at at time zone ${JOURNAL_TIME_ZONE}, 'YYYY-MM-DD')`;
const n = (value: unknown): number => Number(value ?? 0);
export const periodOf = (p: Period) => ({
  from_date: p.from_date,
  to_date: p.to_date,
  time_zone: JOURNAL_TIME_ZONE,
});

// ---------------------------------------------------------------- treasury journal

/** Africa/Abidjan is UTC+0 all year (no daylight saving): the day of an instant is its UTC date. */
const JOURNAL_UTC_OFFSET_MS = 0;
const dayOfDate = (date: Date) => new Date(date.getTime() + JOURNAL_UTC_OFFSET_MS).toISOString().slice(0, 10);

type TreasuryJournalQuery = Period & { type: JournalType; page: number; limit: number; after?: number };

/**
 * The statement of GET /treasury-journal (also explained by server/bench/journals.bench.ts).
 *
 * Keyset paging (the first page, and `after` = the last row read): the page is the next `limit + 1`
 * rows of the index after that row (the extra row only says whether there is more), and the running
 * balance is carried by one index-only sum of the period's rows up to it, so a page costs the same
 * wherever it is in the period. `page` > 1 without `after` (the former offset paging, kept for clients
 * that use it) numbers the whole period with a window function.
 */
export function treasuryJournalSql(
  entity: { type: FinanceEntityType; id: number },
  query: TreasuryJournalQuery,
): SQL {
  const { start, end } = bounds(query);
  // the entity's name travels with the page (no round trip of its own); the caller sends none of it
  // before its permission check has passed
  const name = sql`(${NAME_SQL[entity.type](entity.id)}) as entity_name`;
  const journal = sql`m.entity_type = ${entity.type} and m.entity_id = ${entity.id} and m.journal_type = ${query.type}`;
  const inPeriod = sql`${journal} and m.occurred_at >= ${start} and m.occurred_at < ${end}`;
  // one row: the opening balance (every movement of the journal before the period, index-only), the
  // count and totals of the whole period
  const summary = sql`s as (
      select
        (select coalesce(sum(m.receipt - m.expense), 0) from treasury_movements m
          where ${journal} and m.occurred_at < ${start}) as opening,
        count(*) as total, coalesce(sum(m.receipt), 0) as sum_receipts, coalesce(sum(m.expense), 0) as sum_expenses
      from treasury_movements m
      where ${inPeriod}
    )`;
  // The page's rows travel as one JSON array of arrays: one JSON.parse in Node.js instead of decoding
  // thousands of rows field by field (the slowest part of a month of a busy church).
  const rowArray = sql`json_build_array(w.id, w.at_ms, w.designation, w.reference, w.receipt, w.expense,
                                         w.running, w.observations, w.source_type)`;

  if (query.after === undefined && query.page > 1) {
    const offset = (query.page - 1) * query.limit;
    return sql`with ${summary}
      select s.opening, s.total, s.sum_receipts, s.sum_expenses, 1 as cursor_found, 0 as carried, ${name},
        coalesce((
          select json_agg(${rowArray} order by w.n)
          from (
            select m.id, (extract(epoch from m.occurred_at) * 1000)::float8 as at_ms, m.designation, m.reference,
                   m.receipt, m.expense, m.observations, m.source_type,
                   sum(m.receipt - m.expense) over win as running,
                   row_number() over win as n
            from treasury_movements m
            where ${inPeriod}
            window win as (order by m.occurred_at, m.id rows between unbounded preceding and current row)
          ) w
          where w.n > ${offset} and w.n <= ${offset + query.limit + 1}
        ), '[]'::json)::text as rows
      from s`;
  }

  const keyed = query.after !== undefined;
  const cursor = keyed
    ? sql`select m.occurred_at, m.id from treasury_movements m where ${inPeriod} and m.id = ${query.after}`
    : sql`select null::timestamptz as occurred_at, null::bigint as id where false`;
  return sql`with ${summary},
    c as (${cursor}),
    p as (
      select m.id, m.occurred_at, m.designation, m.reference, m.receipt, m.expense, m.observations, m.source_type
      from treasury_movements m
      where ${inPeriod} ${keyed ? sql`and (m.occurred_at, m.id) > (select c.occurred_at, c.id from c)` : sql``}
      order by m.occurred_at, m.id
      limit ${query.limit + 1}
    )
    select s.opening, s.total, s.sum_receipts, s.sum_expenses, ${name},
      (select count(*) from c) as cursor_found,
      ${
        keyed
          ? sql`(select coalesce(sum(m.receipt - m.expense), 0) from treasury_movements m
                 where ${inPeriod} and (m.occurred_at, m.id) <= (select c.occurred_at, c.id from c))`
          : sql`0`
      } as carried,
      coalesce((
        select json_agg(${rowArray} order by w.occurred_at, w.id)
        from (
          select p.*, (extract(epoch from p.occurred_at) * 1000)::float8 as at_ms,
                 sum(p.receipt - p.expense) over (order by p.occurred_at, p.id
                                                  rows between unbounded preceding and current row) as running
          from p
        ) w
      ), '[]'::json)::text as rows
    from s`;
}

export type TreasuryJournalSqlRow = {
  opening: string;
  total: string;
  sum_receipts: string;
  sum_expenses: string;
  /** 1 when `after` names a row of this journal and period (always 1 without `after`) */
  cursor_found: string | number;
  /** the period's balance up to and including the `after` row (0 without it) */
  carried: string | number;
  /** the entity's name ('' when it does not exist: authorize answers 404 then) */
  entity_name: string | null;
  /** [id, occurred_at in ms since 1970, designation, reference, receipt, expense, running, observations, source_type][] */
  rows: string;
};
type PageRow = [number, number, string, string | null, number, number, number, string | null, string];

/**
 * GET /treasury-journal in one statement: the entity's name, the opening balance (every movement of the
 * journal before the period), the totals and count of the period, and a page of rows with their running
 * balance, all from one index (treasury_movements_journal_idx; the sums are index-only scans).
 * `meta.next_after` names the last row of the page when more rows follow: the client passes it as
 * `after` for the next page.
 */
export async function treasuryJournal(
  db: Db,
  entity: { type: FinanceEntityType; id: number },
  query: TreasuryJournalQuery,
): Promise<TreasuryJournalAnswer> {
  const summary = await queryOne<TreasuryJournalSqlRow>(db, treasuryJournalSql(entity, query));
  return treasuryJournalAnswer(summary, entity, query);
}

/** The answer of GET /treasury-journal from the row of treasuryJournalSql (read alone or with the check). */
export function treasuryJournalAnswer(
  summary: TreasuryJournalSqlRow | undefined,
  entity: { type: FinanceEntityType; id: number },
  query: TreasuryJournalQuery,
): TreasuryJournalAnswer {
  if (query.after !== undefined && n(summary?.cursor_found) === 0) {
    throw httpError(400, JOURNAL_MESSAGES.afterNotFound);
  }
  const opening = n(summary?.opening);
  const carried = n(summary?.carried);
  const receipts = n(summary?.sum_receipts);
  const expenses = n(summary?.sum_expenses);
  const pageRows = JSON.parse(summary?.rows ?? '[]') as PageRow[];
  const more = pageRows.length > query.limit;
  if (more) pageRows.length = query.limit;
  const data: TreasuryJournalAnswer['data'] = pageRows.map(
    ([id, atMs, designation, reference, receipt, expense, running, observations, sourceType]) => {
      const at = new Date(atMs);
      const iso = at.toISOString();
      return {
        id,
        date: JOURNAL_UTC_OFFSET_MS === 0 ? iso.slice(0, 10) : dayOfDate(at),
        occurred_at: iso,
        designation,
        reference,
        receipts: receipt,
        expenses: expense,
        solde: opening + carried + running,
        observations,
        source_type: sourceType,
      };
    },
  );
  return {
    data,
    entity: { type: entity.type, id: entity.id, name: summary?.entity_name ?? '' },
    journal_type: query.type,
    period: periodOf(query),
    opening_balance: opening,
    totals: { receipts, expenses },
    closing_balance: opening + receipts - expenses,
    meta: {
      total: n(summary?.total),
      page: query.page,
      limit: query.limit,
      next_after: more ? (data.at(-1)?.id ?? null) : null,
    },
  };
}

// ---------------------------------------------------------------- general journal

export async function generalJournal(
  db: Db,
  entity: JournalEntity & { type: FinanceEntityType },
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
  const rows = await queryRows<{
    id: string;
    date: string;
    occurred_at: unknown;
    journal_type: JournalType;
    pa_id: number;
    pa_code: string;
    pa_name: string;
    oa_id: number | null;
    oa_code: string | null;
    oa_name: string | null;
    oa_category: string | null;
    reference: string | null;
    designation: string;
    receipt: number;
    expense: number;
    observations: string | null;
    source_type: string;
  }>(
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
      id: n(r.id),
      date: r.date,
      occurred_at: isoString(r.occurred_at),
      journal_type: r.journal_type,
      payment_account: { id: r.pa_id, code: r.pa_code, name: r.pa_name },
      operation_account:
        r.oa_id === null
          ? null
          : { id: r.oa_id, code: r.oa_code ?? '', name: r.oa_name ?? '', category: r.oa_category ?? '' },
      reference: r.reference,
      designation: r.designation,
      receipts: n(r.receipt),
      expenses: n(r.expense),
      observations: r.observations,
      source_type: r.source_type,
    })),
    entity: { type: entity.type, id: entity.id, name: entity.name },
    period: periodOf(query),
    totals: { receipts: n(summary?.receipts), expenses: n(summary?.expenses), count: n(summary?.count) },
    meta: { total: n(summary?.count), page: query.page, limit: query.limit },
  };
}

// ---------------------------------------------------------------- account journal

export async function accountJournal(
  db: Db,
  entity: JournalEntity & { type: FinanceEntityType },
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
      : await queryRows<{
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
          running: string;
          observations: string | null;
        }>(
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
    data: rows.map((r) => ({
      id: n(r.id),
      date: r.date,
      occurred_at: isoString(r.occurred_at),
      journal_type: r.journal_type,
      payment_account: { id: r.pa_id, code: r.pa_code, name: r.pa_name },
      reference: r.reference,
      designation: r.designation,
      receipts: n(r.receipt),
      expenses: n(r.expense),
      solde: opening + sign * n(r.running),
      observations: r.observations,
    })),
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

// ---------------------------------------------------------------- financial report

/** YYYY-MM of every month from from_date to to_date. */
export function monthsOf(period: Period): string[] {
  const months: string[] = [];
  let [year, month] = period.from_date.split('-').map(Number);
  const [endYear, endMonth] = period.to_date.split('-').map(Number);
  while (year < endYear || (year === endYear && month <= endMonth)) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

export async function financialReport(
  db: Db,
  entity: JournalEntity & { type: FinanceEntityType },
  query: Period,
): Promise<FinancialReport> {
  const { start, end } = bounds(query);
  const ofEntity = sql`m.entity_type = ${entity.type} and m.entity_id = ${entity.id}`;
  const inPeriod = sql`${ofEntity} and m.occurred_at >= ${start} and m.occurred_at < ${end}`;

  const byAccount = await queryRows<{
    kind: string;
    category: string;
    id: number;
    code: string;
    name: string;
    net: string;
  }>(
    db,
    sql`select c.kind, c.name as category, a.id, a.code, a.name, sum(m.receipt - m.expense) as net
        from treasury_movements m
        join operation_accounts a on a.id = m.operation_account_id
        join operation_account_categories c on c.id = a.category_id
        where ${inPeriod}
        group by c.kind, c.name, a.id, a.code, a.name
        order by c.name, a.code`,
  );
  const section = (receiptSide: boolean) => {
    const categories = new Map<string, FinancialReportCategory>();
    for (const row of byAccount) {
      if ((row.kind === 'receipt') !== receiptSide) continue;
      const total = receiptSide ? n(row.net) : -n(row.net);
      const category = categories.get(row.category) ?? { category: row.category, total: 0, accounts: [] };
      category.total += total;
      category.accounts.push({ id: row.id, code: row.code, name: row.name, total });
      categories.set(row.category, category);
    }
    const list = [...categories.values()];
    return { total: list.reduce((sum, c) => sum + c.total, 0), categories: list };
  };
  const receipts = section(true);
  const expenses = section(false);

  const carried = await queryOne<{ net: string }>(
    db,
    sql`select coalesce(sum(m.receipt - m.expense), 0) as net from treasury_movements m
        where ${inPeriod} and m.operation_account_id is null`,
  );

  const treasuryRows = await queryRows<{
    journal_type: JournalType;
    opening: string;
    receipts: string;
    expenses: string;
  }>(
    db,
    sql`select m.journal_type,
               coalesce(sum(m.receipt - m.expense) filter (where m.occurred_at < ${start}), 0) as opening,
               coalesce(sum(m.receipt) filter (where m.occurred_at >= ${start}), 0) as receipts,
               coalesce(sum(m.expense) filter (where m.occurred_at >= ${start}), 0) as expenses
        from treasury_movements m
        where ${ofEntity} and m.occurred_at < ${end}
        group by m.journal_type`,
  );
  const treasury = JOURNAL_TYPES.map((journalType) => {
    const row = treasuryRows.find((r) => r.journal_type === journalType);
    const opening = n(row?.opening);
    const r = n(row?.receipts);
    const e = n(row?.expenses);
    return { journal_type: journalType, opening, receipts: r, expenses: e, closing: opening + r - e };
  });

  const monthRows = await queryRows<{ month: string; receipts: string; expenses: string }>(
    db,
    sql`select to_char(m.occurred_at at time zone ${JOURNAL_TIME_ZONE}, 'YYYY-MM') as month,
               coalesce(sum(m.receipt - m.expense) filter (where c.kind = 'receipt'), 0) as receipts,
               coalesce(sum(m.expense - m.receipt) filter (where c.kind <> 'receipt'), 0) as expenses
        from treasury_movements m
        join operation_accounts a on a.id = m.operation_account_id
        join operation_account_categories c on c.id = a.category_id
        where ${inPeriod}
        group by 1`,
  );
  const months = monthsOf(query).map((month) => {
    const row = monthRows.find((r) => r.month === month);
    return { month, receipts: n(row?.receipts), expenses: n(row?.expenses) };
  });

  return {
    entity: { type: entity.type, id: entity.id, name: entity.name },
    period: periodOf(query),
    receipts,
    expenses,
    result: receipts.total - expenses.total,
    carried_forward: n(carried?.net),
    treasury,
    treasury_total: {
      opening: treasury.reduce((sum, t) => sum + t.opening, 0),
      closing: treasury.reduce((sum, t) => sum + t.closing, 0),
    },
    months,
  };
}
