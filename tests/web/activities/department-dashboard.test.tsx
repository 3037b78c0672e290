import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import type { DepartmentSummary } from '@contract/activities';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo } from '../app/fixtures';
import { renderApp } from '../app/render-app';
import { server } from '../msw/server';

// Decision 0041: a department's dashboard answers its money only to a holder of a finance permission
// (null otherwise); the page then shows its counts and no money block.

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
  vi.clearAllMocks();
});

const counts: Omit<DepartmentSummary, 'contributions_total' | 'expenses_total' | 'months'> = {
  department: {
    id: 3,
    name: 'Jeunesse nationale',
    description: null,
    entity_type: 'NATIONAL_OFFICE',
    entity_id: 1,
    entity: { id: 1, name: 'Bureau national' },
  },
  from: '2026-06-01',
  to: '2026-11-25',
  members: 12,
  leader: 'Awa Koné',
  upcoming: [{ id: 5, title: 'Camp de jeunes', planned_date: '2026-12-20', status: 'planned' }],
  reports: [],
  my_role: null,
};

function api(summary: DepartmentSummary) {
  server.use(
    mock.get('/api/activity-groupes/:id', () =>
      HttpResponse.json({
        data: { ...counts.department, created_at: '2026-01-01T00:00:00.000Z' },
      }),
    ),
    mock.get('/api/departments/:id/summary', () => HttpResponse.json({ data: summary })),
    mock.get('/api/departments/:id/members', () => HttpResponse.json({ data: [] })),
    mock.post('/api/permissions/check-multiple', async ({ request }) => {
      const body = (await request.json()) as { permissions: string[] };
      const results = Object.fromEntries(body.permissions.map((code) => [code, false]));
      return HttpResponse.json({ hasAny: false, hasAll: false, results });
    }),
  );
}

describe("a department's dashboard", () => {
  it('shows the money of the period when the answer has it', async () => {
    api({
      ...counts,
      contributions_total: 150_000,
      expenses_total: 40_000,
      months: [{ month: '2026-11', contributions: 150_000, expenses: 40_000 }],
    });
    renderApp('/mon-bureau-national/departements/3/dashboard', demo.nationalTreasurer);
    expect(await screen.findByText(/Camp de jeunes/, {}, { timeout: 12_000 })).toBeInTheDocument();
    expect(screen.getByText('Recettes de la période')).toBeInTheDocument();
    expect(screen.getByText('Dépenses payées de la période')).toBeInTheDocument();
    expect(screen.getAllByText('Recettes et dépenses par mois').length).toBeGreaterThan(0);
  });

  it('shows the counts and no money block when the answer has none', async () => {
    api({ ...counts, contributions_total: null, expenses_total: null, months: null });
    renderApp('/mon-bureau-national/departements/3/dashboard', demo.nationalTreasurer);
    expect(await screen.findByText(/Camp de jeunes/, {}, { timeout: 12_000 })).toBeInTheDocument();
    expect(screen.getByText('12')).toBeInTheDocument();
    expect(screen.getByText('Responsable : Awa Koné')).toBeInTheDocument();
    expect(screen.queryByText('Recettes de la période')).not.toBeInTheDocument();
    expect(screen.queryByText('Dépenses payées de la période')).not.toBeInTheDocument();
    expect(screen.queryByText('Recettes et dépenses par mois')).not.toBeInTheDocument();
  });
});
