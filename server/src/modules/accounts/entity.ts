import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryOne } from '../../db/query';
import type { FinanceEntityType } from '../../db/schema/finance';

/** SQL: the national office above an entity (a department climbs through the entity it hangs on). */
function nationalOfficeSql(type: FinanceEntityType, id: number): SQL {
  return sql`with recursive up(t, i) as (
      select ${type}::text, ${id}::int
      union all
      select case up.t when 'department' then d.entity_type when 'church' then 'section'
                       when 'section' then 'region' when 'region' then 'national_office' end,
             case up.t when 'department' then d.entity_id when 'church' then c.section_id
                       when 'section' then s.region_id when 'region' then r.national_office_id end
      from up
      left join departments d on up.t = 'department' and d.id = up.i
      left join churches c on up.t = 'church' and c.id = up.i
      left join sections s on up.t = 'section' and s.id = up.i
      left join regions r on up.t = 'region' and r.id = up.i
      where up.t <> 'national_office' and up.i is not null
    )
    select i as id from up where t = 'national_office' limit 1`;
}

/** The id of the national office an entity belongs to (null when the entity does not exist). */
export async function nationalOfficeOf(db: Db, type: FinanceEntityType, id: number): Promise<number | null> {
  const row = await queryOne<{ id: number | null }>(db, nationalOfficeSql(type, id));
  return row?.id ?? null;
}
