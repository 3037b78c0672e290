import { sql } from 'drizzle-orm';
import type { ExpenseEntityType } from '../../../../contract/expenses';
import type { FinancialStatements, StatementAssetLine, StatementLine } from '../../../../contract/journals';
import { assetYear } from '../../../../contract/values/depreciation';
import type { Db } from '../../db/client';
import { queryOne, queryRows } from '../../db/query';
import { EXPENSE_TO_FINANCE_ENTITY } from '../../db/schema/finance';
import { entityFixedAssets } from '../fixed-assets';
import { yearBounds } from '../treasury';
import { journalEntity, n } from './journals';

/*
 * The financial statements of an entity for a year (SYCEBNL, decision 0030): the income statement and the
 * balance sheet. The sums of the movements are SQL; the fixed assets' figures come from the one
 * depreciation schedule (contract/values/depreciation.ts, decision 0025). The balance sheet's two sides
 * are computed apart: the assets from the state on 31 December, the funds from the state on 1 January
 * plus the year's flows, so that their equality checks the books instead of being forced.
 * Years are those of Africa/Abidjan (UTC all year).
 */

type Sum = number | string | null;
/** the disposals' receipts are the HAO proceeds, counted from the assets: never twice */
const NOT_DISPOSAL = sql`m.source_type <> 'fixed_asset_disposal'`;

