/// <reference lib="webworker" />
/**
 * The service worker (issue 30, decision 0040), built by scripts/service-worker.mjs into dist/sw.js
 * with Workbox's precaching and routing:
 * - the build's files are precached (the pages, every chunk but xlsx, the styles, the icons): a
 *   repeat visit, online or not, takes no JavaScript from the network; a new build is a new worker,
 *   which waits until the page says 'Recharger' (src/app/pwa.ts) before it takes over;
 * - a navigation gets the SPA's page from the precache (/connexion its drawn page, /receipt/:id the
 *   receipt's page), so that the app opens with no network;
 * - any other built file (/assets/, hashed: xlsx) is kept once fetched;
 * - the API is never cached: /api answers come from the network, every time.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: { url: string; revision: string | null }[];
};

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
