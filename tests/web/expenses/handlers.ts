import { http as mock, HttpResponse } from 'msw';
import type { ExpenseLine, ExpenseRequestDetail, ExpenseRequestListItem } from '@contract/expenses';
import { server } from '../msw/server';

/** msw handlers of the expense calls, with what the SPA sent recorded for the assertions. */

export const user = (id: number, fullname: string, phone: string | null = '+225 07 00 00 00 01') => ({
  id,
  fullname,
  phone,
});

export function makeLine(overrides: Partial<ExpenseLine> = {}): ExpenseLine {
  const base: ExpenseLine = {
    id: 101,
    expense_request_id: 42,
    name: 'Chaises',
    quantity: 10,
    unit_price: 5000,
    amount: 50000,
    amount_validated: 0,
    remaining: 50000,
    status: 'pending',
    donation_type: 'none',
    is_anonymous: false,
    notes: null,
    recipient_first_name: null,
    recipient_last_name: null,
    recipient_phone: null,
    recipient_address: null,
    recipient_company_name: null,
    recipient_registration_number: null,
    recipient_tax_id: null,
    recipient_company_address: null,
    recipient_company_phone: null,
    recipient_company_email: null,
    recipient_entity_type: null,
    recipient_entity_id: null,
    cancelled_at: null,
    created_at: '2026-11-20T10:00:00.000Z',
    payments: [],
  };
  return { ...base, ...overrides };
}

export function makeRequest(overrides: Partial<ExpenseRequestDetail> = {}): ExpenseRequestDetail {
  const base: ExpenseRequestDetail = {
    id: 42,
    reference: 'DEP-000042',
    title: 'Fournitures de bureau',
    description: 'Achat pour le secrétariat',
    status: 'approval_pending',
    amount: 80000,
    amount_validated: 0,
    entity_type: 'CHURCH',
    entity_id: 11,
    entity: { id: 11, name: 'Église de Cocody' },
    made_at: '2026-11-20T09:30:00.000Z',
    created_at: '2026-11-20T09:31:00.000Z',
    lines_count: 2,
    createdByUser: user(9, 'Marie Trésor'),
    approvedByUser: null,
    approved_at: null,
    validatedByUser: null,
    validated_at: null,
    rejectedByUser: null,
    rejected_at: null,
    verifiedByUser: null,
    verified_at: null,
    operationAccount: { id: 5, code: '6047', name: 'Fournitures de bureau', category: 'Charges AO' },
    budget_line_id: null,
    budgetLine: null,
    planned_activity_id: null,
    plannedActivity: null,
    expenses: [
      makeLine(),
      makeLine({ id: 102, name: 'Papier', quantity: 6, unit_price: 5000, amount: 30000, remaining: 30000 }),
    ],
    attachments: [],
  };
  return { ...base, ...overrides };
}

export function listItem(detail: ExpenseRequestDetail): ExpenseRequestListItem {
  const {
    budget_line_id: _b,
    budgetLine: _bl,
    planned_activity_id: _p,
    plannedActivity: _pa,
    expenses: _e,
    attachments: _a,
    ...item
  } = detail;
  return item;
}

export type Recorded = {
  created: unknown[];
  createKeys: (string | null)[];
  uploads: FormData[];
  deleted: string[];
  listQueries: URLSearchParams[];
  balanceQueries: URLSearchParams[];
  permissionChecks: Array<{ permissions: string[]; entity_type?: string | null; entity_id?: number | null }>;
  actions: { id: string; action: string; body: unknown }[];
  lineAdds: unknown[];
  lineUpdates: { id: string; body: unknown }[];
  lineDeletes: string[];
  cancels: string[];
  payments: { id: string; body: unknown; key: string | null }[];
};

export type ApiOptions = {
  requests?: ExpenseRequestDetail[];
  permissions?: Record<string, boolean>;
  accountsFail?: boolean;
  uploadFails?: { status: number; message?: string } | null;
  /** ms the upload answer waits */
  uploadDelay?: number;
  paymentFails?: { status: number; message?: string }[];
  createdId?: number;
};

export const ACCOUNTS = [
  { id: 5, code: '6047', name: 'Fournitures de bureau', category: 'Charges AO', journal_type: null },
  { id: 6, code: '6052', name: 'Électricité', category: 'Charges AO', journal_type: null },
  { id: 21, code: '2441', name: 'Mobilier', category: 'Actifs immobilisés', journal_type: null },
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
    code: '5211',
    name: 'Banque locale',
    category: 'Trésorerie (actifs comme Passifs)',
    journal_type: 'BANK',
  },
];

