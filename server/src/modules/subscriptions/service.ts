import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  frenchDateToIso,
  SUBSCRIPTION_MESSAGES,
  type createSubscriptionBodySchema,
  type createSubscriptionTypeBodySchema,
  type PaymentAttempt,
  type Subscription,
  type SubscriptionList,
  type subscriptionListQuerySchema,
  type SubscriptionSort,
  type SubscriptionTarget,
  type SubscriptionType,
  type updateSubscriptionTypeBodySchema,
} from '../../../../contract/subscriptions';
import { SECURITY_MESSAGES } from '../../../../contract/security';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { isoString, queryOne, queryRows } from '../../db/query';
import { orderBy, type SortColumns } from '../../db/sort';
import { isArchivedEntity, type Actor, type Gate } from '../../http/authorize';
import { httpError } from '../../http/errors';
import { subscriptionEvent } from '../notifications';
import { authorizeBiller, offersPayment } from './policy';

/** The group a subscription (or a list) belongs to. */
export type Group = { type: SubscriptionTarget; id: number };

const GROUP_COLUMN: Record<SubscriptionTarget, string> = {
  church: 'church_id',
  section: 'section_id',
  region: 'region_id',
  national_office: 'national_office_id',
};

/** The group named by the one id of a query or body (church_id, section_id...). */
export function groupOf(input: {
  church_id?: number;
  section_id?: number;
  region_id?: number;
  national_office_id?: number;
}): Group | null {
  const found: Group[] = [];
  if (input.church_id !== undefined) found.push({ type: 'church', id: input.church_id });
  if (input.section_id !== undefined) found.push({ type: 'section', id: input.section_id });
  if (input.region_id !== undefined) found.push({ type: 'region', id: input.region_id });
  if (input.national_office_id !== undefined)
    found.push({ type: 'national_office', id: input.national_office_id });
  return found.length === 1 ? found[0] : null;
}

type SubscriptionRow = {
  id: number;
  amount: number;
  start_date: string;
  end_date: string;
  status: Subscription['status'];
  subscription_type_id: number;
  type_name: string;
  period_months: number;
  church_id: number | null;
  section_id: number | null;
  region_id: number | null;
  national_office_id: number | null;
  group_name: string;
  paid_at: unknown;
  payment_reference: string | null;
  payment_method: string | null;
  payer_id: number | null;
  payer_name: string | null;
  created_at: unknown;
};

const SELECT = sql`
  select s.id, s.amount, s.start_date::text as start_date, s.end_date::text as end_date, s.status,
         s.subscription_type_id, t.name as type_name, t.period_months,
         s.church_id, s.section_id, s.region_id, s.national_office_id,
         coalesce(c.name, se.name, r.name, n.name) as group_name,
         s.paid_at, s.payment_reference, s.payment_method, s.payer_id,
         case when p.id is null then null else p.firstname || ' ' || p.lastname end as payer_name,
         s.created_at
  from subscriptions s
  join subscription_types t on t.id = s.subscription_type_id
  left join churches c on c.id = s.church_id
  left join sections se on se.id = s.section_id
  left join regions r on r.id = s.region_id
  left join national_offices n on n.id = s.national_office_id
  left join users p on p.id = s.payer_id`;

function groupOfRow(row: SubscriptionRow): Group {
  if (row.church_id !== null) return { type: 'church', id: row.church_id };
  if (row.section_id !== null) return { type: 'section', id: row.section_id };
  if (row.region_id !== null) return { type: 'region', id: row.region_id };
  return { type: 'national_office', id: row.national_office_id! };
}

function toSubscription(row: SubscriptionRow): Subscription {
  const group = groupOfRow(row);
  const paid = row.paid_at !== null;
  return {
    id: Number(row.id),
    amount: Number(row.amount),
    start_date: row.start_date,
    end_date: row.end_date,
    status: row.status,
    subscription_type_id: Number(row.subscription_type_id),
    subscription_type: {
      id: Number(row.subscription_type_id),
      name: row.type_name,
      period_months: Number(row.period_months),
    },
    church_id: row.church_id === null ? null : Number(row.church_id),
    section_id: row.section_id === null ? null : Number(row.section_id),
    region_id: row.region_id === null ? null : Number(row.region_id),
    national_office_id: row.national_office_id === null ? null : Number(row.national_office_id),
    group: { ...group, id: Number(group.id), name: row.group_name },
    paid,
    payment: paid
      ? {
          paid_at: isoString(row.paid_at),
          reference: row.payment_reference,
          method: row.payment_method,
          payer: row.payer_id === null ? null : { id: Number(row.payer_id), name: row.payer_name ?? '' },
        }
      : null,
    created_at: isoString(row.created_at),
  };
}

