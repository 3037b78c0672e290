import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { EntityType } from '../../../../contract/common';
import {
  FIXED_ASSET_ACCOUNT_CATEGORY,
  FIXED_ASSET_MESSAGES as A,
  type FixedAsset,
  type fixedAssetBodySchema,
  type fixedAssetDisposalBodySchema,
  type paymentFixedAssetSchema,
} from '../../../../contract/fixed-assets';
import { EXPENSE_MESSAGES as M } from '../../../../contract/expenses';
import { ACCOUNT_CATEGORIES } from '../../../../contract/values/accounts';
import { todayInDenomination, dayIn } from '../../../../contract/dates';
import { netBookValueOn } from '../../../../contract/values/depreciation';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { queryOne } from '../../db/query';
import { EXPENSE_TO_FINANCE_ENTITY } from '../../db/schema/finance';
import type { Actor } from '../../http/authorize';
import { httpError } from '../../http/errors';
import { assertAccountOfEntity } from '../accounts';
import { assertYearNotClosed, ownClosedYears, recordMovement } from '../treasury';
import { closedYearOfAssetChange, type BookedAsset } from './policy';
import { fixedAssetOr404 } from './queries';

// The writes of the fixed assets (immobilisations) of an entity: recorded alone, or by the payment of an
// expense (insertFixedAsset, in the payment's transaction), changed, deleted, sold or scrapped; none of
// them may change what a closed year's statements read of the asset (policy.ts, decision 0042).

type AssetFields = z.output<typeof paymentFixedAssetSchema>;
export type FixedAssetInput = z.output<typeof fixedAssetBodySchema>;

/** The schedule's fields of an asset as written (`recordedOn`: the day it was recorded). */
function booked(
  a: Omit<AssetFields, 'name' | 'currency'> & { purchase_price: number; operation_account_id: number | null },
  recordedOn: string,
): BookedAsset {
  const purchase = a.purchase_date ?? null;
  const commissioning = a.commissioning_date ?? null;
  return {
    purchase_price: a.purchase_price,
    additional_costs: a.additional_costs,
    residual_value: a.residual_value,
    depreciable: a.depreciable,
    useful_life_years: a.useful_life_years ?? null,
    annual_depreciation_rate: a.annual_depreciation_rate ?? null,
    purchase_date: purchase,
    commissioning_date: commissioning,
    acquired_on: purchase ?? commissioning ?? recordedOn,
    disposed_on: null,
    disposal_price: null,
    operation_account_id: a.operation_account_id,
  };
}

/** A stored asset as the statements read it. */
const bookedOf = (asset: FixedAsset): BookedAsset => ({
  ...asset,
  disposed_on: asset.disposal?.date ?? null,
  disposal_price: asset.disposal?.price ?? null,
});

/** 409 when the write would change what one of the entity's closed years reads of the asset. */
async function assertClosedYearsKept(
  tx: Db,
  type: EntityType,
  entityId: number,
  before: BookedAsset | null,
  after: BookedAsset | null,
): Promise<void> {
  const years = await ownClosedYears(tx, { type: EXPENSE_TO_FINANCE_ENTITY[type], id: entityId });
  assertYearNotClosed(closedYearOfAssetChange(years, before, after));
}

/** The asset locked and read inside the write's transaction. */
async function lockedAsset(tx: Db, id: number): Promise<FixedAsset> {
  await tx.execute(sql`select id from fixed_assets where id = ${id} for update`);
  return fixedAssetOr404(tx, id);
}

/** Inserts a fixed asset (none that a closed year would read: 409); answers its id. */
export async function insertFixedAsset(
  db: Db,
  a: AssetFields & {
    purchase_price: number;
    operation_account_id: number | null;
    entity_type: EntityType;
    entity_id: number;
    expense_payment_id: number | null;
    created_by: number;
  },
): Promise<number> {
  await assertClosedYearsKept(db, a.entity_type, a.entity_id, null, booked(a, todayInDenomination()));
  const row = await queryOne<{ id: number | string }>(
    db,
    sql`insert into fixed_assets (name, description, reference, brand, model, operation_account_id, purchase_price,
          additional_costs, currency, purchase_date, commissioning_date, supplier, invoice_number, location,
          condition_notes, depreciable, useful_life_years, residual_value, annual_depreciation_rate, entity_type,
          entity_id, expense_payment_id, created_by)
        values (${a.name}, ${a.description ?? null}, ${a.reference ?? null}, ${a.brand ?? null}, ${a.model ?? null},
          ${a.operation_account_id}, ${a.purchase_price}, ${a.additional_costs}, ${a.currency.toUpperCase()},
          ${a.purchase_date ?? null}, ${a.commissioning_date ?? null}, ${a.supplier ?? null},
          ${a.invoice_number ?? null}, ${a.location ?? null}, ${a.condition_notes ?? null}, ${a.depreciable},
          ${a.useful_life_years ?? null}, ${a.residual_value},
          ${a.annual_depreciation_rate ?? null}, ${a.entity_type}, ${a.entity_id}, ${a.expense_payment_id},
          ${a.created_by})
        returning id`,
  );
  return Number(row!.id);
}

