import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contributionAnswerSchema,
  contributionListSchema,
  contributionStatementSchema,
  contributionSummarySchema,
  receiptAccountTotalsSchema,
} from '../../contract/contributions';
import { queryOne, queryRows } from '../../server/src/db/query';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
const ids = {
  church1: 0,
  otherChurch: 0,
  accountantOther: 0,
  fidele: 0,
  otherFaithful: 0,
  tithes: 0,
  offerings: 0,
  cash: 0,
  orange: 0,
  department: 0,
};

async function idOf(query: ReturnType<typeof sql>): Promise<number> {
  const row = await queryOne<{ id: number }>(t.db, query);
  if (!row) throw new Error('fixture row missing');
  return Number(row.id);
}

beforeAll(async () => {
  t = await createTestApp();
  ids.fidele = await idOf(sql`select id from users where email = 'fidele@example.org'`);
  ids.church1 = await idOf(sql`select church_id as id from users where email = 'fidele@example.org'`);
  ids.otherChurch = await idOf(
    sql`select id from churches where id <> ${ids.church1}
        and id not in (select church_id from managed_churches) order by id limit 1`,
  );
  ids.accountantOther = await idOf(
    sql`select m.church_id as id from managed_churches m join users u on u.id = m.user_id
        where u.email = 'comptable@example.org' and m.church_id <> ${ids.church1} order by m.church_id limit 1`,
  );
  ids.otherFaithful = await idOf(
    sql`select id from users where church_id = ${ids.otherChurch} and active order by id limit 1`,
  );
  ids.tithes = await idOf(sql`select id from operation_accounts where code = '7581'`);
  ids.offerings = await idOf(sql`select id from operation_accounts where code = '7582'`);
  ids.cash = await idOf(sql`select id from operation_accounts where code = '5711'`);
  ids.orange = await idOf(sql`select id from operation_accounts where code = '5551'`);
  ids.department = await idOf(
    sql`select id from departments where entity_type = 'church' and entity_id = ${ids.church1} order by id limit 1`,
  );
});
afterAll(async () => {
  // let the pool settle after the concurrent burst before the database is dropped
  await new Promise((resolve) => setTimeout(resolve, 500));
  await t.close();
});

const get = (who: string, url: string) => t.as(`${who}@example.org`, { url });
const post = (who: string, url: string, payload: unknown, key?: string) =>
  t.as(`${who}@example.org`, {
    method: 'POST',
    url,
    payload: payload as object,
    headers: key ? { 'idempotency-key': key } : {},
  });

function tithe(overrides: Record<string, unknown> = {}) {
  return {
    entity_type: 'CHURCH',
    entity_id: ids.church1,
    user_id: ids.fidele,
    type: 'tithe',
    amount: 25_000,
    occurred_at: '2026-11-20T10:30',
    receipt_account_id: ids.tithes,
    payment_account_id: ids.cash,
    notes: 'Dîme de novembre',
    ...overrides,
  };
}

