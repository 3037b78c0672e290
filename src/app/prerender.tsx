import { AsyncLocalStorage } from 'node:async_hooks';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, MemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { QueryClient, QueryClientProvider, type Query } from '@tanstack/react-query';
import type { Account } from '@contract/auth';
import type { ApiReader, DrawnPage, PageRouteNode } from '@contract/values/drawing';
import { http, HttpFailure, type HttpAdapter } from '@/shared/api/http-client';
import { DrawnAccountContext } from '@/shared/auth/account-store';
import { DrawnHeaderContext, type PageHeader } from '@/shared/level/page-title';
import { DrawingContext } from '@/shared/lib/boot';
import { SignInPage } from '@/features/auth/pages/sign-in-page';
import { AppProviders } from './providers';
export { bootMarkup, bootPage } from './boot-page';
import { createRootRoutes, patchSpaceRoutes, SPACES, spaceRoute } from './routes';
import { SpaceShell } from './layouts/space-shell';

/**
 * Built for Node (scripts/prerender.mjs, Vite's SSR build into build/prerender/), never shipped to the
 * browser: pages drawn as HTML so that they paint as soon as the HTML and the CSS are in, before any
 * JavaScript runs (decision 0036). The browser keeps a drawing in `#boot` until React's own page, rendered
 * meanwhile in a hidden `#root`, replaces it (src/shared/lib/boot.ts).
 *
 * - /connexion is drawn once, at build time (decision 0036);
 * - a member's first screens (contract/values/first-screens.ts) are drawn by the server for each request,
 *   with the member's own data (decision 0037): the same app, routes and queries as the browser's, whose
 *   calls the server answers itself with the request's cookie.
 */
export function signInMarkup(): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/connexion']}>
        <SignInPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const requestReader = new AsyncLocalStorage<ApiReader>();

// In Node, the SPA's own calls (the shared HTTP client, whatever the query) are answered by the server
// that draws the page, for the request being drawn: GET only, a non-2xx rejects as the network would.
const answerFromServer: HttpAdapter = async (request) => {
  const read = requestReader.getStore();
  if (!read || request.method !== 'GET') throw new HttpFailure(undefined, null);
  // keyed as the browser will ask for it (src/shared/lib/boot.ts): the path and query under /api
  const uri = new URL(http.getUri(request), 'http://drawing.invalid');
  const { status, body } = await read(`${uri.pathname}${uri.search}`);
  if (status >= 200 && status < 300) return { data: body, status, headers: new Headers() };
  throw new HttpFailure(status, body);
};
http.defaults.adapter = answerFromServer;

const isAccount = (body: unknown): body is Account =>
  typeof body === 'object' && body !== null && 'id' in body && 'roles' in body;

/** A query the page would fetch now: built by a render, enabled, never fetched. */
function waiting(query: Query): boolean {
  const enabled = (query.options as { enabled?: unknown }).enabled;
  const on = typeof enabled === 'function' ? (enabled as (q: Query) => boolean)(query) : enabled !== false;
  return on && query.state.status === 'pending' && query.state.fetchStatus === 'idle';
}

type Router = ReturnType<typeof createMemoryRouter>;

