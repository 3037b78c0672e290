import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http as mock, HttpResponse } from 'msw';
import { server } from '../msw/server';
import { browserPage, getHttpStatus, http, setForbiddenHandler } from '@/shared/api/http-client';
import { useAccountStore } from '@/shared/auth/account-store';
import { useLeaderStore } from '@/shared/auth/leader-store';
import { loadSession } from '@/shared/auth/session';
import { demo } from '../app/fixtures';

let reload: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
  useLeaderStore.getState().clear();
  reload = vi.spyOn(browserPage, 'reload').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('http client', () => {
  it('calls /api on the same origin with cookies', async () => {
    expect(http.defaults.baseURL).toBe('/api');
    expect(http.defaults.withCredentials).toBe(true);
    let cookieMode: RequestCredentials | undefined;
    server.use(
      mock.get('/api/ping', ({ request }) => {
        cookieMode = request.credentials;
        return HttpResponse.json({ ok: true });
      }),
    );
    const { data } = await http.get('/ping');
    expect(data).toEqual({ ok: true });
    expect(cookieMode).toBe('include');
  });

  it('clears a stored account and reloads on 401 (expired session)', async () => {
    useAccountStore.getState().setAccount(demo.pastor);
    useLeaderStore.getState().setFromAccount(demo.pastor);
    server.use(
      mock.get('/api/expenses', () => HttpResponse.json({ message: 'Session expirée' }, { status: 401 })),
    );

    await expect(http.get('/expenses')).rejects.toEqual({ message: 'Session expirée' });

    expect(useAccountStore.getState().account).toBeNull();
    expect(useLeaderStore.getState().church).toBeNull();
    expect(JSON.parse(localStorage.getItem('account')!).state.account).toBeNull();
    // once what the device kept for the user is gone (decision 0039)
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('treats a failed GET /me of a guest as guest, without reloading (no loop)', async () => {
    server.use(mock.get('/api/me', () => HttpResponse.json({ message: 'Non authentifié' }, { status: 401 })));

    await expect(loadSession()).resolves.toBeNull();

    expect(useAccountStore.getState().account).toBeNull();
    expect(reload).not.toHaveBeenCalled();

    // Once a guest, a second 401 still does not reload.
    await loadSession();
    expect(reload).not.toHaveBeenCalled();
  });

  it('sends a 403 to the access-refused handler', async () => {
    const forbidden = vi.fn();
    setForbiddenHandler(forbidden);
    server.use(
      mock.get('/api/regions/9', () => HttpResponse.json({ message: 'Accès refusé' }, { status: 403 })),
    );

    const error = await http.get('/regions/9').catch((e: unknown) => e);

    expect(forbidden).toHaveBeenCalledTimes(1);
    expect(error).toEqual({ message: 'Accès refusé' });
    expect(getHttpStatus(error)).toBe(403);
    expect(useAccountStore.getState().account).toBeUndefined();
  });

  it('leaves the 403 of a write to the form that sent it (no access-refused page)', async () => {
    const forbidden = vi.fn();
    setForbiddenHandler(forbidden);
    server.use(
      mock.post('/api/activities', () =>
        HttpResponse.json({ message: "E_HTTP_EXCEPTION: Vous n'avez pas la permission." }, { status: 403 }),
      ),
    );

    const error = await http.post('/activities', { title: 'Veillée' }).catch((e: unknown) => e);

    expect(forbidden).not.toHaveBeenCalled();
    expect(getHttpStatus(error)).toBe(403);
  });

  it('leaves a 403 to the caller that says it is an answer (no access-refused page)', async () => {
    const forbidden = vi.fn();
    setForbiddenHandler(forbidden);
    server.use(
      mock.get('/api/treasury-totals', () => HttpResponse.json({ message: 'Accès refusé' }, { status: 403 })),
    );

    const error = await http.get('/treasury-totals', { forbiddenIsAnswer: true }).catch((e: unknown) => e);

    expect(forbidden).not.toHaveBeenCalled();
    expect(error).toEqual({ message: 'Accès refusé' });
    expect(getHttpStatus(error)).toBe(403);
  });

  it('rejects with the server body as it is', async () => {
    server.use(
      mock.post('/api/login', () =>
        HttpResponse.json(
          { message: 'E_HTTP_EXCEPTION: Identifiant ou mot de passe incorrect.' },
          { status: 400 },
        ),
      ),
    );
    const error = await http.post('/login', {}).catch((e: unknown) => e);
    expect(error).toEqual({ message: 'E_HTTP_EXCEPTION: Identifiant ou mot de passe incorrect.' });
    expect(getHttpStatus(error)).toBe(400);
  });

  it('rejects with a French message when the server gave no answer or no message of its own', async () => {
    server.use(mock.get('/api/down', () => HttpResponse.error()));
    const error = await http.get('/down').catch((e: unknown) => e);
    // not axios' 'Network Error'
    expect(error).toEqual({
      message: 'Le serveur ne répond pas. Vérifiez votre connexion internet puis réessayez.',
    });
    expect(getHttpStatus(error)).toBeUndefined();

    server.use(mock.get('/api/empty', () => new HttpResponse(null, { status: 500 })));
    const empty = await http.get('/empty').catch((e: unknown) => e);
    // not 'Request failed with status code 500'
    expect(empty).toEqual({ message: 'Le serveur a rencontré une erreur (500). Réessayez dans un instant.' });
    expect(getHttpStatus(empty)).toBe(500);

    // a proxy's HTML page is no message for a user
    server.use(
      mock.get(
        '/api/gateway',
        () => new HttpResponse('<html><body>502 Bad Gateway</body></html>', { status: 502 }),
      ),
    );
    const gateway = await http.get('/gateway').catch((e: unknown) => e);
    expect(gateway).toEqual({
      message: 'Le serveur a rencontré une erreur (502). Réessayez dans un instant.',
    });

    server.use(mock.get('/api/gone', () => new HttpResponse(null, { status: 410 })));
    expect(await http.get('/gone').catch((e: unknown) => e)).toEqual({
      message: 'La demande a échoué (410).',
    });
  });
});
