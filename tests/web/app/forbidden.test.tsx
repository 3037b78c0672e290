import { beforeEach, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { server } from '../msw/server';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo } from './fixtures';
import { renderApp } from './render-app';

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
});

it('navigates to /access-refuse when a page gets a 403', async () => {
  server.use(
    mock.get('/api/sections/99', () => HttpResponse.json({ message: 'Accès refusé.' }, { status: 403 })),
  );
  const { router } = renderApp('/ma-region/sections/99', demo.regionPresident);
  expect(await screen.findByRole('heading', { name: 'Accès refusé' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/access-refuse');
  // A 403 is not an expired session: the user stays signed in.
  expect(useAccountStore.getState().account).toEqual(demo.regionPresident);
});