const groupFilter = (group: Group): SQL => sql`${sql.raw(`s.${GROUP_COLUMN[group.type]}`)} = ${group.id}`;

/** What each sort of the list orders by (`paid`: the unpaid first). */
const SORTS: SortColumns<SubscriptionSort> = {
  date: sql`s.start_date`,
  type: sql`lower(t.name)`,
  amount: sql`s.amount`,
  paid: sql`(s.paid_at is not null)`,
};

/** One page of a group's subscriptions, newest first (or oldest first, or by `sort`), with the paid filter. */
export async function listSubscriptions(
  db: Db,
  group: Group,
  query: z.output<typeof subscriptionListQuerySchema>,
): Promise<SubscriptionList> {
  const where = [groupFilter(group)];
  if (query.paid === true) where.push(sql`s.paid_at is not null`);
  if (query.paid === false) where.push(sql`s.paid_at is null and s.status <> 'cancelled'`);
  const condition = sql.join(where, sql` and `);
  const order = orderBy(SORTS, query, { sort: 'date', order: 'desc' }, sql`s.id`);
  const offset = (query.page - 1) * query.limit;
  const rows = await queryRows<SubscriptionRow>(
    db,
    sql`${SELECT} where ${condition} order by ${order} limit ${query.limit} offset ${offset}`,
  );
  const total = await queryOne<{ n: number }>(
    db,
    sql`select count(*)::int as n from subscriptions s where ${condition}`,
  );
  return {
    data: rows.map(toSubscription),
    meta: { total: Number(total?.n ?? 0), page: query.page, limit: query.limit },
  };
}

export async function getSubscription(db: Db, id: number): Promise<Subscription | null> {
  const row = await queryOne<SubscriptionRow>(db, sql`${SELECT} where s.id = ${id}`);
  return row ? toSubscription(row) : null;
}

/**
 * A subscription's detail: its payment attempts and whether the user may pay it (offersPayment), to
 * whoever may see the group's subscriptions (authorised by the caller).
 */
export async function subscriptionDetail(db: Db, gate: Gate, id: number, group: Group) {
  const subscription = (await getSubscription(db, id))!;
  const canPay = await offersPayment(gate, subscription, group);
  return { ...subscription, attempts: await listAttempts(db, subscription.id), can_pay: canPay };
}

/** The group of a subscription (404 when there is none). */
export async function subscriptionGroup(db: Db, id: number): Promise<Group> {
  const row = await queryOne<SubscriptionRow>(
    db,
    sql`select church_id, section_id, region_id, national_office_id from subscriptions where id = ${id}`,
  );
  if (!row) throw httpError(404, SUBSCRIPTION_MESSAGES.notFound);
  return groupOfRow(row);
}

type AttemptRow = {
  id: number;
  subscription_id: number;
  transaction_id: string;
  status: PaymentAttempt['status'];
  amount: number;
  currency: string;
  operator: string | null;
  provider_reference: string | null;
  failure_reason: string | null;
  payer_id: number;
  payer_name: string;
  created_at: unknown;
  completed_at: unknown;
};

export function toAttempt(row: AttemptRow): PaymentAttempt {
  return {
    id: Number(row.id),
    subscription_id: Number(row.subscription_id),
    transaction_id: row.transaction_id,
    status: row.status,
    amount: Number(row.amount),
    currency: row.currency,
    operator: row.operator,
    provider_reference: row.provider_reference,
    failure_reason: row.failure_reason,
    payer: { id: Number(row.payer_id), name: row.payer_name },
    created_at: isoString(row.created_at),
    completed_at: row.completed_at === null ? null : isoString(row.completed_at),
  };
}

