import { sql, type SQL } from 'drizzle-orm';

/**
 * SQL: the section a church belonged to on a day (issue 20). A move in `church_moves` takes the church
 * out of `from_section_id` on its `effective_date`: on a day before the first move that follows it,
 * the church was in that move's `from_section_id`; after every move, it is in `churches.section_id`.
 * `day` is a date expression (the Africa/Abidjan day of a movement).
 */
export function churchSectionAtSql(churchId: SQL, day: SQL): SQL {
  return sql`coalesce(
    (select cm.from_section_id from church_moves cm
      where cm.church_id = ${churchId} and cm.effective_date > ${day}
      order by cm.effective_date, cm.id limit 1),
    (select ch.section_id from churches ch where ch.id = ${churchId}))`;
}
