import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import {
  CONTRIBUTION_MESSAGES,
  CONTRIBUTION_TYPE_LABELS,
  CONTRIBUTION_TYPES,
  type Contribution,
  type ContributionEntityType,
  type ContributionStatus,
  type ContributionTotals,
  type ContributionType,
  type PublicReceipt,
} from '../../../../contract/contributions';
import { ACCOUNT_CATEGORIES } from '../../../../contract/accounts';
import type { ListMeta } from '../../../../contract/common';
import type { Db } from '../../db/client';
import { isoString, queryOne, queryRows } from '../../db/query';
import type { FinanceEntityType, JournalType } from '../../db/schema/finance';
import { httpError } from '../../http/errors';
import { nationalOfficeOf } from '../accounts/entity';

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

export function and(...conditions: SQL[]): SQL {
  return sql.join(
    conditions.map((c) => sql`(${c})`),
    sql` and `,
  );
}

/** SQL: the name of the entity of a finance row (columns type and id). */
export function entityNameSql(type: SQL, id: SQL): SQL {
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
  };
}

export type ListFilters = {
  from_date?: string;
  to_date?: string;
  type?: ContributionType;
  status?: ContributionStatus;
  receipt_account_id?: number;
  payment_account_id?: number;
  user_id?: number;
  search?: string;
};

