import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaymentAnswerSchema, subscriptionDetailSchema } from '../../contract/subscriptions';
import { testConfig } from '../../server/src/config';
import { paymentNotificationsSettled } from '../../server/src/modules/subscriptions/routes';
import { simulatorEnabled } from '../../server/src/modules/ligdicash';
import type { TestApp } from './helpers';
import { ids, one, openListeningApp } from './subscriptions-setup';

/** The built-in LigdiCash simulator: the real client code path, over HTTP, end to end. */

let t: TestApp;
let base = '';

async function startPayment(subscriptionId: number) {
  const response = await t.as('impaye@example.org', {
    method: 'POST',
    url: `/api/subscriptions/${subscriptionId}/payments`,
    payload: { phone: '0701020304', return_path: `/mon-eglise/souscriptions/${subscriptionId}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  return startPaymentAnswerSchema.parse(response.json()).data;
}

/** The payer's choice on the simulator's page, as the payer's browser (their session) posts it. */
async function decide(paymentUrl: string, decision: 'pay' | 'refuse', operator = 'Wave') {
  const response = await fetch(paymentUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: base,
      cookie: await t.login('impaye@example.org'),
    },
    body: new URLSearchParams({ decision, operator }).toString(),
    redirect: 'manual',
  });
  await paymentNotificationsSettled(t.db);
  return response;
}

const detail = async (id: number) =>
  subscriptionDetailSchema.parse(
    (await t.as('impaye@example.org', { method: 'GET', url: `/api/subscriptions/${id}` })).json(),
  ).data;

beforeAll(async () => {
  ({ t, base } = await openListeningApp());
});
afterAll(async () => {
  await t.close();
});

describe('the LigdiCash simulator', () => {
  it('is used only without LIGDICASH_API_URL, and never in production', () => {
    expect(simulatorEnabled(testConfig())).toBe(true);
    expect(simulatorEnabled(testConfig({ production: true }))).toBe(false);
    const configured = testConfig();
    configured.ligdicash = { apiUrl: 'https://app.ligdicash.com/pay/v01/', apiKey: 'k', apiToken: 't' };
    expect(simulatorEnabled(configured)).toBe(false);
  });

  it('refuses a create call without the API key and token', async () => {
    const response = await fetch(`${base}/simulateur-ligdicash/pay/v01/redirect/checkout-invoice/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Apikey: 'wrong', Authorization: 'Bearer wrong' },
      body: JSON.stringify({ commande: {} }),
    });
    expect(response.status).toBe(401);
  });

  it('a refused payment leaves the subscription unpaid, the attempt failed', async () => {
    const type = await one<{ id: number }>(
      sql`select id from subscription_types where code = 'church-annual'`,
    );
    const created = await t.as('admin@example.org', {
      method: 'POST',
      url: '/api/subscriptions',
      payload: {
        subscription_type_id: type.id,
        amount: 120_000,
        start_date: '01/01/2091',
        end_date: '31/12/2091',
        church_id: ids.church,
      },
    });
    const id = subscriptionDetailSchema.parse(created.json()).data.id;
    const { payment_url: url, attempt } = await startPayment(id);
    const refused = await decide(url, 'refuse');
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe(
      `${base}/mon-eglise/souscriptions/${id}?paiement=${attempt.id}`,
    );
    const after = await detail(id);
    expect(after.paid).toBe(false);
    expect(after.attempts[0]).toMatchObject({ status: 'failed' });
    await t.db.execute(sql`update subscriptions set status = 'cancelled' where id = ${id}`);
  });

  it('pays through the payment page: double notification, payment recorded once, church let in', async () => {
    const { payment_url: url, attempt } = await startPayment(ids.unpaid);
    expect(url).toMatch(new RegExp(`^${base}/simulateur-ligdicash/paiement/`));
    const page = await fetch(url, { headers: { cookie: await t.login('impaye@example.org') } });
    const html = await page.text();
    expect(html).toContain('Payer');
    expect(html).toContain('Refuser');
    expect(html).toContain('Orange Money');
    expect(html).toContain('120 000 F CFA');
    const paid = await decide(url, 'pay', 'Wave');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `${base}/mon-eglise/souscriptions/${ids.unpaid}?paiement=${attempt.id}`,
    );
    const after = await detail(ids.unpaid);
    expect(after.paid).toBe(true);
    expect(after.payment?.method).toBe('Wave');
    expect(after.attempts[0]).toMatchObject({ status: 'completed', operator: 'Wave' });
    const audits = await one<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'subscription.pay'
          and (data->>'subscription_id')::int = ${ids.unpaid}`,
    );
    expect(Number(audits.n)).toBe(1);
    const me = await t.as('impaye@example.org', { method: 'GET', url: '/api/me' });
    expect(me.json().church.has_unpaid_subscription).toBe(false);
  });
});
