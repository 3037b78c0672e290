import { sql, type SQL } from 'drizzle-orm';
import type { ListMeta, ListSort } from '../../../../contract/common';
import type { FixedAssetSort } from '../../../../contract/values/fixed-assets';
import { todayInDenomination } from '../../../../contract/dates';
import type { EntityType } from '../../../../contract/common';
import {
  FIXED_ASSET_ACCOUNT_CATEGORY,
  FIXED_ASSET_MESSAGES as A,
  type FixedAsset,
  type FixedAssetOptions,
  type FixedAssetStatistics,
} from '../../../../contract/fixed-assets';
import { netBookValueOn } from '../../../../contract/values/depreciation';
import type { Db } from '../../db/client';
import { isoString, queryOne, queryRows } from '../../db/query';
import { orderBy, type SortColumns } from '../../db/sort';
import { EXPENSE_TO_FINANCE_ENTITY } from '../../db/schema/finance';
import { httpError } from '../../http/errors';

// The read side of the fixed assets (immobilisations) of an entity: one select, mapped to the contract.

/** A timestamp as the driver gives it on a raw query (isoString reads both). */
type Timestamp = Date | string;

type AssetRow = {
  id: number | string;
  name: string;
  description: string | null;
  reference: string | null;
  brand: string | null;
  model: string | null;
  operation_account_id: number | null;
  oa_name: string | null;
  oa_code: string | null;
  purchase_price: number;
  additional_costs: number;
  currency: string;
  purchase_day: string | null;
  commissioning_day: string | null;
  supplier: string | null;
  invoice_number: string | null;
  location: string | null;
  condition_notes: string | null;
  depreciable: boolean;
  useful_life_years: number | null;
  residual_value: number;
  /** numeric: text from the drivers */
  annual_depreciation_rate: string | number | null;
  entity_type: EntityType;
  entity_id: number;
  expense_payment_id: number | null;
  acquired_day: string;
  disposal_kind: 'sale' | 'scrap' | null;
  disposed_day: string | null;
  disposal_price: number | null;
  disposal_net_book_value: number | null;
  disposal_payment_account_id: number | null;
  disposal_movement_id: number | string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

// dates as text: node-postgres would read a date as local midnight (a day off east of UTC)
const assetSelect = sql`select fa.id, fa.name, fa.description, fa.reference, fa.brand, fa.model,
  fa.operation_account_id, oa.name as oa_name, oa.code as oa_code, fa.purchase_price, fa.additional_costs, fa.currency,
  to_char(fa.purchase_date, 'YYYY-MM-DD') as purchase_day,
  to_char(fa.commissioning_date, 'YYYY-MM-DD') as commissioning_day, fa.supplier, fa.invoice_number,
  fa.location, fa.condition_notes, fa.depreciable, fa.useful_life_years, fa.residual_value,
  fa.annual_depreciation_rate, fa.entity_type, fa.entity_id, fa.expense_payment_id,
  to_char(coalesce(fa.purchase_date, fa.commissioning_date, (fa.created_at at time zone 'Africa/Abidjan')::date), 'YYYY-MM-DD') as acquired_day,
  fa.disposal_kind, to_char(fa.disposed_on, 'YYYY-MM-DD') as disposed_day, fa.disposal_price,
  fa.disposal_net_book_value, fa.disposal_payment_account_id, fa.disposal_movement_id,
  fa.created_at, fa.updated_at
  from fixed_assets fa left join operation_accounts oa on oa.id = fa.operation_account_id`;

function toAsset(row: AssetRow): FixedAsset {
  const price = Number(row.purchase_price);
  const extra = Number(row.additional_costs);
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    reference: row.reference,
    brand: row.brand,
    model: row.model,
    operation_account_id: row.operation_account_id === null ? null : Number(row.operation_account_id),
    operationAccount:
      row.operation_account_id === null
        ? null
        : { id: Number(row.operation_account_id), name: String(row.oa_name) },
    purchase_price: price,
    additional_costs: extra,
    total_cost: price + extra,
    currency: row.currency,
    purchase_date: row.purchase_day,
    commissioning_date: row.commissioning_day,
    supplier: row.supplier,
    invoice_number: row.invoice_number,
    location: row.location,
    condition_notes: row.condition_notes,
    depreciable: row.depreciable,
    useful_life_years: row.useful_life_years === null ? null : Number(row.useful_life_years),
    residual_value: Number(row.residual_value),
    annual_depreciation_rate:
      row.annual_depreciation_rate === null ? null : Number(row.annual_depreciation_rate),
    entity_type: row.entity_type,
    entity_id: Number(row.entity_id),
    expense_payment_id: row.expense_payment_id === null ? null : Number(row.expense_payment_id),
    acquired_on: row.acquired_day,
    disposal:
      row.disposal_kind === null || row.disposed_day === null
        ? null
        : {
            kind: row.disposal_kind,
            date: row.disposed_day,
            price: Number(row.disposal_price ?? 0),
            net_book_value: Number(row.disposal_net_book_value ?? 0),
            gain: Number(row.disposal_price ?? 0) - Number(row.disposal_net_book_value ?? 0),
            payment_account_id:
              row.disposal_payment_account_id === null ? null : Number(row.disposal_payment_account_id),
            movement_id: row.disposal_movement_id === null ? null : Number(row.disposal_movement_id),
          },
    created_at: isoString(row.created_at),
    updated_at: isoString(row.updated_at),
  };
}

export async function loadFixedAsset(db: Db, id: number): Promise<FixedAsset | null> {
  const row = await queryOne<AssetRow>(db, sql`${assetSelect} where fa.id = ${id}`);
  return row ? toAsset(row) : null;
}

