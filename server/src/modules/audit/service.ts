import { sql, type SQL } from 'drizzle-orm';
import type { AuditFacets, AuditQuery, AuditRecord } from '../../../../contract/audit';
import { verifyAuditChain, type ChainReport } from '../../audit/verify';
import type { Db } from '../../db/client';
import { isoString, queryOne, queryRows } from '../../db/query';
import { visibleEntityCondition } from '../../permissions/visibility';
import type { AuditReach } from './policy';

/**
 * The audit log read (decision 0044): one page of records, newest first, with the author's name, the
 * entity's name and the filters of the page; the facets of the filters; the chain's check.
 */

/** The organisation entity a record is about (lower-case scope names), for the accountants' reach. */
const OWNER = sql`left join lateral (
    select case lower(a.entity_type) when 'activity_group' then 'department' else lower(a.entity_type) end as type,
      a.entity_id as id
    where lower(a.entity_type) in ('national_office', 'region', 'section', 'church', 'department', 'activity_group')
    union all
    select lower(er.entity_type), er.entity_id from expense_requests er
    where a.entity_type = 'expense_request' and er.id = a.entity_id
    union all
    select lower(c.entity_type), c.entity_id from contributions c
    where a.entity_type = 'contribution' and c.id = a.entity_id
    union all
    select lower(f.entity_type), f.entity_id from fixed_assets f
    where a.entity_type = 'fixed_asset' and f.id = a.entity_id
    limit 1
  ) o on true`;

function conditions(reach: AuditReach, query: AuditQuery): SQL {
  const parts: SQL[] = [sql`true`];
  if (!reach.all) {
    const owner = sql`(case o.type when 'activity_group' then 'department' else o.type end)`;
    parts.push(sql`o.type is not null and ${visibleEntityCondition(reach.visibility, owner, sql`o.id`)}`);
  }
  if (query.user_id) parts.push(sql`a.user_id = ${query.user_id}`);
  if (query.action) parts.push(sql`(a.action = ${query.action} or a.action like ${`${query.action}.%`})`);
  if (query.entity_type) parts.push(sql`a.entity_type = ${query.entity_type}`);
  if (query.entity_id) parts.push(sql`a.entity_id = ${query.entity_id}`);
  if (query.from) parts.push(sql`a.created_at >= ${query.from}::date::timestamp at time zone 'UTC'`);
  if (query.to) parts.push(sql`a.created_at < (${query.to}::date + 1)::timestamp at time zone 'UTC'`);
  return sql.join(parts, sql` and `);
}

type Row = {
  id: number | string;
  seq: number | string | null;
  created_at: unknown;
  user_id: number | null;
  user_name: string | null;
  user_email: string | null;
  action: string;
  entity_type: string | null;
  entity_id: number | null;
  entity_label: string | null;
  ip: string | null;
  data: unknown;
  hash: string | null;
};

/** The label of a record's entity, when it names one of the organisation or an expense request. */
const LABEL = sql`case lower(a.entity_type)
    when 'national_office' then (select name from national_offices where id = a.entity_id)
    when 'region' then (select name from regions where id = a.entity_id)
    when 'section' then (select name from sections where id = a.entity_id)
    when 'church' then (select name from churches where id = a.entity_id)
    when 'department' then (select name from departments where id = a.entity_id)
    when 'expense_request' then (select title from expense_requests where id = a.entity_id)
    when 'user' then (select firstname || ' ' || lastname from users where id = a.entity_id)
    else null end`;

export async function listAuditRecords(
  db: Db,
  reach: AuditReach,
  query: AuditQuery,
): Promise<{ data: AuditRecord[]; meta: { total: number; page: number; limit: number } }> {
  const where = conditions(reach, query);
  const total = await queryOne<{ n: number | string }>(
    db,
    sql`select count(*) as n from audit_log a ${reach.all ? sql`` : OWNER} where ${where}`,
  );
  const rows = await queryRows<Row>(
    db,
    sql`select a.id, a.chain_seq as seq, a.created_at, a.user_id,
          u.firstname || ' ' || u.lastname as user_name, u.email as user_email,
          a.action, a.entity_type, a.entity_id, ${LABEL} as entity_label, a.ip, a.data, a.hash
        from audit_log a ${OWNER} left join users u on u.id = a.user_id
        where ${where}
        order by a.created_at desc, a.id desc
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  return {
    data: rows.map((row) => ({
      id: Number(row.id),
      seq: row.seq === null ? null : Number(row.seq),
      created_at: isoString(row.created_at),
      user:
        row.user_id === null
          ? null
          : { id: Number(row.user_id), name: row.user_name ?? '', email: row.user_email },
      action: row.action,
      entity_type: row.entity_type,
      entity_id: row.entity_id === null ? null : Number(row.entity_id),
      entity_label: row.entity_label?.trim() || null,
      ip: row.ip,
      data: row.data ?? null,
      hash: row.hash,
    })),
    meta: { total: Number(total?.n ?? 0), page: query.page, limit: query.limit },
  };
}

/** The filters' choices within the reader's reach. */
export async function auditFacets(db: Db, reach: AuditReach): Promise<AuditFacets> {
  const where = conditions(reach, { page: 1, limit: 1 });
  const actions = await queryRows<{ v: string }>(
    db,
    sql`select distinct a.action as v from audit_log a ${reach.all ? sql`` : OWNER} where ${where} order by 1`,
  );
  const types = await queryRows<{ v: string }>(
    db,
    sql`select distinct a.entity_type as v from audit_log a ${reach.all ? sql`` : OWNER}
        where ${where} and a.entity_type is not null order by 1`,
  );
  const users = await queryRows<{ id: number; name: string }>(
    db,
    sql`select u.id, u.firstname || ' ' || u.lastname as name from users u
        where u.id in (select a.user_id from audit_log a ${reach.all ? sql`` : OWNER} where ${where})
        order by u.lastname, u.firstname limit 500`,
  );
  return {
    actions: actions.map((r) => r.v),
    entity_types: types.map((r) => r.v),
    users: users.map((u) => ({ id: Number(u.id), name: u.name })),
  };
}

export function verifyChain(db: Db): Promise<ChainReport> {
  return verifyAuditChain(db);
}
