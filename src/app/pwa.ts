/**
 * The installable app (decision 0039): the page registers the service worker
 * (dist/sw.js, src/service-worker/sw.ts) once its first page is shown and the main thread is idle,
 * so that the worker's precache (the whole build, over a megabyte) never competes with the first
 * page for the phone's network and CPU (decision 0049: the 'load' event comes before the router has
 * drawn anything, and registering there delayed a member's first screen). A new version of the build is a new worker: it
 * installs in the background and waits; the page then shows 'Nouvelle version disponible'
 * (src/app/update-prompt.tsx), and 'Recharger' lets it take over and reloads the page.
 */

type Listener = () => void;
const listeners = new Set<Listener>();
let waiting: ServiceWorker | null = null;

/** For useSyncExternalStore: a new version waits for the user's 'Recharger'. */
export const updateWaiting = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => waiting !== null,
};

function offer(worker: ServiceWorker): void {
  waiting = worker;
  listeners.forEach((listener) => listener());
}

/** 'Recharger': the waiting version takes over; the page reloads once it controls it. */
export function applyUpdate(): void {
  if (!waiting) return window.location.reload();
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

/** How often an open page asks whether a new version was deployed. */
const UPDATE_CHECK_MS = 60 * 60_000;

/** Resolves when the main thread is idle (at the latest after `timeout` ms). */
function idle(timeout: number): Promise<void> {
  return new Promise((resolve) => {
    // Safari has no requestIdleCallback: a third of the delay instead
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(() => resolve(), { timeout });
    else setTimeout(resolve, timeout / 3);
  });
}

/**
 * Registers dist/sw.js (production builds only) after the page's load, once `shown` resolves (the
 * first page on screen) and the main thread is idle; never throws.
 */
export function registerServiceWorker(shown: Promise<unknown> = Promise.resolve()): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const register = async () => {
    try {
      const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      // a version installed while this page was closed, or one that finishes installing now; the
      // first worker of all (no controller yet) takes over at once, nothing to offer
      if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed' && navigator.serviceWorker.controller) offer(installing);
        });
      });
      const check = () => void registration.update().catch(() => undefined);
      setInterval(check, UPDATE_CHECK_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    } catch {
      // no worker (a private window, a browser that refuses it): the app works without
    }
  };
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  void Promise.all([loaded, shown.catch(() => undefined)])
    .then(() => idle(3_000))
    .then(register);
}
