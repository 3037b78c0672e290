import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOne, queryRows } from '../../server/src/db/query';
import { registerErrorHandling } from '../../server/src/http/errors';
import { IDEMPOTENCY_MESSAGES, idempotentWrite } from '../../server/src/http/idempotency';
import { MOVEMENT_MESSAGES, recordMovement, reverseMovement } from '../../server/src/modules/treasury';
import { createTestApp, type TestApp } from './helpers';

// The shared write paths of money: the movement writer and idempotent writes (demo data).
let t: TestApp;
let churchId: number;
let cashId: number;
let bankId: number;
let receiptAccountId: number;
let userId: number;

beforeAll(async () => {
  t = await createTestApp({ template: 'demo' });
  churchId = (await queryOne<{ id: number }>(t.db, sql`select id from churches order by id limit 1`))!.id;
  cashId = (await queryOne<{ id: number }>(t.db, sql`select id from operation_accounts where code = '5711'`))!
    .id;
  bankId = (await queryOne<{ id: number }>(t.db, sql`select id from operation_accounts where code = '5211'`))!
    .id;
  receiptAccountId = (await queryOne<{ id: number }>(
    t.db,
    sql`select id from operation_accounts where code = '7581'`,
  ))!.id;
  userId = (await queryOne<{ id: number }>(
    t.db,
    sql`select id from users where email = 'tresorier@example.org'`,
  ))!.id;
});
afterAll(() => t.close());

const movement = (overrides: Partial<Parameters<typeof recordMovement>[1]> = {}) => ({
  entityType: 'church' as const,
  entityId: churchId,
  paymentAccountId: cashId,
  operationAccountId: receiptAccountId,
  occurredAt: '2026-03-02T10:00:00.000Z',
  designation: 'Dîme test',
  receipt: 5000,
  sourceType: 'contribution' as const,
  sourceId: null,
  createdBy: userId,
  ...overrides,
});

describe('recordMovement', () => {
  it('appends a movement with the journal type of its payment account', async () => {
    const cash = await recordMovement(t.db, movement());
    const bank = await recordMovement(
      t.db,
      movement({ paymentAccountId: bankId, receipt: 0, expense: 1200 }),
    );
    expect(cash.journal_type).toBe('CASH');
    expect(bank.journal_type).toBe('BANK');
    const row = await queryOne<{ journal_type: string; receipt: number; expense: number }>(
      t.db,
      sql`select journal_type, receipt, expense from treasury_movements where id = ${bank.id}`,
    );
    expect(row).toEqual({ journal_type: 'BANK', receipt: 0, expense: 1200 });
  });

  it('refuses a payment account that is not a treasury account, with a French 400', async () => {
    await expect(
      recordMovement(t.db, movement({ paymentAccountId: receiptAccountId })),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: MOVEMENT_MESSAGES.notTreasuryAccount,
    });
  });

  it('refuses amounts that are not exactly one positive integer', async () => {
    await expect(recordMovement(t.db, movement({ receipt: 0 }))).rejects.toThrow();
    await expect(recordMovement(t.db, movement({ receipt: 10, expense: 10 }))).rejects.toThrow();
    await expect(recordMovement(t.db, movement({ receipt: 10.5 }))).rejects.toThrow();
  });
});

