import { sql, type SQL } from 'drizzle-orm';
import type { ListMeta } from '../../../../contract/common';
import type { FaithfulTransfer } from '../../../../contract/faithful';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { isoString, queryOne, queryRows } from '../../db/query';
import { faithfulTransfers } from '../../db/schema/core';
import { likePattern } from '../../db/search';
import type { Actor, Gate } from '../../http/authorize';
import { httpError } from '../../http/errors';
import { intArray, type Visibility } from '../../permissions/visibility';
import { transferRequested } from '../notifications';
import { assertMayDecide, seesTransfer, type TransferDecision } from './policy';
import { churchRef } from './service';

export const TRANSFER_ERRORS = {
  notFound: 'Transfert introuvable.',
  forbidden: "Vous n'avez pas accès à ce transfert.",
  sameChurch: "L'église de destination doit être différente de l'église actuelle du fidèle.",
  mixedChurches: 'Les fidèles sélectionnés doivent appartenir à la même église.',
  noChurch: "Ce fidèle n'est rattaché à aucune église.",
  userNotFound: 'Fidèle introuvable.',
  destinationNotFound: 'Église de destination introuvable.',
  alreadyPending: (name: string) => `Un transfert est déjà en attente pour ${name}.`,
  alreadyDecided: 'Ce transfert a déjà été traité.',
  moved: "Le fidèle n'appartient plus à l'église d'origine : le transfert ne peut pas être accepté.",
} as const;

type TransferRow = {
  id: number;
  status: FaithfulTransfer['status'];
  reason: string | null;
  requested_at: string | Date;
  decided_at: string | Date | null;
  user: FaithfulTransfer['user'];
  from_church: FaithfulTransfer['from_church'];
  to_church: FaithfulTransfer['to_church'];
  requested_by: FaithfulTransfer['requested_by'];
  decided_by: FaithfulTransfer['decided_by'];
};

const transferSelect = sql`
  select t.id, t.status, t.reason, t.created_at as requested_at, t.decided_at,
    json_build_object('id', u.id, 'firstname', u.firstname, 'lastname', u.lastname,
      'registration_number', u.registration_number, 'phone', u.phone) as "user",
    json_build_object('id', fc.id, 'name', fc.name) as from_church,
    json_build_object('id', tc.id, 'name', tc.name) as to_church,
    case when rb.id is null then null
      else json_build_object('id', rb.id, 'fullname', rb.firstname || ' ' || rb.lastname) end as requested_by,
    case when db.id is null then null
      else json_build_object('id', db.id, 'fullname', db.firstname || ' ' || db.lastname) end as decided_by
  from faithful_transfers t
  join users u on u.id = t.user_id
  join churches fc on fc.id = t.from_church_id
  join churches tc on tc.id = t.to_church_id
  left join users rb on rb.id = t.requested_by
  left join users db on db.id = t.decided_by`;

function toTransfer(row: TransferRow): FaithfulTransfer {
  return {
    ...row,
    requested_at: isoString(row.requested_at),
    decided_at: row.decided_at ? isoString(row.decided_at) : null,
  };
}

export async function getTransfer(db: Db, id: number): Promise<FaithfulTransfer> {
  const row = await queryOne<TransferRow>(db, sql`${transferSelect} where t.id = ${id}`);
  if (!row) throw httpError(404, TRANSFER_ERRORS.notFound);
  return toTransfer(row);
}