const ATTEMPT_SELECT = sql`
  select a.id, a.subscription_id, a.transaction_id, a.status, a.amount, a.currency, a.operator,
         a.provider_reference, a.failure_reason, a.payer_id, u.firstname || ' ' || u.lastname as payer_name,
         a.created_at, a.completed_at
  from subscription_payment_attempts a join users u on u.id = a.payer_id`;

/** The payment attempts of a subscription, newest first. */
export async function listAttempts(db: Db, subscriptionId: number): Promise<PaymentAttempt[]> {
  const rows = await queryRows<AttemptRow>(
    db,
    sql`${ATTEMPT_SELECT} where a.subscription_id = ${subscriptionId} order by a.created_at desc, a.id desc`,
  );
  return rows.map(toAttempt);
}

export async function getAttempt(db: Db, attemptId: number): Promise<PaymentAttempt | null> {
  const row = await queryOne<AttemptRow>(db, sql`${ATTEMPT_SELECT} where a.id = ${attemptId}`);
  return row ? toAttempt(row) : null;
}

// ---------------------------------------------------------------- types

type TypeRow = {
  id: number;
  code: string;
  name: string;
  target: SubscriptionTarget;
  period_months: number;
  amount: number;
  active: boolean;
};

const toType = (row: TypeRow): SubscriptionType => ({
  id: Number(row.id),
  code: row.code,
  name: row.name,
  target: row.target,
  period_months: Number(row.period_months),
  amount: Number(row.amount),
  active: row.active,
});

export async function listSubscriptionTypes(db: Db): Promise<SubscriptionType[]> {
  const rows = await queryRows<TypeRow>(
    db,
    sql`select id, code, name, target, period_months, amount, active from subscription_types
        order by active desc, case target when 'church' then 1 when 'section' then 2 when 'region' then 3 else 4 end,
                 period_months, id`,
  );
  return rows.map(toType);
}

async function typeById(db: Db, id: number): Promise<SubscriptionType | null> {
  const row = await queryOne<TypeRow>(
    db,
    sql`select id, code, name, target, period_months, amount, active from subscription_types where id = ${id}`,
  );
  return row ? toType(row) : null;
}

async function assertTypeNameFree(db: Db, name: string, exceptId: number | null): Promise<void> {
  const taken = await queryOne<{ id: number }>(
    db,
    sql`select id from subscription_types where lower(name) = lower(${name})
        and (${exceptId}::int is null or id <> ${exceptId}::int)`,
  );
  if (taken) throw httpError(409, SUBSCRIPTION_MESSAGES.typeNameTaken);
}

/** A new subscription type (subscription:manage anywhere, authorised by the caller). */
export async function createSubscriptionType(
  db: Db,
  actor: Actor,
  body: z.output<typeof createSubscriptionTypeBodySchema>,
): Promise<SubscriptionType> {
  return db.transaction(async (tx) => {
    await assertTypeNameFree(tx, body.name, null);
    const code = `${body.target.replace('_', '-')}-${body.period_months}m-${Date.now().toString(36)}`;
    const row = await queryOne<TypeRow>(
      tx,
      sql`insert into subscription_types (code, name, target, period_months, amount)
          values (${code}, ${body.name}, ${body.target}, ${body.period_months}, ${body.amount})
          returning id, code, name, target, period_months, amount, active`,
    );
    await audit(tx, {
      userId: actor.userId,
      action: 'subscription_type.create',
      entityType: 'subscription_type',
      entityId: Number(row!.id),
      data: { ...body },
    });
    return toType(row!);
  });
}

/** Changes a subscription type (subscription:manage anywhere, authorised by the caller). */
export async function updateSubscriptionType(
  db: Db,
  actor: Actor,
  id: number,
  body: z.output<typeof updateSubscriptionTypeBodySchema>,
): Promise<SubscriptionType> {
  return db.transaction(async (tx) => {
    const current = await typeById(tx, id);
    if (!current) throw httpError(404, SUBSCRIPTION_MESSAGES.typeNotFound);
    if (body.name !== undefined) await assertTypeNameFree(tx, body.name, id);
    const row = await queryOne<TypeRow>(
      tx,
      sql`update subscription_types set
            name = ${body.name ?? current.name},
            period_months = ${body.period_months ?? current.period_months},
            amount = ${body.amount ?? current.amount},
            active = ${body.active ?? current.active}
          where id = ${id}
          returning id, code, name, target, period_months, amount, active`,
    );
    await audit(tx, {
      userId: actor.userId,
      action: 'subscription_type.update',
      entityType: 'subscription_type',
      entityId: id,
      data: { before: current, changes: { ...body } },
    });
    return toType(row!);
  });
}