/** The account of an asset: none, or an 'Actifs immobilisés' account the entity may use (400). */
async function assertAssetAccount(db: Db, id: number | undefined, type: EntityType, entityId: number) {
  if (id === undefined) return null;
  await assertAccountOfEntity(
    db,
    id,
    [FIXED_ASSET_ACCOUNT_CATEGORY],
    EXPENSE_TO_FINANCE_ENTITY[type],
    entityId,
    A.assetOperationAccountInvalid,
  );
  return id;
}

/** Creates an asset bought outside a payment, with its audit; answers its id. */
export function createFixedAsset(db: Db, actor: Actor, body: FixedAssetInput): Promise<number> {
  return db.transaction(async (tx) => {
    const accountId = await assertAssetAccount(
      tx,
      body.operation_account_id,
      body.entity_type,
      body.entity_id,
    );
    const assetId = await insertFixedAsset(tx, {
      ...body,
      operation_account_id: accountId,
      expense_payment_id: null,
      created_by: actor.userId,
    });
    await audit(tx, {
      userId: actor.userId,
      action: 'fixed_asset.create',
      entityType: 'fixed_asset',
      entityId: assetId,
      data: { name: body.name, purchase_price: body.purchase_price },
      ip: actor.ip,
    });
    return assetId;
  });
}

/**
 * Changes an asset, with its audit. Its entity never changes; the purchase price of an asset bought by
 * a payment stays the paid amount.
 */
export function updateFixedAsset(
  db: Db,
  actor: Actor,
  current: FixedAsset,
  b: FixedAssetInput,
): Promise<void> {
  if (current.disposal) throw httpError(409, A.assetDisposedLocked);
  return db.transaction(async (tx) => {
    const accountId = await assertAssetAccount(
      tx,
      b.operation_account_id,
      current.entity_type,
      current.entity_id,
    );
    const price = current.expense_payment_id === null ? b.purchase_price : current.purchase_price;
    const stored = await lockedAsset(tx, current.id);
    if (stored.disposal) throw httpError(409, A.assetDisposedLocked);
    await assertClosedYearsKept(
      tx,
      stored.entity_type,
      stored.entity_id,
      bookedOf(stored),
      booked(
        { ...b, purchase_price: price, operation_account_id: accountId },
        dayIn(new Date(stored.created_at)),
      ),
    );
    await tx.execute(
      sql`update fixed_assets set name = ${b.name}, description = ${b.description ?? null},
            reference = ${b.reference ?? null}, brand = ${b.brand ?? null}, model = ${b.model ?? null},
            operation_account_id = ${accountId}, purchase_price = ${price},
            additional_costs = ${b.additional_costs}, currency = ${b.currency.toUpperCase()},
            purchase_date = ${b.purchase_date ?? null}, commissioning_date = ${b.commissioning_date ?? null},
            supplier = ${b.supplier ?? null}, invoice_number = ${b.invoice_number ?? null},
            location = ${b.location ?? null}, condition_notes = ${b.condition_notes ?? null},
            depreciable = ${b.depreciable}, useful_life_years = ${b.useful_life_years ?? null},
            residual_value = ${b.residual_value}, annual_depreciation_rate = ${b.annual_depreciation_rate ?? null},
            updated_at = now()
          where id = ${current.id}`,
    );
    await audit(tx, {
      userId: actor.userId,
      action: 'fixed_asset.update',
      entityType: 'fixed_asset',
      entityId: current.id,
      data: { name: b.name },
      ip: actor.ip,
    });
  });
}

