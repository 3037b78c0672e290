import { http as mock, HttpResponse } from 'msw';
import type {
  AttemptAnswer,
  PaymentAttempt,
  Subscription,
  SubscriptionDetail,
  SubscriptionType,
} from '@contract/subscriptions';
import type { Account } from '@contract/auth';
import { server } from '../msw/server';

export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 5,
    amount: 120_000,
    start_date: '2026-11-16',
    end_date: '2027-11-15',
    status: 'active',
    subscription_type_id: 1,
    subscription_type: { id: 1, name: 'Abonnement annuel Église', period_months: 12 },
    church_id: 11,
    section_id: null,
    region_id: null,
    national_office_id: null,
    group: { type: 'church', id: 11, name: 'Église de Cocody' },
    paid: false,
    payment: null,
    created_at: '2026-11-10T09:00:00.000Z',
    ...overrides,
  };
}

export function makeAttempt(overrides: Partial<PaymentAttempt> = {}): PaymentAttempt {
  return {
    id: 9,
    subscription_id: 5,
    transaction_id: 'EKK-5-abc',
    status: 'pending',
    amount: 120_000,
    currency: 'xof',
    operator: null,
    provider_reference: null,
    failure_reason: null,
    payer: { id: 7, name: 'Jean Koné' },
    created_at: '2026-11-25T10:00:00.000Z',
    completed_at: null,
    ...overrides,
  };
}

export const TYPES: SubscriptionType[] = [
  {
    id: 1,
    code: 'church-annual',
    name: 'Abonnement annuel Église',
    target: 'church',
    period_months: 12,
    amount: 120_000,
    active: true,
  },
  {
    id: 3,
    code: 'section-annual',
    name: 'Abonnement annuel Section',
    target: 'section',
    period_months: 12,
    amount: 60_000,
    active: true,
  },
  {
    id: 5,
    code: 'national-office-annual',
    name: 'Abonnement annuel Bureau national',
    target: 'national_office',
    period_months: 12,
    amount: 300_000,
    active: true,
  },
];

export type Recorded = {
  listQueries: URLSearchParams[];
  payBodies: unknown[];
  createBodies: unknown[];
  typeBodies: unknown[];
  meCalls: number;
};

/** msw handlers of the subscription calls; `attempts` are answered one after the other. */
export function subscriptionsApi(
  options: {
    list?: Subscription[];
    detail?: SubscriptionDetail;
    attemptAnswers?: AttemptAnswer[];
    payAnswer?: { status: number; body: unknown };
    /** what GET /me answers (the account after payment) */
    me?: Account;
  } = {},
): Recorded {
  const recorded: Recorded = { listQueries: [], payBodies: [], createBodies: [], typeBodies: [], meCalls: 0 };
  const answers = [...(options.attemptAnswers ?? [])];
  server.use(
    mock.get('/api/subscriptions', ({ request }) => {
      const query = new URL(request.url).searchParams;
      recorded.listQueries.push(query);
      const rows = options.list ?? [];
      return HttpResponse.json({ data: rows, meta: { total: rows.length, page: 1, limit: 20 } });
    }),
    mock.get('/api/subscriptions/:id', () => HttpResponse.json({ data: options.detail })),
    mock.get('/api/subscriptions/:id/payments/:attemptId', () =>
      HttpResponse.json({ data: answers.length > 1 ? answers.shift() : answers[0] }),
    ),
    mock.post('/api/subscriptions/:id/payments', async ({ request }) => {
      recorded.payBodies.push(await request.json());
      const answer = options.payAnswer ?? {
        status: 201,
        body: {
          data: { attempt: makeAttempt(), payment_url: 'https://pay.example.test/tok_1', reused: false },
        },
      };
      return HttpResponse.json(answer.body as object, { status: answer.status });
    }),
    mock.post('/api/subscriptions', async ({ request }) => {
      recorded.createBodies.push(await request.json());
      return HttpResponse.json(
        { data: { ...makeSubscription({ id: 77 }), attempts: [], can_pay: false } },
        { status: 201 },
      );
    }),
    mock.get('/api/subscription-types', () => HttpResponse.json({ data: TYPES })),
    mock.post('/api/subscription-types', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      recorded.typeBodies.push(body);
      return HttpResponse.json({ data: { id: 9, code: 'x', active: true, ...body } }, { status: 201 });
    }),
    mock.get('/api/me', () => {
      recorded.meCalls++;
      return options.me ? HttpResponse.json(options.me) : HttpResponse.json(null, { status: 401 });
    }),
    mock.post('/api/permissions/check-multiple', () => HttpResponse.json({ results: {} })),
  );
  return recorded;
}