/** Resolves once the router has loaded the routes and the page of its location. */
function initialized(router: Router): Promise<void> {
  return new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

const routerAt = (pathname: string): Router =>
  createMemoryRouter(createRootRoutes(), {
    initialEntries: [pathname],
    patchRoutesOnNavigation: patchSpaceRoutes,
  });

/**
 * Run by the server once the module is loaded, before it draws anything: loads the routes and pages of
 * `paths` and renders once, so that the first member's drawing does not pay for them (and is not
 * dropped for its delay).
 */
export async function warmUp(paths: string[]): Promise<void> {
  signInMarkup();
  for (const pathname of paths) {
    const router = routerAt(pathname);
    await initialized(router);
    router.dispose();
  }
}

/** The most render passes a page gets (each one fetches the queries the one before it asked for). */
const MAX_PASSES = 4;

/**
 * The page at `pathname` drawn for the signed-in user whose calls `read` answers, with the data its
 * queries ask for; null when it cannot be drawn faithfully (a guest, a call refused or failed, a
 * page that still waits): the browser then gets the plain index.html and renders the page itself.
 */
export function drawPage(pathname: string, read: ApiReader): Promise<DrawnPage | null> {
  return requestReader.run(read, async () => {
    const me = await read('/api/me');
    if (me.status !== 200 || !isAccount(me.body)) return null;
    const account = me.body;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const router = routerAt(pathname);
    await initialized(router);
    const leaf = router.state.matches.at(-1)?.route;
    if (router.state.errors || !leaf || leaf.path === '*') return null;
    const header: { header: PageHeader } = { header: { title: null, back: null } };
    // The account by context, not by the stores: one process draws for many users at once.
    let drawing = { ready: false };
    const render = () => {
      drawing = { ready: false };
      return renderToStaticMarkup(
        <DrawnAccountContext.Provider value={account}>
          <DrawnHeaderContext.Provider value={header}>
            <DrawingContext.Provider value={drawing}>
              <AppProviders client={client}>
                <RouterProvider router={router} />
              </AppProviders>
            </DrawingContext.Provider>
          </DrawnHeaderContext.Provider>
        </DrawnAccountContext.Provider>,
      );
    };
    try {
      for (let pass = 0; pass <= MAX_PASSES; pass += 1) {
        const shown = header.header;
        let markup = render();
        const queries = client.getQueryCache().getAll().filter(waiting);
        if (queries.length === 0) {
          // the shell's header shows what the page set in the render before: once more if it changed
          if (header.header.title !== shown.title || header.header.back !== shown.back) markup = render();
          // the page that gives way in the browser (useFinishBoot) is there, with its data
          return drawing.ready ? { markup, title: header.header.title } : null;
        }
        // a failed call is seen in the query's state
        await Promise.all(queries.map((query) => query.fetch().catch(() => undefined)));
        if (client.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error' }).length)
          return null;
      }
      return null;
    } finally {
      client.clear();
      router.dispose();
    }
  });
}

// Every module that may hold a page, loaded only by `pageRouteTree` at build time.
const PAGE_MODULES = import.meta.glob<Record<string, unknown>>([
  '/src/features/**/*.tsx',
  '/src/spaces/**/*.tsx',
  '!**/*.test.tsx',
]);

/**
 * Each space's route tree with, on each page's route, the source module of the page it shows (as the
 * build's manifest names it): the server preloads the code of the page a URL opens, with the entry
 * (server/src/http/spa.ts, decision 0037). Run at build time (scripts/prerender.mjs): it loads each
 * route's page and finds the module that exports it.
 */
export async function pageRouteTree(): Promise<Record<string, PageRouteNode[]>> {
  const moduleOf = new Map<unknown, string>();
  for (const [key, load] of Object.entries(PAGE_MODULES)) {
    try {
      for (const value of Object.values(await load())) {
        if (typeof value === 'function' && !moduleOf.has(value)) moduleOf.set(value, key.slice(1));
      }
    } catch {
      // a module that cannot load in Node holds no page the server could preload
    }
  }
  const walk = async (routes: RouteObject[]): Promise<PageRouteNode[]> =>
    Promise.all(
      routes.map(async (route) => {
        const node: PageRouteNode = {};
        if (route.path !== undefined) node.path = route.path;
        if (route.index) node.index = true;
        // a page's route loads its Component alone (src/shared/routing/page-route.tsx)
        const lazy = route.lazy;
        const loadComponent =
          typeof lazy === 'function'
            ? async () => ((await lazy()) as { Component?: unknown }).Component
            : typeof lazy?.Component === 'function'
              ? lazy.Component
              : null;
        if (loadComponent) {
          const Component = (await loadComponent()) as { page?: unknown } | undefined;
          const module = Component && moduleOf.get(Component.page ?? Component);
          if (module) node.module = module;
        }
        if (route.children) node.children = await walk(route.children);
        return node;
      }),
    );
  const trees: Record<string, PageRouteNode[]> = {};
  for (const entry of SPACES) {
    const { space } = await entry.load();
    trees[entry.key] = await walk([spaceRoute(space, SpaceShell)]);
  }
  return trees;
}