/** Deletes an asset, with its audit; the payment that bought it, if any, stays. */
export function deleteFixedAsset(db: Db, actor: Actor, current: FixedAsset): Promise<void> {
  if (current.disposal) throw httpError(409, A.assetDisposedLocked);
  return db.transaction(async (tx) => {
    const stored = await lockedAsset(tx, current.id);
    if (stored.disposal) throw httpError(409, A.assetDisposedLocked);
    await assertClosedYearsKept(tx, stored.entity_type, stored.entity_id, bookedOf(stored), null);
    await tx.execute(sql`delete from fixed_assets where id = ${current.id}`);
    await audit(tx, {
      userId: actor.userId,
      action: 'fixed_asset.delete',
      entityType: 'fixed_asset',
      entityId: current.id,
      data: { name: current.name, purchase_price: current.purchase_price },
      ip: actor.ip,
    });
  });
}

export type FixedAssetDisposalInput = z.output<typeof fixedAssetDisposalBodySchema>;

/**
 * Sells or scraps an asset on a day, inside the caller's transaction (idempotentWrite): refused when a
 * closed year would read the asset differently (a day in or before a closed year); its net book
 * value that day by the depreciation schedule is recorded, with the price; a price received is a receipt
 * of the entity's treasury account through the one movement writer (refused in a closed year, like any
 * write dated in it); audited. The asset then leaves the register's totals and can no longer change.
 * Answers the asset as disposed.
 */
export async function disposeFixedAsset(
  tx: Db,
  actor: Actor,
  assetId: number,
  body: FixedAssetDisposalInput,
): Promise<FixedAsset> {
  // the row locked: two disposals of one asset, the second finds it disposed
  const asset = await lockedAsset(tx, assetId);
  if (asset.disposal) throw httpError(409, A.assetAlreadyDisposed);
  if (body.disposed_on < asset.acquired_on) throw httpError(400, A.assetDisposalBeforeAcquisition);
  const entity = EXPENSE_TO_FINANCE_ENTITY[asset.entity_type];
  // leaving the books on that day must not change a closed year (with or without a price)
  await assertClosedYearsKept(tx, asset.entity_type, asset.entity_id, bookedOf(asset), {
    ...bookedOf(asset),
    disposed_on: body.disposed_on,
    disposal_price: body.price,
  });
  const netBookValue = netBookValueOn(asset, body.disposed_on);
  let movementId: number | null = null;
  let paymentAccountId: number | null = null;
  if (body.price > 0) {
    paymentAccountId = body.payment_account_id ?? null;
    if (paymentAccountId === null) throw httpError(400, M.paymentAccountRequired);
    await assertAccountOfEntity(
      tx,
      paymentAccountId,
      [ACCOUNT_CATEGORIES.TREASURY],
      entity,
      asset.entity_id,
      M.paymentAccountInvalid,
    );
    const movement = await recordMovement(tx, {
      entityType: entity,
      entityId: asset.entity_id,
      paymentAccountId,
      operationAccountId: asset.operation_account_id,
      // the default payment time (SPEC.md section 9), Africa/Abidjan = UTC
      occurredAt: `${body.disposed_on}T10:30:00Z`,
      designation: `${body.kind === 'sale' ? 'Cession' : 'Mise au rebut'} : ${asset.name}`,
      reference: asset.reference,
      receipt: body.price,
      sourceType: 'fixed_asset_disposal',
      sourceId: asset.id,
      createdBy: actor.userId,
    });
    movementId = movement.id;
  }
  await tx.execute(
    sql`update fixed_assets set disposal_kind = ${body.kind}, disposed_on = ${body.disposed_on},
          disposal_price = ${body.price}, disposal_net_book_value = ${netBookValue},
          disposal_payment_account_id = ${paymentAccountId}, disposal_movement_id = ${movementId},
          disposed_by = ${actor.userId}, updated_at = now()
        where id = ${asset.id}`,
  );
  await audit(tx, {
    userId: actor.userId,
    action: 'fixed_asset.dispose',
    entityType: 'fixed_asset',
    entityId: asset.id,
    data: {
      kind: body.kind,
      disposed_on: body.disposed_on,
      price: body.price,
      net_book_value: netBookValue,
      gain: body.price - netBookValue,
      movement_id: movementId,
    },
    ip: actor.ip,
  });
  return fixedAssetOr404(tx, asset.id);
}
