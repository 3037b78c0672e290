import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSING_MESSAGES } from '../../contract/closings';
import { queryOne } from '../../server/src/db/query';
import { expenseTestApp, type ExpenseIds } from './expenses-setup';
import type { TestApp } from './helpers';

/**
 * The church's own back office (decision 0048): its register of fixed assets, its employees and payslips,
 * its year-end closings, read and written by its treasurer; read by the external accountant on the
 * churches they manage, who also closes their years (`fiscal_year:close`), and nobody else.
 */
let t: TestApp;
let ids: ExpenseIds;
/** a church comptable@ manages, other than church 1 (its years are closed here) */
let managed: number;
const lastYear = new Date().getUTCFullYear() - 1;
const of = (church: number) => `entity_type=CHURCH&entity_id=${church}`;

beforeAll(async () => {
  ({ t, ids } = await expenseTestApp());
  managed = Number(
    (await queryOne<{ id: number }>(
      t.db,
      sql`select m.church_id as id from managed_churches m join users u on u.id = m.user_id
            where u.email = 'comptable@example.org' and m.church_id <> ${ids.church1} order by m.church_id limit 1`,
    ))!.id,
  );
});
afterAll(async () => {
  await t?.close();
});

describe("the church's back office", () => {
  it("seeds church 1's register, its employees and last month's unpaid payslips for the demo", async () => {
    const assets = await t.as('tresorier@example.org', { url: `/api/fixed-assets?${of(ids.church1)}` });
    expect(assets.statusCode, assets.body).toBe(200);
    expect(assets.json().data.map((a: { name: string }) => a.name)).toEqual(
      expect.arrayContaining(['Bancs de la nef (60)', 'Extension de la salle des enfants']),
    );
    const payslips = await t.as('tresorier@example.org', {
      url: `/api/payslips?${of(ids.church1)}&limit=50`,
    });
    expect(payslips.statusCode, payslips.body).toBe(200);
    expect(payslips.json().data.some((p: { status: string }) => p.status === 'unpaid')).toBe(true);
  });

  it('is read by the accountant on the churches they manage, never elsewhere', async () => {
    for (const url of ['/api/fixed-assets', '/api/employees', '/api/payslips', '/api/closings']) {
      const mine = await t.as('comptable@example.org', { url: `${url}?${of(ids.church1)}` });
      expect(mine.statusCode, `${url}: ${mine.body}`).toBe(200);
      const other = await t.as('comptable@example.org', { url: `${url}?${of(ids.otherChurch)}` });
      expect(other.statusCode, url).toBe(403);
    }
    // reading is not writing: the register stays the treasurer's
    const asset = await t.as('comptable@example.org', {
      method: 'POST',
      url: '/api/fixed-assets',
      payload: {
        name: 'Tentative du comptable',
        operation_account_id: ids.computers,
        purchase_price: 100_000,
        additional_costs: 0,
        currency: 'XOF',
        purchase_date: `${lastYear}-03-01`,
        depreciable: false,
        residual_value: 0,
        entity_type: 'CHURCH',
        entity_id: ids.church1,
      },
    });
    expect(asset.statusCode, asset.body).toBe(403);
  });

  it("lets the accountant close last year of a church they manage, once, audited; and no other church's", async () => {
    const refused = await t.as('comptable@example.org', {
      method: 'POST',
      url: '/api/closings',
      payload: { entity_type: 'CHURCH', entity_id: ids.otherChurch, year: lastYear },
    });
    expect(refused.statusCode).toBe(403);
    // a member of the church may not close it either
    const member = await t.as('fidele@example.org', {
      method: 'POST',
      url: '/api/closings',
      payload: { entity_type: 'CHURCH', entity_id: ids.church1, year: lastYear },
    });
    expect(member.statusCode).toBe(403);

    const preview = await t.as('comptable@example.org', {
      url: `/api/closings/preview?${of(managed)}&year=${lastYear}`,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const closed = await t.as('comptable@example.org', {
      method: 'POST',
      url: '/api/closings',
      payload: { entity_type: 'CHURCH', entity_id: managed, year: lastYear },
    });
    expect(closed.statusCode, closed.body).toBe(201);
    expect(closed.json().data).toMatchObject({ year: lastYear, result: preview.json().data.result });
    // and reads it back, as its page does
    const detail = await t.as('comptable@example.org', { url: `/api/closings/${closed.json().data.id}` });
    expect(detail.statusCode, detail.body).toBe(200);
    const again = await t.as('comptable@example.org', {
      method: 'POST',
      url: '/api/closings',
      payload: { entity_type: 'CHURCH', entity_id: managed, year: lastYear },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(CLOSING_MESSAGES.alreadyClosed);
    const audit = await queryOne<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log a join users u on u.id = a.user_id
          where u.email = 'comptable@example.org' and a.action = 'fiscal_year.close'`,
    );
    expect(Number(audit?.n)).toBe(1);
  });
});
