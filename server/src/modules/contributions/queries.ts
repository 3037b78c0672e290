import { eq, sql, type SQL } from 'drizzle-orm';
import { ACCOUNT_CATEGORIES } from '../../../../contract/accounts';
import type { ListMeta, ListSort } from '../../../../contract/common';
import {
  CONTRIBUTION_MESSAGES,
  CONTRIBUTION_TYPES,
  type Contribution,
  type ContributionEntityType,
  type ContributionFilters,
  type ContributionSort,
  type ContributionStatement,
  type ContributionStatus,
  type ContributionSummary,
  type ContributionTotals,
  type ContributionType,
  type PublicReceipt,
  type ReceiptAccountTotals,
} from '../../../../contract/contributions';
import type { Db } from '../../db/client';
import { isoString, queryOne, queryRows } from '../../db/query';
import { orderBy, type SortColumns } from '../../db/sort';
import { users } from '../../db/schema/core';
import { contributions, type FinanceEntityType, type JournalType } from '../../db/schema/finance';
import { httpError } from '../../http/errors';

const API_TO_FINANCE: Record<ContributionEntityType, FinanceEntityType> = {
  NATIONAL_OFFICE: 'national_office',
  REGION: 'region',
  SECTION: 'section',
  CHURCH: 'church',
  ACTIVITY_GROUP: 'department',
};
const FINANCE_TO_API: Record<FinanceEntityType, ContributionEntityType> = {
  national_office: 'NATIONAL_OFFICE',
  region: 'REGION',
  section: 'SECTION',
  church: 'CHURCH',
  department: 'ACTIVITY_GROUP',
};

export function financeType(type: ContributionEntityType): FinanceEntityType {
  return API_TO_FINANCE[type];
}

function and(...conditions: SQL[]): SQL {
  return sql.join(
    conditions.map((c) => sql`(${c})`),
    sql` and `,
  );
}

/** SQL: the name of the entity of a finance row (columns type and id). */
function entityNameSql(type: SQL, id: SQL): SQL {
  return sql`case ${type}
      when 'church' then (select name from churches where id = ${id})
      when 'section' then (select name from sections where id = ${id})
      when 'region' then (select name from regions where id = ${id})
      when 'national_office' then (select name from national_offices where id = ${id})
      when 'department' then (select name from departments where id = ${id})
    end`;
}

type Row = {
  id: number;
  entity_type: FinanceEntityType;
  entity_id: number;
  entity_name: string | null;
  u_id: number | null;
  u_firstname: string | null;
  u_lastname: string | null;
  u_registration_number: string | null;
  is_anonymous: boolean;
  type: ContributionType;
  amount: number;
  occurred_at: string;
  ra_id: number;
  ra_code: string;
  ra_name: string;
  pa_id: number;
  pa_code: string;
  pa_name: string;
  pa_journal_type: JournalType | null;
  notes: string | null;
  receipt_number: string;
  public_id: string;
  status: ContributionStatus;
  cancelled_at: string | null;
  created_at: string;
  created_by_name: string | null;
  giver_name: string | null;
  online_reference: string | null;
  online_operator: string | null;
};

const selectFrom = sql`
  from contributions c
  join operation_accounts ra on ra.id = c.receipt_account_id
  join operation_accounts pa on pa.id = c.payment_account_id
  left join users u on u.id = c.user_id`;

const selectColumns = sql`
  c.id, c.entity_type, c.entity_id, ${entityNameSql(sql`c.entity_type`, sql`c.entity_id`)} as entity_name,
  u.id as u_id, u.firstname as u_firstname, u.lastname as u_lastname,
  u.registration_number as u_registration_number,
  c.is_anonymous, c.type, c.amount, c.occurred_at,
  ra.id as ra_id, ra.code as ra_code, ra.name as ra_name,
  pa.id as pa_id, pa.code as pa_code, pa.name as pa_name, pa.journal_type as pa_journal_type,
  c.notes, c.receipt_number, c.public_id, c.status, c.cancelled_at, c.created_at,
  c.giver_name, c.online_reference, c.online_operator,
  (select cb.firstname || ' ' || cb.lastname from users cb where cb.id = c.created_by) as created_by_name`;

