import { sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { errorSchema, idParamSchema } from '../../../../contract/common';
import {
  EXPENSE_MESSAGES,
  FIXED_ASSET_ACCOUNT_CATEGORY,
  fixedAssetAnswerSchema,
  fixedAssetBodySchema,
  fixedAssetEntityQuerySchema,
  fixedAssetListQuerySchema,
  fixedAssetListSchema,
  fixedAssetOptionsAnswerSchema,
  fixedAssetStatisticsAnswerSchema,
  messageAnswerSchema,
  paymentFixedAssetSchema,
  type ExpenseEntityType,
  type FixedAsset,
} from '../../../../contract/expenses';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { isoString, queryOne, queryRows } from '../../db/query';
import { requireVisibility } from '../../http/context';
import { httpError, MESSAGES } from '../../http/errors';
import { hasPermission } from '../../permissions/check';
import { assertEntityVisible } from '../../permissions/visibility';
import { assertAccountOfEntity, financeEntity } from './service';

const M = EXPENSE_MESSAGES;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const TAGS = ['Immobilisations'];

/** Writing fixed assets: the payers of the entity (`expense:validate`, or `expense_request:manage`). */
export const FIXED_ASSET_WRITE_PERMISSION = 'expense:validate';

type Row = Record<string, unknown>;
const textOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));
const dateOrNull = (v: unknown) =>
  v === null || v === undefined
    ? null
    : v instanceof Date
      ? isoString(v).slice(0, 10)
      : String(v).slice(0, 10);

function toAsset(row: Row): FixedAsset {
  const price = Number(row.purchase_price);
  const extra = Number(row.additional_costs);
  return {
    id: Number(row.id),
    name: String(row.name),
    description: textOrNull(row.description),
    reference: textOrNull(row.reference),
    brand: textOrNull(row.brand),
    model: textOrNull(row.model),
    operation_account_id: row.operation_account_id === null ? null : Number(row.operation_account_id),
    operationAccount:
      row.operation_account_id === null
        ? null
        : { id: Number(row.operation_account_id), name: String(row.oa_name) },
    purchase_price: price,
    additional_costs: extra,
    total_cost: price + extra,
    currency: String(row.currency),
    purchase_date: dateOrNull(row.purchase_day),
    commissioning_date: dateOrNull(row.commissioning_day),
    supplier: textOrNull(row.supplier),
    invoice_number: textOrNull(row.invoice_number),
    location: textOrNull(row.location),
    condition_notes: textOrNull(row.condition_notes),
    depreciable: Boolean(row.depreciable),
    useful_life_years: row.useful_life_years === null ? null : Number(row.useful_life_years),
    residual_value: Number(row.residual_value),
    annual_depreciation_rate:
      row.annual_depreciation_rate === null ? null : Number(row.annual_depreciation_rate),
    entity_type: row.entity_type as FixedAsset['entity_type'],
    entity_id: Number(row.entity_id),
    expense_payment_id: row.expense_payment_id === null ? null : Number(row.expense_payment_id),
    created_at: isoString(row.created_at),
    updated_at: isoString(row.updated_at),
  };
}

// dates as text: node-postgres would read a date as local midnight (a day off east of UTC)
const assetSelect = sql`select fa.*, to_char(fa.purchase_date, 'YYYY-MM-DD') as purchase_day,
  to_char(fa.commissioning_date, 'YYYY-MM-DD') as commissioning_day, oa.name as oa_name from fixed_assets fa
  left join operation_accounts oa on oa.id = fa.operation_account_id`;

export async function loadFixedAsset(db: Db, id: number): Promise<FixedAsset | null> {
  const row = await queryOne<Row>(db, sql`${assetSelect} where fa.id = ${id}`);
  return row ? toAsset(row) : null;
}

type AssetFields = z.output<typeof paymentFixedAssetSchema>;

