import { sql } from 'drizzle-orm';
import { ACTIVITY_MESSAGES as M, type ActivityType } from '../../../../contract/activities';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { queryOne, queryRows } from '../../db/query';
import type { Gate } from '../../http/authorize';
import { httpError } from '../../http/errors';
import { authorizeOwner } from './access';
import { apiType, type Owner } from './entities';
import { num } from './rows';

// The activity types: those shared by every entity (no owner) and each entity's own.

type TypeRow = { id: number; name: string; entity_type: string | null; entity_id: number | null };
const toType = (r: TypeRow): ActivityType => ({
  id: num(r.id),
  name: r.name,
  entity_type: r.entity_type ? apiType(r.entity_type) : null,
  entity_id: r.entity_id === null ? null : num(r.entity_id),
});

/** The shared types and the owner's own ones, by name (activity:view on the owner). */
export async function listActivityTypes(db: Db, gate: Gate, owner: Owner): Promise<ActivityType[]> {
  await authorizeOwner(db, gate, owner, 'activity:view');
  const rows = await queryRows<TypeRow>(
    db,
    sql`select id, name, entity_type, entity_id from activity_types
        where entity_type is null or (entity_type = ${owner.type} and entity_id = ${owner.id})
        order by name, id`,
  );
  return rows.map(toType);
}

/** A type of the owner's own (activity:create on it); 409 when the name is taken there. */
export async function createActivityType(
  db: Db,
  gate: Gate,
  owner: Owner,
  name: string,
): Promise<ActivityType> {
  await authorizeOwner(db, gate, owner, 'activity:create');
  const { actor } = gate;
  return db.transaction(async (tx) => {
    const existing = await queryOne<{ id: number }>(
      tx,
      sql`select id from activity_types where lower(name) = lower(${name})
          and (entity_type is null or (entity_type = ${owner.type} and entity_id = ${owner.id}))`,
    );
    if (existing) throw httpError(409, M.typeExists);
    const row = await queryOne<TypeRow>(
      tx,
      sql`insert into activity_types (name, entity_type, entity_id, created_by)
          values (${name}, ${owner.type}, ${owner.id}, ${actor.userId})
          returning id, name, entity_type, entity_id`,
    );
    await audit(tx, {
      userId: actor.userId,
      action: 'activity_type.create',
      entityType: owner.type,
      entityId: owner.id,
      data: { id: row!.id, name },
      ip: actor.ip,
    });
    return toType(row!);
  });
}
