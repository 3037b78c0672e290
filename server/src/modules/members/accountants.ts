import { sql } from 'drizzle-orm';
import type { ExternalAccountant } from '../../../../contract/members';
import { audit } from '../../audit/audit';
import { hashPassword } from '../../auth/password';
import type { Db } from '../../db/client';
import { queryOne, queryRows } from '../../db/query';
import { users } from '../../db/schema/core';
import { likePattern } from '../../db/search';
import type { Actor } from '../../http/authorize';
import { httpError } from '../../http/errors';
import { intArray } from '../../permissions/visibility';

export const ACCOUNTANT_MESSAGES = {
  created: 'Comptable externe créé avec succès.',
  updated: 'Églises gérées mises à jour avec succès.',
  emailTaken: 'Un utilisateur utilise déjà cet e-mail.',
  phoneTaken: 'Un utilisateur utilise déjà ce numéro de téléphone.',
  unknownChurch: 'Église introuvable.',
  unknownUser: 'Utilisateur introuvable.',
  notAccountant: "Cet utilisateur n'est pas un comptable externe.",
  superAdminOnly: 'Seul un super-administrateur peut gérer les comptables externes.',
} as const;

const accountantSelect = sql`
  select u.id, u.firstname, u.lastname, u.email, u.phone,
    coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name, c.id)
              from managed_churches m join churches c on c.id = m.church_id where m.user_id = u.id),
             '[]'::json) as "managedChurches"
  from users u`;

const isAccountant = sql`exists (select 1 from role_assignments ra join roles r on r.id = ra.role_id
  where ra.user_id = u.id and r.code = 'external-accountant')`;

export async function listAccountants(db: Db, query: { search?: string; page: number; limit: number }) {
  const pattern = query.search ? likePattern(query.search) : null;
  const where = sql`${isAccountant} and (${pattern}::text is null or u.firstname ilike ${pattern}
    or u.lastname ilike ${pattern} or u.email ilike ${pattern})`;
  const row = await queryOne<{ total: number; rows: ExternalAccountant[] }>(
    db,
    sql`select (select count(*)::int from users u where ${where}) as total,
          coalesce((select json_agg(p) from (${accountantSelect} where ${where}
            order by u.lastname, u.firstname, u.id limit ${query.limit}
            offset ${(query.page - 1) * query.limit}) p), '[]'::json) as rows`,
  );
  return {
    data: row?.rows ?? [],
    meta: { total: row?.total ?? 0, page: query.page, limit: query.limit },
  };
}

export async function getAccountant(db: Db, id: number): Promise<ExternalAccountant> {
  const row = await queryOne<ExternalAccountant>(db, sql`${accountantSelect} where u.id = ${id}`);
  if (!row) throw httpError(404, ACCOUNTANT_MESSAGES.unknownUser);
  return row;
}

async function assertChurches(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await queryRows<{ id: number }>(
    db,
    sql`select id from churches where id = any(${intArray(ids)}::int[])`,
  );
  if (found.length !== ids.length) throw httpError(404, ACCOUNTANT_MESSAGES.unknownChurch);
}

export async function createAccountant(
  db: Db,
  actor: Actor,
  body: {
    firstname: string;
    lastname: string;
    email: string;
    phone: string | null;
    password: string;
    church_ids: number[];
  },
): Promise<ExternalAccountant> {
  const churchIds = [...new Set(body.church_ids)];
  await assertChurches(db, churchIds);
  const taken = await queryOne<{ email: boolean; phone: boolean }>(
    db,
    sql`select exists (select 1 from users where email = ${body.email}) as email,
               exists (select 1 from users where phone = ${body.phone}) as phone`,
  );
  if (taken?.email) throw httpError(409, ACCOUNTANT_MESSAGES.emailTaken);
  if (taken?.phone) throw httpError(409, ACCOUNTANT_MESSAGES.phoneTaken);
  const passwordHash = await hashPassword(body.password);
  const id = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        firstname: body.firstname,
        lastname: body.lastname,
        email: body.email,
        phone: body.phone,
        passwordHash,
      })
      .returning({ id: users.id });
    await tx.execute(
      sql`insert into role_assignments (user_id, role_id, assigned_by)
          select ${user.id}, id, ${actor.userId} from roles where code = 'external-accountant'`,
    );
    if (churchIds.length > 0) {
      await tx.execute(
        sql`insert into managed_churches (user_id, church_id)
            select ${user.id}, unnest(${intArray(churchIds)}::int[])`,
      );
    }
    await audit(tx, {
      userId: actor.userId,
      action: 'external_accountant.create',
      entityType: 'user',
      entityId: user.id,
      data: { email: body.email, church_ids: churchIds },
      ip: actor.ip,
    });
    return user.id;
  });
  return getAccountant(db, id);
}

export async function editManagedChurches(
  db: Db,
  actor: Actor,
  userId: number,
  churchIds: number[],
): Promise<ExternalAccountant> {
  const ids = [...new Set(churchIds)];
  const user = await queryOne<{ id: number; accountant: boolean }>(
    db,
    sql`select u.id, ${isAccountant} as accountant from users u where u.id = ${userId}`,
  );
  if (!user) throw httpError(404, ACCOUNTANT_MESSAGES.unknownUser);
  if (!user.accountant) throw httpError(400, ACCOUNTANT_MESSAGES.notAccountant);
  await assertChurches(db, ids);
  await db.transaction(async (tx) => {
    const before = await queryRows<{ church_id: number }>(
      tx,
      sql`delete from managed_churches where user_id = ${userId} returning church_id`,
    );
    if (ids.length > 0) {
      await tx.execute(
        sql`insert into managed_churches (user_id, church_id) select ${userId}, unnest(${intArray(ids)}::int[])`,
      );
    }
    await audit(tx, {
      userId: actor.userId,
      action: 'external_accountant.churches',
      entityType: 'user',
      entityId: userId,
      data: { before: before.map((b) => b.church_id).sort((a, b) => a - b), after: ids },
      ip: actor.ip,
    });
  });
  return getAccountant(db, userId);
}
