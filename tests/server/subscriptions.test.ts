import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SUBSCRIPTION_MESSAGES,
  subscriptionDetailSchema,
  subscriptionListSchema,
  subscriptionTypeListSchema,
} from '../../contract/subscriptions';
import type { TestApp } from './helpers';
import {
  closeSubscriptionApp,
  ids,
  message,
  newUnpaid,
  one,
  openSubscriptionApp,
  prefixed,
} from './subscriptions-setup';

// Decision 0020: a group's subscriptions, their creation by whoever bills the group, the types.

let t: TestApp;

beforeAll(async () => {
  ({ t } = await openSubscriptionApp());
});
afterAll(closeSubscriptionApp);

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
