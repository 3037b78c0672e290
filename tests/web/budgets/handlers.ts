import { http as mock, HttpResponse } from 'msw';
import type {
  BudgetDetail,
  BudgetLineDetail,
  BudgetSummary,
  BudgetTemplate,
  Consolidated,
} from '@contract/budgets';
import { server } from '../msw/server';

/** msw handlers of the budget calls, with what the SPA sent recorded for the assertions. */

export function makeLine(overrides: Partial<BudgetLineDetail> = {}): BudgetLineDetail {
  return {
    id: 1,
    budget_item_template_id: 1,
    name: 'Entretien des locaux',
    category: 'EXPENSE',
    position: 10,
    archived: false,
    amount: 500_000,
    actual: null,
    remaining: null,
    percent: null,
    ...overrides,
  };
}

export function makeBudget(overrides: Partial<BudgetDetail> = {}): BudgetDetail {
  const lines = overrides.lines ?? [
    makeLine({ id: 1, budget_item_template_id: 1, name: 'Dîmes', category: 'INCOME', amount: 2_000_000 }),
    makeLine({ id: 2, budget_item_template_id: 2, name: 'Entretien des locaux', amount: 500_000 }),
    makeLine({ id: 3, budget_item_template_id: 3, name: 'Fournitures de bureau', amount: 200_000 }),
  ];
  return {
    id: 9,
    entity_type: 'CHURCH',
    entity_id: 11,
    entity_name: 'Église de Cocody',
    year: 2026,
    name: 'Budget 2026',
    status: 'draft',
    total_income: 2_000_000,
    total_expense: 700_000,
    copied_from_id: null,
    created: { by: 'Jean Kouassi', at: '2026-01-05T09:00:00.000Z' },
    submitted: null,
    approved: null,
    rejected: null,
    finalized: null,
    rejection_reason: null,
    lines,
    with_actuals: false,
    totals: null,
    can: { edit: true, submit: true, delete: true, approve: false, reject: false, finalize: false },
    ...overrides,
  };
}

export const summary = (budget: BudgetDetail): BudgetSummary => {
  const { lines: _l, with_actuals: _w, totals: _t, can: _c, ...rest } = budget;
  return rest;
};

export const templates: BudgetTemplate[] = [
  {
    id: 1,
    name: 'Dîmes',
    category: 'INCOME',
    operation_account: { id: 31, code: '7581', name: 'Dîmes' },
    position: 10,
    archived_at: null,
    used_by: 3,
  },
  {
    id: 2,
    name: 'Entretien des locaux',
    category: 'EXPENSE',
    operation_account: null,
    position: 10,
    archived_at: null,
    used_by: 3,
  },
  {
    id: 3,
    name: 'Fournitures de bureau',
    category: 'EXPENSE',
    operation_account: null,
    position: 20,
    archived_at: null,
    used_by: 0,
  },
  {
    id: 4,
    name: 'Missions',
    category: 'EXPENSE',
    operation_account: null,
    position: 30,
    archived_at: null,
    used_by: 0,
  },
];

export type Recorded = {
  created: unknown[];
  saved: unknown[];
  actions: Array<{ id: number; action: string; body: unknown }>;
  templateWrites: Array<{ method: string; url: string; body: unknown }>;
  currentQueries: string[];
};

