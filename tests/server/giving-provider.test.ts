import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutListSchema, GIVING_MESSAGES as M, reconciliationSchema } from '../../contract/giving';
import { providerSettings } from '../../server/src/modules/ligdicash';
import { recheckOpenCheckouts, type GivingDeps } from '../../server/src/modules/giving/checkouts';
import type { FakeProvider } from './subscriptions-provider';
import type { TestApp } from './helpers';
import {
  checkoutStatus,
  closeGivingApp,
  customData,
  follow,
  give,
  giveOk,
  ids,
  message,
  notify,
  one,
  openGivingApp,
  prefixed,
  recorded,
} from './giving-setup';

/**
 * Online giving against a fake LigdiCash speaking the provider's HTTP protocol (issue 31, decision 0043):
 * the invoice and its merchant, forged, replayed, wrong-amount and lost notifications, 20 concurrent
 * confirmations of one transaction, the provider down, expiry, the treasurer's check, the list and the
 * reconciliation with the provider's statement.
 */

let t: TestApp;
let base = '';
let fake: FakeProvider;

const completed = (amount: number, reference: string, extra: Record<string, unknown> = {}) => ({
  response_code: '00',
  status: 'completed',
  amount,
  devise: 'xof',
  transaction_id: reference,
  operator_name: 'Wave',
  frais: Math.round(amount * 0.015),
  ...extra,
});

/** A gift and its invoice at the fake provider. */
async function gift(amount = 2_500) {
  const { checkout } = await giveOk({ amount });
  const invoice = fake.invoices.at(-1)!;
  return { checkout, token: invoice.token, invoice };
}

const deps = (): GivingDeps => ({
  db: t.db,
  log: t.app.log,
  key: t.app.deps.config.paymentSecretsKey,
  simulator: false,
  provider: (merchant) => providerSettings(t.app, merchant),
  publicBase: () => base,
});

