import { sql, type SQL } from 'drizzle-orm';
import { CLOSING_MESSAGES } from '../../../../contract/closings';
import { dayIn } from '../../../../contract/dates';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query';
import type { FinanceEntityType } from '../../db/schema/finance';
import { httpError } from '../../http/errors';

/*
 * Closed years never change (decision 0042). A closing of (entity, year) freezes the figures of
 * that year the entity answers for:
 * - its own books: the movements of the year and, carried forward, every balance before it (the
 *   statements, the journals' opening balances, the closing's carry-forward), its fixed assets' figures,
 *   its records of the year (budget, payslips, the status of a receipt);
 * - for a group (section, region, national office, and the owner of a department), the totals of the
 *   year of everything counted in it on each day (`GET /treasury-totals`: a church under the section it
 *   belonged to that day, decision 0027).
 * `closingsOf` reads, inside the write's transaction, every closing that can freeze a figure a write of
 * an entity changes; `closedYearChanged` answers which closed year (the first) a given change would
 * touch. Every write that changes a figure goes through them, in its own module's service.
 *
 * The pair with the closing itself: `closingsOf` first takes, shared, the closing lock of each entity
 * it reads (`closingLockKey`), which `confirmClosing` takes exclusively. A closing therefore waits for
 * the writes in flight (and its computation then sees them), and a write that starts while a closing
 * runs waits for it, then sees the year closed: a write and a closing of the same year never both pass.
 */

/** An entity that keeps books: the movements' names (lower case). */
export type LedgerEntity = { type: FinanceEntityType; id: number };

/** A closing that freezes figures of an entity. */
export type ClosedYear = {
  year: number;
  /** the entity's own closing; otherwise a group's, which freezes its totals */
  own: boolean;
  /** the days (YYYY-MM-DD, `to` excluded) the entity counted in that group; null: always */
  from: string | null;
  to: string | null;
};

/** What a write changes, to ask which closed year it would touch. */
export type YearChange =
  /** a movement dated that day (YYYY-MM-DD): the entity's books from that year on, the groups' totals of that day */
  | { books: string }
  /** a record of the entity belonging to that year (a budget, a payslip, the status of a receipt) */
  | { record: number }
  /** the groups' totals from that day on (YYYY-MM-DD): a church's move, asked of both sections */
  | { totalsFrom: string };

/** The advisory lock of the closings of an entity: exclusive for a closing, shared for a write. */
export const closingLockKey = (entity: LedgerEntity) => `closing:${entity.type}:${entity.id}`;

/**
 * The entity and every group its figures count in, with the days: a department's owner; a church's
 * sections over time (its moves, as GET /treasury-totals reads them), their regions and national offices;
 * a section's region and office; a region's office.
 */
function chainOf(entity: LedgerEntity): SQL {
  return sql`with owner as (
      select coalesce(d.entity_type::text, ${entity.type}::text) as type, coalesce(d.entity_id, ${entity.id}::int) as id
      from (select 1) one left join departments d on ${entity.type}::text = 'department' and d.id = ${entity.id}::int
    ),
    s as (
      select cm.from_section_id as id,
        lag(cm.effective_date) over (order by cm.effective_date, cm.id) as from_day, cm.effective_date as to_day
      from church_moves cm join owner o on o.type = 'church' and cm.church_id = o.id
      union all
      select ch.section_id, (select max(cm.effective_date) from church_moves cm where cm.church_id = ch.id), null::date
      from churches ch join owner o on o.type = 'church' and ch.id = o.id
      union all
      select o.id, null::date, null::date from owner o where o.type = 'section'
    ),
    r as (
      select se.region_id as id, s.from_day, s.to_day from s join sections se on se.id = s.id
      union all
      select o.id, null::date, null::date from owner o where o.type = 'region'
    ),
    n as (
      select rg.national_office_id as id, r.from_day, r.to_day from r join regions rg on rg.id = r.id
      union all
      select o.id, null::date, null::date from owner o where o.type = 'national_office'
    )
    select ${entity.type}::text as type, ${entity.id}::int as id, true as own, null::date as from_day, null::date as to_day
    union all select o.type, o.id, false, null::date, null::date from owner o where o.type <> ${entity.type}::text
    union all select 'section', s.id, false, s.from_day, s.to_day from s where ${entity.type}::text <> 'section'
    union all select 'region', r.id, false, r.from_day, r.to_day from r where ${entity.type}::text <> 'region'
    union all select 'national_office', n.id, false, n.from_day, n.to_day from n
      where ${entity.type}::text <> 'national_office'`;
}

