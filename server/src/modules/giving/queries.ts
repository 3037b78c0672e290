import { sql, type SQL } from 'drizzle-orm';
import type {
  Checkout,
  CheckoutList,
  CheckoutStatus,
  GivingEntity,
  PublicCheckout,
} from '../../../../contract/giving';
import type { ContributionType } from '../../../../contract/contributions';
import type { Db } from '../../db/client';
import { isoString, queryOne, queryRows } from '../../db/query';
import type { MemberPlaces } from './policy';

// The reads of online giving: the checkouts as the giver and the treasurers see them, a guest's
// checkout as its public page follows it, a church's list and its totals, where a member may give.

export type CheckoutRow = {
  id: number;
  public_id: string;
  transaction_id: string;
  status: CheckoutStatus;
  church_id: number;
  church_name: string;
  entity_type: 'church' | 'department';
  entity_id: number;
  entity_name: string | null;
  user_id: number | null;
  user_name: string | null;
  guest_name: string | null;
  is_anonymous: boolean;
  phone: string;
  type: ContributionType;
  amount: number;
  currency: string;
  fee: number | null;
  operator: string | null;
  provider_reference: string | null;
  failure_reason: string | null;
  contribution_id: number | null;
  receipt_number: string | null;
  receipt_public_id: string | null;
  contribution_status: 'valid' | 'cancelled' | null;
  contribution_amount: number | null;
  token: string | null;
  merchant: string;
  payment_account_id: number;
  receipt_account_id: number;
  notes: string | null;
  code: string | null;
  created_at: unknown;
  checked_at: unknown;
  completed_at: unknown;
};

const SELECT = sql`select k.id, k.public_id, k.transaction_id, k.status, k.church_id, ch.name as church_name,
    k.entity_type, k.entity_id,
    case when k.entity_type = 'church' then ch.name else (select d.name from departments d where d.id = k.entity_id) end
      as entity_name,
    k.user_id, u.firstname || ' ' || u.lastname as user_name, k.guest_name, k.is_anonymous, k.phone, k.type,
    k.amount, k.currency, k.fee, k.operator, k.provider_reference, k.failure_reason, k.contribution_id,
    c.receipt_number, c.public_id as receipt_public_id, c.status as contribution_status,
    c.amount as contribution_amount, k.token, k.merchant, k.payment_account_id, k.receipt_account_id, k.notes,
    s.code, k.created_at, k.checked_at, k.completed_at
  from giving_checkouts k
  join churches ch on ch.id = k.church_id
  left join users u on u.id = k.user_id
  left join contributions c on c.id = k.contribution_id
  left join giving_settings s on s.church_id = k.church_id`;

/** 'Aminata Koné', 'Kofi Mensah (visiteur)' or 'Anonyme'. */
export function giverOf(row: Pick<CheckoutRow, 'is_anonymous' | 'user_name' | 'guest_name'>): string {
  if (row.is_anonymous) return 'Anonyme';
  if (row.user_name) return row.user_name;
  return row.guest_name ? `${row.guest_name} (visiteur)` : 'Anonyme';
}

const entityOf = (row: CheckoutRow): GivingEntity => ({
  entity_type: row.entity_type === 'church' ? 'CHURCH' : 'ACTIVITY_GROUP',
  entity_id: Number(row.entity_id),
  name: row.entity_name ?? '',
});

export function toCheckout(row: CheckoutRow): Checkout {
  return {
    id: Number(row.id),
    public_id: row.public_id,
    transaction_id: row.transaction_id,
    status: row.status,
    church: { id: Number(row.church_id), name: row.church_name },
    entity: entityOf(row),
    giver: giverOf(row),
    is_guest: row.user_id === null,
    phone: row.phone,
    type: row.type,
    amount: Number(row.amount),
    fee: row.fee === null ? null : Number(row.fee),
    operator: row.operator,
    provider_reference: row.provider_reference,
    failure_reason: row.failure_reason,
    contribution:
      row.contribution_id === null
        ? null
        : {
            id: Number(row.contribution_id),
            receipt_number: row.receipt_number ?? '',
            public_id: row.receipt_public_id ?? '',
            status: row.contribution_status ?? 'valid',
          },
    created_at: isoString(row.created_at),
    completed_at: row.completed_at ? isoString(row.completed_at) : null,
  };
}

export async function checkoutRow(db: Db, where: SQL): Promise<CheckoutRow | null> {
  return (await queryOne<CheckoutRow>(db, sql`${SELECT} where ${where}`)) ?? null;
}

export const checkoutById = (db: Db, id: number) => checkoutRow(db, sql`k.id = ${id}`);

