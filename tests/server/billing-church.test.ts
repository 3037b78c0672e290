import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

/**
 * Issue 12: the demo church reserved for the billing flow. Its pastor facturation@ gets in (its
 * subscription is paid); once the admin bills it, the new subscription shows unpaid in the church and
 * the billing gate answers, while the other demo churches stay as they were.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Me = { church: { id: number; name: string; has_unpaid_subscription: boolean } | null };
const me = async (login: string) =>
  (await t.as(login, { method: 'GET', url: '/api/me' })).json() as Me & { data?: Me };
const churchOf = (answer: Me & { data?: Me }) => (answer.data ?? answer).church!;

describe('the church reserved for the billing flow (issue 12)', () => {
  it('is paid in the seed, billed by the admin, then unpaid in the church; the others are untouched', async () => {
    const church = churchOf(await me('facturation@example.org'));
    expect(church.name).toBe('Église Évangélique de Porto-Novo');
    expect(church.has_unpaid_subscription).toBe(false);
    const pasteur = churchOf(await me('pasteur@example.org'));
    expect(pasteur.id).not.toBe(church.id);

    const types = await t.as('admin@example.org', { method: 'GET', url: '/api/subscription-types' });
    const type = (types.json().data as Array<{ id: number; target: string }>).find(
      (x) => x.target === 'church',
    )!;
    const billed = await t.as('admin@example.org', {
      method: 'POST',
      url: '/api/subscriptions',
      payload: {
        subscription_type_id: type.id,
        amount: 120_000,
        start_date: '01/01/2031',
        end_date: '31/12/2031',
        status: 'active',
        church_id: church.id,
      },
    });
    expect(billed.statusCode, billed.body).toBe(201);

    expect(churchOf(await me('facturation@example.org')).has_unpaid_subscription).toBe(true);
    const list = await t.as('facturation@example.org', {
      method: 'GET',
      url: `/api/subscriptions?church_id=${church.id}`,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]).toMatchObject({ start_date: '2031-01-01', paid: false });
    expect(churchOf(await me('pasteur@example.org')).has_unpaid_subscription).toBe(false);
  });
});
