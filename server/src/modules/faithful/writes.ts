import { eq, sql } from 'drizzle-orm';
import type { CreateFaithfulBody } from '../../../../contract/faithful';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { queryOne } from '../../db/query';
import { roleAssignments, users } from '../../db/schema/core';
import type { Actor, Gate } from '../../http/authorize';
import type { Visibility } from '../../permissions/visibility';
import { assertMayEditPerson } from './policy';
import {
  assertUserVisible,
  assignRegistrationNumbers,
  conflict,
  rethrowUniqueViolation,
  uniquenessErrors,
  type FaithfulFields,
} from './service';

function columns(fields: FaithfulFields) {
  return {
    firstname: fields.firstname,
    lastname: fields.lastname,
    phone: fields.phone,
    email: fields.email,
    registrationNumber: fields.registration_number,
    gender: fields.gender,
    birthDate: fields.birth_date,
    address: fields.address,
  };
}

export async function faithfulRoleId(db: Db): Promise<number | null> {
  const row = await queryOne<{ id: number }>(db, sql`select id from roles where code = 'faithful'`);
  return row?.id ?? null;
}

/**
 * Inserts faithful of one church, with the 'faithful' role and a matricule when none is given, and one
 * audit record per user: inside the caller's transaction.
 */
export async function insertFaithful(
  tx: Db,
  actor: Actor,
  churchId: number,
  rows: FaithfulFields[],
  action: string,
): Promise<number[]> {
  const ids: number[] = [];
  const roleId = await faithfulRoleId(tx);
  for (let from = 0; from < rows.length; from += 500) {
    const chunk = rows.slice(from, from + 500);
    const inserted = await tx
      .insert(users)
      .values(chunk.map((row) => ({ ...columns(row), churchId })))
      .returning({ id: users.id });
    ids.push(...inserted.map((row) => row.id));
  }
  if (roleId !== null && ids.length > 0) {
    for (let from = 0; from < ids.length; from += 1000) {
      await tx
        .insert(roleAssignments)
        .values(ids.slice(from, from + 1000).map((userId) => ({ userId, roleId, assignedBy: actor.userId })));
    }
  }
  await assignRegistrationNumbers(tx, ids);
  if (action === 'faithful.create') {
    await audit(tx, {
      userId: actor.userId,
      action,
      entityType: 'user',
      entityId: ids[0],
      data: { church_id: churchId, firstname: rows[0].firstname, lastname: rows[0].lastname },
      ip: actor.ip,
    });
  }
  return ids;
}

/** POST /users/faithful: uniqueness checked first (409 in French), then one transaction. */
export async function createFaithful(
  db: Db,
  actor: Actor,
  body: CreateFaithfulBody & FaithfulFields & { church_id: number },
): Promise<number> {
  const errors = await uniquenessErrors(db, body, null);
  if (errors.length > 0) conflict(errors);
  try {
    return await db.transaction(async (tx) => {
      const [id] = await insertFaithful(tx, actor, body.church_id, [body], 'faithful.create');
      return id;
    });
  } catch (error) {
    rethrowUniqueViolation(error);
  }
}

/**
 * PUT /users/{id}: a person the user sees (404, 403) and may edit (policy.ts); the fields given (absent
 * ones keep their value); the audit keeps what changed. Answers the person's id.
 */
export async function updateFaithful(
  db: Db,
  gate: Gate,
  visibility: Visibility,
  personId: number,
  fields: Partial<FaithfulFields> & Pick<FaithfulFields, 'firstname' | 'lastname'>,
): Promise<number> {
  const { actor } = gate;
  const person = await assertUserVisible(db, visibility, actor.userId, personId);
  await assertMayEditPerson(gate, person);
  const { id } = person;
  const errors = await uniquenessErrors(
    db,
    {
      phone: fields.phone ?? null,
      email: fields.email ?? null,
      registration_number: fields.registration_number ?? null,
    },
    id,
  );
  if (errors.length > 0) conflict(errors);
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      const now = Object.fromEntries(
        Object.entries(columns(fields as FaithfulFields)).filter(([, value]) => value !== undefined),
      );
      await tx
        .update(users)
        .set({ ...now, updatedAt: new Date() })
        .where(eq(users.id, id));
      const changed: Record<string, { from: unknown; to: unknown }> = {};
      for (const [key, value] of Object.entries(now)) {
        const old = (before as Record<string, unknown>)[key];
        if ((old ?? null) !== (value ?? null)) changed[key] = { from: old ?? null, to: value ?? null };
      }
      await audit(tx, {
        userId: actor.userId,
        action: 'faithful.update',
        entityType: 'user',
        entityId: id,
        data: { changed },
        ip: actor.ip,
      });
    });
  } catch (error) {
    rethrowUniqueViolation(error);
  }
  return id;
}
