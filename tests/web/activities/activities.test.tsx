import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import type { Activity, ActivityReport, ActivityReportDetail } from '@contract/activities';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo } from '../app/fixtures';
import { locationOf, renderApp } from '../app/render-app';
import { server } from '../msw/server';

// Decision 0024: planned activities (list, agenda, form) and activity reports (form, submit, send back).

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
  vi.clearAllMocks();
});

const month = (() => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
})();

const activity = (overrides: Partial<Activity> = {}): Activity => ({
  id: 5,
  entity_type: 'CHURCH',
  entity_id: 11,
  title: 'Répétition générale de la chorale',
  planned_date: `${month}-20`,
  planned_time: '17:30',
  place: 'Salle annexe',
  status: 'planned',
  estimated_cost: 25000,
  actual_cost: 0,
  description: null,
  activityType: { id: 6, name: 'Répétition de chorale' },
  department: { id: 3, name: 'Chorale' },
  budget_line: null,
  created_at: '2026-11-01T09:00:00.000Z',
  ...overrides,
});

const reportRow = (overrides: Partial<ActivityReport> = {}): ActivityReport => ({
  id: 40,
  entity_type: 'CHURCH',
  entity_id: 11,
  entity: 'Église de Cocody',
  title: 'Culte d’action de grâce',
  period_start: '2026-11-07',
  period_end: '2026-11-07',
  status: 'draft',
  men: 84,
  women: 121,
  children: 57,
  plannedActivity: null,
  submitted_at: null,
  created_at: '2026-11-08T09:00:00.000Z',
  ...overrides,
});

const reportDetail = (overrides: Partial<ActivityReportDetail> = {}): ActivityReportDetail => ({
  ...reportRow(),
  summary: 'Culte avec toutes les familles.',
  results: null,
  difficulties: null,
  return_comment: null,
  returned_at: null,
  returned_by: null,
  submitted_by: null,
  created_by: 'Jean Kouassi',
  actual_cost: null,
  can: { edit: true, submit: true, return: false },
  ...overrides,
});

function activitiesApi() {
  const recorded = { created: [] as unknown[], queries: [] as string[] };
  server.use(
    mock.get('/api/activities', ({ request }) => {
      recorded.queries.push(new URL(request.url).search);
      return HttpResponse.json({ data: [activity()], meta: { total: 1, page: 1, limit: 100 } });
    }),
    mock.get('/api/activity-types', () =>
      HttpResponse.json({ data: [{ id: 1, name: 'Culte', entity_type: null, entity_id: null }] }),
    ),
    mock.get('/api/departments', () =>
      HttpResponse.json({
        data: [
          {
            id: 3,
            name: 'Chorale',
            description: null,
            entity_type: 'CHURCH',
            entity_id: 11,
            entity: { id: 11, name: 'Église de Cocody' },
            created_at: '2026-01-01T00:00:00.000Z',
          },
        ],
        meta: { total: 1, page: 1, limit: 20 },
      }),
    ),
    mock.get('/api/budgets/budget-lines', () => HttpResponse.json({ data: [] })),
    mock.get('/api/activity-reports/:id/attachments', () => HttpResponse.json({ data: [] })),
    mock.post('/api/activities', async ({ request }) => {
      recorded.created.push(await request.json());
      return HttpResponse.json({ data: { id: 77 } }, { status: 201 });
    }),
    mock.get('/api/activities/:id', () =>
      HttpResponse.json({ data: { ...activity({ id: 77 }), expenses: [], can: { edit: true } } }),
    ),
  );
  return recorded;
}