export function budgetsApi(
  options: {
    list?: { data: BudgetSummary[]; below: BudgetSummary[]; can: { create: boolean } };
    detail?: BudgetDetail;
    current?: BudgetDetail | null;
    currents?: Record<number, BudgetDetail | null>;
    consolidated?: Record<string, Consolidated>;
  } = {},
): Recorded {
  const recorded: Recorded = { created: [], saved: [], actions: [], templateWrites: [], currentQueries: [] };
  let detail = options.detail ?? makeBudget();
  server.use(
    mock.get('/api/budgets', () =>
      HttpResponse.json(options.list ?? { data: [], below: [], can: { create: true } }),
    ),
    mock.post('/api/budgets', async ({ request }) => {
      const body = (await request.json()) as { year: number; source: string };
      recorded.created.push(body);
      detail = makeBudget({ id: 77, year: body.year, name: `Budget ${body.year}` });
      return HttpResponse.json({ data: detail }, { status: 201 });
    }),
    mock.get('/api/budgets/current', ({ request }) => {
      const url = new URL(request.url);
      recorded.currentQueries.push(url.search);
      const id = Number(url.searchParams.get('entity_id'));
      const year = Number(url.searchParams.get('year'));
      const data =
        options.currents && id in options.currents ? options.currents[id] : (options.current ?? null);
      return HttpResponse.json({ year, data });
    }),
    mock.get('/api/budgets/consolidated', ({ request }) => {
      const url = new URL(request.url);
      const key = `${url.searchParams.get('entity_type')}-${url.searchParams.get('entity_id')}`;
      const data = options.consolidated?.[key];
      return data
        ? HttpResponse.json({ data })
        : HttpResponse.json({ message: 'Introuvable' }, { status: 404 });
    }),
    mock.get('/api/budgets/:id', () => HttpResponse.json({ data: detail })),
    mock.put('/api/budgets/:id', async ({ request }) => {
      const body = (await request.json()) as {
        lines: Array<{ budget_item_template_id: number; amount: number }>;
      };
      recorded.saved.push(body);
      detail = {
        ...detail,
        lines: body.lines.map((l, i) =>
          makeLine({
            id: i + 1,
            budget_item_template_id: l.budget_item_template_id,
            amount: l.amount,
            name: templates.find((t) => t.id === l.budget_item_template_id)?.name ?? '',
            category: templates.find((t) => t.id === l.budget_item_template_id)?.category ?? 'EXPENSE',
          }),
        ),
      };
      return HttpResponse.json({ data: detail });
    }),
    mock.post('/api/budgets/:id/:action', async ({ request, params }) => {
      const text = await request.text();
      const body = text ? JSON.parse(text) : null;
      recorded.actions.push({ id: Number(params.id), action: String(params.action), body });
      const status = { submit: 'submitted', approve: 'approved', reject: 'rejected', finalize: 'finalized' }[
        String(params.action)
      ] as BudgetDetail['status'];
      detail = {
        ...detail,
        status,
        can: { edit: false, submit: false, delete: false, approve: false, reject: false, finalize: false },
      };
      return HttpResponse.json({ data: detail });
    }),
    mock.delete('/api/budgets/:id', () => HttpResponse.json({ message: 'Budget supprimé.' })),
    mock.get('/api/budget-item-templates', ({ request }) => {
      const archived = new URL(request.url).searchParams.get('archived') === 'true';
      return HttpResponse.json({ data: archived ? templates : templates.filter((t) => !t.archived_at) });
    }),
    mock.get('/api/budget-item-templates/accounts', () =>
      HttpResponse.json({
        data: [
          { id: 31, code: '7581', name: 'Dîmes', category: 'INCOME' },
          { id: 41, code: '6047', name: 'Fournitures de bureau', category: 'EXPENSE' },
        ],
      }),
    ),
    mock.post('/api/budget-item-templates', async ({ request }) => {
      const body = await request.json();
      recorded.templateWrites.push({ method: 'POST', url: '/api/budget-item-templates', body });
      return HttpResponse.json({ data: { ...templates[3], id: 50 } }, { status: 201 });
    }),
    mock.post('/api/budget-item-templates/:id/:action', ({ params }) => {
      recorded.templateWrites.push({
        method: 'POST',
        url: `/api/budget-item-templates/${params.id}/${params.action}`,
        body: null,
      });
      return HttpResponse.json({ data: templates[0] });
    }),
    mock.delete('/api/budget-item-templates/:id', ({ params }) => {
      recorded.templateWrites.push({
        method: 'DELETE',
        url: `/api/budget-item-templates/${params.id}`,
        body: null,
      });
      return HttpResponse.json({ message: 'Rubrique supprimée.' });
    }),
  );
  return recorded;
}
