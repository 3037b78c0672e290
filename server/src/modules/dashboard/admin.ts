import { sql } from 'drizzle-orm';
import type { AdminDashboard } from '../../../../contract/dashboard';
import type { Db } from '../../db/client';
import { isoString, queryOne } from '../../db/query';

// The administrator's home (decision 0026): the whole installation at a glance, in one statement.

/** How many audit records the home lists. */
export const AUDIT_ROWS = 10;

type Row = {
  as_of: string;
  national_offices: number;
  regions: number;
  sections: number;
  churches: number;
  departments: number;
  users: number;
  faithful: number;
  external_accountants: number;
  sessions: number;
  users_today: number;
  failed_today: number;
  unpaid: number;
  unpaid_amount: number | string;
  transfers: number;
  audit: Array<{
    id: number;
    action: string;
    entity_type: string | null;
    entity_id: number | null;
    user: string | null;
    created_at: string;
  }> | null;
};

const n = (value: unknown) => Number(value ?? 0);

export async function adminDashboard(db: Db): Promise<AdminDashboard> {
  const row = await queryOne<Row>(
    db,
    sql`select current_date::text as as_of,
          (select count(*) from national_offices where archived_at is null)::int as national_offices,
          (select count(*) from regions where archived_at is null)::int as regions,
          (select count(*) from sections where archived_at is null)::int as sections,
          (select count(*) from churches where archived_at is null)::int as churches,
          (select count(*) from departments)::int as departments,
          (select count(*) from users where active)::int as users,
          (select count(*) from users where active and church_id is not null)::int as faithful,
          (select count(distinct ra.user_id) from role_assignments ra join roles r on r.id = ra.role_id
             where r.code = 'external-accountant')::int as external_accountants,
          (select count(*) from sessions where expires_at > now())::int as sessions,
          (select count(distinct user_id) from sessions
             where expires_at > now() and last_seen_at > now() - interval '1 day')::int as users_today,
          (select count(*) from login_failures where failed_at > now() - interval '1 day')::int as failed_today,
          (select count(*) from subscriptions where status = 'active' and paid_at is null)::int as unpaid,
          (select coalesce(sum(amount), 0) from subscriptions
             where status = 'active' and paid_at is null)::bigint as unpaid_amount,
          (select count(*) from faithful_transfers where status = 'pending')::int as transfers,
          (select json_agg(a order by a.id desc) from (
             select l.id, l.action, l.entity_type, l.entity_id,
                    nullif(trim(coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, '')), '') as "user",
                    l.created_at
             from audit_log l left join users u on u.id = l.user_id
             order by l.id desc limit ${AUDIT_ROWS}) a) as audit`,
  );
  const r = row!;
  return {
    as_of: String(r.as_of),
    counts: {
      national_offices: n(r.national_offices),
      regions: n(r.regions),
      sections: n(r.sections),
      churches: n(r.churches),
      departments: n(r.departments),
      users: n(r.users),
      faithful: n(r.faithful),
      external_accountants: n(r.external_accountants),
    },
    sessions: {
      active: n(r.sessions),
      users_today: n(r.users_today),
      failed_logins_today: n(r.failed_today),
    },
    unpaid_subscriptions: { count: n(r.unpaid), amount: n(r.unpaid_amount) },
    pending_transfers: n(r.transfers),
    audit: (r.audit ?? []).map((a) => ({
      id: n(a.id),
      action: a.action,
      entity_type: a.entity_type,
      entity_id: a.entity_id === null ? null : n(a.entity_id),
      user: a.user,
      created_at: isoString(a.created_at),
    })),
  };
}
