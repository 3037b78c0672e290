import type { DepartmentRole } from '../../../../contract/activities';
import type { Db } from '../../db/client';
import type { Gate } from '../../http/authorize';
import { departmentRole, type Owner } from './entities';
import { authorizeOnOwner } from './policy';

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
