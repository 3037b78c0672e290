import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import type { ActivityDetail } from '@contract/activities';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo } from '../app/fixtures';
import { renderApp } from '../app/render-app';
import { server } from '../msw/server';

// Decision 0028: a planned activity's fields are edited on its detail page while it is
// planned; a done or cancelled one only changes status.

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
  vi.clearAllMocks();
});

const activity = (overrides: Partial<ActivityDetail> = {}): ActivityDetail => ({
  id: 5,
  entity_type: 'CHURCH',
  entity_id: 11,
  title: 'Répétition générale',
  planned_date: '2026-12-20',
  planned_time: '17:30',
  place: 'Salle annexe',
  status: 'planned',
  estimated_cost: 25000,
  actual_cost: 0,
  description: null,
  activityType: { id: 1, name: 'Culte' },
  department: null,
  budget_line: null,
  created_at: '2026-11-01T09:00:00.000Z',
  expenses: [],
  can: { edit: true },
  ...overrides,
});

function api(initial: ActivityDetail) {
  let current = initial;
  const puts: unknown[] = [];
  server.use(
    mock.get('/api/activities/:id', () => HttpResponse.json({ data: current })),
    mock.put('/api/activities/:id', async ({ request }) => {
      const body = (await request.json()) as Partial<ActivityDetail>;
      puts.push(body);
      current = { ...current, ...body };
      return HttpResponse.json({ data: current });
    }),
    mock.get('/api/activity-types', () =>
      HttpResponse.json({ data: [{ id: 1, name: 'Culte', entity_type: null, entity_id: null }] }),
    ),
    mock.get('/api/departments', () =>
      HttpResponse.json({ data: [], meta: { total: 0, page: 1, limit: 20 } }),
    ),
    mock.get('/api/budgets/budget-lines', () => HttpResponse.json({ data: [] })),
  );
  return puts;
}

describe('editing a planned activity', () => {
  it('opens the filled form, checks it in French, then saves the fields', async () => {
    const puts = api(activity());
    renderApp('/mon-eglise/activites-planifiees/5', demo.pastor);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Modifier' }, { timeout: 15_000 }));
    const title = await screen.findByLabelText(/Titre/);
    expect(title).toHaveValue('Répétition générale');
    expect(screen.getByLabelText(/Lieu/)).toHaveValue('Salle annexe');
    await user.clear(title);
    await user.clear(screen.getByLabelText(/Coût estimé/));
    await user.type(screen.getByLabelText(/Coût estimé/), '3000000000');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le titre est obligatoire.')).toBeInTheDocument();
    expect(screen.getByText('Le coût estimé doit être un montant positif en F CFA.')).toBeInTheDocument();
    expect(puts).toHaveLength(0);
    await user.type(title, 'Concert de Noël');
    await user.clear(screen.getByLabelText(/Coût estimé/));
    await user.type(screen.getByLabelText(/Coût estimé/), '40000');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(puts).toEqual([
        {
          title: 'Concert de Noël',
          planned_date: '2026-12-20',
          planned_time: '17:30',
          place: 'Salle annexe',
          activity_type_id: 1,
          estimated_cost: 40000,
          status: 'planned',
        },
      ]),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Concert de Noël' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Modifier' })).toBeInTheDocument();
  });

  it('offers no edit once the activity is cancelled', async () => {
    api(activity({ status: 'cancelled' }));
    renderApp('/mon-eglise/activites-planifiees/5', demo.pastor);
    expect(
      await screen.findByRole('button', { name: 'Replanifier' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modifier' })).not.toBeInTheDocument();
  });
});