/** Every asset an entity ever recorded, disposed ones included (the statements, the closing). */
export async function entityFixedAssets(db: Db, type: EntityType, entityId: number) {
  const rows = await queryRows<AssetRow>(
    db,
    sql`${assetSelect} where fa.entity_type = ${type} and fa.entity_id = ${entityId} order by oa.code nulls last, fa.id`,
  );
  return rows
    .map((row) => ({ asset: toAsset(row), code: row.oa_code }))
    .map(({ asset, code }) => ({
      ...asset,
      operation_account_code: code,
      disposed_on: asset.disposal?.date ?? null,
      disposal_price: asset.disposal?.price ?? null,
    }));
}

/** An asset, 404 when unknown. */
export async function fixedAssetOr404(db: Db, id: number): Promise<FixedAsset> {
  const asset = await loadFixedAsset(db, id);
  if (!asset) throw httpError(404, A.assetNotFound);
  return asset;
}

const entityWhere = (type: EntityType, id: number): SQL =>
  sql`fa.entity_type = ${type} and fa.entity_id = ${id}`;

/** What each sort of the register orders by: the assets in service before those sold or scrapped. */
const SORTS: SortColumns<FixedAssetSort> = {
  name: sql`lower(fa.name)`,
  date: { by: sql`fa.purchase_date`, nulls: 'last' },
  cost: sql`(fa.purchase_price + fa.additional_costs)`,
  status: { by: [sql`(fa.disposal_kind is not null)`, sql`fa.disposed_on`], nulls: 'last' },
};

/**
 * A page of the entity's assets (search on the name, the reference, the supplier), latest bought first
 * unless `sort` says otherwise.
 */
export async function listFixedAssets(
  db: Db,
  type: EntityType,
  entityId: number,
  query: { page: number; limit: number; search?: string } & ListSort<FixedAssetSort>,
): Promise<{ data: FixedAsset[]; meta: ListMeta }> {
  const { page, limit, search } = query;
  const like = `%${(search ?? '').replace(/[\\%_]/g, '\\$&')}%`;
  const where = sql`${entityWhere(type, entityId)} and (${search ?? ''} = '' or fa.name ilike ${like}
    or fa.reference ilike ${like} or fa.supplier ilike ${like})`;
  const [rows, count] = await Promise.all([
    queryRows<AssetRow>(
      db,
      sql`${assetSelect} where ${where}
          order by ${orderBy(SORTS, query, { sort: 'date', order: 'desc' }, sql`fa.id`)}
          limit ${limit} offset ${(page - 1) * limit}`,
    ),
    queryOne<{ n: number }>(db, sql`select count(*)::int as n from fixed_assets fa where ${where}`),
  ]);
  return { data: rows.map(toAsset), meta: { total: Number(count?.n ?? 0), page, limit } };
}

/**
 * The entity's totals and the same by asset account, over the assets it still holds (a sold or scrapped
 * asset leaves the register's totals); the net book value at today's date (Africa/Abidjan)
 * by the straight-line schedule of contract/values/depreciation.ts, the one the asset's page shows.
 */
export async function fixedAssetStatistics(
  db: Db,
  type: EntityType,
  entityId: number,
  today: string = todayInDenomination(),
): Promise<FixedAssetStatistics> {
  const rows = await queryRows<AssetRow>(
    db,
    sql`${assetSelect} where ${entityWhere(type, entityId)} and fa.disposed_on is null
        order by oa.code nulls last, fa.id`,
  );
  const stats: FixedAssetStatistics = {
    count: 0,
    depreciable_count: 0,
    total_purchase_price: 0,
    total_additional_costs: 0,
    total_cost: 0,
    net_book_value: 0,
    by_account: [],
  };
  const byAccount = new Map<number | null, FixedAssetStatistics['by_account'][number]>();
  for (const asset of rows.map(toAsset)) {
    const net = netBookValueOn(asset, today);
    stats.count += 1;
    if (asset.depreciable) stats.depreciable_count += 1;
    stats.total_purchase_price += asset.purchase_price;
    stats.total_additional_costs += asset.additional_costs;
    stats.total_cost += asset.total_cost;
    stats.net_book_value += net;
    const key = asset.operation_account_id;
    let group = byAccount.get(key);
    if (!group) {
      group = {
        operation_account_id: key,
        name: asset.operationAccount?.name ?? 'Sans compte',
        count: 0,
        total_cost: 0,
        net_book_value: 0,
      };
      byAccount.set(key, group);
      stats.by_account.push(group);
    }
    group.count += 1;
    group.total_cost += asset.total_cost;
    group.net_book_value += net;
  }
  return stats;
}

/** The choices of the asset form: currencies, the entity's asset accounts, default values. */
export async function fixedAssetOptions(
  db: Db,
  type: EntityType,
  entityId: number,
): Promise<FixedAssetOptions> {
  const entity = EXPENSE_TO_FINANCE_ENTITY[type];
  const accounts = await queryRows<{ id: number; code: string; name: string }>(
    db,
    sql`select a.id, a.code, a.name from operation_accounts a
        join operation_account_categories c on c.id = a.category_id
        where a.active and c.name = ${FIXED_ASSET_ACCOUNT_CATEGORY}
          and (a.entity_type is null or (a.entity_type = ${entity} and a.entity_id = ${entityId}))
        order by a.code`,
  );
  return {
    currencies: [
      { value: 'XOF', label: 'FCFA (XOF)' },
      { value: 'EUR', label: 'Euro (EUR)' },
      { value: 'USD', label: 'Dollar US (USD)' },
    ],
    operationAccounts: accounts.map((a) => ({ id: Number(a.id), code: a.code, name: a.name })),
    defaults: {
      currency: 'XOF',
      useful_life_years: 1,
      residual_value: 0,
      additional_costs: 0,
      depreciable: true,
    },
  };
}
