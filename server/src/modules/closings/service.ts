import { sql } from 'drizzle-orm';
import { CLOSING_MESSAGES as M, type Closing, type ClosingAccount } from '../../../../contract/closings';
import { todayInDenomination } from '../../../../contract/dates';
import { assetYear } from '../../../../contract/values/depreciation';
import type { ExpenseEntityType } from '../../../../contract/expenses';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { queryOne, queryRows } from '../../db/query';
import { EXPENSE_TO_FINANCE_ENTITY } from '../../db/schema/finance';
import type { Actor } from '../../http/authorize';
import { httpError } from '../../http/errors';
import { entityFixedAssets } from '../fixed-assets';
import { closingLockKey, yearBounds } from '../treasury';

/*
 * Year-end closing of an entity (docs/features/closings.md, decision 0025). The treasury journals read every movement, so the opening
 * balance of year N+1 is by construction the closing balance of year N; the closing records that
 * carry-forward per treasury account, the year's result (class 7 products - class 6 charges - the
 * year's depreciation + the disposals' gains and losses) carried to 121 or 129, and locks the year: no write
 * may change a figure of it afterwards (treasury/closed-years.ts, decision 0042).
 * The year boundaries are those of Africa/Abidjan, which is UTC all year.
 */

type Sum = number | string;

/** Computes the closing of a year without writing anything. */
export async function computeClosing(
  db: Db,
  type: ExpenseEntityType,
  entityId: number,
  year: number,
): Promise<Closing> {
  const entity = EXPENSE_TO_FINANCE_ENTITY[type];
  const { start, end } = yearBounds(year);
  // one pass over the entity's movements up to the end of the year (index treasury_movements_journal_idx)
  const accounts = await queryRows<{
    payment_account_id: number;
    code: string;
    name: string;
    opening: Sum;
    receipts: Sum;
    expenses: Sum;
  }>(
    db,
    sql`select m.payment_account_id, a.code, a.name,
          coalesce(sum(m.receipt - m.expense) filter (where m.occurred_at < ${start}::timestamptz), 0)::bigint as opening,
          coalesce(sum(m.receipt) filter (where m.occurred_at >= ${start}::timestamptz), 0)::bigint as receipts,
          coalesce(sum(m.expense) filter (where m.occurred_at >= ${start}::timestamptz), 0)::bigint as expenses
        from treasury_movements m join operation_accounts a on a.id = m.payment_account_id
        where m.entity_type = ${entity} and m.entity_id = ${entityId} and m.occurred_at < ${end}::timestamptz
        group by m.payment_account_id, a.code, a.name
        order by a.code`,
  );
  const result = await queryOne<{ products: Sum; charges: Sum }>(
    db,
    sql`select coalesce(sum(m.receipt - m.expense) filter (where o.code like '7%'), 0)::bigint as products,
               coalesce(sum(m.expense - m.receipt) filter (where o.code like '6%'), 0)::bigint as charges
        from treasury_movements m join operation_accounts o on o.id = m.operation_account_id
        where m.entity_type = ${entity} and m.entity_id = ${entityId}
          and m.occurred_at >= ${start}::timestamptz and m.occurred_at < ${end}::timestamptz
          and m.source_type <> 'fixed_asset_disposal'`,
  );
  // the year's depreciation up to each disposal, and the disposals' gains and losses (HAO)
  let depreciation = 0;
  let disposals = 0;
  for (const asset of await entityFixedAssets(db, type, entityId)) {
    const figures = assetYear(asset, year);
    depreciation += figures.depreciation;
    if (figures.disposal) disposals += figures.disposal.price - figures.disposal.net_book_value;
  }
  const products = Number(result?.products ?? 0);
  const charges = Number(result?.charges ?? 0);
  const net = products - charges - depreciation + disposals;
  return {
    id: null,
    entity_type: type,
    entity_id: entityId,
    year,
    products,
    charges,
    depreciation,
    disposals,
    result: net,
    result_account: net >= 0 ? '121' : '129',
    accounts: accounts.map((a): ClosingAccount => ({
      payment_account_id: Number(a.payment_account_id),
      code: a.code,
      name: a.name,
      opening_balance: Number(a.opening),
      receipts: Number(a.receipts),
      expenses: Number(a.expenses),
      closing_balance: Number(a.opening) + Number(a.receipts) - Number(a.expenses),
    })),
    closed_at: null,
    closed_by: null,
  };
}

/** The checks of a closing: an ended year, not closed yet, right after the last closed one. */
async function assertClosable(db: Db, type: ExpenseEntityType, entityId: number, year: number) {
  if (year >= Number(todayInDenomination().slice(0, 4))) throw httpError(409, M.notEnded);
  const last = await queryOne<{ year: number | null }>(
    db,
    sql`select max(year)::int as year from fiscal_closings
        where entity_type = ${EXPENSE_TO_FINANCE_ENTITY[type]} and entity_id = ${entityId}`,
  );
  const lastYear = last?.year === null || last?.year === undefined ? null : Number(last.year);
  if (lastYear !== null && year <= lastYear) throw httpError(409, M.alreadyClosed);
  if (lastYear !== null && year !== lastYear + 1) throw httpError(409, M.notInOrder(lastYear + 1));
}