/** The transfers received (incoming) or sent (outgoing) by the visible churches, newest first. */
export async function listTransfers(
  db: Db,
  visibility: Visibility,
  query: {
    direction: 'incoming' | 'outgoing';
    church_id?: number;
    status?: FaithfulTransfer['status'];
    search?: string;
    page: number;
    limit: number;
  },
): Promise<{ data: FaithfulTransfer[]; meta: ListMeta }> {
  const column = query.direction === 'incoming' ? sql`t.to_church_id` : sql`t.from_church_id`;
  const conditions: SQL[] = [
    visibility.all ? sql`true` : sql`${column} = any(${intArray(visibility.churchIds)}::int[])`,
  ];
  if (query.church_id !== undefined) conditions.push(sql`${column} = ${query.church_id}`);
  if (query.status) conditions.push(sql`t.status = ${query.status}`);
  if (query.search) {
    conditions.push(
      sql`(u.firstname || ' ' || u.lastname || ' ' || coalesce(u.registration_number, '')) ilike ${likePattern(query.search)}`,
    );
  }
  const where = sql.join(conditions, sql` and `);
  const offset = (query.page - 1) * query.limit;
  const [rows, count] = await Promise.all([
    queryRows<TransferRow>(
      db,
      sql`${transferSelect} where ${where}
          order by (t.status = 'pending') desc, t.created_at desc, t.id desc
          limit ${query.limit} offset ${offset}`,
    ),
    queryOne<{ total: number }>(
      db,
      sql`select count(*)::int as total from faithful_transfers t join users u on u.id = t.user_id where ${where}`,
    ),
  ]);
  return {
    data: rows.map(toTransfer),
    meta: { total: count?.total ?? 0, page: query.page, limit: query.limit },
  };
}

export type TransferSource = {
  fromChurchId: number;
  users: { id: number; name: string; pending: boolean }[];
};

/** The faithful to move: all found, all of one church (the sending church), none already pending. */
export async function transferSource(db: Db, userIds: number[]): Promise<TransferSource> {
  const ids = [...new Set(userIds)];
  const rows = await queryRows<{ id: number; church_id: number | null; name: string; pending: boolean }>(
    db,
    sql`select u.id, u.church_id, u.firstname || ' ' || u.lastname as name,
          exists(select 1 from faithful_transfers t where t.user_id = u.id and t.status = 'pending') as pending
        from users u where u.id = any(${intArray(ids)}::int[])`,
  );
  if (rows.length !== ids.length) throw httpError(404, TRANSFER_ERRORS.userNotFound);
  if (rows.some((row) => row.church_id === null)) throw httpError(400, TRANSFER_ERRORS.noChurch);
  const churches = new Set(rows.map((row) => row.church_id));
  if (churches.size > 1) throw httpError(400, TRANSFER_ERRORS.mixedChurches);
  return { fromChurchId: rows[0].church_id!, users: rows };
}

/**
 * POST /faithful-transfers, once the sending church is authorised: a different, existing destination
 * and no transfer already pending for these faithful; one pending transfer per faithful, audited.
 */
export async function requestTransfers(
  db: Db,
  actor: Actor,
  source: TransferSource,
  input: { userIds: number[]; toChurchId: number; reason: string | null },
): Promise<FaithfulTransfer[]> {
  if (source.fromChurchId === input.toChurchId) throw httpError(400, TRANSFER_ERRORS.sameChurch);
  await churchRef(db, input.toChurchId).catch(() => {
    throw httpError(404, TRANSFER_ERRORS.destinationNotFound);
  });
  const pending = source.users.find((u) => u.pending);
  if (pending) throw httpError(409, TRANSFER_ERRORS.alreadyPending(pending.name));
  try {
    return await createTransfers(db, actor, { ...input, fromChurchId: source.fromChurchId });
  } catch (error) {
    // a concurrent request for the same faithful, caught by the one-pending-transfer index
    if (
      String(error).includes('faithful_transfers_pending_uq') ||
      String((error as { cause?: unknown }).cause).includes('faithful_transfers_pending_uq')
    )
      throw httpError(409, TRANSFER_ERRORS.alreadyPending('un des fidèles'));
    throw error;
  }
}

