import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import type { DepartmentSummary } from '@contract/activities';
import { useAccountStore } from '@/shared/auth/account-store';
import { makeAccount } from '../app/fixtures';
import { locationOf, renderApp } from '../app/render-app';
import { contributionsApi, makeContribution } from '../contributions/handlers';
import { expensesApi, makeRequest } from '../expenses/handlers';
import { server } from '../msw/server';

// Decision 0047: in the personal space, a department's leader reads its money and asks for its
// expenses; its members see its dashboard, activities and members, and no money nor money link.

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
  vi.clearAllMocks();
});

const faithful = { roles: [{ id: 1, code: 'faithful', name: 'Fidèle' }] };
const leader = makeAccount({
  id: 20,
  firstname: 'Paul',
  ...faithful,
  departments: [{ id: 3, name: 'Chorale', role: 'leader' }],
});
const member = makeAccount({
  id: 21,
  firstname: 'Jean',
  ...faithful,
  departments: [{ id: 3, name: 'Chorale', role: 'member' }],
});
/** The leader of another department of the church. */
const otherLeader = makeAccount({
  id: 22,
  firstname: 'Luc',
  ...faithful,
  departments: [{ id: 4, name: 'Jeunesse', role: 'leader' }],
});

const counts: Omit<DepartmentSummary, 'contributions_total' | 'expenses_total' | 'months' | 'my_role'> = {
  department: {
    id: 3,
    name: 'Chorale',
    description: null,
    entity_type: 'CHURCH',
    entity_id: 11,
    entity: { id: 11, name: 'Église de Cocody' },
  },
  from: '2026-06-01',
  to: '2026-11-25',
  members: 6,
  leader: 'Paul Koné',
  upcoming: [{ id: 5, title: 'Répétition de la chorale', planned_date: '2026-12-05', status: 'planned' }],
  reports: [],
};

function departmentApi(summary: DepartmentSummary) {
  server.use(
    mock.get('/api/activity-groupes/:id', () =>
      HttpResponse.json({ data: { ...counts.department, created_at: '2026-01-01T00:00:00.000Z' } }),
    ),
    mock.get('/api/departments/:id/summary', () => HttpResponse.json({ data: summary })),
    mock.get('/api/departments/:id/members', () => HttpResponse.json({ data: [] })),
  );
}

const choraleRequest = makeRequest({
  id: 7,
  title: 'Achat de tenues de la chorale',
  reference: 'DEP-000007',
  entity_type: 'ACTIVITY_GROUP',
  entity_id: 3,
  entity: { id: 3, name: 'Chorale' },
});