// ---------------------------------------------------------------- creation

/** The national office a group belongs to (null for an unknown group). */
async function nationalOfficeOf(db: Db, group: Group): Promise<number | null> {
  const query: Record<SubscriptionTarget, SQL> = {
    national_office: sql`select id from national_offices where id = ${group.id}`,
    region: sql`select national_office_id as id from regions where id = ${group.id}`,
    section: sql`select r.national_office_id as id from sections s join regions r on r.id = s.region_id
                 where s.id = ${group.id}`,
    church: sql`select r.national_office_id as id from churches c join sections s on s.id = c.section_id
                join regions r on r.id = s.region_id where c.id = ${group.id}`,
  };
  const row = await queryOne<{ id: number }>(db, query[group.type]);
  return row ? Number(row.id) : null;
}

/**
 * POST /subscriptions: a billed period of a group, unpaid, status active, by whoever bills the group
 * (authorizeBiller); an archived group is not billed (409, decision 0027). The type must be one for
 * that kind of group and still offered; the period must not overlap another of the group's
 * (cancelled ones aside): a period is never billed twice.
 */
export async function createSubscription(
  db: Db,
  gate: Gate,
  group: Group,
  body: z.output<typeof createSubscriptionBodySchema>,
): Promise<Subscription> {
  const actor = await authorizeBiller(gate, group, () => nationalOfficeOf(db, group));
  if (await isArchivedEntity(db, group.type, group.id))
    throw httpError(409, SECURITY_MESSAGES.archivedEntity);
  return db.transaction((tx) => insertSubscription(tx, actor, group, body));
}

async function insertSubscription(
  tx: Db,
  actor: Actor,
  group: Group,
  body: z.output<typeof createSubscriptionBodySchema>,
): Promise<Subscription> {
  const type = await typeById(tx, body.subscription_type_id);
  if (!type) throw httpError(422, SUBSCRIPTION_MESSAGES.typeNotFound);
  if (!type.active) throw httpError(422, SUBSCRIPTION_MESSAGES.typeInactive);
  if (type.target !== group.type) throw httpError(422, SUBSCRIPTION_MESSAGES.typeTargetMismatch);
  const start = frenchDateToIso(body.start_date)!;
  const end = frenchDateToIso(body.end_date)!;
  const column = sql.raw(GROUP_COLUMN[group.type]);
  // Serialises the creations of one group: two overlapping periods cannot both pass the check.
  await tx.execute(
    sql`select pg_advisory_xact_lock(7120, ${group.id} * 4 + ${Object.keys(GROUP_COLUMN).indexOf(group.type)})`,
  );
  const overlap = await queryOne<{ id: number }>(
    tx,
    sql`select id from subscriptions where ${column} = ${group.id} and status <> 'cancelled'
        and start_date <= ${end}::date and end_date >= ${start}::date limit 1`,
  );
  if (overlap) throw httpError(409, SUBSCRIPTION_MESSAGES.overlap);
  const row = await queryOne<{ id: number }>(
    tx,
    sql`insert into subscriptions (amount, start_date, end_date, status, subscription_type_id, ${column})
        values (${body.amount}, ${start}::date, ${end}::date, 'active', ${type.id}, ${group.id})
        returning id`,
  );
  const id = Number(row!.id);
  await audit(tx, {
    userId: actor.userId,
    action: 'subscription.create',
    entityType: group.type,
    entityId: group.id,
    data: { subscription_id: id, amount: body.amount, start_date: start, end_date: end, type_id: type.id },
  });
  await subscriptionEvent(
    tx,
    { id, amount: body.amount, groupType: group.type, groupId: group.id, endDate: body.end_date },
    'due',
    actor.userId,
  );
  return (await getSubscription(tx, id))!;
}
