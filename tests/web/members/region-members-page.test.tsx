import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo, makeAccount } from '../app/fixtures';
import { locationOf, renderApp } from '../app/render-app';
import { member, membersApi, role } from './api';

const regionTreasurer = makeAccount({
  id: 40,
  firstname: 'Tanoh',
  roles: [{ id: 1, code: 'region::tresorier', name: 'Trésorier de région' }],
  region: { id: 3, name: 'Région Abidjan' },
});

const president = member(1, {
  firstname: 'Yao',
  lastname: 'Kouadio',
  roles: [
    role(20, 'region::president', 'Président de région', 'regions', 3),
    role(42, 'church::tresorier-general', 'Trésorier général', 'churches', 11),
    role(43, 'church::conseiller', 'Conseiller', 'churches', 12),
    { id: 99, code: 'faithful', name: 'Fidèle', group: null, group_id: null },
  ],
  churches: [
    { id: 11, name: 'Église de Cocody' },
    { id: 12, name: 'Église de Yopougon' },
    { id: 13, name: 'Église de Bingerville' },
  ],
});
const faithful = Array.from({ length: 60 }, (_, i) => member(100 + i, { lastname: `Zfidèle${100 + i}` }));

/** The region's members, filtered by `role` and `search` like the server. */
const regionMembers = (query: URLSearchParams) => {
  const all = [president, ...faithful];
  const search = query.get('search')?.toLowerCase() ?? '';
  const roleFilter = query.get('role');
  return all.filter(
    (m) =>
      (!roleFilter || m.roles.some((r) => r.code.includes(roleFilter))) &&
      (!search || `${m.firstname} ${m.lastname}`.toLowerCase().includes(search)),
  );
};

beforeEach(() => useAccountStore.setState({ account: undefined }));