/** SQL conditions of the list filters (the scope condition comes from the caller). */
export function filterConditions(filters: ListFilters): SQL[] {
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
            or u.lastname || ' ' || u.firstname ilike ${like} or u.registration_number ilike ${like})))`,
    );
  }
  return conditions;
}

/** One page of contributions (newest first) and the totals of the whole filtered set (valid ones). */
export async function listContributions(
  db: Db,
  where: SQL,
  page: { page: number; limit: number },
): Promise<{ data: Contribution[]; meta: ListMeta; totals: ContributionTotals }> {
  const offset = (page.page - 1) * page.limit;
  const [rows, totals] = await Promise.all([
    queryRows<Row>(
      db,
      sql`select ${selectColumns} ${selectFrom} where ${where}
          order by c.occurred_at desc, c.id desc limit ${page.limit} offset ${offset}`,
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
    meta: { total, page: page.page, limit: page.limit },
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

/** The owner (type, id) of a department, or the entity itself. */
async function ownerOf(
  db: Db,
  type: FinanceEntityType,
  id: number,
): Promise<{ type: FinanceEntityType; id: number }> {
  if (type !== 'department') return { type, id };
  const row = await queryOne<{ entity_type: FinanceEntityType; entity_id: number }>(
    db,
    sql`select entity_type, entity_id from departments where id = ${id}`,
  );
  if (!row) throw httpError(404, 'Département introuvable.');
  return { type: row.entity_type, id: Number(row.entity_id) };
}

/** SQL: the church id column belongs to the entity (a church of it, or below it). */
function churchWithin(type: FinanceEntityType, id: number, churchId: SQL): SQL {
  switch (type) {
    case 'church':
      return sql`${churchId} = ${id}`;
    case 'section':
      return sql`exists (select 1 from churches ch where ch.id = ${churchId} and ch.section_id = ${id})`;
    case 'region':
      return sql`exists (select 1 from churches ch join sections s on s.id = ch.section_id
                         where ch.id = ${churchId} and s.region_id = ${id})`;
    case 'national_office':
      return sql`exists (select 1 from churches ch join sections s on s.id = ch.section_id
                         join regions r on r.id = s.region_id where ch.id = ${churchId} and r.national_office_id = ${id})`;
    default:
      return sql`false`;
  }
}

/** The contributor, when they are an active faithful member of a church of the entity (or below it). */
export async function faithfulOfEntity(
  db: Db,
  type: FinanceEntityType,
  id: number,
  userId: number,
): Promise<{ id: number; firstname: string; lastname: string } | null> {
  const owner = await ownerOf(db, type, id);
  const row = await queryOne<{ id: number; firstname: string; lastname: string }>(
    db,
    sql`select u.id, u.firstname, u.lastname from users u
        where u.id = ${userId} and u.active and u.church_id is not null
          and ${churchWithin(owner.type, owner.id, sql`u.church_id`)}`,
  );
  return row ?? null;
}

/** Whether an account of `category` is active and authorized to the entity (as /operation-accounts/authorized). */
export async function accountAuthorized(
  db: Db,
  type: FinanceEntityType,
  id: number,
  accountId: number,
  category: string,
): Promise<boolean> {
  const officeId = await nationalOfficeOf(db, type, id);
  const row = await queryOne<{ id: number }>(
    db,
    sql`select a.id from operation_accounts a
        join operation_account_categories c on c.id = a.category_id
        where a.id = ${accountId} and a.active and c.name = ${category}
          and (a.entity_type is null or (a.entity_type = ${type} and a.entity_id = ${id}))
          and not exists (
            select 1 from operation_account_exclusions x
            where x.operation_account_id = a.id
              and ((x.entity_type = ${type} and x.entity_id = ${id})
                or (x.entity_type = 'national_office' and x.entity_id = ${officeId}::int)))`,
  );
  return !!row;
}

export type NewContribution = {
  entityType: FinanceEntityType;
  entityId: number;
  userId: number | null;
  contributorName: string | null;
  isAnonymous: boolean;
  type: ContributionType;
  amount: number;
  occurredAt: string;
  receiptAccountId: number;
  paymentAccountId: number;
  notes: string | null;
  createdBy: number;
};

export function newPublicId(): string {
  return randomBytes(16).toString('base64url');
}

/** Inserts the contribution with its receipt number and public id; answers its id and receipt number. */
export async function insertContribution(
  tx: Db,
  input: NewContribution,
): Promise<{ id: number; receiptNumber: string }> {
  const year = new Date().getUTCFullYear();
  const row = await queryOne<{ id: number; receipt_number: string }>(
    tx,
    sql`insert into contributions
          (entity_type, entity_id, user_id, is_anonymous, type, amount, occurred_at, receipt_account_id,
           payment_account_id, notes, receipt_number, public_id, status, created_by)
        values (${input.entityType}, ${input.entityId}, ${input.userId}, ${input.isAnonymous}, ${input.type},
           ${input.amount}, ${input.occurredAt}, ${input.receiptAccountId}, ${input.paymentAccountId},
           ${input.notes}, ${`R-${year}-`} || lpad(nextval('contribution_receipt_number_seq')::text, 6, '0'),
           ${newPublicId()}, 'valid', ${input.createdBy})
        returning id, receipt_number`,
  );
  return { id: Number(row!.id), receiptNumber: row!.receipt_number };
}

/** 'Dîme - Kouassi Aya' / 'Offrande - Anonyme': the designation of the movement in the journals. */
export function designationOf(type: ContributionType, name: string | null): string {
  return `${CONTRIBUTION_TYPE_LABELS[type]} - ${name ?? 'Anonyme'}`;
}

/** 'K**** A.': the first letters only, and always four stars (the length of the name does not leak). */
export function maskName(firstname: string | null, lastname: string | null): string {
  const first = (firstname ?? '').trim().charAt(0).toUpperCase();
  const last = (lastname ?? '').trim().charAt(0).toUpperCase();
  if (!first && !last) return 'Anonyme';
  return [first ? `${first}****` : '', last ? `${last}.` : ''].filter(Boolean).join(' ');
}

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
  }>(
    db,
    sql`select c.receipt_number, ${entityNameSql(sql`c.entity_type`, sql`c.entity_id`)} as entity_name,
          c.occurred_at, c.amount, c.type, c.status, c.is_anonymous, u.firstname, u.lastname
        from contributions c left join users u on u.id = c.user_id
        where c.public_id = ${publicId}`,
  );
  if (!row) return null;
  return {
    receipt_number: row.receipt_number,
    entity_name: row.entity_name ?? '',
    occurred_at: isoString(row.occurred_at),
    amount: Number(row.amount),
    type: row.type,
    status: row.status,
    contributor: row.is_anonymous ? 'Anonyme' : maskName(row.firstname, row.lastname),
  };
}

/** Validates occurred_at: a real instant, not before 1900, not in the future (5 minutes of clock skew). */
export function parseOccurredAt(value: string): string {
  const [, hh, mm] = /T(\d{2}):(\d{2})/.exec(value) ?? [];
  if (Number(hh) > 23 || Number(mm) > 59) throw httpError(400, CONTRIBUTION_MESSAGES.timeInvalid);
  const hasOffset = /(Z|[+-]\d{2}:\d{2})$/.test(value);
  const date = new Date(hasOffset ? value : `${value}Z`);
  if (Number.isNaN(date.getTime())) throw httpError(400, CONTRIBUTION_MESSAGES.dateInvalid);
  if (date.getTime() < Date.UTC(1900, 0, 1)) throw httpError(400, CONTRIBUTION_MESSAGES.dateTooOld);
  if (date.getTime() > Date.now() + 5 * 60_000) throw httpError(400, CONTRIBUTION_MESSAGES.dateFuture);
  return date.toISOString();
}

export { ACCOUNT_CATEGORIES };
