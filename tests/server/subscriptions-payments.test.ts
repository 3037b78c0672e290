import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attemptAnswerSchema,
  startPaymentAnswerSchema,
  SUBSCRIPTION_MESSAGES,
  subscriptionDetailSchema,
} from '../../contract/subscriptions';
import { queryRows } from '../../server/src/db/query';
import { recheckPendingAttempts } from '../../server/src/modules/subscriptions/payments';
import type { TestApp } from './helpers';
import type { FakeProvider } from './subscriptions-provider';
import {
  audits,
  closeSubscriptionApp,
  customData,
  ids,
  message,
  newUnpaid,
  notify,
  one,
  openSubscriptionApp,
  paidAt,
  pay,
  prefixed,
} from './subscriptions-setup';

// Decision 0019: paying a subscription through LigdiCash, safely (a fake provider over HTTP).

let t: TestApp;
let fake: FakeProvider;
let base = '';

beforeAll(async () => {
  ({ t, fake, base } = await openSubscriptionApp());
});
afterAll(closeSubscriptionApp);

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
