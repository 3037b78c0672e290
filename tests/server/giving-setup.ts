import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { checkoutAnswerSchema, startCheckoutAnswerSchema } from '../../contract/giving';
import type { Config } from '../../server/src/config';
import { queryOne } from '../../server/src/db/query';
import { givingNotificationsSettled } from '../../server/src/modules/giving/routes';
import { createTestApp, type TestApp } from './helpers';
import { startFakeProvider, type FakeProvider } from './subscriptions-provider';
import { notificationRequest } from './ligdicash-notify';

// The online giving's server tests (giving.test.ts with the built-in simulator, giving-provider.test.ts
// with a fake LigdiCash over HTTP; decision 0043): an app listening on a port (the provider calls it
// back), the demo church of tresorier@, pasteur@ and fidele@ (open to online gifts in the demo seed),
// and the helpers that give, pay and notify. One app per test file.

export type GivingApp = { t: TestApp; base: string; fake: FakeProvider | null };

let current: GivingApp;
export const ids = { church: 0, otherChurch: 0, fidele: 0, chorale: 0, account: 0, feeAccount: 0, code: '' };

export async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const row = await queryOne<T>(current.t.db, query);
  if (!row) throw new Error('fixture row missing');
  return row;
}

/** The app listening on a port, with the simulator (no `provider`) or a fake LigdiCash. */
export async function openGivingApp(options: { fakeProvider?: boolean } = {}): Promise<GivingApp> {
  const fake = options.fakeProvider ? await startFakeProvider() : null;
  const config: Partial<Config> = fake
    ? { ligdicash: { apiUrl: fake.url, apiKey: 'vendor-key', apiToken: 'vendor-token' } }
    : {};
  const t = await createTestApp({ config });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  t.app.deps.config.publicUrl = base;
  current = { t, base, fake };
  ids.church = Number(
    (await one<{ id: number }>(sql`select church_id as id from users where email = 'tresorier@example.org'`))
      .id,
  );
  ids.otherChurch = Number(
    (await one<{ id: number }>(sql`select church_id as id from users where email = 'impaye@example.org'`)).id,
  );
  ids.fidele = Number(
    (await one<{ id: number }>(sql`select id from users where email = 'fidele@example.org'`)).id,
  );
  ids.chorale = Number(
    (
      await one<{ id: number }>(
        sql`select d.id from department_members m join departments d on d.id = m.department_id
            where m.user_id = ${ids.fidele} and d.entity_type = 'church' order by d.id limit 1`,
      )
    ).id,
  );
  const settings = await one<{ payment_account_id: number; code: string }>(
    sql`select payment_account_id, code from giving_settings where church_id = ${ids.church}`,
  );
  ids.account = Number(settings.payment_account_id);
  ids.code = settings.code;
  ids.feeAccount = Number(
    (await one<{ id: number }>(sql`select id from operation_accounts where code = '6318'`)).id,
  );
  return current;
}

export async function closeGivingApp(): Promise<void> {
  await current.t.close();
  await current.fake?.close();
}

export const message = (body: string) => JSON.parse(body).message as string;
export const prefixed = (text: string) => `E_HTTP_EXCEPTION: ${text}`;

/** fidele@'s gift through the API (the 'Donner' form's request). */
export async function give(
  payload: Record<string, unknown> = {},
  login = 'fidele@example.org',
): Promise<{ status: number; body: string }> {
  const response = await current.t.as(login, {
    method: 'POST',
    url: '/api/giving/checkouts',
    payload: {
      entity_type: 'CHURCH',
      entity_id: ids.church,
      type: 'offering',
      amount: 2_500,
      phone: '0701020304',
      ...payload,
    },
  });
  return { status: response.statusCode, body: response.body };
}

export async function giveOk(payload: Record<string, unknown> = {}, login = 'fidele@example.org') {
  const response = await give(payload, login);
  expect(response.status, response.body).toBe(201);
  return startCheckoutAnswerSchema.parse(JSON.parse(response.body)).data;
}

/** The checkout as its giver follows it (re-checked with the provider while open). */
export async function follow(id: number, login = 'fidele@example.org') {
  const response = await current.t.as(login, { method: 'GET', url: `/api/giving/checkouts/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return checkoutAnswerSchema.parse(response.json()).data;
}

/** A provider notification, as LigdiCash sends it, to the server over HTTP; waits until handled. */
export async function notify(body: Record<string, unknown>, form = false): Promise<number> {
  const response = await fetch(`${current.base}/api/giving/notify`, notificationRequest(body, form));
  await givingNotificationsSettled(current.t.db);
  return response.status;
}

export const customData = (transactionId: string) => [
  { keyof_customdata: 'transaction_id', valueof_customdata: transactionId },
];

/** Contributions and treasury movements recorded for a provider reference. */
export async function recorded(reference: string) {
  const row = await one<{ contributions: number; movements: number; fees: number }>(
    sql`select (select count(*)::int from contributions where online_reference = ${reference}) as contributions,
               (select count(*)::int from treasury_movements m join contributions c on c.id = m.source_id
                 where m.source_type = 'contribution' and c.online_reference = ${reference}) as movements,
               (select count(*)::int from treasury_movements m join giving_checkouts k on k.id = m.source_id
                 where m.source_type = 'online_giving_fee' and k.provider_reference = ${reference}) as fees`,
  );
  return {
    contributions: Number(row.contributions),
    movements: Number(row.movements),
    fees: Number(row.fees),
  };
}

export async function checkoutStatus(id: number): Promise<string> {
  return (await one<{ status: string }>(sql`select status from giving_checkouts where id = ${id}`)).status;
}