function toContribution(row: Row): Contribution {
  return {
    id: Number(row.id),
    entity_type: FINANCE_TO_API[row.entity_type],
    entity_id: Number(row.entity_id),
    entity_name: row.entity_name ?? '',
    contributor:
      row.u_id === null || row.is_anonymous
        ? null
        : {
            id: Number(row.u_id),
            firstname: row.u_firstname ?? '',
            lastname: row.u_lastname ?? '',
            registration_number: row.u_registration_number,
          },
    is_anonymous: row.is_anonymous,
    type: row.type,
    amount: Number(row.amount),
    occurred_at: isoString(row.occurred_at),
    receipt_account: { id: Number(row.ra_id), code: row.ra_code, name: row.ra_name },
    payment_account: {
      id: Number(row.pa_id),
      code: row.pa_code,
      name: row.pa_name,
      journal_type: row.pa_journal_type,
    },
    notes: row.notes,
    receipt_number: row.receipt_number,
    public_id: row.public_id,
    status: row.status,
    cancelled_at: row.cancelled_at ? isoString(row.cancelled_at) : null,
    created_at: isoString(row.created_at),
    created_by_name: row.created_by_name,
    giver_name: row.is_anonymous ? null : row.giver_name,
    online: row.online_reference ? { reference: row.online_reference, operator: row.online_operator } : null,
  };
}

export type Period = { from_date?: string; to_date?: string };

export type ListFilters = ContributionFilters;

/** 400 when the period ends before it starts. */
export function assertPeriod(period: Period): void {
  if (period.from_date && period.to_date && period.to_date < period.from_date)
    throw httpError(400, CONTRIBUTION_MESSAGES.periodInvalid);
}

/** SQL conditions of the list filters (the scope condition comes from the caller). */
function filterConditions(filters: ListFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.from_date)
    conditions.push(sql`c.occurred_at >= ${`${filters.from_date}T00:00:00Z`}::timestamptz`);
  if (filters.to_date)
    conditions.push(sql`c.occurred_at < (${filters.to_date}::date + 1)::timestamp at time zone 'UTC'`);
  if (filters.type) conditions.push(sql`c.type = ${filters.type}`);
  if (filters.status) conditions.push(sql`c.status = ${filters.status}`);
  if (filters.receipt_account_id) conditions.push(sql`c.receipt_account_id = ${filters.receipt_account_id}`);
  if (filters.payment_account_id) conditions.push(sql`c.payment_account_id = ${filters.payment_account_id}`);
  if (filters.user_id) conditions.push(sql`c.user_id = ${filters.user_id}`);
  if (filters.search) {
    const like = `%${filters.search.replace(/[%_\\]/g, '\\$&')}%`;
    conditions.push(
      sql`(c.receipt_number ilike ${like} or (not c.is_anonymous and (u.firstname || ' ' || u.lastname ilike ${like}
            or u.lastname || ' ' || u.firstname ilike ${like} or u.registration_number ilike ${like}
            or c.giver_name ilike ${like})))`,
    );
  }
  return conditions;
}

/**
 * Whose contributions a list shows (the call authorised it): the signed-in user's, an entity's, those
 * the filters name (`user_id`), or those of the churches an external accountant manages.
 */
export type ListScope =
  | { kind: 'mine'; userId: number }
  | { kind: 'entity'; type: FinanceEntityType; id: number }
  | { kind: 'filters' }
  | { kind: 'managed'; userId: number };

function scopeCondition(scope: ListScope): SQL[] {
  switch (scope.kind) {
    case 'mine':
      return [sql`c.user_id = ${scope.userId}`];
    case 'entity':
      return [sql`c.entity_type = ${scope.type} and c.entity_id = ${scope.id}`];
    case 'filters':
      return [];
    case 'managed':
      return [
        sql`c.entity_type = 'church' and c.entity_id in (select church_id from managed_churches where user_id = ${scope.userId})`,
      ];
  }
}

/** What each sort of the list orders by (the contributor: as the receipt names them). */
const SORTS: SortColumns<ContributionSort> = {
  date: sql`c.occurred_at`,
  receipt_number: sql`c.receipt_number`,
  contributor: [
    sql`case when c.is_anonymous or (u.id is null and c.giver_name is null) then 1 else 0 end`,
    sql`lower(case when u.id is null then c.giver_name else u.firstname || ' ' || u.lastname end)`,
  ],
  type: sql`c.type`,
  amount: sql`c.amount`,
  status: sql`c.status`,
};

/**
 * One page of contributions (newest first unless `sort` says otherwise) and the totals of the whole
 * filtered set (valid ones).
 */