/** Inserts a fixed asset; answers its id. */
export async function insertFixedAsset(
  db: Db,
  a: AssetFields & {
    purchase_price: number;
    operation_account_id: number | null;
    entity_type: ExpenseEntityType;
    entity_id: number;
    expense_payment_id: number | null;
    created_by: number;
  },
): Promise<number> {
  const row = await queryOne<{ id: number }>(
    db,
    sql`insert into fixed_assets (name, description, reference, brand, model, operation_account_id, purchase_price,
          additional_costs, currency, purchase_date, commissioning_date, supplier, invoice_number, location,
          condition_notes, depreciable, useful_life_years, residual_value, annual_depreciation_rate, entity_type,
          entity_id, expense_payment_id, created_by)
        values (${a.name}, ${a.description ?? null}, ${a.reference ?? null}, ${a.brand ?? null}, ${a.model ?? null},
          ${a.operation_account_id}, ${a.purchase_price}, ${a.additional_costs}, ${a.currency.toUpperCase()},
          ${a.purchase_date ?? null}, ${a.commissioning_date ?? null}, ${a.supplier ?? null},
          ${a.invoice_number ?? null}, ${a.location ?? null}, ${a.condition_notes ?? null}, ${a.depreciable},
          ${a.depreciable ? (a.useful_life_years ?? null) : (a.useful_life_years ?? null)}, ${a.residual_value},
          ${a.annual_depreciation_rate ?? null}, ${a.entity_type}, ${a.entity_id}, ${a.expense_payment_id},
          ${a.created_by})
        returning id`,
  );
  return Number(row!.id);
}

async function assertAssetAccount(db: Db, id: number | undefined, type: ExpenseEntityType, entityId: number) {
  if (id === undefined) return null;
  await assertAccountOfEntity(
    db,
    id,
    [FIXED_ASSET_ACCOUNT_CATEGORY],
    financeEntity(type),
    entityId,
    M.assetOperationAccountInvalid,
  );
  return id;
}

/** Visible entity (404/403), and for writes the permission on it. */
async function assertAssetEntity(
  request: FastifyRequest,
  type: ExpenseEntityType,
  id: number,
  write: boolean,
): Promise<number> {
  const { user, visibility } = await requireVisibility(request);
  const { db } = request.server.deps;
  await assertEntityVisible(db, visibility, type, id);
  if (write && !(await hasPermission(db, user, FIXED_ASSET_WRITE_PERMISSION, type, id)))
    throw httpError(403, MESSAGES.forbidden);
  return user.userId;
}

const entityWhere = (type: ExpenseEntityType, id: number): SQL =>
  sql`fa.entity_type = ${type} and fa.entity_id = ${id}`;

