import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_STORAGE_KEY } from '@/shared/auth/account-store';
import { ACCOUNT_KEY, askFirstRequests } from '@/first-requests';
import { FIRST_SCREENS, firstScreenRequests } from '@contract/values/first-screens';
import { demo } from './fixtures';

// index.html's first script (decision 0039): for a member signed in on the device, the bell on a space's
// page, and a first screen's code and data, asked for as <link rel=preload> before the entry runs.
const data = {
  apiBase: '',
  spaces: ['/mon-eglise', '/mes-contributions', '/dashboard'],
  always: ['/api/notifications/unread-count'],
  screens: [
    {
      path: '/mes-contributions',
      code: ['/assets/my-contributions-page-x.js'],
      styles: ['/assets/print-portal-x.css'],
      requests: FIRST_SCREENS[0].requests,
    },
  ],
};

beforeEach(() => {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'first-requests';
  script.textContent = JSON.stringify(data);
  document.head.append(script);
});
afterEach(() => {
  document.head.innerHTML = '';
});

const signIn = () =>
  localStorage.setItem(ACCOUNT_KEY, JSON.stringify({ state: { account: demo.faithful }, version: 0 }));
const links = () =>
  [...document.head.querySelectorAll('link')].map(
    (link) =>
      `${link.rel} ${link.getAttribute('as') ?? ''} ${link.getAttribute('crossorigin')} ${link.href.replace(location.origin, '')}`,
  );

describe('the first requests of a page', () => {
  it('reads the account where the account store keeps it', () => {
    expect(ACCOUNT_KEY).toBe(ACCOUNT_STORAGE_KEY);
  });

  it('asks for nothing for a guest', () => {
    expect(askFirstRequests('/mes-contributions')).toEqual([]);
    expect(links()).toEqual([]);
  });

  it("asks for a first screen's data (this year's), code and styles, and the bell", () => {
    signIn();
    const today = new Date(2026, 10, 27);
    askFirstRequests('/mes-contributions/', today);
    expect(links()).toEqual([
      'preload fetch use-credentials /api/notifications/unread-count',
      ...firstScreenRequests(FIRST_SCREENS[0], today).map((url) => `preload fetch use-credentials ${url}`),
      'preload style  /assets/print-portal-x.css',
      'modulepreload   /assets/my-contributions-page-x.js',
    ]);
    expect(links()[2]).toContain('from_date=2026-01-01&to_date=2026-12-31&page=1&limit=20&mine=true');
  });

  it('asks only for the bell on another page of a space, and for nothing outside the spaces', () => {
    signIn();
    askFirstRequests('/mon-eglise/depenses');
    expect(links()).toEqual(['preload fetch use-credentials /api/notifications/unread-count']);
    document.head.querySelectorAll('link').forEach((link) => link.remove());
    askFirstRequests('/connexion');
    expect(links()).toEqual([]);
  });
});