describe('planned activities', () => {
  it('lists the month with its agenda and asks the server for that month', async () => {
    const recorded = activitiesApi();
    renderApp('/mon-eglise/activites-planifiees', demo.pastor);
    const row = await screen.findByRole('row', { name: /Répétition générale/ }, { timeout: 15_000 });
    expect(within(row).getByText('Planifiée')).toBeInTheDocument();
    expect(within(row).getByText('25 000 F CFA')).toBeInTheDocument();
    const agenda = screen.getByRole('region', { name: /Agenda de/ });
    expect(within(agenda).getByText('17:30')).toBeInTheDocument();
    expect(recorded.queries[0]).toContain(`month=${month}`);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Mois suivant' }));
    await waitFor(() => expect(recorded.queries.some((q) => !q.includes(`month=${month}`))).toBe(true));
  });

  it('plans an activity: French messages first, then the body the server reads', async () => {
    const recorded = activitiesApi();
    const { router } = renderApp('/mon-eglise/activites-planifiees/nouveau', demo.pastor);
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Enregistrer' }, { timeout: 15_000 });
    await user.type(screen.getByLabelText(/Heure/), '25:00');
    await user.click(save);
    expect(await screen.findByText('Le titre est obligatoire.')).toBeInTheDocument();
    expect(screen.getByText('La date est obligatoire.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Titre/), 'Fête de Noël');
    await user.type(screen.getByLabelText(/^Date/), '2026-12-24');
    await user.clear(screen.getByLabelText(/Heure/));
    await user.type(screen.getByLabelText(/Heure/), '18:00');
    await user.type(screen.getByLabelText(/Lieu/), 'Temple');
    await user.type(screen.getByLabelText(/Coût estimé/), '200000');
    await user.click(save);
    await waitFor(() =>
      expect(recorded.created).toEqual([
        {
          entity_type: 'CHURCH',
          entity_id: 11,
          title: 'Fête de Noël',
          planned_date: '2026-12-24',
          planned_time: '18:00',
          place: 'Temple',
          estimated_cost: 200000,
        },
      ]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/mon-eglise/activites-planifiees/77'));
  });
});

describe('activity reports', () => {
  it('sorts the reports on the server from their headers, the sort in the URL, back to page 1', async () => {
    activitiesApi();
    const queries: URLSearchParams[] = [];
    server.use(
      mock.get('/api/activity-reports', ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        const page = Number(query.get('page') ?? 1);
        return HttpResponse.json({
          data: [reportRow({ id: 40 + page })],
          meta: { total: 45, page, limit: 20 },
        });
      }),
    );
    const { router } = renderApp('/mon-eglise/rapport-activites', demo.pastor);
    const table = await screen.findByRole(
      'table',
      { name: "Liste des rapports d'activités" },
      { timeout: 15_000 },
    );
    await within(table).findByText('Église de Cocody');
    expect(within(table).getByRole('columnheader', { name: 'Période' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(queries[0].get('sort')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));

    await user.click(
      within(within(table).getByRole('columnheader', { name: 'Participants' })).getByRole('button'),
    );
    await waitFor(() => expect(queries.at(-1)?.get('sort')).toBe('attendance'));
    expect(queries.at(-1)?.get('order')).toBe('desc');
    expect(queries.at(-1)?.get('page')).toBe('1');
    expect(queries.at(-1)?.get('scope')).toBe('all');
    expect(within(table).getByRole('columnheader', { name: 'Participants' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(within(table).getByRole('columnheader', { name: 'Période' })).toHaveAttribute('aria-sort', 'none');
    expect(locationOf(router)).toBe('/mon-eglise/rapport-activites?sort=attendance&order=desc');

    await user.click(within(within(table).getByRole('columnheader', { name: 'Entité' })).getByRole('button'));
    await waitFor(() => expect(queries.at(-1)?.get('sort')).toBe('entity'));
    expect(queries.at(-1)?.get('order')).toBe('asc');
    expect(within(table).getByRole('columnheader', { name: 'Entité' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  }, 60_000);

  it('checks the report form (period, attendance, summary) and saves a draft with Hommes, Femmes, Enfants', async () => {
    activitiesApi();
    const created: unknown[] = [];
    server.use(
      mock.post('/api/activity-reports', async ({ request }) => {
        created.push(await request.json());
        return HttpResponse.json({ data: { id: 41 } }, { status: 201 });
      }),
      mock.get('/api/activity-reports/:id', () => HttpResponse.json({ data: reportDetail({ id: 41 }) })),
    );
    const { router } = renderApp('/mon-eglise/rapport-activites/nouveau', demo.pastor);
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Enregistrer' }, { timeout: 15_000 });
    await user.type(screen.getByLabelText(/Début de la période/), '2026-11-10');
    await user.type(screen.getByLabelText(/Fin de la période/), '2026-11-01');
    await user.click(save);
    expect(await screen.findByText('La fin de la période doit suivre son début.')).toBeInTheDocument();
    expect(screen.getByText('Le résumé est obligatoire.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Titre/), 'Journée de prière');
    await user.clear(screen.getByLabelText(/Fin de la période/));
    await user.type(screen.getByLabelText(/Fin de la période/), '2026-11-10');
    await user.type(screen.getByLabelText('Hommes'), '10');
    await user.type(screen.getByLabelText('Femmes'), '20');
    await user.type(screen.getByLabelText('Enfants'), '5');
    await user.type(screen.getByLabelText(/Résumé/), 'Prière et jeûne.');
    await user.click(save);
    await waitFor(() =>
      expect(created).toEqual([
        {
          entity_type: 'CHURCH',
          entity_id: 11,
          title: 'Journée de prière',
          period_start: '2026-11-10',
          period_end: '2026-11-10',
          men: 10,
          women: 20,
          children: 5,
          summary: 'Prière et jeûne.',
        },
      ]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/mon-eglise/rapport-activites/41'));
  });

  it('submits a draft; the level above sends it back with a required comment', async () => {
    const actions: Array<{ action: string; body: unknown }> = [];
    let detail = reportDetail();
    server.use(
      mock.get('/api/activity-reports/:id/attachments', () => HttpResponse.json({ data: [] })),
      mock.get('/api/activity-reports/:id', () => HttpResponse.json({ data: detail })),
      mock.post('/api/activity-reports/:id/:action', async ({ request, params }) => {
        const text = await request.text();
        actions.push({ action: String(params.action), body: text ? JSON.parse(text) : null });
        detail =
          params.action === 'submit'
            ? { ...detail, status: 'submitted', can: { edit: false, submit: false, return: true } }
            : { ...detail, status: 'returned', return_comment: 'Précisez les résultats.' };
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    renderApp('/mon-eglise/rapport-activites/40', demo.pastor);
    const user = userEvent.setup();
    expect(await screen.findByText('Brouillon', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Hommes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Soumettre' }));
    await waitFor(() => expect(actions).toEqual([{ action: 'submit', body: null }]));
    expect(await screen.findByText('Soumis')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Renvoyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renvoyer le rapport' });
    await user.click(within(dialog).getByRole('button', { name: 'Renvoyer' }));
    expect(
      await within(dialog).findByText('Le commentaire est obligatoire pour renvoyer un rapport.'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Commentaire/), 'Précisez les résultats.');
    await user.click(within(dialog).getByRole('button', { name: 'Renvoyer' }));
    await waitFor(() =>
      expect(actions[1]).toEqual({ action: 'return', body: { comment: 'Précisez les résultats.' } }),
    );
    expect(await screen.findByRole('note')).toHaveTextContent('Précisez les résultats.');
  });
});
