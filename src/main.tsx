import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { router } from '@/app/router';
import { loadSession } from '@/shared/auth/session';
import { finishBoot } from '@/shared/lib/boot';
import { APP_TITLE } from '@/shared/config';
import { registerServiceWorker } from '@/app/pwa';
import { RouterWatch, type RouterWatcher } from '@/app/router-watch';
import './index.css';

// The product name from VITE_APP_TITLE until a page sets its own title.
document.title = APP_TITLE;

// GET /me: the account, or guest. The guards show the logo loader until it answers. The first request
// of the page: index.html preloads it (vite.config.ts), this call takes that answer.
void loadSession();

// What the entry watches on the router, from inside React (RouterWatch, decision 0049: a subscriber
// before RouterProvider would take the router's first update from it).
const watchers: RouterWatcher[] = [];

// A drawn page (/connexion, decision 0036; a member's first screen, decision 0037) is replaced by the page
// itself (useFinishBoot); should the router go elsewhere (a signed-in user sent home, a guest sent to
// /connexion) or fail, the drawing goes too. Watched only while it is there.
if (document.getElementById('boot')) {
  const drawnPath = window.location.pathname.replace(/\/$/, '');
  watchers.push((state) => {
    if (!document.getElementById('boot')) return true;
    if (state.location.pathname.replace(/\/$/, '') === drawnPath && !state.errors) return false;
    finishBoot();
    return true;
  });
  // a safety net: should the page never say it is ready, the drawing gives way after 10 s (a page still
  // loading can be used; a drawing's buttons cannot)
  window.setTimeout(finishBoot, 10_000);
}

// The installable app's worker waits for the first page (src/app/pwa.ts): the router has its routes,
// code and data; then for the main thread to be idle.
let firstPageShown = () => {};
const firstPage = new Promise<void>((resolve) => (firstPageShown = resolve));
watchers.push((state) => {
  if (!state.initialized || state.navigation.state !== 'idle') return false;
  firstPageShown();
  return true;
});

// A transition: React renders the first page in slices and lets the phone's main thread breathe
// between them (decision 0039: total blocking time), instead of one long task.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
        <RouterWatch router={router} watchers={watchers} />
      </AppProviders>
    </StrictMode>,
  );
});

registerServiceWorker(firstPage);
