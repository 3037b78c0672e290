import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { server } from '../msw/server';
import { useAccountStore } from '@/shared/auth/account-store';
import { useLeaderStore } from '@/shared/auth/leader-store';
import { demo, makeAccount } from './fixtures';
import { renderApp } from './render-app';

const emptyList = () => HttpResponse.json({ data: [], meta: { total: 0, page: 1, limit: 20 } });

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
  document.title = 'Ekklesia Gestion';
});

describe('space shell', () => {
  it("shows the page title, the user's first name, the role and the logout button", async () => {
    renderApp('/ma-region', demo.regionPresident);
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('heading', { level: 1, name: 'Ma région' })).toBeInTheDocument();
    expect(within(header).getAllByText('Yao').length).toBeGreaterThan(0);
    expect(within(header).getByText('Président de région')).toBeInTheDocument();
    const logout = within(header).getByRole('button', { name: 'Déconnexion' });
    expect(logout).toHaveAttribute('title', 'Déconnexion');
    expect(within(header).getByRole('tooltip', { hidden: true })).toHaveTextContent('Déconnexion');
  });

  it("sets the document title to '{title} - {product}', and back to the product outside a page", async () => {
    server.use(mock.get('/api/sections', emptyList));
    const { router } = renderApp('/ma-region', demo.regionPresident);
    await waitFor(() => expect(document.title).toBe('Ma région - Ekklesia Gestion'));
    await router.navigate('/ma-region/sections');
    await waitFor(() => expect(document.title).toBe('Sections - Ekklesia Gestion'));
  });

  it('shows the back button a page asks for', async () => {
    server.use(mock.get('/api/sections', emptyList));
    renderApp('/ma-region/sections', demo.regionPresident);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sections' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour' })).toHaveAttribute('href', '/ma-region');
  });

  it('lists only the sections whose pages exist, in the sidebar and on the home page', async () => {
    renderApp('/ma-region', demo.regionPresident);
    const sidebar = await screen.findByRole('navigation', { name: 'Navigation Ma région' });
    const links = within(sidebar)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Accueil', '/ma-region'],
      ['Sections', '/ma-region/sections'],
      ['Églises', '/ma-region/eglises'],
      ['Recettes', '/ma-region/recettes'],
      ['Dépenses', '/ma-region/depenses'],
      ['Rapports d’activités', '/ma-region/rapport-activites'],
      ['Membres', '/ma-region/membres'],
      ['Fidèles', '/ma-region/fideles'],
      ['Budget', '/ma-region/budget'],
      ['Budgets', '/ma-region/budgets'],
      ['Départements', '/ma-region/departements'],
      ['Notifications', '/ma-region/notifications'],
    ]);
    const cards = within(screen.getByRole('region', { name: 'Rubriques' })).getAllByRole('link');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual([
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

  it('opens the navigation in a drawer on a phone', async () => {
    server.use(mock.get('/api/regions', emptyList));
    renderApp('/admin', demo.admin);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ouvrir le menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Administration' });
    const hrefs = within(within(drawer).getByRole('navigation', { name: 'Navigation Administration' }))
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/admin',
      '/admin/bureaux-nationaux',
      '/admin/regions',
      '/admin/sections',
      '/admin/eglises',
      '/admin/fideles',
      '/admin/responsables',
      '/admin/comptables-externes',
      '/admin/comptes-operation',
      '/admin/modeles-budget',
      '/admin/departements',
      '/admin/parametres-paiement',
      '/admin/journal-audit',
      '/admin/sauvegardes',
      '/admin/notifications',
    ]);
    // what the phone's header has no room for: the first name, the other spaces, the logout
    expect(within(drawer).getByText(demo.admin.firstname)).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Déconnexion' })).toBeInTheDocument();
    await user.click(within(drawer).getByRole('link', { name: 'Régions' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { level: 1, name: 'Régions' })).toBeInTheDocument();
  });

  it('logs out: DELETE /logout, account null, back to /connexion', async () => {
    let loggedOut = false;
    server.use(
      mock.delete('/api/logout', () => {
        loggedOut = true;
        return HttpResponse.json(null);
      }),
    );
    const { router } = renderApp('/ma-section', demo.sectionRepresentative);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Déconnexion' }));
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(loggedOut).toBe(true);
    expect(useAccountStore.getState().account).toBeNull();
    expect(useLeaderStore.getState().section).toBeNull();
    expect(router.state.location.pathname).toBe('/connexion');
  });
});

