import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { router } from '@/app/router';
import { loadSession } from '@/shared/auth/session';
import { finishBoot } from '@/shared/lib/boot';
import { APP_TITLE } from '@/shared/config';
import './index.css';

// The product name from VITE_APP_TITLE until a page sets its own title.
document.title = APP_TITLE;

// GET /me: the account, or guest. The guards show the logo loader until it answers.
void loadSession();

// /connexion's drawn form (decision 0036) is replaced by the sign-in page itself; should the router go
// elsewhere (a signed-in user sent home) or fail, the drawing goes too. Watched only while it is there.
if (document.getElementById('boot')) {
  const stop = router.subscribe((state) => {
    if (!document.getElementById('boot')) return stop();
    if (state.location.pathname.replace(/\/$/, '') !== '/connexion' || state.errors) {
      finishBoot();
      stop();
    }
  });
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
