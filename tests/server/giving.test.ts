import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contributionAnswerSchema } from '../../contract/contributions';
import {
  GIVING_MESSAGES as M,
  givingOptionsSchema,
  givingSettingsSchema,
  publicCheckoutAnswerSchema,
  startGuestCheckoutAnswerSchema,
} from '../../contract/giving';
import { DEV_PAYMENT_SECRETS_KEY, loadConfig } from '../../server/src/config';
import { queryRows } from '../../server/src/db/query';
import { decryptSecret } from '../../server/src/modules/giving/secrets';
import { givingNotificationsSettled } from '../../server/src/modules/giving/routes';
import type { TestApp } from './helpers';
import {
  closeGivingApp,
  follow,
  give,
  giveOk,
  ids,
  message,
  one,
  openGivingApp,
  prefixed,
} from './giving-setup';

/**
 * Online giving through the built-in LigdiCash simulator (issue 31, decision 0043): the real client code
 * path over HTTP, the member's and the guest's gifts end to end, their limits and checks, the church's
 * settings.
 */

let t: TestApp;
let base = '';

beforeAll(async () => {
  ({ t, base } = await openGivingApp());
});
afterAll(() => closeGivingApp());

/** The giver's choice on the simulator's page, as their browser posts it (its cookies). */
async function decide(paymentUrl: string, cookie: string | null, decision: 'pay' | 'refuse' = 'pay') {
  const response = await fetch(paymentUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: base,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams({ decision, operator: 'Orange Money' }).toString(),
    redirect: 'manual',
  });
  await givingNotificationsSettled(t.db);
  return response;
}

