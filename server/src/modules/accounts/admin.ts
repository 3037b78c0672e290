import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ACCOUNT_MESSAGES as A,
  type AccountAdmin,
  type accountBodySchema,
} from '../../../../contract/accounts';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { queryOne, queryRows } from '../../db/query';
import type { Actor } from '../../http/authorize';
import { httpError } from '../../http/errors';

/*
 * The chart of operation accounts of the denomination (docs/features/back-office.md, decision 0025): numbers after SYCEBNL, the kind of a
 * treasury account, archived rather than deleted (an account keeps its movements), and the accounts a
 * national office forbids to itself and everything below it ('comptes interdits').
 */

type AccountInput = z.output<typeof accountBodySchema>;

type Row = Omit<AccountAdmin, 'uses'> & { uses: number | string };

const select = sql`select a.id, a.code, a.name, a.description, c.name as category, a.journal_type, a.operator,
    a.active,
    ((select count(*) from treasury_movements m where m.payment_account_id = a.id or m.operation_account_id = a.id)
     + (select count(*) from fixed_assets f where f.operation_account_id = a.id))::int as uses
  from operation_accounts a join operation_account_categories c on c.id = a.category_id`;

const toAccount = (row: Row): AccountAdmin => ({ ...row, id: Number(row.id), uses: Number(row.uses) });

/** The denomination's accounts (not those an entity made for itself), by number. */
export async function listAccounts(
  db: Db,
  query: { search?: string; archived?: 'true' | 'false' },
): Promise<AccountAdmin[]> {
  const search = query.search ?? '';
  const active = query.archived === 'true' ? false : query.archived === 'false' ? true : null;
  const rows = await queryRows<Row>(
    db,
    sql`${select} where a.entity_type is null
          and (${active}::boolean is null or a.active = ${active}::boolean)
          and (${search} = '' or a.name ilike ${`%${search.replace(/[\\%_]/g, '\\$&')}%`} or a.code like ${`${search}%`})
        order by a.code`,
  );
  return rows.map(toAccount);
}

export async function accountOr404(db: Db, id: number): Promise<AccountAdmin> {
  const row = await queryOne<Row>(db, sql`${select} where a.id = ${id} and a.entity_type is null`);
  if (!row) throw httpError(404, A.notFound);
  return toAccount(row);
}

async function categoryId(db: Db, name: string): Promise<number> {
  const row = await queryOne<{ id: number }>(
    db,
    sql`select id from operation_account_categories where name = ${name}`,
  );
  if (!row) throw httpError(400, A.categoryRequired);
  return Number(row.id);
}

async function assertCodeFree(db: Db, code: string, exceptId: number | null) {
  const row = await queryOne<{ id: number }>(
    db,
    sql`select id from operation_accounts where code = ${code} and (${exceptId}::int is null or id <> ${exceptId}::int)`,
  );
  if (row) throw httpError(409, A.codeTaken);
}

const kindOf = (b: AccountInput) => ({
  journal: b.journal_type ?? null,
  operator: b.journal_type === 'ELECTRONIK' ? (b.operator?.trim() ?? null) : null,
});

export function createAccount(db: Db, actor: Actor, b: AccountInput): Promise<number> {
  return db.transaction(async (tx) => {
    await assertCodeFree(tx, b.code, null);
    const { journal, operator } = kindOf(b);
    const row = await queryOne<{ id: number }>(
      tx,
      sql`insert into operation_accounts (code, name, description, category_id, journal_type, operator)
          values (${b.code}, ${b.name}, ${b.description ?? null}, ${await categoryId(tx, b.category)}, ${journal}, ${operator})
          returning id`,
    );
    const id = Number(row!.id);
    await audit(tx, {
      userId: actor.userId,
      action: 'operation_account.create',
      entityType: 'operation_account',
      entityId: id,
      data: { code: b.code, name: b.name, category: b.category },
      ip: actor.ip,
    });
    return id;
  });
}

/**
 * Changes an account. An account that has been used keeps its category and its kind (its movements
 * would change journal): only its number, name, description and operator change.
 */
export function updateAccount(db: Db, actor: Actor, current: AccountAdmin, b: AccountInput): Promise<void> {
  return db.transaction(async (tx) => {
    await assertCodeFree(tx, b.code, current.id);
    const { journal, operator } = kindOf(b);
    if (current.uses > 0 && (b.category !== current.category || journal !== current.journal_type))
      throw httpError(409, 'Ce compte a déjà servi : sa catégorie et son type ne changent plus.');
    await tx.execute(
      sql`update operation_accounts set code = ${b.code}, name = ${b.name}, description = ${b.description ?? null},
            category_id = ${await categoryId(tx, b.category)}, journal_type = ${journal}, operator = ${operator}
          where id = ${current.id}`,
    );
    await audit(tx, {
      userId: actor.userId,
      action: 'operation_account.update',
      entityType: 'operation_account',
      entityId: current.id,
      data: { before: { code: current.code, name: current.name }, after: { code: b.code, name: b.name } },
      ip: actor.ip,
    });
  });
}

/** Archives (active = false) or restores an account; it is never deleted. */
export function setAccountActive(
  db: Db,
  actor: Actor,
  current: AccountAdmin,
  active: boolean,
): Promise<void> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`update operation_accounts set active = ${active} where id = ${current.id}`);
    await audit(tx, {
      userId: actor.userId,
      action: active ? 'operation_account.restore' : 'operation_account.archive',
      entityType: 'operation_account',
      entityId: current.id,
      data: { code: current.code },
      ip: actor.ip,
    });
  });
}

/** The ids of the accounts forbidden to a national office. */
export async function forbiddenAccounts(db: Db, officeId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select operation_account_id as id from operation_account_exclusions
        where entity_type = 'national_office' and entity_id = ${officeId} order by operation_account_id`,
  );
  return rows.map((r) => Number(r.id));
}

/** Replaces the accounts forbidden to a national office, audited with what was added and removed. */
export function setForbiddenAccounts(
  db: Db,
  actor: Actor,
  officeId: number,
  ids: number[],
): Promise<number[]> {
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    const list = `{${wanted.join(',')}}`;
    const known = await queryOne<{ n: number }>(
      tx,
      sql`select count(*)::int as n from operation_accounts where id = any(${list}::int[]) and entity_type is null`,
    );
    if (Number(known?.n ?? 0) !== wanted.length) throw httpError(400, A.forbiddenUnknown);
    const before = await forbiddenAccounts(tx, officeId);
    await tx.execute(
      sql`delete from operation_account_exclusions where entity_type = 'national_office' and entity_id = ${officeId}
            and not (operation_account_id = any(${list}::int[]))`,
    );
    await tx.execute(
      sql`insert into operation_account_exclusions (operation_account_id, entity_type, entity_id, created_by)
          select id, 'national_office', ${officeId}, ${actor.userId} from unnest(${list}::int[]) as id
          on conflict do nothing`,
    );
    await audit(tx, {
      userId: actor.userId,
      action: 'operation_account.forbid',
      entityType: 'national_office',
      entityId: officeId,
      data: {
        added: wanted.filter((id) => !before.includes(id)),
        removed: before.filter((id) => !wanted.includes(id)),
      },
      ip: actor.ip,
    });
    return wanted;
  });
}