describe("a department's dashboard in the personal space", () => {
  it('its leader sees its money and the links to its contributions and expenses', async () => {
    departmentApi({
      ...counts,
      my_role: 'leader',
      contributions_total: 150_000,
      expenses_total: 40_000,
      months: [{ month: '2026-11', contributions: 150_000, expenses: 40_000 }],
    });
    expensesApi({ permissions: {} });
    renderApp('/departements/3/dashboard', leader);
    expect(await screen.findByText(/Répétition de la chorale/, {}, { timeout: 12_000 })).toBeInTheDocument();
    expect(screen.getByText('Recettes de la période')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contributions' })).toHaveAttribute(
      'href',
      '/departements/3/contributions',
    );
    expect(screen.getByRole('link', { name: 'Dépenses' })).toHaveAttribute(
      'href',
      '/departements/3/depenses',
    );
    expect(screen.getByRole('link', { name: 'Activités' })).toHaveAttribute(
      'href',
      '/departements/3/activites',
    );
  });

  it('a member sees its counts, activities and members, and no money nor link to it', async () => {
    departmentApi({
      ...counts,
      my_role: 'member',
      contributions_total: null,
      expenses_total: null,
      months: null,
    });
    expensesApi({ permissions: {} });
    renderApp('/departements/3/dashboard', member);
    expect(await screen.findByText(/Répétition de la chorale/, {}, { timeout: 12_000 })).toBeInTheDocument();
    expect(screen.getByText('Responsable : Paul Koné')).toBeInTheDocument();
    expect(screen.getByText('Responsable et membres')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Activités' })).toBeInTheDocument();
    expect(screen.queryByText('Recettes de la période')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Contributions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dépenses' })).not.toBeInTheDocument();
  });
});

describe("a department's expenses in the personal space", () => {
  it('its leader lists them, opens one, and finds the add-expense form', async () => {
    departmentApi({ ...counts, my_role: 'leader', contributions_total: 0, expenses_total: 0, months: [] });
    const recorded = expensesApi({ requests: [choraleRequest], permissions: {} });
    renderApp('/departements/3/depenses', leader);
    expect(
      await screen.findByRole('link', { name: 'Achat de tenues de la chorale' }, { timeout: 15_000 }),
    ).toHaveAttribute('href', '/departements/3/depenses/7');
    expect(screen.getByRole('link', { name: 'Ajouter une dépense' })).toHaveAttribute(
      'href',
      '/departements/3/depenses/nouveau',
    );
    const query = recorded.listQueries[0];
    expect(query.get('entity_type')).toBe('ACTIVITY_GROUP');
    expect(query.get('entity_id')).toBe('3');
    // the leader's button is theirs by the department, not asked as a permission
    expect(recorded.permissionChecks).toEqual([]);
  });

  it('the add-expense form opens for its leader, its lists asked for the department', async () => {
    departmentApi({ ...counts, my_role: 'leader', contributions_total: 0, expenses_total: 0, months: [] });
    expensesApi({ requests: [choraleRequest], permissions: {} });
    const asked: string[] = [];
    const record = (path: string) =>
      mock.get(path, ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(`${path} ${query.get('entity_type')} ${query.get('entity_id')}`);
        return HttpResponse.json({ data: [] });
      });
    server.use(
      record('/api/operation-accounts/authorized'),
      record('/api/budgets/budget-lines'),
      record('/api/planned-activities'),
    );
    const { router } = renderApp('/departements/3/depenses/nouveau', leader);
    expect(
      await screen.findByRole('heading', { name: 'Ajouter une dépense' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await vi.waitFor(() =>
      expect([...new Set(asked)].sort()).toEqual([
        '/api/budgets/budget-lines ACTIVITY_GROUP 3',
        '/api/operation-accounts/authorized ACTIVITY_GROUP 3',
        '/api/planned-activities ACTIVITY_GROUP 3',
      ]),
    );
    expect(router.state.location.pathname).toBe('/departements/3/depenses/nouveau');
  });

  it('the leader of another department, reading the list, gets no add button', async () => {
    departmentApi({ ...counts, my_role: null, contributions_total: 0, expenses_total: 0, months: [] });
    const recorded = expensesApi({ requests: [choraleRequest], permissions: {} });
    renderApp('/departements/3/depenses', otherLeader);
    expect(
      await screen.findByRole('link', { name: 'Achat de tenues de la chorale' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(recorded.permissionChecks.length).toBeGreaterThan(0));
    expect(screen.queryByRole('link', { name: 'Ajouter une dépense' })).not.toBeInTheDocument();
  });
});

describe("a department's contributions in the personal space", () => {
  it('its leader reads them, and the refused faithful search leaves the page as it is', async () => {
    departmentApi({ ...counts, my_role: 'leader', contributions_total: 0, expenses_total: 0, months: [] });
    const recorded = contributionsApi({
      contributions: [
        makeContribution({
          entity_type: 'ACTIVITY_GROUP',
          entity_id: 3,
          entity_name: 'Chorale',
          type: 'other',
        }),
      ],
    });
    // the church's faithful are not the leader's to search (no member:view, contribution:create...)
    let searched = 0;
    server.use(
      mock.get('/api/users', () => {
        searched += 1;
        return HttpResponse.json({ message: 'E_HTTP_EXCEPTION: Accès refusé.' }, { status: 403 });
      }),
    );
    const { router } = renderApp('/departements/3/contributions', leader);
    expect(await screen.findByText('R-2026-000900', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(recorded.listQueries[0].get('entity_type')).toBe('ACTIVITY_GROUP');
    expect(recorded.listQueries[0].get('entity_id')).toBe('3');
    await vi.waitFor(() => expect(searched).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(locationOf(router)).toBe('/departements/3/contributions');
    expect(screen.getByText('R-2026-000900')).toBeInTheDocument();
  });
});