/** A guest's gift started from a browser: the answer and that browser's cookie. */
async function guestGive(payload: Record<string, unknown> = {}, address = '198.51.100.7') {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/giving/public/${ids.code}/checkouts`,
    remoteAddress: address,
    payload: { name: 'Kwame Asante', phone: '0505060708', type: 'special_gift', amount: 5_000, ...payload },
  });
  const cookie = response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return { response, cookie };
}

describe('a member gives online', () => {
  it('may give to their church and the departments they belong to', async () => {
    const response = await t.as('fidele@example.org', { method: 'GET', url: '/api/giving/me' });
    const options = givingOptionsSchema.parse(response.json()).data;
    expect(options.available).toBe(true);
    expect(options.church?.id).toBe(ids.church);
    expect(options.entities.map((e) => e.entity_id)).toEqual(
      expect.arrayContaining([ids.church, ids.chorale]),
    );
    const other = await t.as('impaye@example.org', { method: 'GET', url: '/api/giving/me' });
    expect(givingOptionsSchema.parse(other.json()).data).toMatchObject({
      available: false,
      reason: M.notOpen,
    });
  });

  it('gives 2 500 F CFA by mobile money: recorded once when confirmed, the fee as an expense, both notified', async () => {
    const { checkout, payment_url: url } = await giveOk({ amount: 2_500, notes: 'Merci Seigneur' });
    expect(checkout.status).toBe('pending');
    expect(url.startsWith(`${base}/simulateur-ligdicash/paiement/`)).toBe(true);
    expect(checkout.contribution).toBeNull();
    const cookie = await t.login('fidele@example.org');

    const page = await fetch(url, { headers: { cookie } });
    expect(await page.text()).toContain('2 500 F CFA');
    const paid = await decide(url, cookie);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${base}/mes-contributions/donner/${checkout.id}`);

    const after = await follow(checkout.id);
    expect(after).toMatchObject({ status: 'paid', fee: 50, operator: 'Orange Money', amount: 2_500 });
    const contribution = contributionAnswerSchema.parse(
      (
        await t.as('fidele@example.org', {
          method: 'GET',
          url: `/api/contributions/${after.contribution!.id}`,
        })
      ).json(),
    ).data;
    expect(contribution).toMatchObject({
      amount: 2_500,
      type: 'offering',
      entity_type: 'CHURCH',
      entity_id: ids.church,
      notes: 'Merci Seigneur',
      created_by_name: null,
      online: { reference: after.provider_reference, operator: 'Orange Money' },
    });
    expect(contribution.contributor?.id).toBe(ids.fidele);
    expect(contribution.payment_account.id).toBe(ids.account);
    expect(contribution.payment_account.journal_type).toBe('ELECTRONIK');

    const movements = await queryRows<Record<string, unknown>>(
      t.db,
      sql`select receipt, expense, operation_account_id, payment_account_id, source_type from treasury_movements
          where (source_type = 'contribution' and source_id = ${contribution.id})
             or (source_type = 'online_giving_fee' and source_id = ${checkout.id}) order by id`,
    );
    expect(movements).toEqual([
      expect.objectContaining({ receipt: 2_500, expense: 0, payment_account_id: ids.account }),
      expect.objectContaining({
        receipt: 0,
        expense: 50,
        payment_account_id: ids.account,
        operation_account_id: ids.feeAccount,
        source_type: 'online_giving_fee',
      }),
    ]);

    const told = await queryRows<Record<string, unknown>>(
      t.db,
      sql`select u.email, n.kind, n.link from notifications n join users u on u.id = n.user_id
          where n.resource_id in (${contribution.id}, ${checkout.id}) and n.kind like 'online_gift.%'`,
    );
    expect(told).toEqual(
      expect.arrayContaining([
        {
          email: 'fidele@example.org',
          kind: 'online_gift.received',
          link: `/mes-contributions/${contribution.id}`,
        },
        {
          email: 'tresorier@example.org',
          kind: 'online_gift.recorded',
          link: '/mon-eglise/paiements-en-ligne',
        },
      ]),
    );
    const mine = await t.as('fidele@example.org', {
      method: 'GET',
      url: '/api/contributions?mine=true&limit=5',
    });
    expect(mine.json().data[0]).toMatchObject({ id: contribution.id, online: { operator: 'Orange Money' } });
  });

  it('pays only in the session of the member who started it', async () => {
    const { checkout, payment_url: url } = await giveOk({ amount: 1_200 });
    expect((await decide(url, null)).status).toBe(401);
    expect((await decide(url, await t.login('tresorier@example.org'))).status).toBe(403);
    expect((await follow(checkout.id)).status).toBe('pending');
    const refused = await decide(url, await t.login('fidele@example.org'), 'refuse');
    expect(refused.status).toBe(303);
    expect(await follow(checkout.id)).toMatchObject({ status: 'failed', contribution: null });
  });

  it('gives only to their church or to a department they belong to', async () => {
    const other = await give({ entity_id: ids.otherChurch });
    expect(other.status).toBe(403);
    expect(message(other.body)).toBe(prefixed(M.entityNotYours));
    const choir = await giveOk({ entity_type: 'ACTIVITY_GROUP', entity_id: ids.chorale });
    expect(choir.checkout.entity).toMatchObject({ entity_type: 'ACTIVITY_GROUP', entity_id: ids.chorale });
    const notMine = await one<{ id: number }>(
      sql`select d.id from departments d where d.entity_type = 'church' and d.entity_id = ${ids.church}
          and not exists (select 1 from department_members m where m.department_id = d.id and m.user_id = ${ids.fidele})
          order by d.id limit 1`,
    );
    const refused = await give({ entity_type: 'ACTIVITY_GROUP', entity_id: notMine.id });
    expect(refused.status).toBe(403);
    const closed = await give({ entity_id: ids.otherChurch }, 'impaye@example.org');
    expect(closed.status).toBe(409);
    expect(message(closed.body)).toBe(prefixed(M.notOpen));
  });

  it('checks every input, in French, and answers no 500', async () => {
    for (const [payload, text] of [
      [{ amount: 50 }, M.amountMin],
      [{ amount: 2_500.5 }, M.amountWhole],
      [{ amount: 3_000_000 }, M.amountMax],
      [{ amount: undefined }, M.amountRequired],
      [{ type: 'quote' }, M.typeRequired],
      [{ phone: '12' }, M.phoneInvalid],
      [{ phone: '' }, M.phoneRequired],
      [{ notes: 'x'.repeat(201) }, M.notesTooLong],
      [{ entity_type: 'REGION' }, M.entityRequired],
    ] as const) {
      const response = await give(payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(message(response.body)).toContain(text);
    }
    const anonymousGuest = await guestGive({ name: '', is_anonymous: false }, '198.51.100.99');
    expect(anonymousGuest.response.statusCode).toBe(400);
    expect(message(anonymousGuest.response.body)).toContain(M.nameRequired);
  });
});

