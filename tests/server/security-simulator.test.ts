import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaymentAnswerSchema } from '../../contract/subscriptions';
import { paymentNotificationsSettled } from '../../server/src/modules/subscriptions/routes';
import { providerSettings } from '../../server/src/modules/ligdicash';
import type { TestApp } from './helpers';
import { ids, newUnpaid, one, openListeningApp } from './subscriptions-setup';

/**
 * Issue 27, item 4: the built-in LigdiCash simulator (the default of `npm start`) cannot be abused.
 * - its pay step needs the session of someone who pays the invoice's group (no token alone);
 * - its create call refuses the well-known demo credentials (a secret of the process instead);
 * - it calls back only the product's own notification routes, never an address taken from a request
 *   (no server-side request to 169.254.169.254 or anywhere else);
 * - it sends the browser back only to a path of the product (no open redirect);
 * - the addresses the provider gets are built from PUBLIC_URL or the server's own listening address,
 *   never from the request's Host header.
 */

let t: TestApp;
let base = '';
let trap: Server;
let trapUrl = '';
const trapHits: string[] = [];

beforeAll(async () => {
  ({ t, base } = await openListeningApp());
  // an address the simulator must never call: it stands for 169.254.169.254 or an internal service
  trap = createServer((request, response) => {
    trapHits.push(`${request.method} ${request.url}`);
    response.end('{}');
  });
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
  trapUrl = `http://127.0.0.1:${(trap.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => trap.close(resolve));
});

async function startPayment(subscriptionId: number, headers: Record<string, string> = {}) {
  const response = await t.as('impaye@example.org', {
    method: 'POST',
    url: `/api/subscriptions/${subscriptionId}/payments`,
    headers,
    payload: { phone: '0701020304', return_path: `/mon-eglise/souscriptions/${subscriptionId}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  return startPaymentAnswerSchema.parse(response.json()).data;
}

/** The payer's choice on the simulator's page, as a browser posts it, with or without a session. */
async function decide(paymentUrl: string, cookie?: string) {
  const response = await fetch(paymentUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: new URL(paymentUrl).origin,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams({ decision: 'pay', operator: 'Wave' }).toString(),
    redirect: 'manual',
  });
  await paymentNotificationsSettled(t.db);
  return response;
}

const paid = async (id: number) =>
  (await one<{ paid_at: unknown }>(sql`select paid_at from subscriptions where id = ${id}`)).paid_at !== null;

/** An invoice as a caller of the simulator's create call would send it. */
function commande(actions: Record<string, string>) {
  return {
    commande: {
      invoice: {
        items: [{ name: 'x', description: 'x', quantity: 1, unit_price: 100, total_price: 100 }],
        total_amount: 100,
        devise: 'xof',
        description: 'x',
        customer: '0701020304',
        external_id: 'forged',
      },
      store: { name: 'x', website_url: 'https://evil.example' },
      actions,
      custom_data: { transaction_id: 'forged' },
    },
  };
}

const createUrl = () => `${base}/simulateur-ligdicash/pay/v01/redirect/checkout-invoice/create`;

describe('the simulator’s pay step needs the session of a payer of the group', () => {
  it('a payment token alone does not pay: no session, or another church’s user, is refused', async () => {
    const id = await newUnpaid(ids.church, 45_000);
    const { payment_url: url } = await startPayment(id);

    const anonymousPage = await fetch(url, { redirect: 'manual' });
    expect(anonymousPage.status).toBe(401);
    expect(await anonymousPage.text()).not.toContain('name="decision"');

    const anonymous = await decide(url);
    expect(anonymous.status).toBe(401);
    expect(await paid(id)).toBe(false);

    const stranger = await decide(url, await t.login('pasteur@example.org'));
    expect(stranger.status).toBe(403);
    expect(await paid(id)).toBe(false);

    const payer = await decide(url, await t.login('impaye@example.org'));
    expect(payer.status).toBe(303);
    expect(payer.headers.get('location')).toMatch(new RegExp(`^${base}/mon-eglise/souscriptions/${id}`));
    expect(await paid(id)).toBe(true);
  });
});

describe('the simulator’s create call', () => {
  it('refuses the built-in demo credentials', async () => {
    const response = await fetch(createUrl(), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        Apikey: 'simulateur-apikey',
        Authorization: 'Bearer simulateur-token',
      },
      body: JSON.stringify(
        commande({
          return_url: `${base}/mon-eglise`,
          cancel_url: `${base}/mon-eglise`,
          callback_url: `${base}/api/subscriptions/payments/notify`,
        }),
      ),
    });
    expect(response.status).toBe(401);
  });

  it('calls back only the product’s notification routes and returns only to the product’s paths', async () => {
    const settings = providerSettings(t.app)!;
    const cookie = await t.login('impaye@example.org');
    const attempts = [
      // a server-side request to any address
      {
        return_url: `${base}/mon-eglise`,
        cancel_url: `${base}/mon-eglise`,
        callback_url: `${trapUrl}/latest/meta-data/`,
      },
      // our notification path on another host
      {
        return_url: `${base}/mon-eglise`,
        cancel_url: `${base}/mon-eglise`,
        callback_url: `${trapUrl}/api/subscriptions/payments/notify`,
      },
      // an open redirect
      {
        return_url: 'https://evil.example/phish',
        cancel_url: 'https://evil.example/phish',
        callback_url: `${base}/api/subscriptions/payments/notify`,
      },
    ];
    for (const actions of attempts) {
      const response = await fetch(createUrl(), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          Apikey: settings.apiKey,
          Authorization: `Bearer ${settings.apiToken}`,
        },
        body: JSON.stringify(commande(actions)),
      });
      const body = (await response.json()) as { response_code: string; response_text: string };
      expect(body.response_code, JSON.stringify(actions)).toBe('01');
      if (body.response_code === '00') {
        // were it accepted, paying it must still neither call the address nor leave the product
        const page = await fetch(body.response_text, { headers: { cookie }, redirect: 'manual' });
        expect(page.headers.get('location') ?? '').not.toContain('evil.example');
        const decided = await decide(body.response_text, cookie);
        expect(decided.headers.get('location') ?? '').not.toContain('evil.example');
      }
    }
    expect(trapHits).toEqual([]);
  });
});

describe('the addresses sent to the provider', () => {
  it('come from PUBLIC_URL or the server’s own address, never from the Host header', async () => {
    const publicUrl = t.app.deps.config.publicUrl;
    t.app.deps.config.publicUrl = null;
    try {
      const id = await newUnpaid(ids.church, 46_000);
      const { payment_url: url } = await startPayment(id, { host: 'evil.example' });
      expect(url.startsWith(`${base}/simulateur-ligdicash/paiement/`), url).toBe(true);
      const payer = await decide(url, await t.login('impaye@example.org'));
      expect(payer.headers.get('location') ?? '').not.toContain('evil.example');
      expect(payer.headers.get('location')).toMatch(new RegExp(`^${base}/`));
      expect(await paid(id)).toBe(true);
    } finally {
      t.app.deps.config.publicUrl = publicUrl;
    }
  });
});