export async function listContributions(
  db: Db,
  scope: ListScope,
  query: ListFilters & ListSort<ContributionSort> & { page: number; limit: number },
): Promise<{ data: Contribution[]; meta: ListMeta; totals: ContributionTotals }> {
  const where = and(sql`true`, ...filterConditions(query), ...scopeCondition(scope));
  const offset = (query.page - 1) * query.limit;
  const [rows, totals] = await Promise.all([
    queryRows<Row>(
      db,
      sql`select ${selectColumns} ${selectFrom} where ${where}
          order by ${orderBy(SORTS, query, { sort: 'date', order: 'desc' }, sql`c.id`)}
          limit ${query.limit} offset ${offset}`,
    ),
    queryRows<{
      type: ContributionType | null;
      count: string | number;
      amount: string | number;
      valid: boolean;
    }>(
      db,
      sql`select c.type, (c.status = 'valid') as valid, count(*)::int as count, coalesce(sum(c.amount), 0)::bigint as amount
          ${selectFrom} where ${where} group by c.type, (c.status = 'valid')`,
    ),
  ]);
  let total = 0;
  let count = 0;
  let amount = 0;
  const byType = new Map<ContributionType, { count: number; amount: number }>();
  for (const row of totals) {
    total += Number(row.count);
    if (!row.valid || !row.type) continue;
    count += Number(row.count);
    amount += Number(row.amount);
    byType.set(row.type, { count: Number(row.count), amount: Number(row.amount) });
  }
  return {
    data: rows.map(toContribution),
    meta: { total, page: query.page, limit: query.limit },
    totals: {
      count,
      amount,
      by_type: CONTRIBUTION_TYPES.filter((t) => byType.has(t)).map((t) => ({ type: t, ...byType.get(t)! })),
    },
  };
}

export async function getContribution(db: Db, id: number): Promise<Contribution | null> {
  const row = await queryOne<Row>(db, sql`select ${selectColumns} ${selectFrom} where c.id = ${id}`);
  return row ? toContribution(row) : null;
}

/** The entity and the contributor of a contribution (what its authorisation reads), or a 404. */
export async function contributionOwner(
  db: Db,
  id: number,
): Promise<{ entity: { type: FinanceEntityType; id: number }; userId: number | null }> {
  const [row] = await db
    .select({ type: contributions.entityType, id: contributions.entityId, userId: contributions.userId })
    .from(contributions)
    .where(eq(contributions.id, id));
  if (!row) throw httpError(404, CONTRIBUTION_MESSAGES.notFound);
  return { entity: { type: row.type, id: row.id }, userId: row.userId };
}

/** The church of a faithful whose contributions are asked for (null: none), or a 404. */
export async function memberChurch(db: Db, userId: number): Promise<number | null> {
  const [row] = await db.select({ churchId: users.churchId }).from(users).where(eq(users.id, userId));
  if (!row) throw httpError(404, 'Fidèle introuvable.');
  return row.churchId;
}

function typeTotals(
  rows: Array<{ type: ContributionType; count: number | string; amount: number | string }>,
) {
  return CONTRIBUTION_TYPES.flatMap((type) => {
    const row = rows.find((r) => r.type === type);
    return row ? [{ type, count: Number(row.count), amount: Number(row.amount) }] : [];
  });
}

/** GET /contributions/summary: the user's valid contributions, in all and by year and type. */
export async function contributionSummary(db: Db, userId: number): Promise<ContributionSummary> {
  const rows = await queryRows<{ year: number; type: ContributionType; count: number; amount: string }>(
    db,
    sql`select extract(year from occurred_at at time zone 'UTC')::int as year, type, count(*)::int as count,
               sum(amount)::bigint as amount
        from contributions where user_id = ${userId} and status = 'valid'
        group by 1, 2 order by 1 desc`,
  );
  const years = [...new Set(rows.map((r) => Number(r.year)))].sort((a, b) => b - a);
  const byYear = years.map((year) => {
    const ofYear = rows.filter((r) => Number(r.year) === year);
    return {
      year,
      count: ofYear.reduce((s, r) => s + Number(r.count), 0),
      amount: ofYear.reduce((s, r) => s + Number(r.amount), 0),
      by_type: typeTotals(ofYear),
    };
  });
  return {
    total: {
      count: byYear.reduce((s, y) => s + y.count, 0),
      amount: byYear.reduce((s, y) => s + y.amount, 0),
    },
    by_year: byYear,
  };
}

/** GET /contributions/statement: the user's valid contributions of one calendar year, to print. */
export async function contributionStatement(
  db: Db,
  userId: number,
  year: number,
): Promise<ContributionStatement> {
  const member = await queryOne<{
    firstname: string;
    lastname: string;
    registration_number: string | null;
    church_name: string | null;
  }>(
    db,
    sql`select u.firstname, u.lastname, u.registration_number, ch.name as church_name
        from users u left join churches ch on ch.id = u.church_id where u.id = ${userId}`,
  );
  const lines = await queryRows<{
    receipt_number: string;
    occurred_at: string;
    type: ContributionType;
    amount: number;
    entity_name: string | null;
    public_id: string;
  }>(
    db,
    sql`select c.receipt_number, c.occurred_at, c.type, c.amount, c.public_id,
               ${entityNameSql(sql`c.entity_type`, sql`c.entity_id`)} as entity_name
        from contributions c
        where c.user_id = ${userId} and c.status = 'valid'
          and c.occurred_at >= ${`${year}-01-01T00:00:00Z`}::timestamptz
          and c.occurred_at < ${`${year + 1}-01-01T00:00:00Z`}::timestamptz
        order by c.occurred_at, c.id`,
  );
  const mapped = lines.map((l) => ({
    receipt_number: l.receipt_number,
    occurred_at: isoString(l.occurred_at),
    type: l.type,
    amount: Number(l.amount),
    entity_name: l.entity_name ?? '',
    public_id: l.public_id,
  }));
  const byType = CONTRIBUTION_TYPES.flatMap((type) => {
    const of = mapped.filter((l) => l.type === type);
    return of.length ? [{ type, count: of.length, amount: of.reduce((s, l) => s + l.amount, 0) }] : [];
  });
  return {
    year,
    member: {
      firstname: member?.firstname ?? '',
      lastname: member?.lastname ?? '',
      registration_number: member?.registration_number ?? null,
      church_name: member?.church_name ?? null,
    },
    lines: mapped,
    by_type: byType,
    total: mapped.reduce((s, l) => s + l.amount, 0),
    generated_at: new Date().toISOString(),
  };
}

