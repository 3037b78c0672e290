import { http as mock, HttpResponse } from 'msw';
import type { Contribution, ContributionList } from '@contract/contributions';
import { server } from '../msw/server';

export const RECEIPT_ACCOUNTS = [
  { id: 1, code: '7581', name: 'Dîmes', category: 'Produits', journal_type: null },
  { id: 2, code: '7582', name: 'Offrandes', category: 'Produits', journal_type: null },
];
export const TREASURY = [
  {
    id: 30,
    code: '5711',
    name: 'Caisse locale',
    category: 'Trésorerie (actifs comme Passifs)',
    journal_type: 'CASH',
  },
  {
    id: 31,
    code: '5551',
    name: 'Orange Money',
    category: 'Trésorerie (actifs comme Passifs)',
    journal_type: 'ELECTRONIK',
  },
];
export const FAITHFUL = [
  {
    id: 501,
    firstname: 'Aminata',
    lastname: 'Koné',
    phone: '+2250700000001',
    registration_number: 'M-0001',
    email: null,
  },
  { id: 502, firstname: 'Koffi', lastname: 'Aka', phone: null, registration_number: 'M-0002', email: null },
];

export function makeContribution(overrides: Partial<Contribution> = {}): Contribution {
  return {
    id: 900,
    entity_type: 'CHURCH',
    entity_id: 11,
    entity_name: 'Église de Cocody',
    contributor: { id: 501, firstname: 'Aminata', lastname: 'Koné', registration_number: 'M-0001' },
    is_anonymous: false,
    type: 'tithe',
    amount: 25000,
    occurred_at: '2026-11-20T10:30:00.000Z',
    receipt_account: { id: 1, code: '7581', name: 'Dîmes' },
    payment_account: { id: 30, code: '5711', name: 'Caisse locale', journal_type: 'CASH' },
    notes: null,
    receipt_number: 'R-2026-000900',
    public_id: 'AbCdEfGhIjKlMnOpQrStUv',
    status: 'valid',
    cancelled_at: null,
    created_at: '2026-11-20T10:31:00.000Z',
    created_by_name: 'Marie Trésor',
    ...overrides,
  };
}

export type Recorded = {
  listQueries: URLSearchParams[];
  created: unknown[];
  createKeys: (string | null)[];
  userSearches: URLSearchParams[];
  cancels: { id: string; key: string | null }[];
  permissionChecks: string[][];
};

export type ApiOptions = {
  contributions?: Contribution[];
  permissions?: Record<string, boolean>;
  createFails?: { status: number; message: string }[];
};

