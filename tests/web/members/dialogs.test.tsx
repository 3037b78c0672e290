import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { UserGrant } from '@contract/permissions';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/shared/api/query-client';
import { AssignPositionDialog } from '@/features/members/components/assign-position-dialog';
import { PermissionDialog } from '@/features/members/components/permission-dialog';
import { RemoveRolesDialog } from '@/features/members/components/remove-roles-dialog';
import { server } from '../msw/server';
import { member, membersApi, role } from './api';

// dialogs with several comboboxes: slower than the default 5 s on a busy machine
vi.setConfig({ testTimeout: 20_000 });

function renderUi(ui: ReactNode) {
  const client = createQueryClient();
  return render(
    <AppProviders client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  );
}

const noop = () => {};

const officer = member(5, {
  firstname: 'Ama',
  lastname: 'Diallo',
  roles: [
    role(31, 'section::tresorier-sectoriel', 'Trésorier sectoriel', 'sections', 7),
    role(32, 'section::secretaire-sectoriel', 'Secrétaire sectoriel', 'sections', 7),
    role(43, 'church::conseiller', 'Conseiller', 'churches', 11),
    { id: 99, code: 'faithful', name: 'Fidèle', group: null, group_id: null },
  ],
});

function removeApi(answer: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    mock.delete('/api/sections/7/members', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

describe('remove-roles dialog', () => {
  it('enables the button only when all or at least one role is chosen; remove all clears the choices', async () => {
    const bodies = removeApi(() => HttpResponse.json({ message: 'Rôles retirés avec succès.' }));
    renderUi(<RemoveRolesDialog member={officer} group="sections" groupId={7} onClose={noop} />);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Retirer' });
    expect(button).toBeDisabled();
    // only the roles of this group
    expect(screen.getByLabelText('Trésorier sectoriel')).toBeInTheDocument();
    expect(screen.queryByLabelText('Conseiller')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Trésorier sectoriel'));
    expect(button).toBeEnabled();
    await user.click(screen.getByLabelText('Trésorier sectoriel'));
    expect(button).toBeDisabled();

    await user.click(screen.getByLabelText('Secrétaire sectoriel'));
    await user.click(screen.getByLabelText('Retirer tous les rôles'));
    expect(screen.getByLabelText('Secrétaire sectoriel')).not.toBeChecked();
    expect(screen.getByLabelText('Secrétaire sectoriel')).toBeDisabled();
    expect(button).toBeEnabled();
    await user.click(button);
    expect(await screen.findByText('Rôles retirés avec succès.')).toBeInTheDocument();
    expect(bodies).toEqual([{ user_id: 5, remove_all_roles: true }]);
  });

  it('sends the chosen roles and shows the server message on failure, else the default message', async () => {
    let answer = () => HttpResponse.json({ message: 'E_HTTP_EXCEPTION: Refus du serveur.' }, { status: 403 });
    const bodies = removeApi(() => answer());
    renderUi(<RemoveRolesDialog member={officer} group="sections" groupId={7} onClose={noop} />);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Secrétaire sectoriel'));
    await user.click(screen.getByRole('button', { name: 'Retirer' }));
    expect(await screen.findByText('Refus du serveur.')).toBeInTheDocument();
    expect(bodies[0]).toEqual({ user_id: 5, role_ids: [32], remove_all_roles: false });
    answer = () => HttpResponse.json({}, { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Retirer' }));
    expect(await screen.findByText('Erreur lors du retrait du rôle')).toBeInTheDocument();
  });

  it('on the region page, removes each role in its own group', async () => {
    const sections = removeApi(() => HttpResponse.json({ message: 'Rôle retiré avec succès.' }));
    const churches: unknown[] = [];
    server.use(
      mock.delete('/api/churches/11/members', async ({ request }) => {
        churches.push(await request.json());
        return HttpResponse.json({ message: 'Rôle retiré avec succès.' });
      }),
    );
    renderUi(<RemoveRolesDialog member={officer} group={null} groupId={null} perRoleGroup onClose={noop} />);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Trésorier sectoriel'));
    await user.click(screen.getByLabelText('Conseiller'));
    await user.click(screen.getByRole('button', { name: 'Retirer' }));
    expect(await screen.findByText('Rôle retiré avec succès.')).toBeInTheDocument();
    expect(sections).toEqual([{ user_id: 5, role_ids: [31], remove_all_roles: false }]);
    expect(churches).toEqual([{ user_id: 5, role_ids: [43], remove_all_roles: false }]);
  });

  it('says when there is no role, none in this group, or no group id', async () => {
    const { unmount } = renderUi(
      <RemoveRolesDialog member={member(8)} group="sections" groupId={7} onClose={noop} />,
    );
    expect(screen.getByText('Aucun rôle assigné')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retirer' })).toBeDisabled();
    unmount();
    const other = renderUi(
      <RemoveRolesDialog member={officer} group="sections" groupId={9} onClose={noop} />,
    );
    expect(screen.getByText('Aucun rôle trouvé pour ce groupe')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retirer' })).toBeDisabled();
    other.unmount();
    renderUi(<RemoveRolesDialog member={officer} group={null} groupId={null} onClose={noop} />);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Conseiller'));
    await user.click(screen.getByRole('button', { name: 'Retirer' }));
    expect(await screen.findByText('ID du groupe manquant')).toBeInTheDocument();
  });
});

const grant = (overrides: Partial<UserGrant>): UserGrant => ({
  id: 1,
  permission: 'expense:approve',
  permission_name: 'Approuver les dépenses',
  entity_type: 'church',
  entity_id: 11,
  entity_name: 'Église de Cocody',
  expires_at: '2026-11-28T23:59:59.000Z',
  granted_at: '2026-11-21T10:00:00.000Z',
  expired: false,
  grantor: { id: 5, firstname: 'Yao', lastname: 'Kouadio' },
  ...overrides,
});

function catalogueApi() {
  const queries: URLSearchParams[] = [];
  server.use(
    mock.get('/api/permissions', ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const all = [
        {
          id: 1,
          code: 'expense:approve',
          name: 'Approuver les dépenses',
          description: null,
          scopes: ['church'],
        },
        {
          id: 2,
          code: 'expense:validate',
          name: 'Valider et payer les dépenses',
          description: null,
          scopes: ['church'],
        },
      ];
      const search = query.get('search')?.toLowerCase() ?? '';
      return HttpResponse.json({ data: all.filter((p) => p.name.toLowerCase().includes(search)) });
    }),
    mock.get('/api/churches', () =>
      HttpResponse.json({ data: [{ id: 11, name: 'Église de Cocody' }], meta: {} }),
    ),
    mock.get('/api/sections', () =>
      HttpResponse.json({ data: [{ id: 7, name: 'Section Cocody' }], meta: {} }),
    ),
  );
  return queries;
}

describe('permission dialog', () => {
  const user5 = { id: 5, firstname: 'Ama', lastname: 'Diallo' };

  it('lists the grants with the EXPIRÉ badge and revokes one', async () => {
    membersApi({
      grants: [
        grant({}),
        grant({ id: 2, permission: 'expense:cancel', permission_name: 'Annuler', expired: true }),
      ],
      scopes: [{ scope: 'church', label: 'Église' }],
    });
    const revoked: unknown[] = [];
    let fail = false;
    let grants = [
      grant({}),
      grant({ id: 2, permission: 'expense:cancel', permission_name: 'Annuler', expired: true }),
    ];
    server.use(
      mock.get('/api/permissions/user/:id', () => HttpResponse.json({ data: grants })),
      mock.post('/api/permissions/revoke', async ({ request }) => {
        const body = (await request.json()) as { permission: string };
        revoked.push(body);
        if (!fail) grants = grants.filter((g) => g.permission !== body.permission);
        return fail
          ? HttpResponse.json({ message: 'E_HTTP_EXCEPTION: non' }, { status: 403 })
          : HttpResponse.json({ message: 'Permission révoquée avec succès', data: null });
      }),
    );
    renderUi(<PermissionDialog user={user5} onClose={noop} />);
    const expired = (await screen.findByText('Annuler')).closest('li')!;
    expect(within(expired).getByText('EXPIRÉ')).toBeInTheDocument();
    const active = screen.getByText('Approuver les dépenses').closest('li')!;
    expect(within(active).queryByText('EXPIRÉ')).not.toBeInTheDocument();
    expect(within(active).getByText(/Accordée par Yao Kouadio/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(active).getByRole('button', { name: 'Révoquer' }));
    expect(await screen.findByText('Permission révoquée avec succès')).toBeInTheDocument();
    expect(revoked[0]).toEqual({
      user_id: 5,
      permission: 'expense:approve',
      entity_type: 'church',
      entity_id: 11,
    });
    fail = true;
    await user.click(within(expired).getByRole('button', { name: 'Révoquer' }));
    expect(await screen.findByText('Erreur lors de la révocation de la permission')).toBeInTheDocument();
  });

  it('chooses the scope first, then the permission; grants only when both are chosen', async () => {
    membersApi({
      grants: [],
      scopes: [
        { scope: 'section', label: 'Section' },
        { scope: 'church', label: 'Église' },
      ],
    });
    const queries = catalogueApi();
    const granted: unknown[] = [];
    let fail = false;
    server.use(
      mock.post('/api/permissions/grant', async ({ request }) => {
        granted.push(await request.json());
        return fail
          ? HttpResponse.json(
              { message: 'E_HTTP_EXCEPTION: Seul un super-administrateur peut accorder cette permission.' },
              { status: 403 },
            )
          : HttpResponse.json({ message: 'Permission accordée avec succès', data: null }, { status: 201 });
      }),
    );
    renderUi(<PermissionDialog user={user5} onClose={noop} />);
    expect(await screen.findByText('Aucune permission personnalisée accordée')).toBeInTheDocument();
    const grantButton = screen.getByRole('button', { name: 'Accorder' });
    expect(grantButton).toBeDisabled();
    expect(screen.getByRole('combobox', { name: /Permission/ })).toBeDisabled();

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: /Périmètre/ }));
    await user.click(await screen.findByRole('option', { name: 'Section' }));
    // an entity chosen for the section scope...
    await user.click(screen.getByRole('combobox', { name: /Entité/ }));
    await user.click(await screen.findByRole('option', { name: 'Section Cocody' }));
    expect(screen.getByRole('combobox', { name: /Entité/ })).toHaveValue('Section Cocody');
    // ...is reset when the scope changes
    await user.click(screen.getByRole('combobox', { name: /Périmètre/ }));
    await user.click(await screen.findByRole('option', { name: 'Église' }));
    expect(screen.getByRole('combobox', { name: /Entité/ })).toHaveValue('');
    expect(grantButton).toBeDisabled();

    const permission = screen.getByRole('combobox', { name: /Permission/ });
    expect(permission).toBeEnabled();
    await user.click(permission);
    await user.click(await screen.findByRole('option', { name: /Approuver les dépenses/ }));
    expect(queries.at(-1)?.get('scope')).toBe('church');
    expect(queries.at(-1)?.get('limit')).toBe('20');
    expect(grantButton).toBeEnabled();

    await user.click(screen.getByRole('combobox', { name: /Entité/ }));
    await user.click(await screen.findByRole('option', { name: 'Église de Cocody' }));
    await user.type(screen.getByLabelText(/Expiration/), '2020-01-01');
    expect(
      await screen.findByText("La date d'expiration ne peut pas être dans le passé."),
    ).toBeInTheDocument();
    expect(grantButton).toBeDisabled();
    await user.clear(screen.getByLabelText(/Expiration/));
    await user.type(screen.getByLabelText(/Expiration/), '2099-12-31');
    expect(grantButton).toBeEnabled();
    await user.click(grantButton);
    expect(await screen.findByText('Permission accordée avec succès')).toBeInTheDocument();
    expect(granted[0]).toMatchObject({
      user_id: 5,
      permission: 'expense:approve',
      entity_type: 'church',
      entity_id: 11,
    });
    expect(
      (granted[0] as { expires_at: string }).expires_at.startsWith('2099-12-31') ||
        (granted[0] as { expires_at: string }).expires_at.startsWith('2100-01-01'),
    ).toBe(true);

    // a refusal shows the server's reason in the form, and SPEC.md's message in a toast
    fail = true;
    await user.click(screen.getByRole('combobox', { name: /Permission/ }));
    await user.click(await screen.findByRole('option', { name: /Valider et payer/ }));
    await user.click(grantButton);
    const section = screen.getByRole('region', { name: 'Accorder une permission' });
    expect(
      await within(section).findByText('Seul un super-administrateur peut accorder cette permission.'),
    ).toBeInTheDocument();
    expect(await screen.findByText("Erreur lors de l'octroi de la permission")).toBeInTheDocument();
  });

  it('says when no scope is available, and when no permission matches', async () => {
    membersApi({ grants: [], scopes: [] });
    renderUi(<PermissionDialog user={user5} onClose={noop} />);
    expect(await screen.findByText('Aucun scope disponible')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accorder' })).toBeDisabled();
  });

  it('shows the required messages once a field is left empty and the empty search text', async () => {
    membersApi({ grants: [], scopes: [{ scope: 'church', label: 'Église' }] });
    catalogueApi();
    renderUi(<PermissionDialog user={user5} onClose={noop} />);
    const user = userEvent.setup();
    await screen.findByText('Aucune permission personnalisée accordée');
    const scope = screen.getByRole('combobox', { name: /Périmètre/ });
    // opened and closed without a choice
    await user.click(scope);
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Veuillez sélectionner un scope')).toBeInTheDocument();
    await user.click(scope);
    await user.click(await screen.findByRole('option', { name: 'Église' }));
    const permission = screen.getByRole('combobox', { name: /Permission/ });
    await user.type(permission, 'zzz');
    expect(await screen.findByText('Aucune permission trouvée')).toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Veuillez sélectionner une permission')).toBeInTheDocument();
  });
});

function assignApi(options: { users?: Array<{ id: number; firstname: string; lastname: string }> } = {}) {
  const userQueries: URLSearchParams[] = [];
  const posted: unknown[] = [];
  server.use(
    mock.get('/api/users', ({ request }) => {
      const query = new URL(request.url).searchParams;
      userQueries.push(query);
      const search = query.get('search')?.toLowerCase() ?? '';
      const users = options.users ?? [{ id: 8, firstname: 'Félix', lastname: 'Aka' }];
      return HttpResponse.json({
        data: users.filter((u) => `${u.firstname} ${u.lastname}`.toLowerCase().includes(search)),
        meta: { total: users.length, page: 1, limit: 20 },
      });
    }),
    mock.get('/api/roles', ({ request }) => {
      const query = new URL(request.url).searchParams;
      if (query.get('group') !== 'sections') return HttpResponse.json({ data: [] });
      return HttpResponse.json({
        data: [
          {
            id: 30,
            code: 'section::representant',
            name: 'Représentant de section',
            scope: 'section',
            assigned: true,
          },
          {
            id: 31,
            code: 'section::tresorier-sectoriel',
            name: 'Trésorier sectoriel',
            scope: 'section',
            assigned: false,
          },
        ],
      });
    }),
    mock.get('/api/sections', () =>
      HttpResponse.json({ data: [{ id: 7, name: 'Section Cocody' }], meta: {} }),
    ),
    mock.post('/api/sections/7/members', async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json({ message: 'Membre ajouté avec succès.', data: null }, { status: 201 });
    }),
  );
  return { userQueries, posted };
}

describe('position assignment dialog', () => {
  it('searches faithful only (20 at most), disables taken positions and assigns', async () => {
    const { userQueries, posted } = assignApi();
    renderUi(
      <AssignPositionDialog
        open
        onClose={noop}
        target={{ kind: 'fixed', group: 'sections', id: 7, name: 'Section Cocody' }}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Assigner' }));
    expect(await screen.findByText('Veuillez sélectionner un fidèle')).toBeInTheDocument();
    expect(screen.getByText('Veuillez sélectionner un poste')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: /Fidèle/ }));
    await user.click(await screen.findByRole('option', { name: /Félix Aka/ }));
    expect(userQueries[0].get('role')).toBe('faithful');
    expect(userQueries[0].get('limit')).toBe('20');

    await user.click(screen.getByRole('combobox', { name: /Poste/ }));
    const taken = await screen.findByRole('option', { name: 'Représentant de section (Déjà assigné)' });
    expect(taken).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('option', { name: 'Trésorier sectoriel' }));
    await user.click(screen.getByRole('button', { name: 'Assigner' }));
    expect(await screen.findByText('Membre ajouté avec succès.')).toBeInTheDocument();
    expect(posted).toEqual([{ user_id: 8, roles: [31] }]);
  });

  it('says when no faithful or no position matches', async () => {
    assignApi({ users: [] });
    renderUi(
      <AssignPositionDialog open onClose={noop} target={{ kind: 'fixed', group: 'churches', id: 11 }} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: /Fidèle/ }));
    expect(await screen.findByText('Aucun fidèle trouvé')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /Poste/ }));
    expect(await screen.findByText('Aucun poste trouvé')).toBeInTheDocument();
  });

  it('asks for the entity on the region page', async () => {
    assignApi();
    renderUi(
      <AssignPositionDialog
        open
        onClose={noop}
        target={{ kind: 'region', regionId: 3, regionName: 'Région Abidjan' }}
      />,
    );
    const user = userEvent.setup();
    expect(screen.getByText('Région Abidjan')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /Niveau/ }));
    await user.click(await screen.findByRole('option', { name: 'Section' }));
    await user.click(screen.getByRole('button', { name: 'Assigner' }));
    expect(await screen.findByText('Veuillez sélectionner une entité')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /Entité/ }));
    await user.click(await screen.findByRole('option', { name: 'Section Cocody' }));
    await waitFor(() =>
      expect(screen.queryByText('Veuillez sélectionner une entité')).not.toBeInTheDocument(),
    );
  });
});