/**
 * GET /contributions/receipt-accounts: the 'Produits' accounts authorised to the entity (or holding
 * some of its contributions of the period), with the count and amount of those valid contributions.
 */
export async function receiptAccountTotals(
  db: Db,
  type: FinanceEntityType,
  id: number,
  period: Period,
): Promise<ReceiptAccountTotals> {
  const inPeriod = and(
    sql`true`,
    ...filterConditions({ from_date: period.from_date, to_date: period.to_date }),
  );
  const rows = await queryRows<{
    id: number;
    code: string;
    name: string;
    count: number;
    amount: string;
    last_at: string | null;
  }>(
    db,
    sql`select a.id, a.code, a.name, coalesce(t.count, 0)::int as count, coalesce(t.amount, 0)::bigint as amount,
               t.last_at
        from operation_accounts a
        join operation_account_categories cat on cat.id = a.category_id
        left join (
          select c.receipt_account_id, count(*) as count, sum(c.amount) as amount, max(c.occurred_at) as last_at
          from contributions c
          where c.entity_type = ${type} and c.entity_id = ${id} and c.status = 'valid' and ${inPeriod}
          group by c.receipt_account_id
        ) t on t.receipt_account_id = a.id
        where cat.name = ${ACCOUNT_CATEGORIES.RECEIPT}
          and (t.count is not null or (a.active
            and (a.entity_type is null or (a.entity_type = ${type} and a.entity_id = ${id}))))
        order by a.code`,
  );
  const data = rows.map((r) => ({
    id: Number(r.id),
    code: r.code,
    name: r.name,
    count: Number(r.count),
    amount: Number(r.amount),
    last_at: r.last_at ? isoString(r.last_at) : null,
  }));
  return {
    data,
    total: {
      count: data.reduce((s, r) => s + r.count, 0),
      amount: data.reduce((s, r) => s + r.amount, 0),
    },
  };
}

/** 'K**** A.': the first letters only, and always four stars (the length of the name does not leak). */
export function maskName(firstname: string | null, lastname: string | null): string {
  const first = (firstname ?? '').trim().charAt(0).toUpperCase();
  const last = (lastname ?? '').trim().charAt(0).toUpperCase();
  if (!first && !last) return 'Anonyme';
  return [first ? `${first}****` : '', last ? `${last}.` : ''].filter(Boolean).join(' ');
}

/** GET /receipts/{publicId}: what the receipt's QR code shows, the contributor's name masked. */
export async function publicReceipt(db: Db, publicId: string): Promise<PublicReceipt | null> {
  const row = await queryOne<{
    receipt_number: string;
    entity_name: string | null;
    occurred_at: string;
    amount: number;
    type: ContributionType;
    status: ContributionStatus;
    is_anonymous: boolean;
    firstname: string | null;
    lastname: string | null;
    giver_name: string | null;
  }>(
    db,
    sql`select c.receipt_number, ${entityNameSql(sql`c.entity_type`, sql`c.entity_id`)} as entity_name,
          c.occurred_at, c.amount, c.type, c.status, c.is_anonymous, u.firstname, u.lastname, c.giver_name
        from contributions c left join users u on u.id = c.user_id
        where c.public_id = ${publicId}`,
  );
  if (!row) return null;
  // a guest's name ('Kofi Mensah'): its first word as the first name, its last as the last name
  const giver = row.firstname === null && row.giver_name ? row.giver_name.trim().split(/\s+/) : null;
  return {
    receipt_number: row.receipt_number,
    entity_name: row.entity_name ?? '',
    occurred_at: isoString(row.occurred_at),
    amount: Number(row.amount),
    type: row.type,
    status: row.status,
    contributor: row.is_anonymous
      ? 'Anonyme'
      : giver
        ? maskName(giver[0], giver.length > 1 ? giver[giver.length - 1] : null)
        : maskName(row.firstname, row.lastname),
  };
}