describe('POST /contributions', () => {
  it('writes the contribution, its treasury movement and an audit record in one go', async () => {
    const response = await post('tresorier', '/api/contributions', tithe(), 'first-tithe-0001');
    expect(response.statusCode).toBe(201);
    const { data } = contributionAnswerSchema.parse(response.json());
    expect(data.receipt_number).toMatch(/^R-\d{4}-\d{6}$/);
    expect(data.public_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(data).toMatchObject({
      entity_type: 'CHURCH',
      entity_id: ids.church1,
      amount: 25_000,
      type: 'tithe',
      status: 'valid',
      occurred_at: '2026-11-20T10:30:00.000Z',
      contributor: { id: ids.fidele, firstname: 'Aminata', lastname: 'Koné' },
      receipt_account: { id: ids.tithes },
      payment_account: { id: ids.cash, journal_type: 'CASH' },
    });
    const movements = await queryRows<{
      receipt: number;
      expense: number;
      designation: string;
      reference: string;
      journal_type: string;
      entity_type: string;
      entity_id: number;
      operation_account_id: number;
    }>(
      t.db,
      sql`select receipt, expense, designation, reference, journal_type, entity_type, entity_id, operation_account_id
          from treasury_movements where source_type = 'contribution' and source_id = ${data.id}`,
    );
    expect(movements).toHaveLength(1);
    expect(movements[0]).toMatchObject({
      receipt: 25_000,
      expense: 0,
      designation: 'Dîme - Aminata Koné',
      reference: data.receipt_number,
      journal_type: 'CASH',
      entity_type: 'church',
      entity_id: ids.church1,
      operation_account_id: ids.tithes,
    });
    const audits = await queryRows(
      t.db,
      sql`select 1 from audit_log where action = 'contribution.create' and entity_id = ${data.id}`,
    );
    expect(audits).toHaveLength(1);

    // the treasury journal reads the movement
    const journal = await get(
      'tresorier',
      `/api/treasury-journal?entity_type=CHURCH&entity_id=${ids.church1}&type=CASH&from_date=2026-11-20&to_date=2026-11-20`,
    );
    expect(journal.statusCode).toBe(200);
    const rows = (journal.json() as { data: Array<Record<string, unknown>> }).data;
    expect(rows).toContainEqual(
      expect.objectContaining({
        reference: data.receipt_number,
        designation: 'Dîme - Aminata Koné',
        receipts: 25_000,
        expenses: 0,
        observations: 'Dîme de novembre',
      }),
    );
  });

  it('answers 400 with a French message for invalid input', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ amount: 0 }, 'Le montant doit être un nombre entier supérieur à 0.'],
      [{ amount: -5 }, 'Le montant doit être un nombre entier supérieur à 0.'],
      [{ amount: 10.5 }, 'Le montant doit être un nombre entier supérieur à 0.'],
      [{ amount: 1_000_000_001 }, 'Le montant ne peut pas dépasser 1 000 000 000 F CFA.'],
      [{ amount: undefined }, 'Le montant est requis.'],
      [{ type: 'gift' }, 'Veuillez choisir le type de contribution.'],
      [{ occurred_at: 'hier' }, 'Date invalide.'],
      [{ occurred_at: '2026-11-20T25:30' }, "Format d'heure invalide (HH:MM)"],
      [{ occurred_at: '1899-12-31T10:00' }, 'La date ne peut pas être antérieure au 01/01/1900.'],
      [{ occurred_at: '2999-01-01T10:00' }, 'La date ne peut pas être dans le futur.'],
      [{ receipt_account_id: ids.cash }, "Ce compte de recette n'est pas autorisé pour cette entité."],
      [
        { payment_account_id: ids.tithes },
        "Ce compte de paiement n'est pas un compte de trésorerie autorisé pour cette entité.",
      ],
      [{ user_id: null }, 'Veuillez choisir un fidèle ou cocher « Anonyme ».'],
      [{ user_id: ids.otherFaithful }, "Ce fidèle n'appartient pas à cette entité."],
      [{ notes: 'x'.repeat(501) }, 'Les notes ne doivent pas dépasser 500 caractères.'],
    ];
    for (const [overrides, message] of cases) {
      const response = await post('tresorier', '/api/contributions', tithe(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const count = await queryOne<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from contributions where notes = 'x'`,
    );
    expect(count?.n).toBe(0);
  });

  it('needs contribution:create on the entity itself', async () => {
    expect((await post('fidele', '/api/contributions', tithe())).statusCode).toBe(403);
    // the pastor leads the church but does not record money
    expect((await post('pasteur', '/api/contributions', tithe())).statusCode).toBe(403);
    // the treasurer of church 1 cannot record in another church
    const other = await post(
      'tresorier',
      '/api/contributions',
      tithe({ entity_id: ids.otherChurch, user_id: ids.otherFaithful }),
    );
    expect(other.statusCode).toBe(403);
    // the external accountant records in the churches they manage only
    expect((await post('comptable', '/api/contributions', tithe({ amount: 1_000 }))).statusCode).toBe(201);
    expect(
      (
        await post(
          'comptable',
          '/api/contributions',
          tithe({ entity_id: ids.otherChurch, user_id: ids.otherFaithful }),
        )
      ).statusCode,
    ).toBe(403);
    const unknown = await post('admin', '/api/contributions', tithe({ entity_id: 999_999 }));
    expect(unknown.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/contributions', payload: tithe() });
    expect(anonymous.statusCode).toBe(401);
  });

  it('records an anonymous contribution only with contribution:create_anonyme', async () => {
    const body = tithe({
      user_id: null,
      is_anonymous: true,
      type: 'offering',
      receipt_account_id: ids.offerings,
    });
    const denied = await post('comptable', '/api/contributions', body);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toContain(
      "Vous n'êtes pas autorisé à enregistrer une contribution anonyme.",
    );
    const allowed = await post('tresorier', '/api/contributions', { ...body, user_id: ids.fidele });
    expect(allowed.statusCode).toBe(201);
    const { data } = contributionAnswerSchema.parse(allowed.json());
    expect(data.is_anonymous).toBe(true);
    expect(data.contributor).toBeNull();
    const movement = await queryOne<{ designation: string }>(
      t.db,
      sql`select designation from treasury_movements where source_type = 'contribution' and source_id = ${data.id}`,
    );
    expect(movement?.designation).toBe('Offrande - Anonyme');
  });

  it('records a department contribution for a faithful of the church it hangs on', async () => {
    const response = await post(
      'tresorier',
      '/api/contributions',
      tithe({ entity_type: 'ACTIVITY_GROUP', entity_id: ids.department, amount: 3_000 }),
    );
    expect(response.statusCode).toBe(201);
    const list = await get(
      'tresorier',
      `/api/contributions?entity_type=ACTIVITY_GROUP&entity_id=${ids.department}`,
    );
    expect(list.statusCode).toBe(200);
    const parsed = contributionListSchema.parse(list.json());
    expect(
      parsed.data.every((c) => c.entity_type === 'ACTIVITY_GROUP' && c.entity_id === ids.department),
    ).toBe(true);
    expect(parsed.totals.amount).toBeGreaterThanOrEqual(3_000);
  });

  it('records once under 20 concurrent identical requests with one Idempotency-Key', async () => {
    const key = 'concurrent-tithe-key-20';
    const body = tithe({ amount: 77_777, notes: 'idempotence' });
    const cookie = await t.login('tresorier@example.org');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/contributions',
          payload: body,
          headers: { cookie, 'idempotency-key': key },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const idsSeen = new Set(responses.map((r) => r.json().data.id));
    expect(idsSeen.size).toBe(1);
    const rows = await queryRows<{ id: number }>(
      t.db,
      sql`select id from contributions where amount = 77777 and notes = 'idempotence'`,
    );
    expect(rows).toHaveLength(1);
    const movements = await queryRows(
      t.db,
      sql`select 1 from treasury_movements where source_type = 'contribution' and source_id = ${rows[0].id}`,
    );
    expect(movements).toHaveLength(1);
    // another key records again
    const again = await post('tresorier', '/api/contributions', body, 'concurrent-tithe-key-21');
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).not.toBe(rows[0].id);
  });
});

describe('GET /contributions', () => {
  it('pages a church list with the totals of the whole filtered set', async () => {
    const response = await get(
      'tresorier',
      `/api/contributions?entity_type=CHURCH&entity_id=${ids.church1}&from_date=2026-01-01&to_date=2026-12-31&limit=5`,
    );
    expect(response.statusCode).toBe(200);
    const list = contributionListSchema.parse(response.json());
    expect(list.data).toHaveLength(5);
    const expected = await queryOne<{ n: number; total: string; all: number }>(
      t.db,
      sql`select count(*) filter (where status = 'valid')::int as n,
                 coalesce(sum(amount) filter (where status = 'valid'), 0)::bigint as total, count(*)::int as all
          from contributions where entity_type = 'church' and entity_id = ${ids.church1}
            and occurred_at >= '2026-01-01T00:00:00Z' and occurred_at < '2027-01-01T00:00:00Z'`,
    );
    expect(list.meta.total).toBe(expected!.all);
    expect(list.totals.count).toBe(expected!.n);
    expect(list.totals.amount).toBe(Number(expected!.total));
    expect(list.totals.by_type.reduce((s, r) => s + r.amount, 0)).toBe(list.totals.amount);
    // newest first
    const dates = list.data.map((c) => c.occurred_at);
    expect([...dates].sort().reverse()).toEqual(dates);

    const tithes = contributionListSchema.parse(
      (
        await get(
          'tresorier',
          `/api/contributions?entity_type=CHURCH&entity_id=${ids.church1}&type=tithe&payment_account_id=${ids.cash}&user_id=${ids.fidele}`,
        )
      ).json(),
    );
    expect(tithes.data.length).toBeGreaterThan(0);
    expect(
      tithes.data.every(
        (c) => c.type === 'tithe' && c.payment_account.id === ids.cash && c.contributor?.id === ids.fidele,
      ),
    ).toBe(true);
    expect(tithes.totals.by_type.map((r) => r.type)).toEqual(['tithe']);
  });

  it('keeps entities apart', async () => {
    expect(
      (await get('tresorier', `/api/contributions?entity_type=CHURCH&entity_id=${ids.otherChurch}`))
        .statusCode,
    ).toBe(403);
    expect(
      (await get('fidele', `/api/contributions?entity_type=CHURCH&entity_id=${ids.church1}`)).statusCode,
    ).toBe(403);
    expect(
      (await get('section', `/api/contributions?entity_type=CHURCH&entity_id=${ids.church1}`)).statusCode,
    ).toBe(200);
    expect((await get('tresorier', '/api/contributions')).statusCode).toBe(400);
    const managed = contributionListSchema.parse(
      (await get('comptable', '/api/contributions?managed=true&limit=100')).json(),
    );
    const managedIds = (
      await queryRows<{ church_id: number }>(
        t.db,
        sql`select m.church_id from managed_churches m join users u on u.id = m.user_id where u.email = 'comptable@example.org'`,
      )
    ).map((r) => Number(r.church_id));
    expect(managed.data.length).toBeGreaterThan(0);
    expect(managed.data.every((c) => c.entity_type === 'CHURCH' && managedIds.includes(c.entity_id))).toBe(
      true,
    );
    // a faithful's contributions need contribution:view on their church
    expect((await get('tresorier', `/api/contributions?user_id=${ids.otherFaithful}`)).statusCode).toBe(403);
    expect((await get('tresorier', `/api/contributions?user_id=${ids.fidele}`)).statusCode).toBe(200);
  });

  it("gives a member their own contributions, summary and annual statement, and nobody else's", async () => {
    const mine = contributionListSchema.parse(
      (await get('fidele', '/api/contributions?mine=true&limit=100')).json(),
    );
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((c) => c.contributor?.id === ids.fidele)).toBe(true);
    const own = mine.data[0];
    expect((await get('fidele', `/api/contributions/${own.id}`)).statusCode).toBe(200);
    const foreign = await queryOne<{ id: number }>(
      t.db,
      sql`select id from contributions where user_id <> ${ids.fidele} and entity_id = ${ids.church1} limit 1`,
    );
    expect((await get('fidele', `/api/contributions/${foreign!.id}`)).statusCode).toBe(403);
    expect((await get('fidele', '/api/contributions/999999')).statusCode).toBe(404);

    const summary = contributionSummarySchema.parse(
      (await get('fidele', '/api/contributions/summary')).json(),
    ).data;
    const expected = await queryOne<{ total: string }>(
      t.db,
      sql`select sum(amount)::bigint as total from contributions where user_id = ${ids.fidele} and status = 'valid'`,
    );
    expect(summary.total.amount).toBe(Number(expected!.total));
    expect(summary.by_year.reduce((s, y) => s + y.amount, 0)).toBe(summary.total.amount);

    const statement = contributionStatementSchema.parse(
      (await get('fidele', '/api/contributions/statement?year=2026')).json(),
    ).data;
    expect(statement.member).toMatchObject({ firstname: 'Aminata', lastname: 'Koné' });
    expect(statement.total).toBe(statement.lines.reduce((s, l) => s + l.amount, 0));
    expect(statement.lines.every((l) => l.occurred_at.startsWith('2026'))).toBe(true);
    expect((await get('fidele', '/api/contributions/statement?year=abc')).statusCode).toBe(400);
  });

  it('lists the receipt accounts of a level with their totals', async () => {
    const response = await get(
      'tresorier',
      `/api/contributions/receipt-accounts?entity_type=CHURCH&entity_id=${ids.church1}`,
    );
    expect(response.statusCode).toBe(200);
    const accounts = receiptAccountTotalsSchema.parse(response.json());
    const tithes = accounts.data.find((a) => a.id === ids.tithes);
    const expected = await queryOne<{ total: string }>(
      t.db,
      sql`select coalesce(sum(amount), 0)::bigint as total from contributions
          where entity_type = 'church' and entity_id = ${ids.church1} and status = 'valid' and receipt_account_id = ${ids.tithes}`,
    );
    expect(tithes?.amount).toBe(Number(expected!.total));
    expect(accounts.total.amount).toBe(accounts.data.reduce((s, a) => s + a.amount, 0));
    expect(accounts.data.some((a) => a.id === ids.cash)).toBe(false);
    expect(
      (await get('fidele', `/api/contributions/receipt-accounts?entity_type=CHURCH&entity_id=${ids.church1}`))
        .statusCode,
    ).toBe(403);
  });
});

describe('cancelling and the public receipt', () => {
  it('cancels with a reversal movement; the public receipt shows the status and a masked name only', async () => {
    const created = contributionAnswerSchema.parse(
      (await post('tresorier', '/api/contributions', tithe({ amount: 12_345 }), 'to-cancel-key-1')).json(),
    ).data;
    const publicAnswer = await t.app.inject({ url: `/api/receipts/${created.public_id}` });
    expect(publicAnswer.statusCode).toBe(200);
    const body = publicAnswer.json();
    expect(body).toEqual({
      data: {
        receipt_number: created.receipt_number,
        entity_name: created.entity_name,
        occurred_at: created.occurred_at,
        amount: 12_345,
        type: 'tithe',
        status: 'valid',
        contributor: 'A**** K.',
      },
    });
    const raw = publicAnswer.body;
    for (const secret of ['Aminata', 'Koné', 'fidele@example.org', created.public_id])
      expect(raw).not.toContain(secret);
    expect(raw).not.toMatch(/user_id|phone|email|"id"/);

    expect((await post('fidele', `/api/contributions/${created.id}/cancel`, {})).statusCode).toBe(403);
    expect((await post('pasteur', `/api/contributions/${created.id}/cancel`, {})).statusCode).toBe(403);
    const cancelled = await post('tresorier', `/api/contributions/${created.id}/cancel`, {
      reason: 'Erreur de saisie',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect((await post('tresorier', `/api/contributions/${created.id}/cancel`, {})).statusCode).toBe(409);
    const movements = await queryRows<{ receipt: number; expense: number; source_type: string }>(
      t.db,
      sql`select m.receipt, m.expense, m.source_type from treasury_movements m
          where (m.source_type = 'contribution' and m.source_id = ${created.id})
             or m.reverses_id in (select id from treasury_movements where source_type = 'contribution' and source_id = ${created.id})
          order by m.id`,
    );
    expect(movements).toEqual([
      { receipt: 12_345, expense: 0, source_type: 'contribution' },
      { receipt: 0, expense: 12_345, source_type: 'reversal' },
    ]);
    const after = await t.app.inject({ url: `/api/receipts/${created.public_id}` });
    expect(after.json().data.status).toBe('cancelled');
  });

  it("shows 'Anonyme' for an anonymous receipt, 404 in French for unknown or malformed ids", async () => {
    const anonymous = contributionAnswerSchema.parse(
      (
        await post(
          'tresorier',
          '/api/contributions',
          tithe({ user_id: null, is_anonymous: true, amount: 500 }),
        )
      ).json(),
    ).data;
    const answer = await t.app.inject({
      url: `/api/receipts/${anonymous.public_id}`,
      remoteAddress: '10.0.0.2',
    });
    expect(answer.json().data.contributor).toBe('Anonyme');
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'trop-court', "'%20or%201=1--", 'x'.repeat(80)]) {
      const response = await t.app.inject({ url: `/api/receipts/${id}`, remoteAddress: '10.0.0.2' });
      expect(response.statusCode, id).toBe(404);
      expect(response.json().message).toBe('E_HTTP_EXCEPTION: Reçu introuvable.');
    }
  });

  it('rate-limits the verification per address with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 31; i++) {
      last = await t.app.inject({ url: '/api/receipts/AAAAAAAAAAAAAAAAAAAAAB', remoteAddress: '10.9.9.9' });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json().message).toContain('Trop de vérifications');
    // another address is not affected
    expect(
      (await t.app.inject({ url: '/api/receipts/AAAAAAAAAAAAAAAAAAAAAB', remoteAddress: '10.9.9.8' }))
        .statusCode,
    ).toBe(404);
  });
});
