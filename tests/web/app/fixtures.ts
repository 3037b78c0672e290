import type { Account } from '@contract/auth';

let nextRoleId = 1;
const role = (code: string, name: string) => ({ id: nextRoleId++, code, name });

const base: Account = {
  id: 1,
  firstname: 'Awa',
  lastname: 'Koné',
  email: 'awa@example.org',
  phone: null,
  registration_number: null,
  roles: [],
  is_super_admin: false,
  church: null,
  section: null,
  region: null,
  nationalOffice: null,
  managedChurches: [],
  faithfulChurch: { id: 11, name: 'Église de Cocody' },
};

export function makeAccount(overrides: Partial<Account> = {}): Account {
  return { ...base, ...overrides };
}

/** One account per demo role, as the reference server's seed builds them. */
export const demo = {
  admin: makeAccount({
    id: 2,
    firstname: 'Admin',
    roles: [role('admin', 'Administrateur'), role('faithful', 'Fidèle')],
  }),
  accountant: makeAccount({
    id: 3,
    firstname: 'Koffi',
    roles: [role('external-accountant', 'Comptable externe')],
    managedChurches: [{ id: 11, name: 'Église de Cocody' }],
  }),
  nationalTreasurer: makeAccount({
    id: 4,
    firstname: 'Mariam',
    roles: [role('national_office::tresorier-general', 'Trésorier général'), role('faithful', 'Fidèle')],
    nationalOffice: { id: 1, name: 'Bureau national de Côte d’Ivoire' },
  }),
  regionPresident: makeAccount({
    id: 5,
    firstname: 'Yao',
    roles: [role('region::president', 'Président de région'), role('faithful', 'Fidèle')],
    region: { id: 3, name: 'Région Abidjan' },
  }),
  sectionRepresentative: makeAccount({
    id: 6,
    firstname: 'Aya',
    roles: [role('section::representant', 'Représentant de section')],
    section: { id: 7, name: 'Section Cocody' },
  }),
  pastor: makeAccount({
    id: 7,
    firstname: 'Jean',
    roles: [role('church::pasteur-titulaire', 'Pasteur titulaire'), role('faithful', 'Fidèle')],
    church: { id: 11, name: 'Église de Cocody', has_unpaid_subscription: false },
  }),
  faithful: makeAccount({ id: 8, firstname: 'Paul', roles: [role('faithful', 'Fidèle')] }),
} satisfies Record<string, Account>;

export type DemoKey = keyof typeof demo;