beforeAll(async () => {
  const opened = await openGivingApp({ fakeProvider: true });
  ({ t, base } = opened);
  fake = opened.fake!;
  const saved = await t.as('tresorier@example.org', {
    method: 'PUT',
    url: '/api/giving/settings',
    payload: {
      church_id: ids.church,
      enabled: true,
      collection: 'church',
      payment_account_id: ids.account,
      api_key: 'church-key-1',
      api_token: 'church-token-1',
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => closeGivingApp());

describe('the invoice', () => {
  it('goes through the church’s own merchant key, with the addresses of PUBLIC_URL', async () => {
    const { checkout, invoice } = await gift(2_500);
    expect(invoice.headers.apikey).toBe('church-key-1');
    expect(invoice.headers.authorization).toBe('Bearer church-token-1');
    expect(invoice.body.commande.invoice).toMatchObject({
      total_amount: 2_500,
      devise: 'xof',
      external_id: checkout.transaction_id,
      customer: '0701020304',
    });
    expect(invoice.body.commande.actions).toEqual({
      return_url: `${base}/mes-contributions/donner/${checkout.id}`,
      cancel_url: `${base}/mes-contributions/donner/${checkout.id}`,
      callback_url: `${base}/api/giving/notify`,
    });
    expect(invoice.body.commande.custom_data).toEqual({
      checkout: checkout.public_id,
      transaction_id: checkout.transaction_id,
    });
  });

  it('answers a French 502 when the provider is down, answers junk or refuses; nothing is recorded', async () => {
    for (const [mode, text] of [
      ['http500', M.providerUnavailable],
      ['junk', M.providerInvalid],
      ['refused', `${M.providerRefused}Marchand inconnu`],
    ] as const) {
      fake.createMode = mode;
      const response = await give({ amount: 4_400 });
      expect(response.status).toBe(502);
      expect(message(response.body)).toBe(prefixed(text));
    }
    fake.createMode = 'ok';
    const failed = await one<{ n: number }>(
      sql`select count(*)::int as n from giving_checkouts where amount = 4400 and status = 'failed'
          and contribution_id is null`,
    );
    expect(Number(failed.n)).toBe(3);
  });

  it('goes through the denomination’s key when the church collects centrally, once it is stored', async () => {
    const central = { church_id: ids.church, enabled: true, payment_account_id: ids.account };
    await t.as('tresorier@example.org', {
      method: 'PUT',
      url: '/api/giving/settings',
      payload: { ...central, collection: 'central' },
    });
    const missing = await give();
    expect(missing.status).toBe(503);
    expect(message(missing.body)).toBe(prefixed(M.centralMissing));
    await t.as('admin@example.org', {
      method: 'PUT',
      url: '/api/giving/installation-settings',
      payload: { api_key: 'denomination-key', api_token: 'denomination-token' },
    });
    await gift();
    expect(fake.invoices.at(-1)!.headers.apikey).toBe('denomination-key');
    await t.as('tresorier@example.org', {
      method: 'PUT',
      url: '/api/giving/settings',
      payload: { ...central, collection: 'church' },
    });
    await gift();
    expect(fake.invoices.at(-1)!.headers.apikey).toBe('church-key-1');
  });
});

describe('the notification is never believed', () => {
  it('records nothing on a forged one: unknown token, contradicting ids, or the provider says otherwise', async () => {
    const { checkout, token } = await gift(2_600);
    await notify({ token: 'forged-token', status: 'completed', montant: '2600' });
    await notify({ token, status: 'completed', custom_data: customData('EKD-other') });
    // the notification says completed, the provider (asked) says pending
    await notify({
      token,
      status: 'completed',
      montant: '2600',
      custom_data: customData(checkout.transaction_id),
    });
    expect(await checkoutStatus(checkout.id)).toBe('pending');
    const contributions = await one<{ n: number }>(
      sql`select count(*)::int as n from giving_checkouts where id = ${checkout.id} and contribution_id is not null`,
    );
    expect(Number(contributions.n)).toBe(0);
  });

  it('records a confirmed gift once, whatever the replays (JSON, form, again)', async () => {
    const { checkout, token } = await gift(2_500);
    fake.confirm.set(token, completed(2_500, 'LGD-REPLAY'));
    const body = { token, status: 'completed', custom_data: customData(checkout.transaction_id) };
    expect(await notify(body)).toBe(200);
    expect(await notify(body, true)).toBe(200);
    expect(await notify(body)).toBe(200);
    expect(await recorded('LGD-REPLAY')).toEqual({ contributions: 1, movements: 1, fees: 1 });
    const after = await follow(checkout.id);
    expect(after).toMatchObject({
      status: 'paid',
      fee: 38,
      operator: 'Wave',
      provider_reference: 'LGD-REPLAY',
    });
  });

  it('never records a completed payment of another amount or currency', async () => {
    const short = await gift(5_000);
    fake.confirm.set(short.token, completed(500, 'LGD-SHORT'));
    await notify({ token: short.token });
    const euro = await gift(5_000);
    fake.confirm.set(euro.token, completed(5_000, 'LGD-EURO', { devise: 'eur' }));
    await notify({ token: euro.token });
    for (const [id, reference] of [
      [short.checkout.id, 'LGD-SHORT'],
      [euro.checkout.id, 'LGD-EURO'],
    ] as const) {
      expect(await checkoutStatus(id)).toBe('failed');
      expect((await recorded(reference)).contributions).toBe(0);
    }
    const audits = await one<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'giving.payment_mismatch'
          and (data->>'checkout_id')::int in (${short.checkout.id}, ${euro.checkout.id})`,
    );
    expect(Number(audits.n)).toBe(2);
  });

  it('finds a gift whose notification was lost, on the giver’s return and by the periodic check', async () => {
    const returned = await gift(1_500);
    fake.confirm.set(returned.token, completed(1_500, 'LGD-RETURN'));
    expect((await follow(returned.checkout.id)).status).toBe('paid');
    const lost = await gift(1_600);
    fake.confirm.set(lost.token, completed(1_600, 'LGD-LOST'));
    expect(await recheckOpenCheckouts(deps(), 500)).toBeGreaterThanOrEqual(1);
    expect(await checkoutStatus(lost.checkout.id)).toBe('paid');
    expect(await recorded('LGD-LOST')).toEqual({ contributions: 1, movements: 1, fees: 1 });
  });

  it('records one contribution for 20 concurrent confirmations of one transaction', async () => {
    const { checkout, token } = await gift(2_500);
    fake.confirm.set(token, completed(2_500, 'LGD-CONCURRENT'));
    const body = { token, custom_data: customData(checkout.transaction_id) };
    const calls = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => notify(body, i % 2 === 1)),
      ...Array.from({ length: 3 }, () =>
        t.as('fidele@example.org', { method: 'GET', url: `/api/giving/checkouts/${checkout.id}` }),
      ),
      recheckOpenCheckouts(deps(), 500),
    ]);
    expect(calls.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(await recorded('LGD-CONCURRENT')).toEqual({ contributions: 1, movements: 1, fees: 1 });
    const paid = await one<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'giving.checkout_paid'
          and (data->>'checkout_id')::int = ${checkout.id}`,
    );
    expect(Number(paid.n)).toBe(1);
  });

  it('records a provider transaction once even when two checkouts name it', async () => {
    const first = await gift(2_000);
    const second = await gift(2_000);
    fake.confirm.set(first.token, completed(2_000, 'LGD-SAME'));
    fake.confirm.set(second.token, completed(2_000, 'LGD-SAME'));
    await notify({ token: first.token });
    await notify({ token: second.token });
    expect(await recorded('LGD-SAME')).toMatchObject({ contributions: 1, movements: 1 });
    expect(await checkoutStatus(second.checkout.id)).toBe('failed');
  });
});

describe('open checkouts', () => {
  it('expire when still pending after the limit; the treasurer may verify a late payment', async () => {
    const { checkout, token } = await gift(1_900);
    const abandoned = await gift(1_800);
    await t.db.execute(
      sql`update giving_checkouts set created_at = now() - interval '2 hours'
          where id in (${checkout.id}, ${abandoned.checkout.id})`,
    );
    await recheckOpenCheckouts(deps(), 500);
    expect(await checkoutStatus(checkout.id)).toBe('expired');
    expect(await checkoutStatus(abandoned.checkout.id)).toBe('expired');

    fake.confirm.set(token, completed(1_900, 'LGD-LATE'));
    const url = `/api/giving/checkouts/${checkout.id}/verify`;
    expect((await t.as('pasteur@example.org', { method: 'POST', url })).statusCode).toBe(403);
    const verified = await t.as('tresorier@example.org', { method: 'POST', url });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data).toMatchObject({ status: 'paid', provider_reference: 'LGD-LATE' });
    const again = await t.as('tresorier@example.org', { method: 'POST', url });
    expect(again.statusCode).toBe(409);
    expect(message(again.body)).toBe(prefixed(M.notVerifiable));
  });

  it('are listed for the church with the contribution each became, and the totals', async () => {
    const url = `/api/giving/checkouts?church_id=${ids.church}&limit=200`;
    const list = checkoutListSchema.parse((await t.as('pasteur@example.org', { method: 'GET', url })).json());
    const statuses = new Set(list.data.map((c) => c.status));
    for (const status of ['paid', 'pending', 'failed', 'expired']) expect(statuses).toContain(status);
    const paid = list.data.filter((c) => c.status === 'paid');
    expect(paid.every((c) => c.contribution !== null)).toBe(true);
    expect(list.totals.paid.count).toBe(paid.length);
    expect(list.totals.paid.amount).toBe(paid.reduce((s, c) => s + c.amount, 0));
    expect(list.totals.paid.fees).toBe(paid.reduce((s, c) => s + (c.fee ?? 0), 0));
    expect((await t.as('fidele@example.org', { method: 'GET', url })).statusCode).toBe(403);
    const other = `/api/giving/checkouts?church_id=${ids.otherChurch}`;
    expect((await t.as('tresorier@example.org', { method: 'GET', url: other })).statusCode).toBe(403);
  });
});

describe('the reconciliation with the provider’s statement', () => {
  it('matches each line: matched, missing in the product, unknown to the provider, with totals', async () => {
    const paid = await one<{ transaction_id: string; amount: number }>(
      sql`select transaction_id, amount from giving_checkouts where provider_reference = 'LGD-REPLAY'`,
    );
    const open = await gift(3_100);
    const today = new Date().toISOString().slice(0, 10);
    const csv = [
      'Date;Référence;ID externe;Montant;Frais;Statut',
      `${today} 10:00;LGD-REPLAY;${paid.transaction_id};2 500;38;completed`,
      `${today} 10:05;LGD-OPEN;${open.checkout.transaction_id};3100;46;completed`,
      `${today} 10:10;LGD-NOWHERE;;7000;105;completed`,
      `${today} 10:15;LGD-REFUSED;;4000;0;nocompleted`,
    ].join('\n');
    const response = await t.as('tresorier@example.org', {
      method: 'POST',
      url: '/api/giving/reconciliation',
      payload: { church_id: ids.church, csv },
    });
    expect(response.statusCode, response.body).toBe(200);
    const report = reconciliationSchema.parse(response.json()).data;
    const byReference = (reference: string) => report.lines.find((l) => l.reference === reference);
    expect(byReference('LGD-REPLAY')).toMatchObject({ kind: 'matched', amount: 2_500, line: 1 });
    expect(byReference('LGD-OPEN')).toMatchObject({
      kind: 'missing',
      checkout: { id: open.checkout.id, status: 'pending' },
      contribution: null,
    });
    expect(byReference('LGD-NOWHERE')).toMatchObject({ kind: 'missing', checkout: null });
    expect(byReference('LGD-REFUSED')).toBeUndefined();
    const unknown = report.lines.filter((l) => l.kind === 'unknown');
    expect(unknown.map((l) => l.reference)).toEqual(expect.arrayContaining(['LGD-CONCURRENT', 'LGD-LOST']));
    expect(report.totals.matched).toEqual({ count: 1, amount: 2_500 });
    expect(report.totals.missing).toEqual({ count: 2, amount: 10_100 });
    expect(report.totals.unknown.count).toBe(unknown.length);
    expect(report.totals.ignored).toBe(1);
    expect(report.period).toEqual({ from: today, to: today });
  });

  it('refuses an unreadable statement in French, and is the treasurers’', async () => {
    const unreadable = await t.as('tresorier@example.org', {
      method: 'POST',
      url: '/api/giving/reconciliation',
      payload: { church_id: ids.church, csv: 'nom,prénom\nA,B' },
    });
    expect(unreadable.statusCode).toBe(400);
    expect(message(unreadable.body)).toBe(prefixed(M.statementUnreadable));
    const pastor = await t.as('pasteur@example.org', {
      method: 'POST',
      url: '/api/giving/reconciliation',
      payload: { church_id: ids.church, csv: 'reference,montant\nX,1' },
    });
    expect(pastor.statusCode).toBe(403);
  });
});
