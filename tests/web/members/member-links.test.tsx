import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Account } from '@contract/auth';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo } from '../app/fixtures';
import { renderApp } from '../app/render-app';
import { member, membersApi, role } from './api';

/*
 * The row menu of the members pages opens the member's faithful pages in the user's own space (never
 * the admin's), under the member's church, and offers only what the user may do on that church.
 */

const treasurer = member(21, {
  firstname: 'Awa',
  lastname: 'Koné',
  roles: [role(42, 'church::tresorier-general', 'Trésorier général', 'churches', 11)],
  church: { id: 11, name: 'Église de Cocody', section_id: 7 },
});

const ALL = { 'user:view': true, 'contribution:view': true, 'user:update': true };

beforeEach(() => useAccountStore.setState({ account: undefined }));

async function openMenu() {
  const user = userEvent.setup();
  // the first visit of a space loads its chunks: slow on a busy machine
  await user.click(await screen.findByRole('button', { name: 'Actions pour Awa Koné' }, { timeout: 15_000 }));
  return screen.getByRole('menu');
}

async function linksOf(path: string, account: Account, held: Record<string, boolean>) {
  const calls = membersApi({
    office: [treasurer],
    groupMembers: () => [treasurer],
    manageable: { ids: [21], canManageAnyone: true },
    // the row's pages are asked on the member's church only
    permissionsOn: (type, id) => (type === 'CHURCH' && id === 11 ? held : undefined),
  });
  renderApp(path, account);
  const menu = await openMenu();
  // 'Envoyer SMS' is always there: the links are decided once it is
  await within(menu).findByRole('menuitem', { name: 'Envoyer SMS' });
  if (Object.values(held).some(Boolean)) await within(menu).findByRole('menuitem', { name: 'Voir détails' });
  const href = (name: string) => within(menu).queryByRole('menuitem', { name })?.getAttribute('href') ?? null;
  return {
    calls,
    detail: href('Voir détails'),
    contributions: href('Contributions'),
    edit: href('Modifier'),
  };
}

describe('member row links', () => {
  it('region: the member under their section and church of /ma-region', async () => {
    const links = await linksOf('/ma-region/membres', demo.regionPresident, ALL);
    expect(links.detail).toBe('/ma-region/sections/7/eglises/11/fideles/21');
    expect(links.contributions).toBe('/ma-region/sections/7/eglises/11/fideles/21/contributions');
    // the region space has no edit page of a faithful: not offered
    expect(links.edit).toBeNull();
  });

  it('section: the member under their church of /ma-section', async () => {
    const links = await linksOf('/ma-section/membres', demo.sectionRepresentative, ALL);
    expect(links.detail).toBe('/ma-section/eglises/11/fideles/21');
    expect(links.contributions).toBe('/ma-section/eglises/11/fideles/21/contributions');
    expect(links.edit).toBeNull();
  });

  it('national office: the member under their church of /mon-bureau-national', async () => {
    const links = await linksOf('/mon-bureau-national/membres', demo.nationalTreasurer, ALL);
    expect(links.detail).toBe('/mon-bureau-national/eglises/11/fideles/21');
    expect(links.contributions).toBe('/mon-bureau-national/eglises/11/fideles/21/contributions');
  });

  it('church: the member in /mon-eglise, with the edit page for who may edit', async () => {
    const links = await linksOf('/mon-eglise/responsables', demo.pastor, ALL);
    expect(links.detail).toBe('/mon-eglise/fideles/21');
    expect(links.contributions).toBe('/mon-eglise/fideles/21/contributions');
    expect(links.edit).toBe('/mon-eglise/fideles/21/modifier');
  });

  it('offers only what the user holds on the member’s church', async () => {
    const reader = await linksOf('/mon-eglise/responsables', demo.pastor, { 'user:view': true });
    expect(reader.detail).toBe('/mon-eglise/fideles/21');
    expect(reader.contributions).toBeNull();
    expect(reader.edit).toBeNull();
    const row = reader.calls.bodies
      .map((b) => b.body as { permissions: string[]; entity_type: string; entity_id: number })
      .find((b) => b.permissions.includes('user:view'));
    expect(row).toMatchObject({ entity_type: 'CHURCH', entity_id: 11 });
    expect(row?.permissions).toEqual(
      expect.arrayContaining([
        'user:view',
        'member:view',
        'contribution:view',
        'user:update',
        'member:update',
      ]),
    );
  });

  it('offers no faithful page to a user holding nothing there', async () => {
    const links = await linksOf('/ma-region/membres', demo.regionPresident, {});
    expect(links).toMatchObject({ detail: null, contributions: null, edit: null });
    expect(screen.getByRole('menuitem', { name: 'Gérer les permissions' })).toBeInTheDocument();
  });

  it('no link at all to the admin space from a leader’s space', async () => {
    membersApi({
      office: [treasurer],
      groupMembers: () => [treasurer],
      manageable: { ids: [21], canManageAnyone: true },
      permissions: ALL,
    });
    renderApp('/ma-section/membres', demo.sectionRepresentative);
    const menu = await openMenu();
    await within(menu).findByRole('menuitem', { name: 'Voir détails' });
    for (const link of within(menu).queryAllByRole('menuitem'))
      expect(link.getAttribute('href') ?? '').not.toMatch(/^\/admin/);
  });
});
