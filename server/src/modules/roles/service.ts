import { sql } from 'drizzle-orm';
import { GROUP_SCOPES, type Position, type RoleGroup } from '../../../../contract/roles';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query';

/**
 * The positions (roles `{scope}::{position}`) of a group's level; with the group's id, each says
 * whether someone already holds it there.
 */
export function groupPositions(db: Db, group: RoleGroup, id: number | undefined): Promise<Position[]> {
  const scope = GROUP_SCOPES[group];
  return queryRows<Position>(
    db,
    sql`select r.id, r.code, r.name, r.scope,
          (${id ?? null}::int is not null and exists (
            select 1 from role_assignments ra
            where ra.role_id = r.id and ra."group" = ${group} and ra.group_id = ${id ?? null}::int
          )) as assigned
        from roles r
        where r.scope = ${scope} or (${scope} = 'national_office' and r.code like 'ngo::%')
        order by r.priority, r.id`,
  );
}
