import { vi } from 'vitest';
import { configure, render, screen } from '@testing-library/react';
// RouterProvider from 'react-router' (not 'react-router/dom'): under vitest, the /dom entry resolves to
// another copy of the library than the one the app's hooks use.
import { createMemoryRouter, RouterProvider, type RouterInit } from 'react-router';
import type { Account } from '@contract/auth';
import { AppProviders } from '@/app/providers';
import { createRootRoutes, patchSpaceRoutes } from '@/app/routes';
import { setForbiddenHandler } from '@/shared/api/http-client';
import { createQueryClient } from '@/shared/api/query-client';
import { useAccountStore } from '@/shared/auth/account-store';
import { useLeaderStore } from '@/shared/auth/leader-store';

// The first visit of a space imports its lazy chunks: slower than the default 1 s on a cold worker.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 15_000 });

/** Signs an account in the stores, as a successful GET /me does (null: guest). */
export function signIn(account: Account | null | undefined) {
  useAccountStore.setState({ account });
  if (account) useLeaderStore.getState().setFromAccount(account);
  else useLeaderStore.getState().clear();
}

/** The whole application (the app's routes, guards and lazy spaces) on a memory router at `path`. */
export function renderApp(path: string, account?: Account | null, init: Partial<RouterInit> = {}) {
  signIn(account);
  const router = createMemoryRouter(createRootRoutes(), {
    initialEntries: [path],
    patchRoutesOnNavigation: patchSpaceRoutes,
    ...init,
  });
  setForbiddenHandler(() => void router.navigate('/access-refuse'));
  const client = createQueryClient();
  const view = render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, client, ...view };
}

/** The location the router settled on, query string included. */
export const locationOf = (router: ReturnType<typeof createMemoryRouter>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

export { screen };