export const fixedAssetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/fixed-assets',
    {
      schema: {
        tags: TAGS,
        summary: "Immobilisations d'une entité (paginées)",
        querystring: fixedAssetListQuerySchema,
        response: { 200: fixedAssetListSchema, ...errors },
      },
    },
    async (request) => {
      const { entity_type, entity_id, page, limit, search } = request.query;
      await assertAssetEntity(request, entity_type, entity_id, false);
      const like = `%${(search ?? '').replace(/[\\%_]/g, '\\$&')}%`;
      const where = sql`${entityWhere(entity_type, entity_id)} and (${search ?? ''} = '' or fa.name ilike ${like}
        or fa.reference ilike ${like} or fa.supplier ilike ${like})`;
      const [rows, count] = await Promise.all([
        queryRows<Row>(
          db,
          sql`${assetSelect} where ${where} order by fa.purchase_date desc nulls last, fa.id desc
              limit ${limit} offset ${(page - 1) * limit}`,
        ),
        queryOne<{ n: number }>(db, sql`select count(*)::int as n from fixed_assets fa where ${where}`),
      ]);
      return { data: rows.map(toAsset), meta: { total: Number(count?.n ?? 0), page, limit } };
    },
  );

  app.get(
    '/fixed-assets/statistics',
    {
      schema: {
        tags: TAGS,
        summary: "Totaux des immobilisations d'une entité",
        querystring: fixedAssetEntityQuerySchema,
        response: { 200: fixedAssetStatisticsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { entity_type, entity_id } = request.query;
      await assertAssetEntity(request, entity_type, entity_id, false);
      const row = await queryOne<Row>(
        db,
        sql`select count(*)::int as count, count(*) filter (where depreciable)::int as depreciable_count,
              coalesce(sum(purchase_price), 0)::bigint as price, coalesce(sum(additional_costs), 0)::bigint as extra,
              coalesce(sum(case
                when not depreciable then purchase_price + additional_costs
                else greatest(residual_value, round((purchase_price + additional_costs) * (1 - least(1,
                  coalesce(annual_depreciation_rate / 100, 1.0 / nullif(useful_life_years, 0), 0)
                  * greatest(0, (current_date - coalesce(commissioning_date, purchase_date, created_at::date)) / 365.25)))))
                end), 0)::bigint as net
            from fixed_assets fa where ${entityWhere(entity_type, entity_id)}`,
      );
      const price = Number(row?.price ?? 0);
      const extra = Number(row?.extra ?? 0);
      return {
        data: {
          count: Number(row?.count ?? 0),
          depreciable_count: Number(row?.depreciable_count ?? 0),
          total_purchase_price: price,
          total_additional_costs: extra,
          total_cost: price + extra,
          net_book_value: Number(row?.net ?? 0),
        },
      };
    },
  );

  app.get(
    '/fixed-assets/options',
    {
      schema: {
        tags: TAGS,
        summary: "Choix du formulaire d'immobilisation (devises, comptes d'actifs, valeurs par défaut)",
        querystring: fixedAssetEntityQuerySchema,
        response: { 200: fixedAssetOptionsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { entity_type, entity_id } = request.query;
      await assertAssetEntity(request, entity_type, entity_id, false);
      const entity = financeEntity(entity_type);
      const accounts = await queryRows<{ id: number; code: string; name: string }>(
        db,
        sql`select a.id, a.code, a.name from operation_accounts a
            join operation_account_categories c on c.id = a.category_id
            where a.active and c.name = ${FIXED_ASSET_ACCOUNT_CATEGORY}
              and (a.entity_type is null or (a.entity_type = ${entity} and a.entity_id = ${entity_id}))
            order by a.code`,
      );
      return {
        data: {
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
        },
      };
    },
  );

  app.get(
    '/fixed-assets/:id',
    {
      schema: {
        tags: TAGS,
        summary: "Détail d'une immobilisation",
        params: idParamSchema,
        response: { 200: fixedAssetAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const asset = await loadFixedAsset(db, request.params.id);
      if (!asset) throw httpError(404, M.assetNotFound);
      await assertAssetEntity(request, asset.entity_type, asset.entity_id, false);
      return { data: asset };
    },
  );

  app.post(
    '/fixed-assets',
    {
      schema: {
        tags: TAGS,
        summary: 'Créer une immobilisation',
        description: "`expense:validate` sur l'entité (ou `expense_request:manage`).",
        body: fixedAssetBodySchema,
        response: { 201: fixedAssetAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const userId = await assertAssetEntity(request, body.entity_type, body.entity_id, true);
      const id = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
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
          created_by: userId,
        });
        await audit(tx, {
          userId,
          action: 'fixed_asset.create',
          entityType: 'fixed_asset',
          entityId: assetId,
          data: { name: body.name, purchase_price: body.purchase_price },
          ip: request.ip,
        });
        return assetId;
      });
      reply.code(201);
      return { data: (await loadFixedAsset(db, id))! };
    },
  );

  app.put(
    '/fixed-assets/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Modifier une immobilisation',
        description:
          "`expense:validate` sur l'entité. L'entité d'une immobilisation ne change pas ; le prix d'achat " +
          "d'une immobilisation née d'un paiement reste le montant payé.",
        params: idParamSchema,
        body: fixedAssetBodySchema,
        response: { 200: fixedAssetAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const current = await loadFixedAsset(db, request.params.id);
      if (!current) throw httpError(404, M.assetNotFound);
      const userId = await assertAssetEntity(request, current.entity_type, current.entity_id, true);
      const b = request.body;
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const accountId = await assertAssetAccount(
          tx,
          b.operation_account_id,
          current.entity_type,
          current.entity_id,
        );
        const price = current.expense_payment_id === null ? b.purchase_price : current.purchase_price;
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
          userId,
          action: 'fixed_asset.update',
          entityType: 'fixed_asset',
          entityId: current.id,
          data: { name: b.name },
          ip: request.ip,
        });
      });
      return { data: (await loadFixedAsset(db, current.id))! };
    },
  );

  app.delete(
    '/fixed-assets/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Supprimer une immobilisation',
        description: "`expense:validate` sur l'entité. Le paiement qui l'a créée, s'il y en a un, reste.",
        params: idParamSchema,
        response: { 200: messageAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const current = await loadFixedAsset(db, request.params.id);
      if (!current) throw httpError(404, M.assetNotFound);
      const userId = await assertAssetEntity(request, current.entity_type, current.entity_id, true);
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await tx.execute(sql`delete from fixed_assets where id = ${current.id}`);
        await audit(tx, {
          userId,
          action: 'fixed_asset.delete',
          entityType: 'fixed_asset',
          entityId: current.id,
          data: { name: current.name, purchase_price: current.purchase_price },
          ip: request.ip,
        });
      });
      return { message: M.assetDeleted };
    },
  );
};