export async function previewClosing(db: Db, type: ExpenseEntityType, entityId: number, year: number) {
  await assertClosable(db, type, entityId, year);
  return computeClosing(db, type, entityId, year);
}

/** Closes a year once: records the carry-forward and the result, audited; locks the year. */
export function confirmClosing(
  db: Db,
  actor: Actor,
  type: ExpenseEntityType,
  entityId: number,
  year: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const entity = EXPENSE_TO_FINANCE_ENTITY[type];
    // one closing at a time per entity: the second waits, then finds the year closed. Exclusive: every
    // write that could change the entity's figures holds it shared while it checks the closed years
    // (treasury/closed-years.ts), so the closing waits for the writes in flight and counts them, and a
    // write that starts meanwhile waits for the closing, then is refused (decision 0042).
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${closingLockKey({ type: entity, id: entityId })}))`,
    );
    await assertClosable(tx, type, entityId, year);
    const c = await computeClosing(tx, type, entityId, year);
    const row = await queryOne<{ id: number }>(
      tx,
      sql`insert into fiscal_closings (entity_type, entity_id, year, products, charges, depreciation, disposals, result, closed_by)
          values (${entity}, ${entityId}, ${year}, ${c.products}, ${c.charges}, ${c.depreciation}, ${c.disposals}, ${c.result}, ${actor.userId})
          returning id`,
    );
    const id = Number(row!.id);
    for (const a of c.accounts)
      await tx.execute(
        sql`insert into fiscal_closing_accounts (closing_id, payment_account_id, opening_balance, receipts, expenses, closing_balance)
            values (${id}, ${a.payment_account_id}, ${a.opening_balance}, ${a.receipts}, ${a.expenses}, ${a.closing_balance})`,
      );
    await audit(tx, {
      userId: actor.userId,
      action: 'fiscal_year.close',
      entityType: entity,
      entityId,
      data: { closing_id: id, year, result: c.result, accounts: c.accounts.length },
      ip: actor.ip,
    });
    return id;
  });
}

type ClosingRow = {
  id: number;
  entity_type: string;
  entity_id: number;
  year: number;
  products: Sum;
  charges: Sum;
  depreciation: Sum;
  disposals: Sum;
  result: Sum;
  created_at: Date | string;
  closed_by: string | null;
};

const closingSelect = sql`select f.id, f.entity_type, f.entity_id, f.year, f.products, f.charges, f.depreciation,
    f.disposals, f.result, f.created_at, nullif(trim(coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, '')), '') as closed_by
  from fiscal_closings f left join users u on u.id = f.closed_by`;

const TYPE_OF: Record<string, ExpenseEntityType> = Object.fromEntries(
  Object.entries(EXPENSE_TO_FINANCE_ENTITY).map(([k, v]) => [v, k as ExpenseEntityType]),
);

function toClosing(row: ClosingRow, accounts: ClosingAccount[]): Closing {
  const result = Number(row.result);
  return {
    id: Number(row.id),
    entity_type: TYPE_OF[row.entity_type],
    entity_id: Number(row.entity_id),
    year: Number(row.year),
    products: Number(row.products),
    charges: Number(row.charges),
    depreciation: Number(row.depreciation),
    disposals: Number(row.disposals),
    result,
    result_account: result >= 0 ? '121' : '129',
    accounts,
    closed_at: new Date(row.created_at).toISOString(),
    closed_by: row.closed_by,
  };
}

export async function listClosings(db: Db, type: ExpenseEntityType, entityId: number) {
  const rows = await queryRows<ClosingRow>(
    db,
    sql`${closingSelect} where f.entity_type = ${EXPENSE_TO_FINANCE_ENTITY[type]} and f.entity_id = ${entityId}
        order by f.year desc`,
  );
  return rows.map((r) => {
    const { accounts: _accounts, ...rest } = toClosing(r, []);
    return rest;
  });
}

export async function closingOr404(db: Db, id: number): Promise<Closing> {
  const row = await queryOne<ClosingRow>(db, sql`${closingSelect} where f.id = ${id}`);
  if (!row) throw httpError(404, M.notFound);
  const accounts = await queryRows<{
    payment_account_id: number;
    code: string;
    name: string;
    opening_balance: Sum;
    receipts: Sum;
    expenses: Sum;
    closing_balance: Sum;
  }>(
    db,
    sql`select c.payment_account_id, a.code, a.name, c.opening_balance, c.receipts, c.expenses, c.closing_balance
        from fiscal_closing_accounts c join operation_accounts a on a.id = c.payment_account_id
        where c.closing_id = ${id} order by a.code`,
  );
  return toClosing(
    row,
    accounts.map((a) => ({
      payment_account_id: Number(a.payment_account_id),
      code: a.code,
      name: a.name,
      opening_balance: Number(a.opening_balance),
      receipts: Number(a.receipts),
      expenses: Number(a.expenses),
      closing_balance: Number(a.closing_balance),
    })),
  );
}
