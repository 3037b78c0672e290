import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { subscriptionDetailSchema } from '../../contract/subscriptions';
import type { Config } from '../../server/src/config';
import { queryOne } from '../../server/src/db/query';
import { paymentNotificationsSettled } from '../../server/src/modules/subscriptions/routes';
import { createTestApp, type TestApp } from './helpers';
import { startFakeProvider, type FakeProvider } from './subscriptions-provider';
import { notificationRequest } from './ligdicash-notify';

// The subscriptions' server tests (subscriptions.test.ts, subscriptions-payments.test.ts,
// subscriptions-simulator.test.ts; decisions 0019 and 0020): an app listening on a port with a fake
// LigdiCash (or the simulator) calling it over HTTP, the demo's churches, and the helpers that create,
// pay and notify. One app per test file (each file runs in its own process).

let t: TestApp;
let fake: FakeProvider;
let base = '';
export const ids = { church: 0, unpaid: 0, otherChurch: 0 };

/**
 * The app listening on a port (LigdiCash, or the simulator's page, calls it back over HTTP), its public
 * address set to it, and the demo's unpaid church (`ids`).
 */
export async function openListeningApp(config?: Partial<Config>): Promise<{ t: TestApp; base: string }> {
  t = await createTestApp(config ? { config } : {});
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
  return { t, base };
}

/** The fake LigdiCash, and the app listening on a port that calls it. */
export async function openSubscriptionApp(): Promise<{ t: TestApp; fake: FakeProvider; base: string }> {
  fake = await startFakeProvider();
  await openListeningApp({ ligdicash: { apiUrl: fake.url, apiKey: 'key-123', apiToken: 'token-456' } });
  return { t, fake, base };
}

export async function closeSubscriptionApp(): Promise<void> {
  await t.close();
  await fake.close();
}

export const message = (body: string) => JSON.parse(body).message as string;
export const prefixed = (text: string) => `E_HTTP_EXCEPTION: ${text}`;

export async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const row = await queryOne<T>(t.db, query);
  if (!row) throw new Error('fixture row missing');
  return row;
}

/** Subscription ids of a throw-away unpaid subscription, created by the admin for a church. */
let periodYear = 2090;
export async function newUnpaid(churchId = ids.church, amount = 120_000): Promise<number> {
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

export const pay = (
  subscriptionId: number,
  login = 'impaye@example.org',
  payload: object = { phone: '0701020304' },
) => t.as(login, { method: 'POST', url: `/api/subscriptions/${subscriptionId}/payments`, payload });

/** A provider notification, as LigdiCash sends it, to the server over HTTP. */
export async function notify(body: Record<string, unknown>, form = false): Promise<number> {
  const response = await fetch(`${base}/api/subscriptions/payments/notify`, notificationRequest(body, form));
  await paymentNotificationsSettled(t.db);
  return response.status;
}

export const customData = (transactionId: string) => [
  { keyof_customdata: 'transaction_id', valueof_customdata: transactionId },
];

export async function paidAt(subscriptionId: number) {
  return (
    await one<{ paid_at: unknown }>(sql`select paid_at from subscriptions where id = ${subscriptionId}`)
  ).paid_at;
}

export async function audits(action: string, subscriptionId: number): Promise<number> {
  const row = await one<{ n: number }>(
    sql`select count(*)::int as n from audit_log where action = ${action}
        and (data->>'subscription_id')::int = ${subscriptionId}`,
  );
  return Number(row.n);
}