describe('space switcher', () => {
  it('is hidden for a user with one space', async () => {
    renderApp('/dashboard', demo.faithful);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon espace' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Changer d’espace/ })).not.toBeInTheDocument();
  });

  it("lists the user's spaces and opens the one picked", async () => {
    const leader = makeAccount({
      firstname: 'Ruth',
      roles: [
        { id: 1, code: 'region::tresorier', name: 'Trésorier de région' },
        { id: 2, code: 'church::pasteur-titulaire', name: 'Pasteur titulaire' },
      ],
      region: { id: 3, name: 'Région Abidjan' },
      church: { id: 11, name: 'Église de Cocody', has_unpaid_subscription: false },
    });
    const { router } = renderApp('/ma-region', leader);
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: /Changer d’espace/ });
    expect(toggle).toHaveTextContent('Ma région');
    await user.click(toggle);
    const menu = screen.getByRole('navigation', { name: 'Mes espaces' });
    const items = within(menu).getAllByRole('link');
    expect(items.map((item) => item.getAttribute('href'))).toEqual([
      '/ma-region',
      '/mon-eglise',
      '/dashboard',
    ]);
    expect(within(menu).getByRole('link', { name: /Ma région/ })).toHaveAttribute('aria-current', 'page');
    await user.click(within(menu).getByRole('link', { name: /Mon église/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon église' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/mon-eglise');
    expect(screen.queryByRole('navigation', { name: 'Mes espaces' })).not.toBeInTheDocument();
  });

  it('closes with Escape', async () => {
    renderApp('/admin', demo.admin);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Changer d’espace/ }));
    expect(screen.getByRole('navigation', { name: 'Mes espaces' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mes espaces' })).not.toBeInTheDocument();
  });
});

describe('accountant dock', () => {
  it('links to /admin and /admin/notifications', async () => {
    server.use(mock.get('/api/churches', emptyList));
    renderApp('/espace-comptable', demo.accountant);
    const dock = await screen.findByRole('navigation', { name: 'Raccourcis' });
    expect(
      within(dock)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/admin', '/admin/notifications']);
  });

  it('is only in the accountant space', async () => {
    renderApp('/admin', demo.admin);
    await screen.findByRole('heading', { level: 1, name: 'Administration' });
    expect(screen.queryByRole('navigation', { name: 'Raccourcis' })).not.toBeInTheDocument();
  });
});

describe('church billing screen', () => {
  const unpaid = makeAccount({
    ...demo.pastor,
    church: { id: 11, name: 'Église de Cocody', has_unpaid_subscription: true },
  });

  it('replaces the church pages while a subscription is unpaid', async () => {
    server.use(
      mock.get('/api/subscriptions', () =>
        HttpResponse.json({ data: [{ id: 5 }], meta: { total: 1, page: 1, limit: 1 } }),
      ),
    );
    renderApp('/mon-eglise', unpaid);
    expect(
      await screen.findByRole('heading', { name: 'Une facture est en attente de paiement' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Église de Cocody')).toBeInTheDocument();
    // 'Payer' opens the oldest unpaid subscription's details
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Payer' })).toHaveAttribute(
        'href',
        '/mon-eglise/souscriptions/5',
      ),
    );
    expect(screen.getByRole('link', { name: 'Passer à mon compte personnel' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    // The church's home (its hub) is not shown behind the billing screen.
    expect(screen.queryByRole('region', { name: 'Mes informations' })).not.toBeInTheDocument();
    // The shell stays: the user can still sign out or switch space.
    expect(screen.getByRole('button', { name: 'Déconnexion' })).toBeInTheDocument();
  });

  it('shows the church pages once paid', async () => {
    renderApp('/mon-eglise', demo.pastor);
    expect(await screen.findByRole('region', { name: 'Mes informations' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Payer' })).not.toBeInTheDocument();
  });

  it('lets the personal space open', async () => {
    server.use(
      mock.get('/api/subscriptions', () =>
        HttpResponse.json({ data: [], meta: { total: 0, page: 1, limit: 1 } }),
      ),
    );
    renderApp('/mon-eglise', unpaid);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Passer à mon compte personnel' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon espace' })).toBeInTheDocument();
  });
});
