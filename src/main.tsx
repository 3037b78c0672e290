import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { router } from '@/app/router';
import { loadSession } from '@/shared/auth/session';
import { finishBoot } from '@/shared/lib/boot';
import { APP_TITLE } from '@/shared/config';
import { registerServiceWorker } from '@/app/pwa';
import './index.css';

// The product name from VITE_APP_TITLE until a page sets its own title.
document.title = APP_TITLE;

// GET /me: the account, or guest. The guards show the logo loader until it answers. The first request
// of the page: index.html preloads it (vite.config.ts), this call takes that answer.
void loadSession();

// A drawn page (/connexion, decision 0036; a member's first screen, decision 0037) is replaced by the page
// itself (useFinishBoot); should the router go elsewhere (a signed-in user sent home, a guest sent to
// /connexion) or fail, the drawing goes too. Watched only while it is there.
if (document.getElementById('boot')) {
  const drawnPath = window.location.pathname.replace(/\/$/, '');
  const stop = router.subscribe((state) => {
    if (!document.getElementById('boot')) return stop();
    if (state.location.pathname.replace(/\/$/, '') !== drawnPath || state.errors) {
      finishBoot();
      stop();
    }
  });
  // a safety net: should the page never say it is ready, the drawing gives way after 10 s (a page still
  // loading can be used; a drawing's buttons cannot)
  window.setTimeout(finishBoot, 10_000);
}

// A transition: React renders the first page in slices and lets the phone's main thread breathe
// between them (decision 0039: total blocking time), instead of one long task.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});

// The installable app's worker, once the page has loaded (src/app/pwa.ts).
registerServiceWorker();
