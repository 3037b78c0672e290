import type { DepartmentRole } from '../../../../contract/activities';
import type { Db } from '../../db/client';
import type { Actor, EntityRef, Gate } from '../../http/authorize';
import { departmentLeaders, departmentRole, type Owner } from './entities';
import { authorizeOnOwner, leadsDepartment } from './policy';

/**
 * Authorises `codes` on an owner for the gate's user (authorizeOnOwner: their role in a department, or
 * the permission) and answers that role (null but on a department they belong to).
 */
export async function authorizeOwner(
  db: Db,
  gate: Gate,
  owner: Owner,
  codes: string | readonly string[],
): Promise<DepartmentRole | null> {
  const role = owner.type === 'department' ? await departmentRole(db, gate.actor.userId, owner.id) : null;
  await authorizeOnOwner(gate, owner, codes, role);
  return role;
}

/** A rule a user passes by without the permission (the `unless` of a check). */
export type UserRule = (user: Pick<Actor, 'userId'>) => boolean;

/**
 * A department's leader's rule on an entity, as a policy asks it (departmentLeaderRule with the module's
 * database): nobody passes by it on an entity that is not a department.
 */
export type LeaderRuleOf = (entity: EntityRef) => Promise<UserRule>;

/**
 * The rule a department's leader passes by (leadsDepartment, decision 0047), read for an entity as the
 * API or the data names it: the `unless` of the money reads and of a new expense request of a department
 * (no one passes by it on any other entity). The other modules' way to ask it.
 */
export async function departmentLeaderRule(db: Db, entity: EntityRef): Promise<UserRule> {
  return leadsDepartment(await departmentLeaders(db, entity));
}