/** 'K**** M.' (initials and four stars, as the public receipt), or 'Anonyme'. */
function maskedGiver(row: CheckoutRow): string {
  if (row.is_anonymous) return 'Anonyme';
  const words = (row.user_name ?? row.guest_name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'Anonyme';
  const first = words[0].charAt(0).toUpperCase();
  const last = words.length > 1 ? words[words.length - 1].charAt(0).toUpperCase() : '';
  return [`${first}****`, last ? `${last}.` : ''].filter(Boolean).join(' ');
}

/** A guest's checkout as its page follows it: the church's name, nothing else of it; no phone. */
export function toPublicCheckout(row: CheckoutRow): PublicCheckout {
  return {
    public_id: row.public_id,
    status: row.status,
    church_name: row.church_name,
    code: row.code ?? '',
    type: row.type,
    amount: Number(row.amount),
    giver: maskedGiver(row),
    receipt:
      row.status === 'paid' && row.receipt_public_id && row.receipt_number
        ? { public_id: row.receipt_public_id, receipt_number: row.receipt_number }
        : null,
    created_at: isoString(row.created_at),
  };
}

/** The member's church (as a faithful) and the departments of it they belong to, with the names. */
export async function memberPlaces(
  db: Db,
  userId: number,
): Promise<
  MemberPlaces & {
    churchName: string | null;
    departments: { id: number; name: string }[];
    phone: string | null;
  }
> {
  const user = await queryOne<{ church_id: number | null; church_name: string | null; phone: string | null }>(
    db,
    sql`select u.church_id, ch.name as church_name, u.phone from users u
        left join churches ch on ch.id = u.church_id and ch.archived_at is null
        where u.id = ${userId} and u.active`,
  );
  const churchId = user?.church_name ? Number(user.church_id) : null;
  const departments =
    churchId === null
      ? []
      : await queryRows<{ id: number; name: string }>(
          db,
          sql`select d.id, d.name from department_members m join departments d on d.id = m.department_id
              where m.user_id = ${userId} and d.entity_type = 'church' and d.entity_id = ${churchId}
              order by d.name`,
        );
  return {
    churchId,
    churchName: user?.church_name ?? null,
    departmentIds: departments.map((d) => Number(d.id)),
    departments: departments.map((d) => ({ id: Number(d.id), name: d.name })),
    phone: user?.phone ?? null,
  };
}

export type CheckoutFilters = {
  status?: CheckoutStatus;
  from_date?: string;
  to_date?: string;
  page: number;
  limit: number;
};

/** A church's checkouts, newest first, and the totals of the filtered set by status. */
export async function listCheckouts(db: Db, churchId: number, q: CheckoutFilters): Promise<CheckoutList> {
  const conditions: SQL[] = [sql`k.church_id = ${churchId}`];
  if (q.status) conditions.push(sql`k.status = ${q.status}`);
  if (q.from_date) conditions.push(sql`k.created_at >= ${`${q.from_date}T00:00:00Z`}::timestamptz`);
  if (q.to_date) conditions.push(sql`k.created_at < (${q.to_date}::date + 1)::timestamp at time zone 'UTC'`);
  const where = sql.join(conditions, sql` and `);
  const offset = (q.page - 1) * q.limit;
  const [rows, totals] = await Promise.all([
    queryRows<CheckoutRow>(
      db,
      sql`${SELECT} where ${where} order by k.created_at desc, k.id desc limit ${q.limit} offset ${offset}`,
    ),
    queryRows<{ status: CheckoutStatus; count: number; amount: string | number; fees: string | number }>(
      db,
      sql`select k.status, count(*)::int as count, coalesce(sum(k.amount), 0)::bigint as amount,
                 coalesce(sum(k.fee) filter (where k.fee_movement_id is not null), 0)::bigint as fees
          from giving_checkouts k where ${where} group by k.status`,
    ),
  ]);
  const of = (status: CheckoutStatus) => {
    const row = totals.find((t) => t.status === status);
    return { count: Number(row?.count ?? 0), amount: Number(row?.amount ?? 0), fees: Number(row?.fees ?? 0) };
  };
  const pick = (status: CheckoutStatus) => {
    const { count, amount } = of(status);
    return { count, amount };
  };
  return {
    data: rows.map(toCheckout),
    meta: { total: totals.reduce((s, t) => s + Number(t.count), 0), page: q.page, limit: q.limit },
    totals: {
      paid: of('paid'),
      pending: pick('pending'),
      failed: pick('failed'),
      expired: pick('expired'),
      started: pick('started'),
    },
  };
}
