import { sql, type SQL } from 'drizzle-orm';
import type { Notification, NotificationList } from '../../../../contract/notifications';
import type { Db } from '../../db/client';
import { isoString, queryOne, queryRows } from '../../db/query';
import type { NotificationKind } from '../../db/schema/core';

// Notifications (decision 0026): written by the services of the events, inside their transaction, to
// the holders of the event's codes at its entity (permissions/holders.ts) or to one user; each user
// reads and marks only their own.

/** Whom a notification is written for; an external accountant's links open their own space. */
export type Recipient = { userId: number; accountant: boolean };

export type NewNotification = {
  kind: NotificationKind;
  title: string;
  body: string;
  /** the SPA path for this recipient (an external accountant has their own space) */
  link: (recipient: Recipient) => string | null;
  resourceType: string;
  resourceId: number;
};

/** One user as a recipient (the author of a request, the grantee of a permission). */
export async function recipient(tx: Db, userId: number): Promise<Recipient[]> {
  const row = await queryOne<{ accountant: boolean }>(
    tx,
    sql`select exists (select 1 from role_assignments ra join roles ro on ro.id = ra.role_id
                       where ra.user_id = u.id and ro.code = 'external-accountant') as accountant
        from users u where u.id = ${userId} and u.active`,
  );
  return row ? [{ userId, accountant: Boolean(row.accountant) }] : [];
}

/** Writes the notification for each recipient (once per user), in the caller's transaction. */
export async function notify(tx: Db, recipients: Recipient[], n: NewNotification): Promise<void> {
  const seen = new Set<number>();
  for (const r of recipients) {
    if (seen.has(r.userId)) continue;
    seen.add(r.userId);
    await tx.execute(
      sql`insert into notifications (user_id, kind, title, body, link, resource_type, resource_id)
          values (${r.userId}, ${n.kind}, ${n.title}, ${n.body}, ${n.link(r)}, ${n.resourceType}, ${n.resourceId})`,
    );
  }
}

// ---------------------------------------------------------------- reads and marks (the user's own)

type Row = {
  id: number;
  kind: Notification['kind'];
  title: string;
  body: string;
  link: string | null;
  created_at: string | Date;
  read_at: string | Date | null;
};

/** How many days before its end a grant's holder is told it expires. */
export const EXPIRING_WITHIN_DAYS = 7;

/**
 * The notices of the user's grants that end within EXPIRING_WITHIN_DAYS, written when the user reads
 * (the bell's poll, the list) rather than by a scheduled job (decision 0031): nothing to run on a fresh
 * machine, nothing to coordinate between server processes, and the holder is told by the next poll
 * after the grant enters the window. Once per grant (a unique partial index; a concurrent poll's
 * duplicate is dropped by `on conflict do nothing`); a revoked grant is not told.
 */
function expiringNotices(userId: number): SQL {
  return sql`insert into notifications (user_id, kind, title, body, link, resource_type, resource_id)
    select up.user_id, 'permission.expiring', 'Permission bientôt expirée',
           'La permission « ' || p.name || ' » expire le '
             || to_char(up.expires_at at time zone 'UTC', 'DD/MM/YYYY') || '.',
           '/mon-profil', 'user_permission', up.id
    from user_permissions up join permissions p on p.id = up.permission_id
    where up.user_id = ${userId} and up.revoked_at is null
      and up.expires_at > now() and up.expires_at <= now() + make_interval(days => ${EXPIRING_WITHIN_DAYS})
      and not exists (select 1 from notifications n
                      where n.user_id = up.user_id and n.kind = 'permission.expiring' and n.resource_id = up.id)
    on conflict do nothing`;
}

/** The unread count, after writing the user's notices of grants about to expire (one statement). */
export async function unreadCount(db: Db, userId: number): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    sql`with added as (${expiringNotices(userId)} returning 1)
        select ((select count(*) from notifications where user_id = ${userId} and read_at is null)
                + (select count(*) from added))::int as n`,
  );
  return Number(row?.n ?? 0);
}

export async function listNotifications(
  db: Db,
  userId: number,
  query: { page: number; limit: number; unread?: 'true' | 'false' },
): Promise<NotificationList> {
  const onlyUnread = query.unread === 'true';
  await db.execute(expiringNotices(userId));
  const filter = onlyUnread ? sql` and read_at is null` : sql``;
  const rows = await queryRows<Row>(
    db,
    sql`select id, kind, title, body, link, created_at, read_at from notifications
        where user_id = ${userId}${filter}
        order by created_at desc, id desc
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  const total = await queryOne<{ n: number }>(
    db,
    sql`select count(*)::int as n from notifications where user_id = ${userId}${filter}`,
  );
  return {
    data: rows.map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      title: row.title,
      body: row.body,
      link: row.link,
      created_at: isoString(row.created_at),
      read: row.read_at !== null,
    })),
    meta: { total: Number(total?.n ?? 0), page: query.page, limit: query.limit },
    unread: await unreadCount(db, userId),
  };
}

/** Marks one of the user's notifications read; false when it is not theirs (or does not exist). */
export async function markRead(db: Db, userId: number, id: number): Promise<boolean> {
  const row = await queryOne<{ id: number }>(
    db,
    sql`update notifications set read_at = coalesce(read_at, now())
        where id = ${id} and user_id = ${userId} returning id`,
  );
  return row !== undefined;
}

export async function markAllRead(db: Db, userId: number): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update notifications set read_at = now() where user_id = ${userId} and read_at is null returning id`,
  );
  return rows.length;
}
