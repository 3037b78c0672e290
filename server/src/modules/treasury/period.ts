import { sql, type SQL } from 'drizzle-orm';
import { JOURNAL_TIME_ZONE } from '../../../../contract/journals';

/**
 * A period of the documents that read the movements: `from_date..to_date` is
 * `[from_date 00:00, to_date + 1 day 00:00)` in Africa/Abidjan (UTC+0 all year), computed by PostgreSQL
 * (`timestamp at time zone`).
 */
export type Period = { from_date: string; to_date: string };

/** [start, end) of the period as timestamptz expressions (Africa/Abidjan calendar days). */
export function bounds(period: Period): { start: SQL; end: SQL } {
  return {
    start: sql`(${period.from_date}::date::timestamp at time zone ${JOURNAL_TIME_ZONE})`,
    end: sql`((${period.to_date}::date + 1)::timestamp at time zone ${JOURNAL_TIME_ZONE})`,
  };
}

/** The period as the answers name it. */
export const periodOf = (p: Period) => ({
  from_date: p.from_date,
  to_date: p.to_date,
  time_zone: JOURNAL_TIME_ZONE,
});

/**
 * A fiscal year as [start, end) instants: a calendar year of Africa/Abidjan, which is UTC all year (the
 * closings and the financial statements).
 */
export function yearBounds(year: number): { start: string; end: string } {
  return { start: `${year}-01-01T00:00:00Z`, end: `${year + 1}-01-01T00:00:00Z` };
}
