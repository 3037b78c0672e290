import { beforeEach, describe, expect, it } from 'vitest';
import { http as mock, HttpResponse } from 'msw';
import { server } from '../msw/server';
import { useAccountStore } from '@/shared/auth/account-store';
import { useLeaderStore } from '@/shared/auth/leader-store';
import { loadSession, login, logout } from '@/shared/auth/session';
import { demo } from '../app/fixtures';

const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null')?.state;

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
  useLeaderStore.getState().clear();
  localStorage.clear();
});

describe('account store', () => {
  it('starts unknown (undefined) and persists under "account"', () => {
    expect(useAccountStore.getState().account).toBeUndefined();
    useAccountStore.getState().setAccount(demo.pastor);
    expect(stored('account')).toEqual({ account: demo.pastor });
    useAccountStore.getState().setAccount(null);
    expect(stored('account')).toEqual({ account: null });
  });

  it('comes back from localStorage', async () => {
    localStorage.setItem('account', JSON.stringify({ state: { account: demo.admin }, version: 0 }));
    await useAccountStore.persist.rehydrate();
    expect(useAccountStore.getState().account).toEqual(demo.admin);
  });
});

describe('leader store', () => {
  it('holds empty contexts by default and persists under "leader-account-storage"', () => {
    const { church, section, region, nationalOffice, roles, managedChurches } = useLeaderStore.getState();
    expect({ church, section, region, nationalOffice, roles, managedChurches }).toEqual({
      church: null,
      section: null,
      region: null,
      nationalOffice: null,
      roles: [],
      managedChurches: [],
    });
    useLeaderStore.getState().setFromAccount(demo.regionPresident);
    expect(stored('leader-account-storage')).toEqual({
      church: null,
      section: null,
      region: { id: 3, name: 'Région Abidjan' },
      nationalOffice: null,
      roles: demo.regionPresident.roles,
      managedChurches: [],
    });
  });
});

describe('session flows', () => {
  it('login posts the credentials and stores the answered account and leader context', async () => {
    let body: unknown;
    server.use(
      mock.post('/api/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(demo.pastor);
      }),
    );
    await expect(login({ login: 'jean@example.org', password: 'secret' })).resolves.toEqual(demo.pastor);
    expect(body).toEqual({ login: 'jean@example.org', password: 'secret' });
    expect(useAccountStore.getState().account).toEqual(demo.pastor);
    expect(useLeaderStore.getState().church).toEqual(demo.pastor.church);
    expect(useLeaderStore.getState().roles).toEqual(demo.pastor.roles);
  });

  it('a failed login stores nothing', async () => {
    server.use(
      mock.post('/api/login', () =>
        HttpResponse.json(
          { message: 'E_HTTP_EXCEPTION: Identifiant ou mot de passe incorrect.' },
          { status: 400 },
        ),
      ),
    );
    await expect(login({ login: 'x', password: 'y' })).rejects.toEqual({
      message: 'E_HTTP_EXCEPTION: Identifiant ou mot de passe incorrect.',
    });
    expect(useAccountStore.getState().account).toBeUndefined();
    expect(localStorage.getItem('account')).toBeNull();
  });

  it('logout calls DELETE /logout, stores its answer (null) and clears the leader context', async () => {
    useAccountStore.getState().setAccount(demo.accountant);
    useLeaderStore.getState().setFromAccount(demo.accountant);
    let called = false;
    server.use(
      mock.delete('/api/logout', () => {
        called = true;
        return HttpResponse.json(null);
      }),
    );
    await logout();
    expect(called).toBe(true);
    expect(useAccountStore.getState().account).toBeNull();
    expect(useLeaderStore.getState().managedChurches).toEqual([]);
    expect(stored('leader-account-storage').managedChurches).toEqual([]);
  });

  it('GET /me stores the account; a failure means guest', async () => {
    server.use(mock.get('/api/me', () => HttpResponse.json(demo.sectionRepresentative)));
    await loadSession();
    expect(useAccountStore.getState().account).toEqual(demo.sectionRepresentative);
    expect(useLeaderStore.getState().section).toEqual({ id: 7, name: 'Section Cocody' });

    server.use(mock.get('/api/me', () => HttpResponse.json({ message: 'Erreur' }, { status: 500 })));
    await loadSession();
    expect(useAccountStore.getState().account).toBeNull();
    expect(useLeaderStore.getState().section).toBeNull();
  });
});