describe('reverseMovement', () => {
  it('appends the opposite movement once, and refuses a second reversal', async () => {
    const original = await recordMovement(t.db, movement({ receipt: 7000 }));
    const reversal = await reverseMovement(t.db, original.id, { createdBy: userId });
    const row = await queryOne<{
      receipt: number;
      expense: number;
      source_type: string;
      reverses_id: number;
    }>(
      t.db,
      sql`select receipt, expense, source_type, reverses_id::int as reverses_id from treasury_movements where id = ${reversal.id}`,
    );
    expect(row).toEqual({ receipt: 0, expense: 7000, source_type: 'reversal', reverses_id: original.id });
    await expect(reverseMovement(t.db, original.id, { createdBy: userId })).rejects.toMatchObject({
      statusCode: 409,
      message: MOVEMENT_MESSAGES.alreadyReversed,
    });
    await expect(reverseMovement(t.db, 999_999_999, { createdBy: userId })).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});

describe('idempotentWrite', () => {
  let server: FastifyInstance;
  beforeAll(async () => {
    server = Fastify();
    server.decorate('deps', { db: t.db, config: {} as never });
    registerErrorHandling(server);
    server.post('/write', async (request, reply) =>
      idempotentWrite(request, reply, userId, async (tx) => {
        const row = await recordMovement(tx, movement({ designation: 'Écriture idempotente', receipt: 321 }));
        if ((request.body as { fail?: boolean } | undefined)?.fail) throw new Error('échec simulé');
        return { status: 201, body: { id: row.id } };
      }),
    );
    server.post('/other', async (request, reply) =>
      idempotentWrite(request, reply, userId, async () => ({ status: 200, body: { ok: true } })),
    );
    await server.ready();
  });
  afterAll(() => server.close());

  const count = async () =>
    (await queryOne<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from treasury_movements where designation = 'Écriture idempotente'`,
    ))!.n;

  it('records once per key and replays the first answer', async () => {
    const before = await count();
    const first = await server.inject({
      method: 'POST',
      url: '/write',
      headers: { 'idempotency-key': 'key-0001-abc' },
    });
    const again = await server.inject({
      method: 'POST',
      url: '/write',
      headers: { 'idempotency-key': 'key-0001-abc' },
    });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await count()).toBe(before + 1);
  });

  it('records exactly once under concurrent identical requests', async () => {
    const before = await count();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.inject({ method: 'POST', url: '/write', headers: { 'idempotency-key': 'key-concurrent-1' } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await count()).toBe(before + 1);
  });

  it('rolls the key back with a failed write, so a retry writes', async () => {
    const before = await count();
    const failed = await server.inject({
      method: 'POST',
      url: '/write',
      headers: { 'idempotency-key': 'key-retry-0001' },
      payload: { fail: true },
    });
    expect(failed.statusCode).toBe(500);
    expect(await count()).toBe(before);
    const retried = await server.inject({
      method: 'POST',
      url: '/write',
      headers: { 'idempotency-key': 'key-retry-0001' },
    });
    expect(retried.statusCode).toBe(201);
    expect(await count()).toBe(before + 1);
  });

  it('refuses a key reused on another path, and malformed keys', async () => {
    await server.inject({ method: 'POST', url: '/write', headers: { 'idempotency-key': 'key-reuse-0001' } });
    const reused = await server.inject({
      method: 'POST',
      url: '/other',
      headers: { 'idempotency-key': 'key-reuse-0001' },
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toContain(IDEMPOTENCY_MESSAGES.reused);
    const bad = await server.inject({ method: 'POST', url: '/write', headers: { 'idempotency-key': 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(IDEMPOTENCY_MESSAGES.invalidKey);
  });

  it('writes without a key, in one transaction', async () => {
    const before = await count();
    const answer = await server.inject({ method: 'POST', url: '/write' });
    expect(answer.statusCode).toBe(201);
    expect(await count()).toBe(before + 1);
  });
});

describe('GET /api/operation-accounts/authorized', () => {
  it('lists the accounts of the asked categories for an entity the user sees', async () => {
    const answer = await t.as('tresorier@example.org', {
      method: 'GET',
      url: `/api/operation-accounts/authorized?entity_type=CHURCH&entity_id=${churchId}&categories=Charges AO,Actifs immobilisés`,
    });
    expect(answer.statusCode).toBe(200);
    const data = answer.json().data as Array<{ category: string; name: string; journal_type: string | null }>;
    expect(data.length).toBeGreaterThan(5);
    expect(new Set(data.map((account) => account.category))).toEqual(
      new Set(['Charges AO', 'Actifs immobilisés']),
    );
    const treasury = await t.as('tresorier@example.org', {
      method: 'GET',
      url: `/api/operation-accounts/authorized?entity_type=church&entity_id=${churchId}&categories=Trésorerie (actifs comme Passifs)&search=caisse`,
    });
    const names = (treasury.json().data as Array<{ name: string; journal_type: string }>).map(
      (a) => a.journal_type,
    );
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names)).toEqual(new Set(['CASH']));
  });

  it('hides the accounts the national office forbids', async () => {
    const office = (await queryOne<{ id: number }>(t.db, sql`select id from national_offices limit 1`))!.id;
    const electricity = (await queryOne<{ id: number }>(
      t.db,
      sql`select id from operation_accounts where code = '6052'`,
    ))!.id;
    await t.db.execute(
      sql`insert into operation_account_exclusions (operation_account_id, entity_type, entity_id) values (${electricity}, 'national_office', ${office})`,
    );
    const answer = await t.as('tresorier@example.org', {
      method: 'GET',
      url: `/api/operation-accounts/authorized?entity_type=CHURCH&entity_id=${churchId}&categories=Charges AO`,
    });
    expect((answer.json().data as Array<{ id: number }>).map((a) => a.id)).not.toContain(electricity);
    await t.db.execute(
      sql`delete from operation_account_exclusions where operation_account_id = ${electricity}`,
    );
  });

  it('answers 403 for an entity the user may not see, 400 for an unknown type', async () => {
    const other = (
      await queryRows<{ id: number }>(t.db, sql`select id from churches order by id desc limit 1`)
    )[0].id;
    const forbidden = await t.as('tresorier@example.org', {
      method: 'GET',
      url: `/api/operation-accounts/authorized?entity_type=CHURCH&entity_id=${other}`,
    });
    expect(forbidden.statusCode).toBe(403);
    const bad = await t.as('tresorier@example.org', {
      method: 'GET',
      url: `/api/operation-accounts/authorized?entity_type=PLANET&entity_id=1`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Type d'entité non supporté");
  });
});
