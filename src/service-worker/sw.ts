/// <reference lib="webworker" />
/**
 * The service worker (decision 0039), built by scripts/service-worker.mjs into dist/sw.js
 * with Workbox's precaching and routing:
 * - the build's files are precached (the pages, every chunk but xlsx, the styles, the icons): a
 *   repeat visit, online or not, takes no JavaScript from the network; a new build is a new worker,
 *   which waits until the page says 'Recharger' (src/app/pwa.ts) before it takes over;
 * - a navigation gets the SPA's page from the precache (/connexion its drawn page, /receipt/:id the
 *   receipt's page), so that the app opens with no network;
 * - any other built file (/assets/, hashed: xlsx) is kept once fetched;
 * - the API is never cached: /api answers come from the network, every time;
 * - Background Sync (where the browser has it): the receipts kept without network are sent when it
 *   returns, even with the app closed (src/shared/offline/outbox.ts, decision 0039).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { OUTBOX_SYNC_TAG, sendOutbox } from '@/shared/offline/outbox';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: { url: string; revision: string | null }[];
};

/** Background Sync's event (not in TypeScript's WebWorker types). */
type SyncEvent = ExtendableEvent & { tag: string };

/** VITE_API_URL, as the SPA's build read it (scripts/service-worker.mjs). */
declare const API_BASE: string;

/** The Cache Storage name of the built files fetched on demand (never an API answer). */
export const ASSETS_CACHE = 'ekklesia-assets';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const NOT_THE_SPA = [/^\/api(\/|$)/, /^\/simulateur-ligdicash/, /^\/receipt\//, /^\/connexion\/?$/];
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && /^\/connexion\/?$/.test(url.pathname),
  createHandlerBoundToURL('/connexion.html'),
);
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && /^\/receipt\/[^/]+\/?$/.test(url.pathname),
  createHandlerBoundToURL('/receipt.html'),
);
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NOT_THE_SPA }));

// A hashed file that is not precached (xlsx, loaded for an export): kept once fetched.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname.startsWith('/assets/') && request.method === 'GET',
  async ({ request }) => {
    const cache = await caches.open(ASSETS_CACHE);
    const cached = await cache.match(request);
    if (cached) return cached;
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  },
);

// The very first worker takes the open pages at once: a page opened online keeps working when the
// network goes, without a reload. A later version waits for 'Recharger' (skipWaiting, then this).
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('message', (event) => {
  // the page's 'Recharger' (src/app/pwa.ts): this new version takes over, the page reloads
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/**
 * The outbox of the user whose session the browser holds (GET /me tells who): only that user's
 * entries go, with their keys. No answer, or a 5xx: the sync fails and the browser tries it again
 * later; no session: they wait for the user to sign in again.
 */
async function sendOutboxOfSession(): Promise<void> {
  const me = await fetch(`${API_BASE}/api/me`, {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  if (!me.ok) return;
  const account = (await me.json().catch(() => null)) as { id?: unknown } | null;
  if (typeof account?.id !== 'number') return;
  const round = await sendOutbox(account.id, API_BASE);
  if (round.stopped === 'network') throw new Error('réseau indisponible : nouvel essai plus tard');
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(sendOutboxOfSession());
});
