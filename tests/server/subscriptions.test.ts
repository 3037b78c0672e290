import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attemptAnswerSchema,
  startPaymentAnswerSchema,
  SUBSCRIPTION_MESSAGES,
  subscriptionDetailSchema,
  subscriptionListSchema,
  subscriptionTypeListSchema,
} from '../../contract/subscriptions';
import { queryOne, queryRows } from '../../server/src/db/query';
import { recheckPendingAttempts } from '../../server/src/modules/subscriptions/payments';
import { paymentNotificationsSettled } from '../../server/src/modules/subscriptions/routes';
import { createTestApp, type TestApp } from './helpers';
import { startFakeProvider, type FakeProvider } from './subscriptions-provider';

let t: TestApp;
let fake: FakeProvider;
let base = '';
const ids = { church: 0, unpaid: 0, otherChurch: 0 };

const message = (body: string) => JSON.parse(body).message as string;
const prefixed = (text: string) => `E_HTTP_EXCEPTION: ${text}`;

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const row = await queryOne<T>(t.db, query);
  if (!row) throw new Error('fixture row missing');
  return row;
}

/** Subscription ids of a throw-away unpaid subscription, created by the admin for a church. */
let periodYear = 2090;
async function newUnpaid(churchId = ids.church, amount = 120_000): Promise<number> {
  const year = periodYear++;
  const type = await one<{ id: number }>(sql`select id from subscription_types where code = 'church-annual'`);
  const response = await t.as('admin@example.org', {
    method: 'POST',
    url: '/api/subscriptions',
    payload: {
      subscription_type_id: type.id,
      amount,
      start_date: `01/01/${year}`,
      end_date: `31/12/${year}`,
      status: 'active',
      church_id: churchId,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return subscriptionDetailSchema.parse(response.json()).data.id;
}

const pay = (
  subscriptionId: number,
  login = 'impaye@example.org',
  payload: object = { phone: '0701020304' },
) => t.as(login, { method: 'POST', url: `/api/subscriptions/${subscriptionId}/payments`, payload });

/** A provider notification, as LigdiCash sends it, to the server over HTTP. */
async function notify(body: Record<string, unknown>, form = false): Promise<number> {
  const response = await fetch(`${base}/api/subscriptions/payments/notify`, {
    method: 'POST',
    headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
    body: form
      ? new URLSearchParams(
          Object.entries(body).flatMap(([k, v]) =>
            Array.isArray(v)
              ? v.flatMap((entry: Record<string, string>, i) =>
                  Object.entries(entry).map(([ek, ev]): [string, string] => [`${k}[${i}][${ek}]`, ev]),
                )
              : [[k, String(v)] as [string, string]],
          ),
        ).toString()
      : JSON.stringify(body),
  });
  await paymentNotificationsSettled(t.db);
  return response.status;
}

const customData = (transactionId: string) => [
  { keyof_customdata: 'transaction_id', valueof_customdata: transactionId },
];

async function paidAt(subscriptionId: number) {
  return (
    await one<{ paid_at: unknown }>(sql`select paid_at from subscriptions where id = ${subscriptionId}`)
  ).paid_at;
}

async function audits(action: string, subscriptionId: number): Promise<number> {
  const row = await one<{ n: number }>(
    sql`select count(*)::int as n from audit_log where action = ${action}
        and (data->>'subscription_id')::int = ${subscriptionId}`,
  );
  return Number(row.n);
}

beforeAll(async () => {
  fake = await startFakeProvider();
  t = await createTestApp({
    config: { ligdicash: { apiUrl: fake.url, apiKey: 'key-123', apiToken: 'token-456' } },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  t.app.deps.config.publicUrl = base;
  ids.church = Number(
    (await one<{ id: number }>(sql`select church_id as id from users where email = 'impaye@example.org'`)).id,
  );
  ids.unpaid = Number(
    (
      await one<{ id: number }>(
        sql`select id from subscriptions where church_id = ${ids.church} and paid_at is null`,
      )
    ).id,
  );
  ids.otherChurch = Number(
    (await one<{ id: number }>(sql`select church_id as id from users where email = 'pasteur@example.org'`))
      .id,
  );
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('reading subscriptions', () => {
  it('lists a church’s subscriptions newest first, with the paid badge, paginated', async () => {
    const response = await t.as('impaye@example.org', {
      method: 'GET',
      url: `/api/subscriptions?church_id=${ids.church}&limit=1`,
    });
    expect(response.statusCode).toBe(200);
    const list = subscriptionListSchema.parse(response.json());
    expect(list.meta.total).toBeGreaterThanOrEqual(2);
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ id: ids.unpaid, paid: false, payment: null });
    const paid = subscriptionListSchema.parse(
      (
        await t.as('impaye@example.org', {
          method: 'GET',
          url: `/api/subscriptions?church_id=${ids.church}&paid=true`,
        })
      ).json(),
    );
    expect(paid.data.every((s) => s.paid && s.payment?.paid_at)).toBe(true);
  });

  it('answers the oldest unpaid one for the billing gate', async () => {
    const response = await t.as('impaye@example.org', {
      method: 'GET',
      url: `/api/subscriptions?church_id=${ids.church}&paid=false&order=asc&limit=1`,
    });
    expect(subscriptionListSchema.parse(response.json()).data[0].id).toBe(ids.unpaid);
  });

  it('refuses a list without one group, and another church’s subscriptions', async () => {
    const none = await t.as('impaye@example.org', { method: 'GET', url: '/api/subscriptions' });
    expect(none.statusCode).toBe(400);
    expect(message(none.body)).toContain(SUBSCRIPTION_MESSAGES.groupRequired);
    const other = await t.as('pasteur@example.org', {
      method: 'GET',
      url: `/api/subscriptions?church_id=${ids.church}`,
    });
    expect(other.statusCode).toBe(403);
    const detail = await t.as('pasteur@example.org', {
      method: 'GET',
      url: `/api/subscriptions/${ids.unpaid}`,
    });
    expect(detail.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/subscriptions/${ids.unpaid}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('details a subscription with its attempts and whether the user may pay it', async () => {
    const response = await t.as('impaye@example.org', {
      method: 'GET',
      url: `/api/subscriptions/${ids.unpaid}`,
    });
    expect(response.statusCode).toBe(200);
    const detail = subscriptionDetailSchema.parse(response.json()).data;
    expect(detail).toMatchObject({ paid: false, can_pay: true, group: { type: 'church', id: ids.church } });
    const missing = await t.as('impaye@example.org', { method: 'GET', url: '/api/subscriptions/999999' });
    expect(missing.statusCode).toBe(404);
    expect(message(missing.body)).toBe(prefixed(SUBSCRIPTION_MESSAGES.notFound));
  });

  it('lists the subscription types', async () => {
    const response = await t.as('impaye@example.org', { method: 'GET', url: '/api/subscription-types' });
    const types = subscriptionTypeListSchema.parse(response.json()).data;
    expect(types.map((type) => type.code)).toContain('church-annual');
  });
});

describe('creating subscriptions and types', () => {
  it('lets the admin create an unpaid, active subscription (DD/MM/YYYY), never overlapping', async () => {
    const id = await newUnpaid(ids.otherChurch);
    const detail = subscriptionDetailSchema.parse(
      (await t.as('pasteur@example.org', { method: 'GET', url: `/api/subscriptions/${id}` })).json(),
    ).data;
    expect(detail).toMatchObject({ paid: false, status: 'active', amount: 120_000 });
    expect(detail.start_date).toMatch(/^\d{4}-01-01$/);
    const type = await one<{ id: number }>(
      sql`select id from subscription_types where code = 'church-annual'`,
    );
    const overlap = await t.as('admin@example.org', {
      method: 'POST',
      url: '/api/subscriptions',
      payload: {
        subscription_type_id: type.id,
        amount: 1000,
        start_date: detail.start_date.split('-').reverse().join('/'),
        end_date: detail.end_date.split('-').reverse().join('/'),
        church_id: ids.otherChurch,
      },
    });
    expect(overlap.statusCode).toBe(409);
    expect(message(overlap.body)).toBe(prefixed(SUBSCRIPTION_MESSAGES.overlap));
  });

  it('checks the input on the server, in French', async () => {
    const type = await one<{ id: number }>(
      sql`select id from subscription_types where code = 'section-annual'`,
    );
    const bad = await t.as('admin@example.org', {
      method: 'POST',
      url: '/api/subscriptions',
      payload: { subscription_type_id: type.id, amount: -5, start_date: '31/02/2031', end_date: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    const problems = (bad.json().errors as { message: string }[]).map((e) => e.message);
    expect(problems).toEqual(
      expect.arrayContaining([
        SUBSCRIPTION_MESSAGES.amountPositive,
        SUBSCRIPTION_MESSAGES.dateInvalid,
        SUBSCRIPTION_MESSAGES.groupRequired,
      ]),
    );
    const mismatch = await t.as('admin@example.org', {
      method: 'POST',
      url: '/api/subscriptions',
      payload: {
        subscription_type_id: type.id,
        amount: 5000,
        start_date: '01/01/2095',
        end_date: '31/12/2095',
        church_id: ids.church,
      },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(message(mismatch.body)).toBe(prefixed(SUBSCRIPTION_MESSAGES.typeTargetMismatch));
  });

  it('refuses a church billing itself', async () => {
    const type = await one<{ id: number }>(
      sql`select id from subscription_types where code = 'church-annual'`,
    );
    const response = await t.as('impaye@example.org', {
      method: 'POST',
      url: '/api/subscriptions',
      payload: {
        subscription_type_id: type.id,
        amount: 5000,
        start_date: '01/01/2096',
        end_date: '31/12/2096',
        church_id: ids.church,
      },
    });
    expect(response.statusCode).toBe(403);
  });

  it('lets only the admin manage the types', async () => {
    const payload = {
      name: 'Abonnement trimestriel Église',
      target: 'church',
      period_months: 3,
      amount: 33_000,
    };
    const refused = await t.as('pasteur@example.org', {
      method: 'POST',
      url: '/api/subscription-types',
      payload,
    });
    expect(refused.statusCode).toBe(403);
    const created = await t.as('admin@example.org', {
      method: 'POST',
      url: '/api/subscription-types',
      payload,
    });
    expect(created.statusCode).toBe(201);
    const typeId = created.json().data.id as number;
    const again = await t.as('admin@example.org', {
      method: 'POST',
      url: '/api/subscription-types',
      payload,
    });
    expect(again.statusCode).toBe(409);
    const updated = await t.as('admin@example.org', {
      method: 'PATCH',
      url: `/api/subscription-types/${typeId}`,
      payload: { amount: 30_000, active: false },
    });
    expect(updated.json().data).toMatchObject({ amount: 30_000, active: false });
  });
});

describe('paying through LigdiCash', () => {
  it('stores the attempt with our transaction id and the token before sending the payer away', async () => {
    const id = await newUnpaid();
    const response = await pay(id, 'impaye@example.org', {
      phone: '+225 07 01 02 03 04',
      first_name: 'Awa',
      last_name: 'Koné',
      email: 'awa@example.org',
      return_path: `/mon-eglise/souscriptions/${id}`,
    });
    expect(response.statusCode, response.body).toBe(201);
    const answer = startPaymentAnswerSchema.parse(response.json()).data;
    const invoice = fake.invoices.at(-1)!;
    expect(answer.payment_url).toBe(`https://pay.example.test/${invoice.token}`);
    expect(invoice.headers.apikey).toBe('key-123');
    expect(invoice.headers.authorization).toBe('Bearer token-456');
    const commande = invoice.body.commande;
    expect(commande.invoice).toMatchObject({
      total_amount: 120_000,
      devise: 'xof',
      customer: '+2250701020304',
      customer_firstname: 'Awa',
      customer_email: 'awa@example.org',
      external_id: answer.attempt.transaction_id,
    });
    expect(commande.invoice.items).toEqual([
      expect.objectContaining({ quantity: 1, unit_price: 120_000, total_price: 120_000 }),
    ]);
    expect(commande.custom_data).toMatchObject({
      subscription: id,
      transaction_id: answer.attempt.transaction_id,
    });
    expect(commande.actions.callback_url).toBe(`${base}/api/subscriptions/payments/notify`);
    expect(commande.actions.return_url).toBe(
      `${base}/mon-eglise/souscriptions/${id}?paiement=${answer.attempt.id}`,
    );
    const stored = await one<{ token: string; status: string }>(
      sql`select token, status from subscription_payment_attempts where id = ${answer.attempt.id}`,
    );
    expect(stored).toEqual({ token: invoice.token, status: 'pending' });
  });

  it('reuses the pending attempt on a second Payer: no second invoice for the period', async () => {
    const id = await newUnpaid();
    const first = startPaymentAnswerSchema.parse((await pay(id)).json()).data;
    const before = fake.invoices.length;
    const second = await pay(id);
    expect(second.statusCode).toBe(200);
    const again = startPaymentAnswerSchema.parse(second.json()).data;
    expect(again).toMatchObject({ reused: true, payment_url: first.payment_url });
    expect(again.attempt.id).toBe(first.attempt.id);
    expect(fake.invoices.length).toBe(before);
  });

  it('creates one invoice when Payer is pressed several times at once', async () => {
    const id = await newUnpaid();
    fake.createMode = 'slow';
    const before = fake.invoices.length;
    const answers = await Promise.all([pay(id), pay(id), pay(id)]);
    fake.createMode = 'ok';
    expect(fake.invoices.length - before).toBe(1);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    for (const a of answers) expect([200, 201, 409]).toContain(a.statusCode);
    const pending = await one<{ n: number }>(
      sql`select count(*)::int as n from subscription_payment_attempts where subscription_id = ${id}`,
    );
    expect(Number(pending.n)).toBe(1);
  });

  it('records a confirmed payment once, whatever the number of notifications (JSON and form)', async () => {
    const id = await newUnpaid();
    const { attempt } = startPaymentAnswerSchema.parse((await pay(id)).json()).data;
    const token = fake.invoices.at(-1)!.token;
    fake.confirm.set(token, {
      response_code: '00',
      status: 'completed',
      montant: '120000',
      operator_name: 'Orange Money',
      transaction_id: 'LGD-998877',
    });
    const event = {
      transaction_id: 'LGD-998877',
      token,
      status: 'completed',
      custom_data: customData(attempt.transaction_id),
    };
    expect(await notify(event)).toBe(200);
    expect(await notify(event, true)).toBe(200);
    expect(await notify(event)).toBe(200);
    expect(await paidAt(id)).not.toBeNull();
    expect(await audits('subscription.pay', id)).toBe(1);
    const detail = subscriptionDetailSchema.parse(
      (await t.as('impaye@example.org', { method: 'GET', url: `/api/subscriptions/${id}` })).json(),
    ).data;
    expect(detail.payment).toMatchObject({ reference: 'LGD-998877', method: 'Orange Money' });
    expect(detail.attempts[0]).toMatchObject({ status: 'completed', operator: 'Orange Money' });
    expect(detail.can_pay).toBe(false);
    const payAgain = await pay(id);
    expect(payAgain.statusCode).toBe(409);
    expect(message(payAgain.body)).toBe(prefixed(SUBSCRIPTION_MESSAGES.alreadyPaid));
  });

  it('never trusts a forged notification', async () => {
    const id = await newUnpaid();
    const { attempt } = startPaymentAnswerSchema.parse((await pay(id)).json()).data;
    const token = fake.invoices.at(-1)!.token;
    // unknown token, our transaction id in another attempt's name, a 'completed' the provider contradicts
    expect(await notify({ token: 'forged-token', status: 'completed' })).toBe(200);
    expect(await notify({ token, status: 'completed', custom_data: customData('EKK-someone-else') })).toBe(
      200,
    );
    expect(
      await notify({ token, status: 'completed', custom_data: customData(attempt.transaction_id) }, true),
    ).toBe(200);
    expect(await paidAt(id)).toBeNull();
    const stored = await one<{ status: string }>(
      sql`select status from subscription_payment_attempts where id = ${attempt.id}`,
    );
    expect(stored.status).toBe('pending');
    expect(await audits('subscription.pay', id)).toBe(0);
  });

  it('records nothing when the confirmed amount or currency does not match', async () => {
    const id = await newUnpaid();
    const { attempt } = startPaymentAnswerSchema.parse((await pay(id)).json()).data;
    const token = fake.invoices.at(-1)!.token;
    fake.confirm.set(token, { response_code: '00', status: 'completed', amount: 100 });
    await notify({ token, custom_data: customData(attempt.transaction_id) });
    expect(await paidAt(id)).toBeNull();
    const stored = await one<{ status: string; failure_reason: string }>(
      sql`select status, failure_reason from subscription_payment_attempts where id = ${attempt.id}`,
    );
    expect(stored.status).toBe('failed');
    expect(stored.failure_reason).toContain('Montant confirmé (100)');
    expect(await audits('subscription.payment_mismatch', id)).toBe(1);

    const { attempt: second } = startPaymentAnswerSchema.parse((await pay(id)).json()).data;
    const secondToken = fake.invoices.at(-1)!.token;
    fake.confirm.set(secondToken, {
      response_code: '00',
      status: 'completed',
      amount: 120_000,
      devise: 'eur',
    });
    await notify({ token: secondToken, custom_data: customData(second.transaction_id) });
    expect(await paidAt(id)).toBeNull();
  });

  it('marks a refused payment failed; a late notification changes nothing', async () => {
    const id = await newUnpaid();
    const { attempt } = startPaymentAnswerSchema.parse((await pay(id)).json()).data;
    const token = fake.invoices.at(-1)!.token;
    fake.confirm.set(token, { response_code: '00', status: 'nocompleted' });
    const status = await t.as('impaye@example.org', {
      method: 'GET',
      url: `/api/subscriptions/${id}/payments/${attempt.id}`,
    });
    expect(attemptAnswerSchema.parse(status.json()).data).toMatchObject({
      attempt: { status: 'failed' },
      subscription_paid: false,
    });
    // the provider changes its mind later: the settled attempt is not reopened by a notification
    fake.confirm.set(token, { response_code: '00', status: 'completed', amount: 120_000 });
    await notify({ token, status: 'completed', custom_data: customData(attempt.transaction_id) });
    expect(await paidAt(id)).toBeNull();
    // a new 'Payer' creates a new invoice
    const next = await pay(id);
    expect(next.statusCode).toBe(201);
  });

  it('records the payment when the payer comes back, and a late notification does not record it twice', async () => {
    const id = await newUnpaid();
    const { attempt } = startPaymentAnswerSchema.parse((await pay(id)).json()).data;
    const token = fake.invoices.at(-1)!.token;
    const pending = await t.as('impaye@example.org', {
      method: 'GET',
      url: `/api/subscriptions/${id}/payments/${attempt.id}`,
    });
    expect(attemptAnswerSchema.parse(pending.json()).data.attempt.status).toBe('pending');
    fake.confirm.set(token, {
      response_code: '00',
      status: 'completed',
      amount: '120000',
      operator_name: 'Wave',
    });
    const done = await t.as('impaye@example.org', {
      method: 'GET',
      url: `/api/subscriptions/${id}/payments/${attempt.id}`,
    });
    expect(attemptAnswerSchema.parse(done.json()).data).toMatchObject({
      attempt: { status: 'completed', operator: 'Wave' },
      subscription_paid: true,
    });
    await notify({ token, status: 'completed', custom_data: customData(attempt.transaction_id) });
    expect(await audits('subscription.pay', id)).toBe(1);
  });

  it('finds a payment whose notification was lost (periodic check), and the church is let in', async () => {
    const { attempt } = startPaymentAnswerSchema.parse((await pay(ids.unpaid)).json()).data;
    const token = fake.invoices.at(-1)!.token;
    fake.confirm.set(token, { response_code: '00', status: 'completed', amount: 120_000 });
    const deps = {
      db: t.db,
      log: t.app.log,
      provider: () => ({ apiUrl: fake.url, apiKey: 'k', apiToken: 't' }),
    };
    expect(await recheckPendingAttempts(deps)).toBeGreaterThanOrEqual(1);
    expect(await paidAt(ids.unpaid)).not.toBeNull();
    const stored = await one<{ status: string }>(
      sql`select status from subscription_payment_attempts where id = ${attempt.id}`,
    );
    expect(stored.status).toBe('completed');
    // the throw-away periods of the other tests (2090 and later) aside
    await t.db.execute(
      sql`update subscriptions set status = 'cancelled' where church_id = ${ids.church} and start_date >= '2090-01-01'`,
    );
    const me = await t.as('impaye@example.org', { method: 'GET', url: '/api/me' });
    expect(me.json().church.has_unpaid_subscription).toBe(false);
  });

  it('answers a clear French 502 when the provider is down or answers junk, and records nothing', async () => {
    const id = await newUnpaid();
    for (const [mode, text] of [
      ['http500', SUBSCRIPTION_MESSAGES.providerUnavailable],
      ['junk', SUBSCRIPTION_MESSAGES.providerInvalid],
      ['refused', `${SUBSCRIPTION_MESSAGES.providerRefused}Marchand inconnu`],
    ] as const) {
      fake.createMode = mode;
      const response = await pay(id);
      expect(response.statusCode).toBe(502);
      expect(message(response.body)).toBe(prefixed(text));
    }
    fake.createMode = 'ok';
    expect(await paidAt(id)).toBeNull();
    const rows = await queryRows<{ status: string }>(
      t.db,
      sql`select status from subscription_payment_attempts where subscription_id = ${id}`,
    );
    expect(rows.map((r) => r.status)).toEqual(['failed', 'failed', 'failed']);

    // the provider answering junk to confirm: the pending attempt stays pending, nothing recorded
    const { attempt } = startPaymentAnswerSchema.parse((await pay(id)).json()).data;
    fake.confirm.set(fake.invoices.at(-1)!.token, 'junk');
    const status = await t.as('impaye@example.org', {
      method: 'GET',
      url: `/api/subscriptions/${id}/payments/${attempt.id}`,
    });
    expect(attemptAnswerSchema.parse(status.json()).data.attempt.status).toBe('pending');
    const again = await pay(id);
    expect(again.statusCode).toBe(502);
    expect(await paidAt(id)).toBeNull();
  });

  it('answers 502 when the provider cannot be reached at all', async () => {
    const id = await newUnpaid();
    const saved = t.app.deps.config.ligdicash.apiUrl;
    t.app.deps.config.ligdicash.apiUrl = 'http://127.0.0.1:9/pay/v01/';
    const response = await pay(id);
    t.app.deps.config.ligdicash.apiUrl = saved;
    expect(response.statusCode).toBe(502);
    expect(message(response.body)).toBe(prefixed(SUBSCRIPTION_MESSAGES.providerUnavailable));
    expect(await paidAt(id)).toBeNull();
  });

  it('checks who pays and what they type', async () => {
    const id = await newUnpaid();
    const other = await pay(id, 'pasteur@example.org');
    expect(other.statusCode).toBe(403);
    const bad = await pay(id, 'impaye@example.org', { phone: '12', email: 'pas-un-email' });
    expect(bad.statusCode).toBe(400);
    const problems = (bad.json().errors as { message: string }[]).map((e) => e.message);
    expect(problems).toEqual(
      expect.arrayContaining([SUBSCRIPTION_MESSAGES.phoneInvalid, SUBSCRIPTION_MESSAGES.emailInvalid]),
    );
    const escape = await pay(id, 'impaye@example.org', {
      phone: '0701020304',
      return_path: '//evil.example',
    });
    expect(escape.statusCode).toBe(400);
  });
});
