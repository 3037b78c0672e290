import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedAssetAnswerSchema, fixedAssetListSchema } from '../../contract/fixed-assets';
import { queryOne, queryRows } from '../../server/src/db/query';
import type { TestApp } from './helpers';
import {
  approve,
  createRequest,
  detail,
  EXE,
  expenseTestApp,
  json,
  line,
  message,
  multipart,
  payment,
  PDF,
  PNG,
  type ExpenseIds,
} from './expenses-setup';

let t: TestApp;
let ids: ExpenseIds;
let dataDir: string;

beforeAll(async () => {
  ({ t, ids, dataDir } = await expenseTestApp());
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The stored contents (decision 0044: in the database), by stored name. */
const storedFiles = async () =>
  (await queryRows<{ n: string }>(t.db, sql`select distinct stored_name as n from attachment_chunks`)).map(
    (row) => row.n,
  );

function upload(
  login: string,
  requestId: number | string,
  files: Array<{ name: string; content: Buffer; type?: string }>,
) {
  const body = multipart({ attachable_type: 'expense_request', attachable_id: String(requestId) }, files);
  return t.as(login, {
    method: 'POST',
    url: '/api/attachments',
    payload: body.payload,
    headers: body.headers,
  });
}

describe('attachments', () => {
  it('stores PDF and images under generated names and serves them as downloads', async () => {
    const id = await createRequest(t, ids);
    const response = await upload('tresorier@example.org', id, [
      { name: 'facture été.pdf', content: PDF, type: 'application/pdf' },
      { name: 'photo.png', content: PNG, type: 'image/png' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const data = json<{
      data: Array<{ id: number; mime_type: string; original_name: string; size: number; url: string }>;
    }>(response).data;
    expect(data.map((a) => a.mime_type)).toEqual(['application/pdf', 'image/png']);
    expect(data[0]).toMatchObject({
      original_name: 'facture été.pdf',
      size: PDF.length,
      url: `/attachments/${data[0].id}`,
    });
    const stored = await queryOne<{ stored_name: string }>(
      t.db,
      sql`select stored_name from attachments where id = ${data[0].id}`,
    );
    expect(stored!.stored_name).toMatch(/^[0-9a-f]{32}\.pdf$/);
    expect(await storedFiles()).toContain(stored!.stored_name);

    const list = await t.as('tresorier@example.org', {
      method: 'GET',
      url: `/api/expense-requests/${id}/attachments`,
    });
    expect(json<{ data: unknown[] }>(list).data).toHaveLength(2);
    expect((await detail(t, id)).attachments).toHaveLength(2);

    const download = await t.as('tresorier@example.org', {
      method: 'GET',
      url: `/api/attachments/${data[0].id}`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="facture /);
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''facture%20%C3%A9t%C3%A9.pdf");
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(PDF)).toBe(true);

    expect(
      (await t.as(ids.otherTreasurer, { method: 'GET', url: `/api/attachments/${data[0].id}` })).statusCode,
    ).toBe(403);
    expect(
      (await t.as('fidele@example.org', { method: 'GET', url: `/api/attachments/${data[0].id}` })).statusCode,
    ).toBe(403);
    expect(
      (await t.as('tresorier@example.org', { method: 'GET', url: '/api/attachments/999999' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/attachments/${data[0].id}` })).statusCode).toBe(
      401,
    );

    // the rollback removes the files with the request
    expect(
      (await t.as('tresorier@example.org', { method: 'DELETE', url: `/api/expense-requests/${id}` }))
        .statusCode,
    ).toBe(200);
    expect(await storedFiles()).not.toContain(stored!.stored_name);
  });

  it('refuses by content a .exe renamed .pdf, and anything but JPEG, PNG, WebP, GIF, HEIC, PDF', async () => {
    const id = await createRequest(t, ids);
    const before = (await storedFiles()).length;
    const exe = await upload('tresorier@example.org', id, [
      { name: 'facture.pdf', content: EXE, type: 'application/pdf' },
    ]);
    expect(exe.statusCode).toBe(415);
    expect(message(exe)).toBe(
      'Type de fichier non pris en charge : seuls les images JPEG, PNG, WebP, GIF, HEIC et les PDF sont acceptés.',
    );
    const mixed = await upload('tresorier@example.org', id, [
      { name: 'ok.pdf', content: PDF },
      { name: 'page.html', content: Buffer.from('<html><script>alert(1)</script></html>') },
    ]);
    expect(mixed.statusCode).toBe(415);
    expect((await storedFiles()).length).toBe(before);
    expect((await detail(t, id)).attachments).toHaveLength(0);
  });

  it('answers 413 beyond 10 MB per file and beyond 10 files', async () => {
    const id = await createRequest(t, ids);
    const before = (await storedFiles()).length;
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024, 0x20)]);
    const tooBig = await upload('tresorier@example.org', id, [{ name: 'gros.pdf', content: big }]);
    expect(tooBig.statusCode).toBe(413);
    expect(message(tooBig)).toBe('Fichier trop volumineux : 10 Mo au maximum par fichier.');
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.pdf`, content: PDF }));
    const tooMany = await upload('tresorier@example.org', id, eleven);
    expect(tooMany.statusCode).toBe(413);
    expect(message(tooMany)).toBe('Trop de fichiers : 10 au maximum.');
    const ten = await upload('tresorier@example.org', id, eleven.slice(0, 10));
    expect(ten.statusCode).toBe(201);
    expect((await storedFiles()).length).toBe(before + 10);
  });

  it('checks the fields, the request and the permission', async () => {
    const id = await createRequest(t, ids);
    const badType = multipart({ attachable_type: 'user', attachable_id: String(id) }, [
      { name: 'a.pdf', content: PDF },
    ]);
    const r1 = await t.as('tresorier@example.org', {
      method: 'POST',
      url: '/api/attachments',
      payload: badType.payload,
      headers: badType.headers,
    });
    expect(r1.statusCode).toBe(400);
    expect(
      (await upload('tresorier@example.org', 999999, [{ name: 'a.pdf', content: PDF }])).statusCode,
    ).toBe(404);
    expect((await upload(ids.otherTreasurer, id, [{ name: 'a.pdf', content: PDF }])).statusCode).toBe(403);
    expect((await upload(ids.secretary, id, [{ name: 'a.pdf', content: PDF }])).statusCode).toBe(403);
    const none = await upload('tresorier@example.org', id, []);
    expect(none.statusCode).toBe(400);
    expect(message(none)).toBe('Aucun fichier reçu.');
    const json415 = await t.as('tresorier@example.org', {
      method: 'POST',
      url: '/api/attachments',
      payload: { a: 1 },
    });
    expect(json415.statusCode).toBe(415);
  });
});

describe('fixed assets created with a payment', () => {
  it('only for a national-office request on an asset account; purchase price = paid amount', async () => {
    // a church request on an asset account: no asset
    const church = await createRequest(t, ids, 'tresorier@example.org', {
      operation_account_id: ids.computers,
      expenses: [line('Ordinateur portable', 1, 450_000)],
    });
    await approve(t, church);
    const churchLine = (await detail(t, church)).expenses[0].id;
    const refused = await t.as('tresorier@example.org', {
      method: 'PUT',
      url: `/api/expenses/${churchLine}/validate`,
      payload: payment(ids, 450_000, { fixed_asset: { name: 'Ordinateur', useful_life_years: 3 } }),
    });
    expect(refused.statusCode).toBe(400);
    expect(message(refused)).toBe(
      "Une immobilisation ne peut être créée que pour une dépense du bureau national sur un compte d'actifs immobilisés.",
    );

    const national = await createRequest(t, ids, 'national@example.org', {
      entity_type: 'NATIONAL_OFFICE',
      entity_id: ids.nationalOffice,
      operation_account_id: ids.computers,
      expenses: [line('Serveur', 1, 900_000)],
    });
    await approve(t, national, 'admin@example.org');
    const lineId = (await detail(t, national, 'national@example.org')).expenses[0].id;
    const invalid = await t.as('national@example.org', {
      method: 'PUT',
      url: `/api/expenses/${lineId}/validate`,
      payload: payment(ids, 600_000, {
        fixed_asset: { name: '', currency: 'FCFA', annual_depreciation_rate: 150 },
      }),
    });
    expect(invalid.statusCode).toBe(400);
    expect(json<{ errors: Array<{ field: string; message: string }> }>(invalid).errors).toEqual(
      expect.arrayContaining([
        { field: 'fixed_asset.name', message: "Le nom de l'immobilisation est requis." },
        { field: 'fixed_asset.currency', message: 'La devise doit contenir au plus 3 caractères.' },
        {
          field: 'fixed_asset.annual_depreciation_rate',
          message: "Le taux d'amortissement doit être compris entre 0,01 et 100.",
        },
        {
          field: 'fixed_asset.useful_life_years',
          message: 'La durée de vie est requise pour un bien amortissable.',
        },
      ]),
    );
    const noCurrency = await t.as('national@example.org', {
      method: 'PUT',
      url: `/api/expenses/${lineId}/validate`,
      payload: payment(ids, 600_000, {
        fixed_asset: { name: 'Serveur', currency: '', useful_life_years: 5 },
      }),
    });
    expect(json<{ errors: Array<{ field: string; message: string }> }>(noCurrency).errors).toContainEqual({
      field: 'fixed_asset.currency',
      message: 'La devise est requise.',
    });

    const paid = await t.as('national@example.org', {
      method: 'PUT',
      url: `/api/expenses/${lineId}/validate`,
      payload: payment(ids, 600_000, {
        purchase_price: 1,
        fixed_asset: {
          name: 'Serveur de fichiers',
          brand: 'Dell',
          useful_life_years: 5,
          additional_costs: 25_000,
        },
      }),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const result = json<{
      data: { fixedAsset: Record<string, unknown>; payment: { id: number; fixed_asset_id: number } };
    }>(paid).data;
    expect(result.fixedAsset).toMatchObject({
      name: 'Serveur de fichiers',
      purchase_price: 600_000,
      additional_costs: 25_000,
      total_cost: 625_000,
      currency: 'XOF',
      depreciable: true,
      useful_life_years: 5,
      residual_value: 0,
      entity_type: 'NATIONAL_OFFICE',
      entity_id: ids.nationalOffice,
      operation_account_id: ids.computers,
      expense_payment_id: result.payment.id,
      purchase_date: '2026-11-20',
    });
    expect(result.payment.fixed_asset_id).toBe(result.fixedAsset.id);

    const list = fixedAssetListSchema.parse(
      (
        await t.as('national@example.org', {
          method: 'GET',
          url: `/api/fixed-assets?entity_type=NATIONAL_OFFICE&entity_id=${ids.nationalOffice}&search=fichiers`,
        })
      ).json(),
    );
    expect(list.data.map((a) => a.id)).toEqual([result.fixedAsset.id]);
  });
});

describe('fixed assets CRUD', () => {
  it('creates, reads, updates, deletes with expense:validate on the entity', async () => {
    const entity = `entity_type=NATIONAL_OFFICE&entity_id=${ids.nationalOffice}`;
    const body = {
      name: 'Véhicule de service',
      purchase_price: 12_000_000,
      additional_costs: 500_000,
      currency: 'XOF',
      depreciable: true,
      useful_life_years: 5,
      annual_depreciation_rate: 20,
      operation_account_id: null,
      purchase_date: '2026-01-15',
      entity_type: 'NATIONAL_OFFICE',
      entity_id: ids.nationalOffice,
    };
    expect(
      (await t.as('tresorier@example.org', { method: 'POST', url: '/api/fixed-assets', payload: body }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.as('region@example.org', { method: 'POST', url: '/api/fixed-assets', payload: body }))
        .statusCode,
    ).toBe(403);
    const wrongAccount = await t.as('national@example.org', {
      method: 'POST',
      url: '/api/fixed-assets',
      payload: { ...body, operation_account_id: ids.supplies },
    });
    expect(wrongAccount.statusCode).toBe(400);
    expect(message(wrongAccount)).toBe("Ce compte n'est pas un compte d'actifs immobilisés.");
    const created = await t.as('national@example.org', {
      method: 'POST',
      url: '/api/fixed-assets',
      payload: body,
    });
    expect(created.statusCode, created.body).toBe(201);
    const asset = fixedAssetAnswerSchema.parse(created.json()).data;
    expect(asset.total_cost).toBe(12_500_000);

    const stats = await t.as('national@example.org', {
      method: 'GET',
      url: `/api/fixed-assets/statistics?${entity}`,
    });
    expect(stats.statusCode).toBe(200);
    const s = json<{ data: { count: number; total_cost: number; net_book_value: number } }>(stats).data;
    expect(s.count).toBeGreaterThanOrEqual(1);
    expect(s.net_book_value).toBeLessThanOrEqual(s.total_cost);
    const options = await t.as('national@example.org', {
      method: 'GET',
      url: `/api/fixed-assets/options?${entity}`,
    });
    expect(
      json<{ data: { operationAccounts: Array<{ id: number }>; defaults: { currency: string } } }>(options)
        .data,
    ).toMatchObject({
      defaults: { currency: 'XOF', useful_life_years: 1 },
    });

    const updated = await t.as('national@example.org', {
      method: 'PUT',
      url: `/api/fixed-assets/${asset.id}`,
      payload: { ...body, name: 'Véhicule 4x4', depreciable: false, useful_life_years: null },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(json<{ data: { name: string; depreciable: boolean } }>(updated).data).toMatchObject({
      name: 'Véhicule 4x4',
      depreciable: false,
    });
    expect(
      (await t.as(ids.otherTreasurer, { method: 'GET', url: `/api/fixed-assets/${asset.id}` })).statusCode,
    ).toBe(403);
    expect(
      (await t.as('national@example.org', { method: 'DELETE', url: `/api/fixed-assets/${asset.id}` }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.as('national@example.org', { method: 'GET', url: `/api/fixed-assets/${asset.id}` }))
        .statusCode,
    ).toBe(404);
  });
});
