import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo, makeAccount } from './fixtures';
import { renderApp } from './render-app';

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
});

describe('space home (the links under the dashboard)', () => {
  it("shows the member's own record, with 'Non renseigné' for what is missing", async () => {
    const member = makeAccount({
      id: 30,
      firstname: 'Aminata',
      lastname: 'Koné',
      registration_number: 'MAT-000009',
      phone: null,
      email: 'aminata@example.org',
    });
    renderApp('/dashboard', member);
    const record = within(await screen.findByRole('region', { name: 'Mes informations' }));
    expect(record.getByText('Aminata Koné')).toBeInTheDocument();
    expect(record.getByText('MAT-000009')).toBeInTheDocument();
    expect(record.getByText('Non renseigné')).toBeInTheDocument();
    expect(record.getByText('aminata@example.org')).toBeInTheDocument();
    expect(record.getByText(member.faithfulChurch!.name)).toBeInTheDocument();
  });

  it('links to the sections of the space that exist, and to no section that does not', async () => {
    renderApp('/ma-region', demo.regionPresident);
    const sections = await screen.findByRole('region', { name: 'Rubriques' });
    const links = within(sections)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual([
      '/ma-region/sections',
      '/ma-region/eglises',
      '/ma-region/recettes',
      '/ma-region/depenses',
      '/ma-region/rapport-activites',
      '/ma-region/membres',
      '/ma-region/fideles',
      '/ma-region/budget',
      '/ma-region/budgets',
      '/ma-region/departements',
      '/ma-region/notifications',
    ]);
  });

  it("links a member's home to their own giving, requests, profile and notifications only", async () => {
    renderApp('/dashboard', demo.faithful);
    await screen.findByRole('heading', { name: 'Mes informations' });
    const sections = screen.getByRole('region', { name: 'Rubriques' });
    const links = within(sections)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/mes-contributions', '/mes-requetes', '/mon-profil', '/notifications']);
  });
});
