import { sql, type SQL } from 'drizzle-orm';
import { JOURNAL_MESSAGES, JOURNAL_TIME_ZONE, type TreasuryTotals } from '../../../../contract/journals';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query';
import type { FinanceEntityType } from '../../db/schema/finance';
import { httpError } from '../../http/errors';
import { bounds, periodOf } from './period';

type GroupType = Extract<FinanceEntityType, 'section' | 'region' | 'national_office'>;

/**
 * Where each (owner, day) sum of the period counts, for a group (decision 0027): `part` and the filter that keeps
 * the group's own. A department's movement is its owner's. A church's movement counts under the section
 * the church belonged to on the movement's day: `church_periods` spells each church's sections over time
 * from `church_moves` (a move takes the church out of `from_section_id` on its `effective_date`; after its
 * last move the church is in `churches.section_id`), so a moved church's history stays where it was made.
 */
function partOf(type: GroupType, id: number): { part: SQL; mine: SQL } {
  switch (type) {
    case 'section':
      return {
        part: sql`case when p.owner_type = 'section' then 'section:' || p.owner_id else 'church:' || p.owner_id end`,
        mine: sql`p.section_id = ${id} and p.owner_type in ('section', 'church')`,
      };
    case 'region':
      return {
        part: sql`case when p.owner_type = 'region' then 'region:' || p.owner_id else 'section:' || p.section_id end`,
        mine: sql`p.region_id = ${id} and p.owner_type in ('region', 'section', 'church')`,
      };
    case 'national_office':
      return {
        part: sql`case when p.owner_type = 'national_office' then 'national_office:' || p.owner_id
          else 'region:' || p.region_id end`,
        mine: sql`p.office_id = ${id}`,
      };
  }
}

/**
 * Net amounts of a movement `m` (`o` the movement it reverses): a reversal takes its amount off the side of
 * the movement it cancels (a cancelled receipt lowers the receipts, it is not an expense), as the dashboards
 * count; opening balances are carried money, not receipts of the period (filtered out in the statement).
 */
const NET_RECEIPT = sql`case when m.source_type = 'reversal' then -m.expense else m.receipt end`;
const NET_EXPENSE = sql`case when m.source_type = 'reversal' then -m.receipt else m.expense end`;

const NAME: Record<string, SQL> = {
  national_office: sql`(select name from national_offices where id = p.part_id)`,
  region: sql`(select name from regions where id = p.part_id)`,
  section: sql`(select name from sections where id = p.part_id)`,
  church: sql`(select name from churches where id = p.part_id)`,
};

/**
 * GET /treasury-totals: a section's, region's or national office's receipts and expenses of a period,
 * its own and those of each entity directly below (with their subtrees), by membership on each
 * movement's day, net of reversals, opening balances left out. One statement.
 */
export async function treasuryTotals(
  db: Db,
  entity: { type: FinanceEntityType; id: number; name: string },
  period: { from_date: string; to_date: string },
): Promise<TreasuryTotals> {
  if (entity.type === 'church' || entity.type === 'department')
    throw httpError(400, JOURNAL_MESSAGES.totalsGroupOnly);
  const type = entity.type as GroupType;
  const { part, mine } = partOf(type, entity.id);
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
          select coalesce(d.entity_type::text, m.entity_type::text) as owner_type,
            coalesce(d.entity_id, m.entity_id) as owner_id,
            (m.occurred_at at time zone ${JOURNAL_TIME_ZONE})::date as day,
            sum(${NET_RECEIPT}) as r, sum(${NET_EXPENSE}) as e
          from treasury_movements m
          left join treasury_movements o on o.id = m.reverses_id
          left join departments d on m.entity_type = 'department' and d.id = m.entity_id
          where m.occurred_at >= ${start} and m.occurred_at < ${end}
            and m.source_type <> 'opening_balance' and coalesce(o.source_type, '') <> 'opening_balance'
          group by 1, 2, 3
        ),
        church_periods as (
          select cm.church_id,
            lag(cm.effective_date) over (partition by cm.church_id order by cm.effective_date, cm.id) as from_day,
            cm.effective_date as to_day, cm.from_section_id as section_id
          from church_moves cm
          union all
          select ch.id, (select max(cm.effective_date) from church_moves cm where cm.church_id = ch.id), null,
            ch.section_id
          from churches ch
        ),
        placed as (
          select mv.owner_type, mv.owner_id, mv.r, mv.e,
            case mv.owner_type when 'church' then cp.section_id when 'section' then mv.owner_id end as section_id
          from mv
          left join church_periods cp on mv.owner_type = 'church' and cp.church_id = mv.owner_id
            and (cp.from_day is null or mv.day >= cp.from_day) and (cp.to_day is null or mv.day < cp.to_day)
        ),
        p as (
          select placed.*,
            coalesce(se.region_id, case when placed.owner_type = 'region' then placed.owner_id end) as region_id,
            coalesce(rg.national_office_id, case when placed.owner_type = 'national_office' then placed.owner_id end)
              as office_id
          from placed
          left join sections se on se.id = placed.section_id
          left join regions rg on rg.id = coalesce(se.region_id, case when placed.owner_type = 'region' then placed.owner_id end)
        ),
        parts as (
          select split_part(part, ':', 1) as part_type, split_part(part, ':', 2)::int as part_id,
                 coalesce(sum(r), 0) as r, coalesce(sum(e), 0) as e
          from (select ${part} as part, p.r, p.e from p where ${mine}) x
          group by part
        )
        select p.part_type, p.part_id, p.r, p.e, case p.part_type
            when 'national_office' then ${NAME.national_office} when 'region' then ${NAME.region}
            when 'section' then ${NAME.section} when 'church' then ${NAME.church} end as name
        from parts p`,
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