describe('region members page', () => {
  it('sorts by name or matricule on the server from the headers, back to page 1, the sort in the URL', async () => {
    const calls = membersApi({
      groupMembers: regionMembers,
      stats: { total: 61, presidents: 1, treasurers: 1, secretaries: 0 },
      manageable: { ids: [100, 101], canManageAnyone: true },
      scopes: [{ scope: 'region', label: 'Région' }],
    });
    const { router } = renderApp('/ma-region/membres', demo.regionPresident);
    expect(await screen.findByText('Page 1 sur 2', {}, { timeout: 15_000 })).toBeInTheDocument();
    const lists = calls['/api/group-members'];
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(lists.at(-1)?.get('page')).toBe('2'));

    const name = screen.getByRole('columnheader', { name: 'Nom' });
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(name).getByRole('button', { name: 'Nom' }));
    await waitFor(() => expect(lists.at(-1)?.get('sort')).toBe('name'));
    expect(lists.at(-1)?.get('order')).toBe('desc');
    expect(lists.at(-1)?.get('page')).toBe('1');
    expect(locationOf(router)).toBe('/ma-region/membres?sort=name&order=desc');

    await user.click(
      within(screen.getByRole('columnheader', { name: 'Matricule' })).getByRole('button', {
        name: 'Matricule',
      }),
    );
    await waitFor(() => expect(lists.at(-1)?.get('sort')).toBe('registration_number'));
    expect(lists.at(-1)?.get('order')).toBe('asc');
    expect(screen.getByRole('columnheader', { name: 'Matricule' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'Nom' })).toHaveAttribute('aria-sort', 'none');
  });

  it('shows the stats, the members with their roles and churches, pages of 50, and the tabs', async () => {
    const calls = membersApi({
      groupMembers: regionMembers,
      stats: { total: 61, presidents: 1, treasurers: 1, secretaries: 0 },
      manageable: { ids: [100, 101], canManageAnyone: true },
      scopes: [{ scope: 'region', label: 'Région' }],
    });
    renderApp('/ma-region/membres', demo.regionPresident);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Membres de la région' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour' })).toHaveAttribute('href', '/ma-region');
    // the stat cards (the last three words are also the tabs)
    expect(screen.getByText('Total Membres')).toBeInTheDocument();
    for (const label of ['Présidents', 'Trésoriers', 'Secrétaires'])
      expect(screen.getAllByText(label)).toHaveLength(2);
    expect(await screen.findByText('61')).toBeInTheDocument();

    const row = (await screen.findByText('Yao Kouadio')).closest('tr')!;
    // at most 2 roles plus '+N', the faithful role hidden; first church plus '+N autres'
    expect(within(row).getByText('Président de région')).toBeInTheDocument();
    expect(within(row).getByText('Trésorier général')).toBeInTheDocument();
    expect(within(row).queryByText('Conseiller')).not.toBeInTheDocument();
    expect(within(row).getByText('+1')).toBeInTheDocument();
    expect(within(row).queryByText('Fidèle')).not.toBeInTheDocument();
    expect(within(row).getByText('Église de Cocody')).toBeInTheDocument();
    expect(within(row).getByText('+2 autres')).toBeInTheDocument();
    // a member the president may not manage
    expect(within(row).getByText('Non autorisé')).toBeInTheDocument();

    const first = calls['/api/group-members'][0];
    expect(first.get('group')).toBe('regions');
    expect(first.get('id')).toBe('3');
    expect(first.get('limit')).toBe('50');
    expect(screen.getByText('61 résultats')).toBeInTheDocument();
    expect(screen.getByText('Page 1 sur 2')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Présidents' }));
    await waitFor(() => expect(calls['/api/group-members'].at(-1)?.get('role')).toBe('president'));
    expect(await screen.findByText('1 résultat')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Trésoriers' }));
    await waitFor(() => expect(calls['/api/group-members'].at(-1)?.get('role')).toBe('tresorier'));
    await user.click(screen.getByRole('tab', { name: 'Secrétaires' }));
    await waitFor(() => expect(calls['/api/group-members'].at(-1)?.get('role')).toBe('secretaire'));
    expect(await screen.findByText('Aucun membre dans cette région')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Tous' }));
    // back to everyone (the first answer, cached)
    expect(await screen.findByText('Yao Kouadio')).toBeInTheDocument();
    expect(screen.getByText('61 résultats')).toBeInTheDocument();

    // the president can add positions: no read-only banner
    expect(screen.getByRole('button', { name: 'Assigner un poste' })).toBeInTheDocument();
    expect(screen.queryByText('Mode lecture seule')).not.toBeInTheDocument();
  });

  it('offers the row menu for a manageable member', async () => {
    membersApi({
      groupMembers: regionMembers,
      manageable: { ids: [100], canManageAnyone: true },
      permissions: { 'user:view': true, 'contribution:view': true, 'user:update': true },
    });
    renderApp('/ma-region/membres', demo.regionPresident);
    const user = userEvent.setup();
    await screen.findByText('Prénom100 Zfidèle100');
    await user.click(await screen.findByRole('button', { name: 'Actions pour Prénom100 Zfidèle100' }));
    const menu = screen.getByRole('menu');
    // the faithful's pages of the region's own space, under their church
    expect(await within(menu).findByRole('menuitem', { name: 'Voir détails' })).toHaveAttribute(
      'href',
      '/ma-region/sections/7/eglises/11/fideles/100',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Contributions' })).toHaveAttribute(
      'href',
      '/ma-region/sections/7/eglises/11/fideles/100/contributions',
    );
    // the region has no edit page of a faithful
    expect(within(menu).queryByRole('menuitem', { name: 'Modifier' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Envoyer SMS' })).toHaveAttribute(
      'href',
      'sms:+22501000000100',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Gérer les permissions' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Retirer le rôle' })).toBeInTheDocument();
  });

  describe('search', () => {
    beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
    afterEach(() => vi.useRealTimers());

    it('waits 500 ms after typing, starts again at page 1 and names the search when nothing matches', async () => {
      const calls = membersApi({
        groupMembers: regionMembers,
        manageable: { ids: [], canManageAnyone: true },
      });
      renderApp('/ma-region/membres', demo.regionPresident);
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await screen.findByText('Yao Kouadio');
      await user.click(screen.getByRole('button', { name: 'Suivant' }));
      await screen.findByText('Page 2 sur 2');
      const before = calls['/api/group-members'].length;

      await user.type(screen.getByPlaceholderText('Rechercher un membre...'), 'zzz');
      act(() => vi.advanceTimersByTime(400));
      expect(calls['/api/group-members'].length).toBe(before);
      act(() => vi.advanceTimersByTime(100));
      expect(await screen.findByText('Aucun membre trouvé pour "zzz"')).toBeInTheDocument();
      const searches = calls['/api/group-members'].slice(before);
      expect(searches.map((q) => q.get('search'))).toEqual(['zzz']);
      expect(searches[0].get('page')).toBe('1');
    });
  });

  it('is read-only for a user who may manage nobody: banner and rows', async () => {
    const calls = membersApi({
      groupMembers: regionMembers,
      manageable: { ids: [], canManageAnyone: false },
      scopes: [],
    });
    renderApp('/ma-region/membres', regionTreasurer);
    expect(await screen.findByText('Mode lecture seule')).toBeInTheDocument();
    const row = (await screen.findByText('Yao Kouadio')).closest('tr')!;
    expect(within(row).getByText('Lecture seule')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions pour/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assigner un poste' })).not.toBeInTheDocument();
    expect(calls['/api/permissions/manageable-users'].at(-1)?.get('ids')).toContain('1');
  });

  it('lets a user with the region scope add positions even without the president role', async () => {
    membersApi({
      groupMembers: regionMembers,
      manageable: { ids: [], canManageAnyone: false },
      scopes: [{ scope: 'region', label: 'Région' }],
    });
    renderApp('/ma-region/membres', regionTreasurer);
    expect(await screen.findByRole('button', { name: 'Assigner un poste' })).toBeInTheDocument();
    expect(screen.queryByText('Mode lecture seule')).not.toBeInTheDocument();
  });
});

describe('office members pages', () => {
  it("shows a section's office with its back link and one permission check for the page", async () => {
    const calls = membersApi({
      office: [president],
      manageable: { ids: [1], canManageAnyone: true },
      permissions: { 'role:manage_section': true },
    });
    renderApp('/ma-region/sections/7/membres', demo.regionPresident);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Membres - Section Cocody' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour' })).toHaveAttribute('href', '/ma-region/sections/7');
    expect(await screen.findByText('Yao Kouadio')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Assigner un poste' })).toBeInTheDocument();
    expect(calls['/api/sections/7/members']).toHaveLength(1);
    // one check for the page (the row's faithful pages are asked on the member's church)
    const onSection = calls.bodies.filter(
      (b) => (b.body as { entity_type: string }).entity_type === 'SECTION',
    );
    expect(onSection).toHaveLength(1);
    expect(onSection[0].body).toMatchObject({
      permissions: ['role:manage_section', 'role:assign', 'permission:delegate'],
      entity_type: 'SECTION',
      entity_id: 7,
    });
  });

  it("shows a church's office from the section space, without assignment when not allowed", async () => {
    membersApi({ office: [], manageable: { ids: [], canManageAnyone: false } });
    renderApp('/ma-section/eglises/11/membres', demo.sectionRepresentative);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Membres - Église de Cocody' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour' })).toHaveAttribute('href', '/ma-section/eglises/11');
    expect(await screen.findByText('Aucun membre')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assigner un poste' })).not.toBeInTheDocument();
  });
});
