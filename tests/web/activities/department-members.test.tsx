import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import type { DepartmentMember } from '@contract/activities';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo } from '../app/fixtures';
import { renderApp } from '../app/render-app';
import { server } from '../msw/server';

// Decision 0028: 'departements/:id/membres' is the department's own members page (its leader and members,
// added and removed with activity:update), no longer the office members of its entity.

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
  vi.clearAllMocks();
});

function api({ canManage }: { canManage: boolean }) {
  let members: DepartmentMember[] = [
    { user_id: 21, fullname: 'Awa Koné', phone: '+2250700000001', role: 'leader', created_at: '2026-01-10' },
    { user_id: 22, fullname: 'Yao Kouadio', phone: null, role: 'member', created_at: '2026-02-03' },
  ];
  const writes: Array<{ method: string; path: string; body?: unknown }> = [];
  server.use(
    mock.get('/api/activity-groupes/:id', () =>
      HttpResponse.json({
        data: {
          id: 3,
          name: 'Jeunesse nationale',
          description: null,
          entity_type: 'NATIONAL_OFFICE',
          entity_id: 1,
          entity: { id: 1, name: 'Bureau national' },
          created_at: '2026-01-01T00:00:00.000Z',
        },
      }),
    ),
    mock.get('/api/departments/:id/members', () => HttpResponse.json({ data: members })),
    mock.post('/api/permissions/check-multiple', async ({ request }) => {
      const body = (await request.json()) as { permissions: string[] };
      const results = Object.fromEntries(body.permissions.map((code) => [code, canManage]));
      return HttpResponse.json({ hasAny: canManage, hasAll: canManage, results });
    }),
    mock.get('/api/users', () =>
      HttpResponse.json({
        data: [
          {
            id: 30,
            firstname: 'Marie',
            lastname: 'Bamba',
            phone: null,
            registration_number: null,
            email: null,
            gender: 'F',
            church: { id: 11, name: 'Église de Cocody' },
          },
        ],
      }),
    ),
    mock.post('/api/departments/:id/members', async ({ request, params }) => {
      const body = (await request.json()) as { user_id: number; role: 'member' };
      writes.push({ method: 'POST', path: String(params.id), body });
      members = [
        ...members,
        {
          user_id: body.user_id,
          fullname: 'Marie Bamba',
          phone: null,
          role: body.role,
          created_at: '2026-11-25',
        },
      ];
      return HttpResponse.json({ data: members.at(-1) }, { status: 201 });
    }),
    mock.delete('/api/departments/:id/members/:userId', ({ params }) => {
      writes.push({ method: 'DELETE', path: `${params.id}/${params.userId}` });
      members = members.filter((m) => String(m.user_id) !== params.userId);
      return HttpResponse.json({ message: 'Membre retiré.' });
    }),
  );
  return writes;
}

describe("the department's members page", () => {
  it('lists the leader and members; adds a faithful and removes a member after confirming', async () => {
    const writes = api({ canManage: true });
    renderApp('/mon-bureau-national/departements/3/membres', demo.nationalTreasurer);
    const user = userEvent.setup();
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Membres - Jeunesse nationale' },
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Awa Koné')).toBeInTheDocument();
    expect(screen.getByText('Responsable')).toBeInTheDocument();

    await user.type(screen.getByRole('combobox', { name: 'Ajouter un fidèle' }), 'Mar');
    await user.click(await screen.findByRole('option', { name: /Marie Bamba/ }));
    await user.click(screen.getByRole('button', { name: 'Ajouter comme membre' }));
    await waitFor(() =>
      expect(writes).toEqual([{ method: 'POST', path: '3', body: { user_id: 30, role: 'member' } }]),
    );
    expect(await screen.findByText('Marie Bamba')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retirer Yao Kouadio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retirer le membre' });
    await user.click(within(dialog).getByRole('button', { name: 'Retirer' }));
    await waitFor(() => expect(writes.at(-1)).toEqual({ method: 'DELETE', path: '3/22' }));
    await waitFor(() => expect(screen.queryByText('Yao Kouadio')).not.toBeInTheDocument());
  });

  it('shows the list without the add and remove controls to a reader', async () => {
    api({ canManage: false });
    renderApp('/mon-bureau-national/departements/3/membres', demo.nationalTreasurer);
    expect(await screen.findByText('Awa Koné', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retirer/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Ajouter un fidèle' })).not.toBeInTheDocument();
  });
});
