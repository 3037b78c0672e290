import { http as mock, HttpResponse } from 'msw';
import type { Checkout, CheckoutList, GivingOptions, PublicCheckout } from '@contract/giving';
import { server } from '../msw/server';

export const OPTIONS: GivingOptions = {
  available: true,
  reason: null,
  church: { id: 11, name: 'Église de Cocody' },
  entities: [
    { entity_type: 'CHURCH', entity_id: 11, name: 'Église de Cocody' },
    { entity_type: 'ACTIVITY_GROUP', entity_id: 40, name: 'Chorale' },
  ],
  phone: '0701020304',
};

export function makeCheckout(overrides: Partial<Checkout> = {}): Checkout {
  return {
    id: 77,
    public_id: 'PuBlIcChEcKoUt0000001',
    transaction_id: 'GIV-77-abc',
    status: 'pending',
    church: { id: 11, name: 'Église de Cocody' },
    entity: { entity_type: 'CHURCH', entity_id: 11, name: 'Église de Cocody' },
    giver: 'Paul Koné',
    is_guest: false,
    phone: '0701020304',
    type: 'offering',
    amount: 2500,
    fee: null,
    operator: null,
    provider_reference: null,
    failure_reason: null,
    contribution: null,
    created_at: '2026-11-25T10:00:00.000Z',
    completed_at: null,
    ...overrides,
  };
}

export function makePublicCheckout(overrides: Partial<PublicCheckout> = {}): PublicCheckout {
  return {
    public_id: 'PuBlIcChEcKoUt0000002',
    status: 'pending',
    church_name: 'Église de Cocody',
    code: 'abcde23456',
    type: 'offering',
    amount: 1000,
    giver: 'K. M.',
    receipt: null,
    created_at: '2026-11-25T10:00:00.000Z',
    ...overrides,
  };
}

type Answer = { status: number; body: unknown };

/** The giving API of the tests; what the pages sent is recorded. */
export function givingApi(
  options: {
    me?: GivingOptions;
    startAnswer?: Answer;
    /** the answers of GET /giving/checkouts/:id, in turn (the last one repeats) */
    checkouts?: Checkout[];
    list?: Checkout[];
    verified?: Checkout;
    guestAnswer?: Answer;
    publicCheckouts?: PublicCheckout[];
  } = {},
) {
  const recorded = {
    startBodies: [] as unknown[],
    guestBodies: [] as unknown[],
    listQueries: [] as URLSearchParams[],
    verified: [] as string[],
  };
  let checkoutCalls = 0;
  let publicCalls = 0;
  server.use(
    mock.get('*/api/giving/me', () => HttpResponse.json({ data: options.me ?? OPTIONS })),
    mock.post('*/api/giving/checkouts', async ({ request }) => {
      recorded.startBodies.push(await request.json());
      const answer = options.startAnswer ?? {
        status: 201,
        body: { data: { checkout: makeCheckout(), payment_url: 'https://pay.example.test/giv_77' } },
      };
      return HttpResponse.json(answer.body as object, { status: answer.status });
    }),
    mock.get('*/api/giving/checkouts/:id', () => {
      const list = options.checkouts ?? [makeCheckout()];
      const answer = list[Math.min(checkoutCalls++, list.length - 1)];
      return HttpResponse.json({ data: answer });
    }),
    mock.get('*/api/giving/checkouts', ({ request }) => {
      recorded.listQueries.push(new URL(request.url).searchParams);
      const rows = options.list ?? [];
      const count = (status: string) => rows.filter((r) => r.status === status);
      const sum = (rs: Checkout[]) => ({ count: rs.length, amount: rs.reduce((t, r) => t + r.amount, 0) });
      const body: CheckoutList = {
        data: rows,
        meta: { total: rows.length, page: 1, limit: 20 },
        totals: {
          paid: { ...sum(count('paid')), fees: count('paid').reduce((t, r) => t + (r.fee ?? 0), 0) },
          pending: sum(count('pending')),
          failed: sum(count('failed')),
          expired: sum(count('expired')),
          started: sum(count('started')),
        },
      };
      return HttpResponse.json(body);
    }),
    mock.post('*/api/giving/checkouts/:id/verify', ({ params }) => {
      recorded.verified.push(String(params.id));
      return HttpResponse.json({ data: options.verified ?? makeCheckout() });
    }),
    mock.get('*/api/giving/public/checkouts/:publicId', () => {
      const list = options.publicCheckouts ?? [makePublicCheckout()];
      return HttpResponse.json({ data: list[Math.min(publicCalls++, list.length - 1)] });
    }),
    mock.get('*/api/giving/public/:code', ({ params }) =>
      params.code === 'abcde23456'
        ? HttpResponse.json({ data: { church_name: 'Église de Cocody', code: 'abcde23456' } })
        : HttpResponse.json({ message: 'E_HTTP_EXCEPTION: Page de don introuvable.' }, { status: 404 }),
    ),
    mock.post('*/api/giving/public/:code/checkouts', async ({ request }) => {
      recorded.guestBodies.push(await request.json());
      const answer = options.guestAnswer ?? {
        status: 201,
        body: {
          data: { checkout: makePublicCheckout(), payment_url: 'https://pay.example.test/giv_guest' },
        },
      };
      return HttpResponse.json(answer.body as object, { status: answer.status });
    }),
  );
  return recorded;
}

/** The permission answers of the page's buttons. */
export function permissions(results: Record<string, boolean>) {
  server.use(
    mock.post('*/api/permissions/check-multiple', async ({ request }) => {
      const body = (await request.json()) as { permissions: string[] };
      const answer = Object.fromEntries(body.permissions.map((code) => [code, results[code] === true]));
      return HttpResponse.json({ hasAny: true, hasAll: false, results: answer });
    }),
    mock.post('*/api/permissions/check', async ({ request }) => {
      const body = (await request.json()) as { permission: string };
      return HttpResponse.json({ hasPermission: results[body.permission] === true });
    }),
  );
}