/** Installs the expense handlers; answers what `options` say and records every write. */
export function expensesApi(options: ApiOptions = {}): Recorded {
  const requests = options.requests ?? [makeRequest()];
  const recorded: Recorded = {
    created: [],
    createKeys: [],
    uploads: [],
    deleted: [],
    listQueries: [],
    balanceQueries: [],
    permissionChecks: [],
    actions: [],
    lineAdds: [],
    lineUpdates: [],
    lineDeletes: [],
    cancels: [],
    payments: [],
  };
  const paymentFailures = [...(options.paymentFails ?? [])];
  server.use(
    mock.get('/api/expense-requests', ({ request }) => {
      const query = new URL(request.url).searchParams;
      recorded.listQueries.push(query);
      const page = Number(query.get('page') ?? 1);
      const limit = Number(query.get('limit') ?? 20);
      const status = query.get('status');
      const found = requests.filter((r) => !status || r.status === status).map(listItem);
      return HttpResponse.json({
        data: found.slice((page - 1) * limit, page * limit),
        meta: { total: found.length, page, limit },
      });
    }),
    mock.get('/api/expense-requests-balance', ({ request }) => {
      recorded.balanceQueries.push(new URL(request.url).searchParams);
      const amount = requests.reduce((sum, r) => sum + r.amount, 0);
      const paid = requests.reduce((sum, r) => sum + r.amount_validated, 0);
      return HttpResponse.json({
        data: {
          count: requests.length,
          count_by_status: { approval_pending: 0, rejected: 0, approved: 0, validated: 0 },
          amount,
          paid,
          remaining: amount - paid,
        },
      });
    }),
    mock.get('/api/expense-requests/:id/attachments', ({ params }) => {
      const found = requests.find((r) => r.id === Number(params.id));
      return HttpResponse.json({ data: found?.attachments ?? [] });
    }),
    mock.get('/api/expense-requests/:id', ({ params }) => {
      const found = requests.find((r) => r.id === Number(params.id));
      return found
        ? HttpResponse.json({ data: found })
        : HttpResponse.json(
            { message: 'E_HTTP_EXCEPTION: Demande de dépense introuvable.' },
            { status: 404 },
          );
    }),
    mock.post('/api/expense-requests', async ({ request }) => {
      recorded.created.push(await request.json());
      recorded.createKeys.push(request.headers.get('Idempotency-Key'));
      return HttpResponse.json({ data: { id: options.createdId ?? 42 } }, { status: 201 });
    }),
    mock.post('/api/attachments', async ({ request }) => {
      recorded.uploads.push(await request.formData());
      if (options.uploadDelay) await new Promise((resolve) => setTimeout(resolve, options.uploadDelay));
      if (options.uploadFails)
        return HttpResponse.json(
          options.uploadFails.message ? { message: options.uploadFails.message } : {},
          { status: options.uploadFails.status },
        );
      return HttpResponse.json({ data: [] }, { status: 201 });
    }),
    mock.delete('/api/expense-requests/:id', ({ params }) => {
      recorded.deleted.push(String(params.id));
      return HttpResponse.json({ message: 'Demande de dépense supprimée.' });
    }),
    mock.put('/api/expense-requests/:id/:action', async ({ params, request }) => {
      recorded.actions.push({
        id: String(params.id),
        action: String(params.action),
        body: await request.json(),
      });
      const found = requests.find((r) => r.id === Number(params.id))!;
      const next = {
        ...found,
        status: params.action === 'verified' ? found.status : (params.action as never),
      };
      return HttpResponse.json({ data: next });
    }),
    mock.post('/api/expenses', async ({ request }) => {
      const body = await request.json();
      recorded.lineAdds.push(body);
      return HttpResponse.json({ data: makeLine({ id: 999 }) }, { status: 201 });
    }),
    mock.put('/api/expenses/:id/validate', async ({ params, request }) => {
      const body = await request.json();
      recorded.payments.push({ id: String(params.id), body, key: request.headers.get('Idempotency-Key') });
      const failure = paymentFailures.shift();
      if (failure)
        return HttpResponse.json(failure.message ? { message: failure.message } : {}, {
          status: failure.status,
        });
      return HttpResponse.json({ data: {} }, { status: 201 });
    }),
    mock.put('/api/expenses/:id', async ({ params, request }) => {
      recorded.lineUpdates.push({ id: String(params.id), body: await request.json() });
      return HttpResponse.json({ data: makeLine() });
    }),
    mock.delete('/api/expenses/:id', ({ params }) => {
      recorded.lineDeletes.push(String(params.id));
      return HttpResponse.json({ message: 'Ligne de dépense supprimée.' });
    }),
    mock.post('/api/expenses/:id/cancel', ({ params }) => {
      recorded.cancels.push(String(params.id));
      return HttpResponse.json({ data: makeLine({ status: 'cancelled' }) });
    }),
    mock.post('/api/permissions/check-multiple', async ({ request }) => {
      const body = (await request.json()) as { permissions: string[] };
      recorded.permissionChecks.push(body);
      const results = Object.fromEntries(
        body.permissions.map((code) => [code, options.permissions?.[code] === true]),
      );
      return HttpResponse.json({ hasAny: false, hasAll: false, results });
    }),
    mock.get('/api/operation-accounts/authorized', ({ request }) => {
      if (options.accountsFail)
        return HttpResponse.json({ message: 'Erreur interne du serveur.' }, { status: 500 });
      const categories = new URL(request.url).searchParams.get('categories') ?? '';
      return HttpResponse.json({ data: categories.startsWith('Trésorerie') ? TREASURY : ACCOUNTS });
    }),
    mock.get('/api/budgets/budget-lines', () =>
      HttpResponse.json({
        data: [
          {
            id: 7,
            budget_id: 1,
            year: 2026,
            category: 'EXPENSE',
            amount: 100000,
            budgetItemTemplate: { id: 1, name: 'Fonctionnement' },
          },
          {
            id: 8,
            budget_id: 1,
            year: 2026,
            category: 'INCOME',
            amount: 100000,
            budgetItemTemplate: { id: 2, name: 'Dîmes' },
          },
        ],
      }),
    ),
    mock.get('/api/planned-activities', () =>
      HttpResponse.json({
        data: [
          { id: 3, title: 'Retraite', planned_date: '2026-12-05', activityType: { id: 1, name: 'Jeunesse' } },
        ],
      }),
    ),
    mock.get('/api/national-office', () =>
      HttpResponse.json({ data: { id: 1, name: 'Bureau National CI' } }),
    ),
    mock.get('/api/churches', () =>
      HttpResponse.json({
        data: [
          { id: 11, name: 'Église de Cocody' },
          { id: 12, name: 'Église de Yopougon' },
        ],
        meta: { total: 2, page: 1, limit: 10 },
      }),
    ),
  );
  return recorded;
}
