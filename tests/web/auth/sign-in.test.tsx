import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { server } from '../msw/server';
import { useAccountStore } from '@/shared/auth/account-store';
import { useLeaderStore } from '@/shared/auth/leader-store';
import { demo } from '../app/fixtures';
import { locationOf, renderApp } from '../app/render-app';

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
  useLeaderStore.getState().clear();
});

async function fill(login: string, password: string) {
  const user = userEvent.setup();
  if (login) await user.type(await screen.findByLabelText(/Identifiant/), login);
  if (password) await user.type(screen.getByLabelText(/Mot de passe/), password);
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
  return user;
}

describe('sign-in page', () => {
  it('is in French, with fields a password manager can fill', async () => {
    renderApp('/connexion', null);
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    const login = screen.getByLabelText(/Identifiant/);
    const password = screen.getByLabelText(/Mot de passe/);
    expect(login).toHaveAttribute('autocomplete', 'username');
    expect(login).toHaveAccessibleDescription(/Email, téléphone ou matricule/);
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).not.toHaveAttribute('onpaste');
    // the title is set once the page has committed (an effect): waited for, not read at once
    await waitFor(() => expect(document.title).toBe('Connexion - Ekklesia Gestion'));
  });

  it('accepts a pasted password', async () => {
    renderApp('/connexion', null);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText(/Mot de passe/));
    await user.paste('collé-depuis-le-gestionnaire');
    expect(screen.getByLabelText(/Mot de passe/)).toHaveValue('collé-depuis-le-gestionnaire');
  });

  it('shows French messages for empty fields and calls nothing', async () => {
    let called = false;
    server.use(
      mock.post('/api/login', () => {
        called = true;
        return HttpResponse.json(demo.pastor);
      }),
    );
    renderApp('/connexion', null);
    await screen.findByRole('heading', { name: 'Connexion' });
    await fill('', '');
    expect(await screen.findByText("L'identifiant est requis.")).toBeInTheDocument();
    expect(screen.getByText('Le mot de passe est requis.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Identifiant/)).toHaveAttribute('aria-invalid', 'true');
    expect(called).toBe(false);
  });

  it('shows the server message without its prefix on a wrong password, and stores nothing', async () => {
    server.use(
      mock.post('/api/login', () =>
        HttpResponse.json(
          { message: 'E_HTTP_EXCEPTION: Identifiant ou mot de passe incorrect.' },
          { status: 400 },
        ),
      ),
    );
    const { router } = renderApp('/connexion', null);
    await fill('jean@example.org', 'mauvais');

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Identifiant ou mot de passe incorrect\.$/);
    expect(useAccountStore.getState().account).toBeNull();
    expect(JSON.parse(localStorage.getItem('account') ?? '{}').state?.account ?? null).toBeNull();
    expect(useLeaderStore.getState().church).toBeNull();
    expect(router.state.location.pathname).toBe('/connexion');
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
  });

  it("stores the account and opens the user's home", async () => {
    let sent: unknown;
    server.use(
      mock.post('/api/login', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(demo.pastor);
      }),
    );
    const { router } = renderApp('/connexion', null);
    await fill('  jean@example.org ', 'secret');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon église' })).toBeInTheDocument();
    expect(sent).toEqual({ login: 'jean@example.org', password: 'secret' });
    expect(useAccountStore.getState().account).toEqual(demo.pastor);
    expect(useLeaderStore.getState().church).toEqual(demo.pastor.church);
    expect(router.state.location.pathname).toBe('/mon-eglise');
  });

  it('shows a spinner while signing in', async () => {
    let release: () => void = () => {};
    server.use(
      mock.post('/api/login', async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json(demo.faithful);
      }),
    );
    renderApp('/connexion', null);
    await fill('paul', 'secret');
    const button = screen.getByRole('button', { name: /Se connecter/ });
    await waitFor(() => expect(button).toBeDisabled());
    expect(screen.getByRole('status', { name: 'Patientez' })).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon espace' })).toBeInTheDocument();
  });

  it('ignores a redirect to another site', async () => {
    server.use(mock.post('/api/login', () => HttpResponse.json(demo.faithful)));
    const { router } = renderApp('/connexion?redirect=%2F%2Fevil.example', null);
    await fill('paul', 'secret');
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard'));
  });

  it('sends a signed-in user away from /connexion', async () => {
    const { router } = renderApp('/connexion', demo.faithful);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
