import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { server } from '../msw/server';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo, type DemoKey } from './fixtures';
import { locationOf, renderApp } from './render-app';

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
});

/** The home of each space and the heading its hub (or home page) shows. */
const SPACES = {
  '/admin': 'Administration',
  '/espace-comptable': 'Mes églises',
  '/mon-bureau-national': 'Mon bureau national',
  '/ma-region': 'Ma région',
  '/ma-section': 'Ma section',
  '/mon-eglise': 'Mon église',
  '/dashboard': 'Mon espace',
} as const;
type SpacePath = keyof typeof SPACES;

const ADMITTED: Record<DemoKey, SpacePath[]> = {
  admin: ['/admin', '/dashboard'],
  accountant: ['/espace-comptable', '/dashboard'],
  nationalTreasurer: ['/mon-bureau-national', '/dashboard'],
  regionPresident: ['/ma-region', '/dashboard'],
  sectionRepresentative: ['/ma-section', '/dashboard'],
  pastor: ['/mon-eglise', '/dashboard'],
  faithful: ['/dashboard'],
};

const cases = (Object.keys(ADMITTED) as DemoKey[]).flatMap((who) =>
  (Object.keys(SPACES) as SpacePath[]).map((path) => ({ who, path, admitted: ADMITTED[who].includes(path) })),
);

describe('space guards', () => {
  beforeEach(() => {
    // The accountant's home lists their churches.
    server.use(
      mock.get('/api/churches', () =>
        HttpResponse.json({ data: [], meta: { total: 0, page: 1, limit: 20 } }),
      ),
    );
  });

  it.each(cases)('$who on $path: admitted=$admitted', async ({ who, path, admitted }) => {
    const { router } = renderApp(path, demo[who]);
    if (who === 'accountant' && path === '/admin') {
      // SPEC.md's accountant dock links /admin: it leads the accountant to their space's home (decision 0026)
      expect(
        await screen.findByRole('heading', { level: 1, name: SPACES['/espace-comptable'] }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/espace-comptable');
    } else if (admitted) {
      expect(await screen.findByRole('heading', { level: 1, name: SPACES[path] })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
    } else {
      expect(await screen.findByRole('heading', { name: 'Accès refusé' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/access-refuse');
    }
  });

  it('sends a guest to /connexion with the asked page, then back there after sign-in', async () => {
    server.use(
      mock.post('/api/login', () => HttpResponse.json(demo.regionPresident)),
      mock.get('/api/sections', () =>
        HttpResponse.json({
          data: [
            {
              id: 7,
              name: 'Section Cocody',
              region_id: 3,
              region: { id: 3, name: 'Région Abidjan' },
              churches_count: 4,
            },
          ],
          meta: { total: 1, page: 1, limit: 20 },
        }),
      ),
    );
    const { router } = renderApp('/ma-region/sections?page=2', null);

    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(locationOf(router)).toBe(
      `/connexion?redirect=${encodeURIComponent('/ma-region/sections?page=2')}`,
    );

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Identifiant/), 'yao@example.org');
    await user.type(screen.getByLabelText(/Mot de passe/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sections' })).toBeInTheDocument();
    expect(locationOf(router)).toBe('/ma-region/sections?page=2');
    expect(await screen.findByRole('link', { name: 'Section Cocody' })).toHaveAttribute(
      'href',
      '/ma-region/sections/7',
    );
  });

  it('shows the logo loader while the session is unknown, then the space', async () => {
    const { router } = renderApp('/ma-section', undefined);
    // The space's routes load, then its guard waits for the account.
    await waitFor(() => expect(router.state.initialized).toBe(true));
    expect(await screen.findByText('Chargement…')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    useAccountStore.getState().setAccount(demo.sectionRepresentative);
    // The leader context arrives with the account (GET /me fills both).
    const { useLeaderStore } = await import('@/shared/auth/leader-store');
    useLeaderStore.getState().setFromAccount(demo.sectionRepresentative);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ma section' })).toBeInTheDocument();
  });
});

describe('index and unknown paths', () => {
  it.each([
    ['admin', '/admin'],
    ['accountant', '/espace-comptable'],
    ['nationalTreasurer', '/mon-bureau-national'],
    ['regionPresident', '/ma-region'],
    ['sectionRepresentative', '/ma-section'],
    ['pastor', '/mon-eglise'],
    ['faithful', '/dashboard'],
  ] as const)('/ sends %s to %s', async (who, home) => {
    server.use(
      mock.get('/api/churches', () =>
        HttpResponse.json({ data: [], meta: { total: 0, page: 1, limit: 20 } }),
      ),
    );
    const { router } = renderApp('/', demo[who]);
    await waitFor(() => expect(router.state.location.pathname).toBe(home));
  });

  it('/ sends a guest to /connexion', async () => {
    const { router } = renderApp('/', null);
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(locationOf(router)).toBe('/connexion');
  });

  it('shows a French not-found page with a link to the user space', async () => {
    renderApp('/nulle-part', demo.pastor);
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à mon espace' })).toHaveAttribute('href', '/mon-eglise');
    expect(document.title).toBe('Page introuvable - Ekklesia Gestion');
  });

  it('shows the not-found page for an unknown path inside a space, and for a guest a link to sign in', async () => {
    renderApp('/ma-region/inconnu', demo.regionPresident);
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
  });

  it('offers a guest the sign-in page from the not-found page', async () => {
    renderApp('/nulle-part', null);
    expect(await screen.findByRole('link', { name: 'Aller à la connexion' })).toHaveAttribute(
      'href',
      '/connexion',
    );
  });

  it('explains a refused access in French with a link back', async () => {
    renderApp('/access-refuse', demo.accountant);
    expect(await screen.findByRole('heading', { name: 'Accès refusé' })).toBeInTheDocument();
    expect(screen.getByText(/pas les droits nécessaires/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à mon espace' })).toHaveAttribute(
      'href',
      '/espace-comptable',
    );
  });
});
