import { sql, type SQL } from 'drizzle-orm';
import type { JournalType } from '../../../../contract/accounts';
import { JOURNAL_MESSAGES, type TreasuryJournalAnswer } from '../../../../contract/journals';
import type { Db } from '../../db/client';
import { queryOne } from '../../db/query';
import type { FinanceEntityType } from '../../db/schema/finance';
import { httpError } from '../../http/errors';
import { financeEntityOf } from '../../permissions/entity';
import { bounds, periodOf, type Period } from '../treasury';
import { n, NAME_SQL } from './journals';

// GET /treasury-journal: one journal (cash, bank, electronic) of an entity, its rows with their running
// balance, read in one statement with the caller's check (decision 0034).

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

/**
 * What GET /treasury-journal reads with its caller's check (authorizeWith): the entity in the finance
 * tables' words (an activity group is its department; 400 for a type that names no entity, before any
 * other check) and the journal's statement.
 */
export function treasuryJournalRead(
  query: TreasuryJournalQuery & { entity_type: string; entity_id: number },
): { entity: { type: FinanceEntityType; id: number }; statement: SQL } {
  const type = financeEntityOf(query.entity_type);
  if (!type) throw httpError(400, JOURNAL_MESSAGES.entityType);
  const entity = { type, id: query.entity_id };
  return { entity, statement: treasuryJournalSql(entity, query) };
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
