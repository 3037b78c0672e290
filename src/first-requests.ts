/**
 * The SPA's first script (decision 0039): a few hundred bytes that index.html runs as soon
 * as they arrive (`async`), long before the entry (~120 KB) has arrived and run. For a member already
 * signed in on this device it asks at once for what the page will ask for: on a page of a space the
 * header's bell, and on a first screen (contract/values/first-screens.ts: /mes-contributions) its own
 * code and first data. Each is a `<link rel=preload>`: the SPA's own calls for the same URLs are then
 * answered from the browser's preload cache, so nothing waits for the entry. Static hosting needs no
 * help from the server for this; the reference server sends the same as `Link` headers.
 *
 * It imports nothing (it must not wait for any other file) and reads what the build wrote in the page:
 * `<script type="application/json" id="first-requests">` (vite.config.ts).
 */

type FirstRequests = {
  /** VITE_API_URL, before `/api` */
  apiBase: string;
  /** the path prefixes of the spaces (contract/spaces.ts) */
  spaces: string[];
  /** asked for on every page of a space */
  always: string[];
  screens: { path: string; code: string[]; styles: string[]; requests: string[] }[];
};

/** The account store's key in localStorage (src/shared/auth/account-store.ts, ACCOUNT_STORAGE_KEY). */
export const ACCOUNT_KEY = 'account';

function signedIn(): boolean {
  try {
    const stored = JSON.parse(localStorage.getItem(ACCOUNT_KEY) ?? 'null') as {
      state?: { account?: unknown };
    } | null;
    return Boolean(stored?.state?.account);
  } catch {
    return false;
  }
}

function preload(attributes: Record<string, string>): void {
  const link = document.createElement('link');
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  document.head.append(link);
}

/** Asks for the page's first requests; answers the URLs it asked for (for the tests). */
export function askFirstRequests(pathname: string, today = new Date()): string[] {
  const data = document.getElementById('first-requests')?.textContent;
  if (!data || !signedIn()) return [];
  const first = JSON.parse(data) as FirstRequests;
  const path = pathname.replace(/\/$/, '') || '/';
  const asked: string[] = [];
  const fetchData = (url: string) => {
    const href = `${first.apiBase}${url.replace(/\{year\}/g, String(today.getFullYear()))}`;
    preload({ rel: 'preload', as: 'fetch', crossorigin: 'use-credentials', href });
    asked.push(href);
  };
  if (first.spaces.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)))
    first.always.forEach(fetchData);
  const screen = first.screens.find((candidate) => candidate.path === path);
  if (screen) {
    screen.requests.forEach(fetchData);
    for (const href of screen.styles) preload({ rel: 'preload', as: 'style', crossorigin: '', href });
    for (const href of screen.code) preload({ rel: 'modulepreload', crossorigin: '', href });
    asked.push(...screen.styles, ...screen.code);
  }
  return asked;
}

if (typeof window !== 'undefined' && !import.meta.env.VITEST) askFirstRequests(window.location.pathname);