/** Installs the contribution calls (and the lookups they need); records what the SPA sent. */
export function contributionsApi(options: ApiOptions = {}): Recorded {
  const rows = options.contributions ?? [makeContribution()];
  const failures = [...(options.createFails ?? [])];
  const recorded: Recorded = {
    listQueries: [],
    created: [],
    createKeys: [],
    userSearches: [],
    cancels: [],
    permissionChecks: [],
  };
  server.use(
    mock.get('/api/contributions', ({ request }) => {
      const query = new URL(request.url).searchParams;
      recorded.listQueries.push(query);
      const page = Number(query.get('page') ?? 1);
      const limit = Number(query.get('limit') ?? 20);
      const type = query.get('type');
      const found = rows.filter((r) => !type || r.type === type);
      const valid = found.filter((r) => r.status === 'valid');
      const answer: ContributionList = {
        data: found.slice((page - 1) * limit, page * limit),
        meta: { total: found.length, page, limit },
        totals: {
          count: valid.length,
          amount: valid.reduce((s, r) => s + r.amount, 0),
          by_type: valid.length
            ? [{ type: 'tithe', count: valid.length, amount: valid.reduce((s, r) => s + r.amount, 0) }]
            : [],
        },
      };
      return HttpResponse.json(answer);
    }),
    mock.get('/api/contributions/summary', () =>
      HttpResponse.json({
        data: {
          total: { count: 3, amount: 60000 },
          by_year: [
            { year: 2026, count: 2, amount: 40000, by_type: [{ type: 'tithe', count: 2, amount: 40000 }] },
            { year: 2025, count: 1, amount: 20000, by_type: [{ type: 'offering', count: 1, amount: 20000 }] },
          ],
        },
      }),
    ),
    mock.get('/api/contributions/statement', ({ request }) => {
      const year = Number(new URL(request.url).searchParams.get('year'));
      return HttpResponse.json({
        data: {
          year,
          member: {
            firstname: 'Paul',
            lastname: 'Yao',
            registration_number: 'M-0008',
            church_name: 'Église de Cocody',
          },
          lines: [
            {
              receipt_number: 'R-2026-000901',
              occurred_at: `${year}-03-01T09:00:00.000Z`,
              type: 'tithe',
              amount: 40000,
              entity_name: 'Église de Cocody',
              public_id: 'AbCdEfGhIjKlMnOpQrStUw',
            },
          ],
          by_type: [{ type: 'tithe', count: 1, amount: 40000 }],
          total: 40000,
          generated_at: '2026-11-21T08:00:00.000Z',
        },
      });
    }),
    mock.get('/api/contributions/receipt-accounts', () =>
      HttpResponse.json({
        data: [
          {
            id: 1,
            code: '7581',
            name: 'Dîmes',
            count: 12,
            amount: 300000,
            last_at: '2026-11-20T10:30:00.000Z',
          },
          { id: 2, code: '7582', name: 'Offrandes', count: 0, amount: 0, last_at: null },
        ],
        total: { count: 12, amount: 300000 },
      }),
    ),
    mock.get('/api/contributions/:id', ({ params }) => {
      const found = rows.find((r) => r.id === Number(params.id));
      return found
        ? HttpResponse.json({ data: found })
        : HttpResponse.json({ message: 'E_HTTP_EXCEPTION: Contribution introuvable.' }, { status: 404 });
    }),
    mock.post('/api/contributions', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      recorded.created.push(body);
      recorded.createKeys.push(request.headers.get('Idempotency-Key'));
      const failure = failures.shift();
      if (failure) return HttpResponse.json({ message: failure.message }, { status: failure.status });
      const created = makeContribution({
        id: 950,
        amount: Number(body.amount),
        receipt_number: 'R-2026-000950',
      });
      rows.push(created);
      return HttpResponse.json({ data: created }, { status: 201 });
    }),
    mock.post('/api/contributions/:id/cancel', ({ params, request }) => {
      recorded.cancels.push({ id: String(params.id), key: request.headers.get('Idempotency-Key') });
      const found = rows.find((r) => r.id === Number(params.id))!;
      found.status = 'cancelled';
      return HttpResponse.json({ data: found });
    }),
    mock.get('/api/users', ({ request }) => {
      const query = new URL(request.url).searchParams;
      recorded.userSearches.push(query);
      const search = (query.get('search') ?? '').toLowerCase();
      return HttpResponse.json({
        data: FAITHFUL.filter((f) => `${f.firstname} ${f.lastname}`.toLowerCase().includes(search)),
        meta: { total: FAITHFUL.length, page: 1, limit: 20 },
      });
    }),
    mock.get('/api/churches', () =>
      HttpResponse.json({
        data: [{ id: 11, name: 'Église de Cocody' }],
        meta: { total: 1, page: 1, limit: 100 },
      }),
    ),
    mock.post('/api/permissions/check-multiple', async ({ request }) => {
      const body = (await request.json()) as { permissions: string[] };
      recorded.permissionChecks.push(body.permissions);
      const results = Object.fromEntries(
        body.permissions.map((code) => [code, options.permissions?.[code] === true]),
      );
      return HttpResponse.json({ hasAny: false, hasAll: false, results });
    }),
    mock.get('/api/operation-accounts/authorized', ({ request }) => {
      const categories = new URL(request.url).searchParams.get('categories') ?? '';
      return HttpResponse.json({ data: categories.startsWith('Trésorerie') ? TREASURY : RECEIPT_ACCOUNTS });
    }),
  );
  return recorded;
}
