import { sql, type SQL } from 'drizzle-orm';
import { JOURNAL_MESSAGES, JOURNAL_TIME_ZONE, type TreasuryTotals } from '../../../../contract/journals';
import { churchSectionAtSql } from '../../db/church-history';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query';
import type { FinanceEntityType } from '../../db/schema/finance';
import { httpError } from '../../http/errors';
import { bounds, periodOf } from './journals';

type GroupType = Extract<FinanceEntityType, 'section' | 'region' | 'national_office'>;

/**
 * The part each movement of the period counts in, for a group (issue 20): (part_type, part_id), null
 * when the movement is not the group's. A department's movement is its owner's. A church's movement
 * counts under the section the church belonged to on the movement's day (church_moves), so a moved
 * church's history stays where it was made.
 */
function partOf(type: GroupType, id: number): SQL {
  const sectionAt = churchSectionAtSql(sql`mv.owner_id`, sql`mv.day`);
  const regionOfSection = (section: SQL) =>
    sql`(select se.region_id from sections se where se.id = ${section})`;
  const officeOfRegion = (region: SQL) =>
    sql`(select rg.national_office_id from regions rg where rg.id = ${region})`;
  switch (type) {
    case 'section':
      return sql`case
        when mv.owner_type = 'section' and mv.owner_id = ${id} then 'section:' || ${id}::text
        when mv.owner_type = 'church' and ${sectionAt} = ${id} then 'church:' || mv.owner_id
      end`;
    case 'region':
      return sql`case
        when mv.owner_type = 'region' and mv.owner_id = ${id} then 'region:' || ${id}::text
        when mv.owner_type = 'section' and ${regionOfSection(sql`mv.owner_id`)} = ${id}
          then 'section:' || mv.owner_id
        when mv.owner_type = 'church' and ${regionOfSection(sectionAt)} = ${id} then 'section:' || ${sectionAt}
      end`;
    case 'national_office':
      return sql`case
        when mv.owner_type = 'national_office' and mv.owner_id = ${id} then 'national_office:' || ${id}::text
        when mv.owner_type = 'region' and ${officeOfRegion(sql`mv.owner_id`)} = ${id} then 'region:' || mv.owner_id
        when mv.owner_type = 'section' and ${officeOfRegion(regionOfSection(sql`mv.owner_id`))} = ${id}
          then 'region:' || ${regionOfSection(sql`mv.owner_id`)}
        when mv.owner_type = 'church' and ${officeOfRegion(regionOfSection(sectionAt))} = ${id}
          then 'region:' || ${regionOfSection(sectionAt)}
      end`;
  }
}

const NAME: Record<string, SQL> = {
  national_office: sql`(select name from national_offices where id = p.part_id)`,
  region: sql`(select name from regions where id = p.part_id)`,
  section: sql`(select name from sections where id = p.part_id)`,
  church: sql`(select name from churches where id = p.part_id)`,
};

/**
 * GET /treasury-totals: a section's, region's or national office's receipts and expenses of a period,
 * its own and those of each entity directly below (with their subtrees), by membership on each
 * movement's day. One statement.
 */
export async function treasuryTotals(
  db: Db,
  entity: { type: FinanceEntityType; id: number; name: string },
  period: { from_date: string; to_date: string },
): Promise<TreasuryTotals> {
  if (entity.type === 'church' || entity.type === 'department')
    throw httpError(400, JOURNAL_MESSAGES.totalsGroupOnly);
  const type = entity.type as GroupType;
  const { start, end } = bounds(period);
  const rows = await queryRows<{
    part_type: string;
    part_id: number;
    name: string | null;
    r: string;
    e: string;
  }>(
    db,
    sql`with mv as (
          select m.receipt, m.expense,
            (m.occurred_at at time zone ${JOURNAL_TIME_ZONE})::date as day,
            coalesce(d.entity_type::text, m.entity_type::text) as owner_type,
            coalesce(d.entity_id, m.entity_id) as owner_id
          from treasury_movements m
          left join departments d on m.entity_type = 'department' and d.id = m.entity_id
          where m.occurred_at >= ${start} and m.occurred_at < ${end}
        ),
        placed as (select ${partOf(type, entity.id)} as part, mv.receipt, mv.expense from mv),
        p as (
          select split_part(part, ':', 1) as part_type, split_part(part, ':', 2)::int as part_id,
                 coalesce(sum(receipt), 0) as r, coalesce(sum(expense), 0) as e
          from placed where part is not null group by part
        )
        select p.part_type, p.part_id, p.r, p.e, case p.part_type
            when 'national_office' then ${NAME.national_office} when 'region' then ${NAME.region}
            when 'section' then ${NAME.section} when 'church' then ${NAME.church} end as name
        from p`,
  );
  const parts = rows
    .map((row) => ({
      type: row.part_type,
      id: Number(row.part_id),
      name: row.name ?? '',
      receipts: Number(row.r),
      expenses: Number(row.e),
    }))
    .sort((a, b) =>
      a.type === type ? -1 : b.type === type ? 1 : a.name.localeCompare(b.name, 'fr') || a.id - b.id,
    );
  const receipts = parts.reduce((sum, part) => sum + part.receipts, 0);
  const expenses = parts.reduce((sum, part) => sum + part.expenses, 0);
  return {
    entity: { type: entity.type, id: entity.id, name: entity.name },
    period: periodOf(period),
    receipts,
    expenses,
    balance: receipts - expenses,
    parts,
  };
}
