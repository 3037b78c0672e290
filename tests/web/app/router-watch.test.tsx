import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { RouterWatch, type RouterState } from '@/app/router-watch';

// The entry watches the router from inside React, after RouterProvider subscribed (decision 0049): a
// subscriber before it took the router's first update and left the page on its loader.
function appRouter() {
  return createMemoryRouter(
    [
      {
        path: '/',
        hydrateFallbackElement: <p>Chargement…</p>,
        // the route's code arrives later, as a space's routes do
        lazy: async () => ({ Component: () => <p>Page d'accueil</p> }),
      },
      { path: '/autre', Component: () => <p>Autre page</p> },
    ],
    { initialEntries: ['/'] },
  );
}

describe('RouterWatch', () => {
  it("tells each watcher the router's state until it has seen what it waits for, and the page comes", async () => {
    const router = appRouter();
    const seen: string[] = [];
    let readyCalls = 0;
    const watchers = [
      (state: RouterState) => {
        seen.push(state.location.pathname);
        return state.location.pathname === '/autre';
      },
      (state: RouterState) => {
        if (!state.initialized || state.navigation.state !== 'idle') return false;
        readyCalls += 1;
        return true;
      },
    ];
    render(
      <>
        <RouterProvider router={router} />
        <RouterWatch router={router} watchers={watchers} />
      </>,
    );
    expect(await screen.findByText("Page d'accueil")).toBeInTheDocument();
    expect(readyCalls).toBe(1);
    await act(() => router.navigate('/autre'));
    expect(await screen.findByText('Autre page')).toBeInTheDocument();
    expect(seen.at(-1)).toBe('/autre');
    // both watchers are done: no more calls
    const calls = seen.length;
    await act(() => router.navigate('/'));
    expect(seen.length).toBe(calls);
    expect(readyCalls).toBe(1);
  });
});
