import { describe, expect, it } from 'vitest';
import { canOpenSpace, hasLevel, homePathOf, roleLabel, spacesOf, type SpaceKey } from '@/shared/auth/roles';
import { demo, makeAccount, type DemoKey } from '../app/fixtures';

const role = (code: string, name = code) => ({ id: 1, code, name });

describe('levels (SPEC.md section 6)', () => {
  it('needs a role with the prefix AND the matching context', () => {
    const regionRoleOnly = makeAccount({ roles: [role('region::president')], region: null });
    expect(hasLevel(regionRoleOnly, 'region')).toBe(false);
    expect(hasLevel(demo.regionPresident, 'region')).toBe(true);
    const contextOnly = makeAccount({
      roles: [role('faithful')],
      church: { id: 1, name: 'E', has_unpaid_subscription: false },
    });
    expect(hasLevel(contextOnly, 'church')).toBe(false);
  });

  it('counts ngo:: as national office', () => {
    const ngo = makeAccount({ roles: [role('ngo::coordinateur')], nationalOffice: { id: 1, name: 'BN' } });
    expect(hasLevel(ngo, 'national-office')).toBe(true);
    expect(hasLevel(makeAccount({ roles: [role('ngo::coordinateur')] }), 'national-office')).toBe(false);
  });
});

describe('role label by priority', () => {
  it.each([
    [[role('faithful'), role('church::tresorier-general')], 'Trésorier général'],
    [[role('church::tresorier-general'), role('church::pasteur-titulaire')], 'Pasteur titulaire'],
    [[role('church::pasteur-titulaire'), role('region::president')], 'Président de région'],
    [[role('region::president'), role('national_office::tresorier-general')], 'Trésorier général'],
    [[role('external-accountant'), role('admin')], 'Administrateur'],
    [[role('faithful'), role('external-accountant')], 'Comptable externe'],
    [[role('faithful')], 'Fidèle'],
    [[role('section::secretaire-sectoriel'), role('section::representant')], 'Représentant de section'],
    [[role('faithful'), role('ngo::coordinateur', 'Coordinateur ONG')], 'Coordinateur ONG'],
    [[role('region::president'), role('ngo::coordinateur', 'Coordinateur ONG')], 'Coordinateur ONG'],
    [
      [role('national_office::president'), role('ngo::coordinateur', 'Coordinateur ONG')],
      'Président national',
    ],
  ])('%j → %s', (roles, label) => {
    expect(roleLabel({ roles, is_super_admin: false })).toBe(label);
  });

  it('names a role it does not know by its server name', () => {
    expect(roleLabel({ roles: [role('ngo::coordinateur', 'Coordinateur ONG')], is_super_admin: false })).toBe(
      'Coordinateur ONG',
    );
  });

  it('labels a super-admin without the admin role "Administrateur"', () => {
    expect(roleLabel({ roles: [], is_super_admin: true })).toBe('Administrateur');
  });
});

describe('spaces and home', () => {
  const expected: Record<DemoKey, { home: string; spaces: SpaceKey[] }> = {
    admin: { home: '/admin', spaces: ['admin', 'personal'] },
    accountant: { home: '/espace-comptable', spaces: ['accountant', 'personal'] },
    nationalTreasurer: { home: '/mon-bureau-national', spaces: ['national-office', 'personal'] },
    regionPresident: { home: '/ma-region', spaces: ['region', 'personal'] },
    sectionRepresentative: { home: '/ma-section', spaces: ['section', 'personal'] },
    pastor: { home: '/mon-eglise', spaces: ['church', 'personal'] },
    faithful: { home: '/dashboard', spaces: ['personal'] },
  };

  it.each(Object.entries(expected))('%s', (key, { home, spaces }) => {
    const account = demo[key as DemoKey];
    expect(homePathOf(account)).toBe(home);
    expect(spacesOf(account).map((space) => space.key)).toEqual(spaces);
  });

  it('orders several levels: national office, region, section, church, then personal', () => {
    const leader = makeAccount({
      roles: [role('church::pasteur-titulaire'), role('region::tresorier'), role('section::representant')],
      church: { id: 1, name: 'Église A', has_unpaid_subscription: false },
      section: { id: 2, name: 'Section B' },
      region: { id: 3, name: 'Région C' },
    });
    expect(spacesOf(leader).map((space) => [space.path, space.detail])).toEqual([
      ['/ma-region', 'Région C'],
      ['/ma-section', 'Section B'],
      ['/mon-eglise', 'Église A'],
      ['/dashboard', undefined],
    ]);
    expect(homePathOf(leader)).toBe('/ma-region');
  });

  it('sends a guest or an unknown session to /connexion', () => {
    expect(homePathOf(null)).toBe('/connexion');
    expect(homePathOf(undefined)).toBe('/connexion');
  });

  it('opens the admin space to a super-admin without the admin role', () => {
    expect(canOpenSpace(makeAccount({ is_super_admin: true }), 'admin')).toBe(true);
  });
});