describe('a guest gives through the church’s public page', () => {
  it('sees the church’s name and nothing else of it', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/api/giving/public/${ids.code}` });
    expect(page.statusCode).toBe(200);
    expect(Object.keys(page.json().data).sort()).toEqual(['church_name', 'code']);
    expect((await t.app.inject({ method: 'GET', url: '/api/giving/public/inconnu2345' })).statusCode).toBe(
      404,
    );
  });

  it('pays in the browser that started it only, and gets a receipt the public page verifies', async () => {
    const { response, cookie } = await guestGive();
    expect(response.statusCode, response.body).toBe(201);
    expect(cookie).toMatch(/^ekklesia_don=/);
    const { checkout, payment_url: url } = startGuestCheckoutAnswerSchema.parse(response.json()).data;
    expect(JSON.stringify(checkout)).not.toContain('0505060708');

    expect((await decide(url, null)).status).toBe(401);
    const another = await guestGive({ phone: '0505060799' }, '198.51.100.8');
    expect((await decide(url, another.cookie)).status).toBe(403);
    expect((await decide(url, `ekklesia_don=${checkout.public_id}`)).status).toBe(401);

    const paid = await decide(url, cookie);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${base}/donner/${ids.code}/merci/${checkout.public_id}`);
    const followed = publicCheckoutAnswerSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: `/api/giving/public/checkouts/${checkout.public_id}` })
      ).json(),
    ).data;
    expect(followed).toMatchObject({ status: 'paid', amount: 5_000, giver: 'K**** A.' });
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/receipts/${followed.receipt!.public_id}`,
    });
    expect(receipt.json().data).toMatchObject({
      amount: 5_000,
      contributor: 'K**** A.',
      type: 'special_gift',
    });
    const stored = await one<{ user_id: number | null; giver_name: string }>(
      sql`select user_id, giver_name from contributions where public_id = ${followed.receipt!.public_id}`,
    );
    expect(stored).toEqual({ user_id: null, giver_name: 'Kwame Asante' });
  });

  it('records an anonymous guest’s gift as Anonyme', async () => {
    const { response, cookie } = await guestGive(
      { name: null, is_anonymous: true, phone: '0505060711', amount: 1_000 },
      '198.51.100.20',
    );
    const { checkout, payment_url: url } = startGuestCheckoutAnswerSchema.parse(response.json()).data;
    await decide(url, cookie);
    const followed = (
      await t.app.inject({ method: 'GET', url: `/api/giving/public/checkouts/${checkout.public_id}` })
    ).json().data;
    expect(followed.giver).toBe('Anonyme');
    const receipt = await t.app.inject({ method: 'GET', url: `/api/receipts/${followed.receipt.public_id}` });
    expect(receipt.json().data.contributor).toBe('Anonyme');
  });

  it('is limited per address and per phone, counted in the database', async () => {
    for (let i = 0; i < 10; i++) {
      const { response } = await guestGive({ phone: `05060700${String(i).padStart(2, '0')}` }, '203.0.113.5');
      expect(response.statusCode, response.body).toBe(201);
    }
    const tooMany = await guestGive({ phone: '0506070099' }, '203.0.113.5');
    expect(tooMany.response.statusCode).toBe(429);
    expect(message(tooMany.response.body)).toBe(prefixed(M.tooManyFromAddress));
    expect(tooMany.response.headers['retry-after']).toBe('3600');

    for (let i = 0; i < 5; i++) {
      const { response } = await guestGive({ phone: '0777888999' }, `203.0.113.${50 + i}`);
      expect(response.statusCode, response.body).toBe(201);
    }
    const samePhone = await guestGive({ phone: '+2250777888999'.slice(4) }, '203.0.113.90');
    expect(samePhone.response.statusCode).toBe(429);
    expect(message(samePhone.response.body)).toBe(prefixed(M.tooManyFromPhone));
  });
});

describe('the church’s settings', () => {
  const settings = (login: string) =>
    t.as(login, { method: 'GET', url: `/api/giving/settings?church_id=${ids.church}` });
  const put = (login: string, payload: Record<string, unknown>) =>
    t.as(login, {
      method: 'PUT',
      url: '/api/giving/settings',
      payload: {
        church_id: ids.church,
        enabled: true,
        collection: 'church',
        payment_account_id: ids.account,
        ...payload,
      },
    });

  it('are changed by the church’s treasurers only; the pastor reads them', async () => {
    const read = givingSettingsSchema.parse((await settings('pasteur@example.org')).json()).data;
    expect(read).toMatchObject({ enabled: true, can_manage: false, code: ids.code, simulator: true });
    const refused = await put('pasteur@example.org', {});
    expect(refused.statusCode).toBe(403);
    expect(message(refused.body)).toBe(prefixed(M.manageForbidden));
    expect((await settings('fidele@example.org')).statusCode).toBe(403);
    expect(givingSettingsSchema.parse((await settings('tresorier@example.org')).json()).data.can_manage).toBe(
      true,
    );
  });

  it('store the merchant key and token encrypted and never answer them', async () => {
    const saved = await put('tresorier@example.org', {
      api_key: 'cle-marchand-secrete-9876',
      api_token: 'jeton-marchand-tres-secret',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain('secrete');
    expect(saved.body).not.toContain('jeton-marchand');
    expect(saved.json().data).toMatchObject({ has_key: true, key_hint: '9876' });
    const row = await one<{ api_key_encrypted: string; api_token_encrypted: string }>(
      sql`select api_key_encrypted, api_token_encrypted from giving_settings where church_id = ${ids.church}`,
    );
    expect(row.api_key_encrypted).not.toContain('secrete');
    expect(decryptSecret(t.app.deps.config.paymentSecretsKey, row.api_key_encrypted)).toBe(
      'cle-marchand-secrete-9876',
    );
    expect(decryptSecret(Buffer.alloc(32, 1), row.api_key_encrypted)).toBeNull();
    const audit = await one<{ data: string }>(
      sql`select data::text as data from audit_log where action = 'giving.settings_update' order by id desc limit 1`,
    );
    expect(audit.data).not.toContain('secrete');
    expect((await settings('tresorier@example.org')).body).not.toContain('secrete');

    const onlyKey = await put('tresorier@example.org', { api_key: 'seule' });
    expect(onlyKey.statusCode).toBe(400);
    expect(message(onlyKey.body)).toContain(M.tokenRequired);
    const cleared = await put('tresorier@example.org', { clear_keys: true });
    expect(cleared.json().data).toMatchObject({ has_key: false, key_hint: null });
  });

  it('receive gifts only on an electronic treasury account of the church', async () => {
    const cash = await one<{ id: number }>(sql`select id from operation_accounts where code = '5711'`);
    const refused = await put('tresorier@example.org', { payment_account_id: cash.id });
    expect(refused.statusCode).toBe(400);
    expect(message(refused.body)).toBe(prefixed(M.accountInvalid));
    const none = await put('tresorier@example.org', { payment_account_id: null });
    expect(none.statusCode).toBe(400);
    expect(message(none.body)).toContain(M.accountRequired);
  });

  it('the denomination’s merchant account is the administrator’s', async () => {
    const url = '/api/giving/installation-settings';
    expect((await t.as('tresorier@example.org', { method: 'GET', url })).statusCode).toBe(403);
    const saved = await t.as('admin@example.org', {
      method: 'PUT',
      url,
      payload: { api_key: 'cle-denomination-4321', api_token: 'jeton-denomination' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ has_key: true, key_hint: '4321' });
    expect(saved.body).not.toContain('jeton-denomination');
  });
});

describe('the contributions’ rules hold for an online gift', () => {
  it('a confirmation in a closed year is not recorded: the checkout stays open with the reason', async () => {
    const { checkout, payment_url: url } = await giveOk({ amount: 3_300 });
    const year = new Date().getUTCFullYear();
    await t.db.execute(
      sql`insert into fiscal_closings (entity_type, entity_id, year, products, charges, depreciation, result)
          values ('church', ${ids.church}, ${year}, 0, 0, 0, 0)`,
    );
    try {
      await decide(url, await t.login('fidele@example.org'));
      const row = await one<{ status: string; failure_reason: string; contribution_id: number | null }>(
        sql`select status, failure_reason, contribution_id from giving_checkouts where id = ${checkout.id}`,
      );
      expect(row.status).toBe('pending');
      expect(row.contribution_id).toBeNull();
      expect(row.failure_reason).toContain(`L'exercice ${year} est clôturé`);
    } finally {
      await t.db.execute(
        sql`delete from fiscal_closings where entity_type = 'church' and entity_id = ${ids.church} and year = ${year}`,
      );
    }
    // once the year is open again, the next check records it (the pages' re-check waits 2 s between two)
    await t.db.execute(sql`update giving_checkouts set checked_at = null where id = ${checkout.id}`);
    expect((await follow(checkout.id)).status).toBe('paid');
  });
});

describe('the key of the payment secrets', () => {
  const production = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40) };

  it('is required in production, where the development value is refused', () => {
    expect(() => loadConfig(production)).toThrow(/PAYMENT_SECRETS_KEY/);
    expect(() => loadConfig({ ...production, PAYMENT_SECRETS_KEY: 'court' })).toThrow(/PAYMENT_SECRETS_KEY/);
    expect(() => loadConfig({ ...production, PAYMENT_SECRETS_KEY: DEV_PAYMENT_SECRETS_KEY })).toThrow(
      /PAYMENT_SECRETS_KEY/,
    );
    const key = loadConfig({ ...production, PAYMENT_SECRETS_KEY: 'k'.repeat(40) }).paymentSecretsKey;
    expect(key).toHaveLength(32);
    expect(key.equals(loadConfig({}).paymentSecretsKey)).toBe(false);
  });
});