async function createTransfers(
  db: Db,
  actor: Actor,
  input: { userIds: number[]; fromChurchId: number; toChurchId: number; reason: string | null },
): Promise<FaithfulTransfer[]> {
  const ids = await db.transaction(async (tx) => {
    const created: number[] = [];
    for (const userId of [...new Set(input.userIds)]) {
      const [row] = await tx
        .insert(faithfulTransfers)
        .values({
          userId,
          fromChurchId: input.fromChurchId,
          toChurchId: input.toChurchId,
          reason: input.reason,
          requestedBy: actor.userId,
        })
        .returning({ id: faithfulTransfers.id });
      created.push(row.id);
      const who = await queryOne<{ name: string }>(
        tx,
        sql`select firstname || ' ' || lastname as name from users where id = ${userId}`,
      );
      await transferRequested(
        tx,
        { id: row.id, faithful: who?.name ?? 'un fidèle', toChurchId: input.toChurchId },
        actor.userId,
      );
      await audit(tx, {
        userId: actor.userId,
        action: 'faithful_transfer.request',
        entityType: 'faithful_transfer',
        entityId: row.id,
        data: {
          user_id: userId,
          from_church_id: input.fromChurchId,
          to_church_id: input.toChurchId,
          reason: input.reason,
        },
        ip: actor.ip,
      });
    }
    return created;
  });
  const rows = await queryRows<TransferRow>(
    db,
    sql`${transferSelect} where t.id = any(${intArray(ids)}::int[]) order by t.id`,
  );
  return rows.map(toTransfer);
}

/**
 * Accept (the faithful's church becomes the receiving one; their contributions stay with the church
 * where they were made) or reject / cancel. The row is locked so two decisions cannot both apply; the
 * transfer must be seen from one of its churches (404 otherwise, as an unknown one), and the deciding
 * church's permission is asked on the locked row (policy.ts).
 */
export async function decideTransfer(
  db: Db,
  gate: Gate,
  visibility: Visibility,
  id: number,
  decision: TransferDecision,
): Promise<void> {
  const { actor } = gate;
  await db.transaction(async (tx) => {
    const row = await queryOne<{
      status: string;
      user_id: number;
      from_church_id: number;
      to_church_id: number;
    }>(
      tx,
      sql`select status, user_id, from_church_id, to_church_id from faithful_transfers where id = ${id} for update`,
    );
    if (!row || !seesTransfer(visibility, row)) throw httpError(404, TRANSFER_ERRORS.notFound);
    await assertMayDecide(gate, row, decision, { db: tx });
    if (row.status !== 'pending') throw httpError(409, TRANSFER_ERRORS.alreadyDecided);
    if (decision === 'accepted') {
      const moved = await queryOne<{ id: number }>(
        tx,
        sql`update users set church_id = ${row.to_church_id}, updated_at = now()
            where id = ${row.user_id} and church_id = ${row.from_church_id} returning id`,
      );
      if (!moved) throw httpError(409, TRANSFER_ERRORS.moved);
    }
    await tx.execute(sql`update faithful_transfers set status = ${decision}, decided_by = ${actor.userId},
      decided_at = now() where id = ${id}`);
    await audit(tx, {
      userId: actor.userId,
      action: `faithful_transfer.${decision === 'accepted' ? 'accept' : decision === 'rejected' ? 'reject' : 'cancel'}`,
      entityType: 'faithful_transfer',
      entityId: id,
      data: { user_id: row.user_id, from_church_id: row.from_church_id, to_church_id: row.to_church_id },
      ip: actor.ip,
    });
  });
}

/** Churches that may receive faithful: every church (names only), searched, at most `limit`. */
export async function transferDestinations(
  db: Db,
  search: string | undefined,
  limit: number,
): Promise<{ id: number; name: string; section: { id: number; name: string } }[]> {
  const pattern = search ? likePattern(search) : '%';
  return queryRows(
    db,
    sql`select c.id, c.name, json_build_object('id', s.id, 'name', s.name) as section
        from churches c join sections s on s.id = c.section_id
        where c.name ilike ${pattern} or s.name ilike ${pattern}
        order by c.name, c.id limit ${limit}`,
  );
}