/** GET /financial-statements: the income statement and the balance sheet of a year. */
export async function financialStatements(
  db: Db,
  type: ExpenseEntityType,
  entityId: number,
  year: number,
): Promise<FinancialStatements> {
  const entity = EXPENSE_TO_FINANCE_ENTITY[type];
  const { start, end } = yearBounds(year);
  const ofEntity = sql`m.entity_type = ${entity} and m.entity_id = ${entityId}`;
  const inYear = sql`m.occurred_at >= ${start}::timestamptz and m.occurred_at < ${end}::timestamptz`;

  const [named, income, treasury, other, carried, closing, assets] = await Promise.all([
    journalEntity(db, { entity_type: type, entity_id: entityId }),
    // classes 6 and 7 of the year, by account (a reversal is on the same account: deducted)
    queryRows<{ code: string; name: string; net: Sum }>(
      db,
      sql`select o.code, o.name, sum(m.receipt - m.expense)::bigint as net
          from treasury_movements m join operation_accounts o on o.id = m.operation_account_id
          where ${ofEntity} and ${inYear} and ${NOT_DISPOSAL} and (o.code like '6%' or o.code like '7%')
          group by o.code, o.name order by o.code`,
    ),
    // each treasury account on 1 January and on 31 December
    queryRows<{ code: string; name: string; opening: Sum; closing: Sum }>(
      db,
      sql`select a.code, a.name,
            coalesce(sum(m.receipt - m.expense) filter (where m.occurred_at < ${start}::timestamptz), 0)::bigint as opening,
            coalesce(sum(m.receipt - m.expense), 0)::bigint as closing
          from treasury_movements m join operation_accounts a on a.id = m.payment_account_id
          where ${ofEntity} and m.occurred_at < ${end}::timestamptz
          group by a.id, a.code, a.name order by a.code`,
    ),
    // the year's flows outside classes 6 and 7: funds received or paid out, assets paid...
    queryOne<{ net: Sum }>(
      db,
      sql`select coalesce(sum(m.receipt - m.expense), 0)::bigint as net
          from treasury_movements m left join operation_accounts o on o.id = m.operation_account_id
          where ${ofEntity} and ${inYear} and ${NOT_DISPOSAL}
            and (o.code is null or not (o.code like '6%' or o.code like '7%'))`,
    ),
    queryOne<{ total: Sum }>(
      db,
      sql`select coalesce(sum(result), 0)::bigint as total from fiscal_closings
          where entity_type = ${entity} and entity_id = ${entityId} and year < ${year}`,
    ),
    queryOne<{ id: number; created_at: Date | string }>(
      db,
      sql`select id, created_at from fiscal_closings
          where entity_type = ${entity} and entity_id = ${entityId} and year = ${year}`,
    ),
    entityFixedAssets(db, type, entityId),
  ]);

  const products: StatementLine[] = [];
  const charges: StatementLine[] = [];
  for (const row of income) {
    if (row.code.startsWith('7')) products.push({ code: row.code, name: row.name, amount: n(row.net) });
    else charges.push({ code: row.code, name: row.name, amount: -n(row.net) });
  }
  const productsTotal = products.reduce((s, l) => s + l.amount, 0);
  const chargesTotal = charges.reduce((s, l) => s + l.amount, 0);

  let depreciation = 0;
  let proceeds = 0;
  let bookValues = 0;
  let acquisitions = 0;
  let netAtStart = 0;
  const byAccount = new Map<string, StatementAssetLine>();
  for (const asset of assets) {
    const y = assetYear(asset, year);
    depreciation += y.depreciation;
    acquisitions += y.acquisition;
    netAtStart += y.net_at_start;
    if (y.disposal) {
      proceeds += y.disposal.price;
      bookValues += y.disposal.net_book_value;
    }
    if (!y.held) continue;
    const key = asset.operation_account_id === null ? '' : String(asset.operation_account_id);
    let group = byAccount.get(key);
    if (!group) {
      group = {
        code: asset.operation_account_code ?? '',
        name: asset.operationAccount?.name ?? 'Immobilisations sans compte',
        gross: 0,
        depreciation: 0,
        net: 0,
      };
      byAccount.set(key, group);
    }
    group.gross += y.gross;
    group.depreciation += y.accumulated;
    group.net += y.net;
  }
  const fixedAssets = [...byAccount.values()];
  const fixedTotal = {
    gross: fixedAssets.reduce((s, l) => s + l.gross, 0),
    depreciation: fixedAssets.reduce((s, l) => s + l.depreciation, 0),
    net: fixedAssets.reduce((s, l) => s + l.net, 0),
  };

  const treasuryAssets: StatementLine[] = [];
  const treasuryLiabilities: StatementLine[] = [];
  let treasuryAtStart = 0;
  for (const row of treasury) {
    treasuryAtStart += n(row.opening);
    const balance = n(row.closing);
    if (balance > 0) treasuryAssets.push({ code: row.code, name: row.name, amount: balance });
    else if (balance < 0) treasuryLiabilities.push({ code: row.code, name: row.name, amount: -balance });
  }
  const treasuryTotal = treasuryAssets.reduce((s, l) => s + l.amount, 0);
  const overdrafts = treasuryLiabilities.reduce((s, l) => s + l.amount, 0);

  const ordinary = productsTotal - chargesTotal - depreciation;
  const disposalResult = proceeds - bookValues;
  const result = ordinary + disposalResult;
  const carriedForward = n(carried?.total);
  const funds = treasuryAtStart + netAtStart - carriedForward;
  const otherChanges = n(other?.net) + acquisitions;
  const equity = funds + carriedForward + otherChanges + result;

  return {
    entity: { type, id: entityId, name: named.name },
    year,
    closing: closing
      ? { id: Number(closing.id), closed_at: new Date(closing.created_at).toISOString() }
      : null,
    income: {
      products,
      products_total: productsTotal,
      charges,
      charges_total: chargesTotal,
      depreciation,
      ordinary_result: ordinary,
      disposal_proceeds: proceeds,
      disposal_book_values: bookValues,
      disposal_result: disposalResult,
      result,
    },
    balance: {
      fixed_assets: fixedAssets,
      fixed_assets_total: fixedTotal,
      treasury: treasuryAssets,
      treasury_total: treasuryTotal,
      assets_total: fixedTotal.net + treasuryTotal,
      funds,
      carried_forward: carriedForward,
      other_changes: otherChanges,
      result,
      equity_total: equity,
      treasury_liabilities: treasuryLiabilities,
      treasury_liabilities_total: overdrafts,
      liabilities_total: equity + overdrafts,
    },
  };
}