/**
 * Every closing that freezes figures of the entity (its own, its groups'), read inside the caller's
 * transaction after taking their closing locks (shared): see the pair with the closing above.
 */
export async function closingsOf(tx: Db, entity: LedgerEntity): Promise<ClosedYear[]> {
  // one statement locks, the next reads: it sees a closing committed while this one waited
  await tx.execute(
    sql`select count(pg_advisory_xact_lock_shared(hashtext('closing:' || c.type || ':' || c.id)))
        from (select distinct type, id from (${chainOf(entity)}) chain) c`,
  );
  const rows = await queryRows<{
    year: number;
    own: boolean;
    from_day: string | null;
    to_day: string | null;
  }>(
    tx,
    sql`select f.year, c.own, to_char(c.from_day, 'YYYY-MM-DD') as from_day, to_char(c.to_day, 'YYYY-MM-DD') as to_day
        from (${chainOf(entity)}) c
        join fiscal_closings f on f.entity_type = c.type and f.entity_id = c.id
        order by f.year`,
  );
  return rows.map((r) => ({ year: Number(r.year), own: r.own, from: r.from_day, to: r.to_day }));
}

const yearOf = (day: string) => Number(day.slice(0, 4));
/** The entity counted in the group on that day. */
const countedOn = (c: ClosedYear, day: string) =>
  (c.from === null || day >= c.from) && (c.to === null || day < c.to);
/** The entity counted in the group on a day of [from, to]. */
const countedDuring = (c: ClosedYear, from: string, to: string) =>
  (c.from === null || c.from <= to) && (c.to === null || c.to > from);

/**
 * The rule (decision 0042): the first closed year whose figures `change` would touch, or null.
 * - a movement dated d: the entity's own closings of d's year or later (a balance is carried into every
 *   later year), and the closings of d's year by a group the entity counted in on d (its totals);
 * - a record of year Y: the entity's own closing of Y;
 * - the totals from d on: any closing of d's year or later by a group counted in from d.
 */
export function closedYearChanged(closings: ClosedYear[], change: YearChange): number | null {
  const touched = closings.filter((c) => {
    if ('books' in change) {
      const year = yearOf(change.books);
      return c.own ? c.year >= year : c.year === year && countedOn(c, change.books);
    }
    if ('record' in change) return c.own && c.year === change.record;
    const from = change.totalsFrom;
    return (
      c.year >= yearOf(from) &&
      countedDuring(c, from > `${c.year}-01-01` ? from : `${c.year}-01-01`, `${c.year}-12-31`)
    );
  });
  return touched.length ? Math.min(...touched.map((c) => c.year)) : null;
}

/** 409 'L'exercice {année} est clôturé.' when a closed year is touched. */
export function assertYearNotClosed(year: number | null): void {
  if (year !== null) throw httpError(409, CLOSING_MESSAGES.yearClosed(year));
}

/** The French 409 of a write that would change a closed year (contract/closings.ts). */
export const lockedYearMessage = CLOSING_MESSAGES.yearClosed;

/**
 * The day of an instant in Africa/Abidjan (UTC all year): a date, a date-time without offset (read
 * there), or an instant with one.
 */
export function dayOfInstant(instant: string): string {
  const local = /^(\d{4}-\d{2}-\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/.exec(instant);
  return local ? local[1] : dayIn(new Date(instant));
}

/** Refuses (409) a movement of the entity dated `occurredAt` when it would change a closed year. */
export async function assertYearOpen(
  tx: Db,
  entityType: FinanceEntityType,
  entityId: number,
  occurredAt: string,
): Promise<void> {
  const closings = await closingsOf(tx, { type: entityType, id: entityId });
  assertYearNotClosed(closedYearChanged(closings, { books: dayOfInstant(occurredAt) }));
}

/** Refuses (409) a change to a record of the entity belonging to a closed year (a budget, a payslip...). */
export async function assertRecordYearOpen(tx: Db, entity: LedgerEntity, ...years: number[]): Promise<void> {
  const closings = await closingsOf(tx, entity);
  const touched = years
    .map((year) => closedYearChanged(closings, { record: year }))
    .filter((y) => y !== null);
  assertYearNotClosed(touched.length ? Math.min(...touched) : null);
}

/** The years the entity closed itself (the figures of its own books, e.g. its fixed assets), ascending. */
export async function ownClosedYears(tx: Db, entity: LedgerEntity): Promise<number[]> {
  return (await closingsOf(tx, entity)).filter((c) => c.own).map((c) => c.year);
}
