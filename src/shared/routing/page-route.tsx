import type { ComponentType } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import type { EntityType } from '@contract/common';
import type { Level } from '@/shared/level/level-context';

/**
 * The pages of each feature, by name. Each feature's `routes.tsx` adds its entry, the list of the
 * names its `pageRoute(...)`s give (TypeScript merges the declarations: shared/ imports no feature):
 *
 *   export const PAGES = ['expenses.list', 'expenses.add', ...] as const;
 *   declare module '@/shared/routing/page-route' {
 *     interface FeaturePages { expenses: typeof PAGES }
 *   }
 *
 * tests/web/app/page-ids.test.ts checks that every name is mounted by a space.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the features fill it in
export interface FeaturePages {}

/**
 * The name of a feature's page, written once: 'expenses.list', 'faithful.detail'... A page links to
 * another by its name (`useSpacePaths().page(...)`); the space that mounts it decides its URL. Only
 * the names the features declare, each starting with its feature's: a typo fails the type-check.
 */
export type PageId = {
  [F in keyof FeaturePages]: FeaturePages[F][number] & `${F}.${string}`;
}[keyof FeaturePages];

/** What the routes of a space's tree say about themselves (React Router's `handle`). */
export type RouteHandle = {
  /** the feature page this route shows */
  page?: PageId;
  /**
   * This route sets the Level of the pages below it: the space's root (true), an entity named by a URL
   * parameter (`param`), or an entity the user chooses, named by a query parameter (`query`).
   */
  level?: true | { entityType: EntityType; param?: string; query?: string };
  /**
   * This route is a place the pages below it go back to: its own path ('') or a page below it
   * ('dashboard' for a department, whose page is its dashboard).
   */
  landing?: string;
};

export const handleOf = (route: RouteObject): RouteHandle => (route.handle ?? {}) as RouteHandle;

/** What a page's prefetch knows when the navigation starts: the Level, the URL's parameters and query. */
export type PrefetchContext = { level: Level; params: Record<string, string | undefined>; url: URL };

/**
 * The first data of a page, asked for when the navigation starts, beside the page's code (decision 0039):
 * it starts the page's own queries (TanStack Query's `prefetchQuery`, same keys and functions as the
 * page), never waits for them, never throws. The router's data strategy (src/app/prefetch.ts) gives it
 * the Level, which the space's routes resolve above the page.
 */
export type PagePrefetch = (context: PrefetchContext) => void;

/** What the router's data strategy hands to a page's loader, beside React Router's arguments (src/app/prefetch.ts). */
export type PrefetchLoaderContext = { level: Level | null };

/**
 * A route showing a feature's page, loaded with the route in its own chunk. `path` is relative to
 * where the space mounts the feature ('depenses/:expenseId'): a feature never spells a space's URL.
 * `props` are static presentation choices (a title); never paths or scope: a page reads its scope
 * with `useLevel()` and builds its links with `useSpacePaths()`.
 */
export function pageRoute<P extends object>(
  path: string | { index: true },
  page: PageId,
  load: () => Promise<ComponentType<P>>,
  props?: P,
  prefetch?: PagePrefetch,
): RouteObject {
  return {
    ...(typeof path === 'string' ? { path } : path),
    handle: { page } satisfies RouteHandle,
    ...(prefetch ? { loader: prefetchLoader(prefetch) } : {}),
    // The page's code alone is lazy, not the whole route: its loader starts with the navigation, beside
    // the code, instead of after it. A getter: React Router empties a lazy object once it has loaded it,
    // and the route objects of a space serve every router made from them (each test, each drawing).
    get lazy() {
      return {
        Component: async () => {
          const Page = await load();
          if (!props) return Page as ComponentType;
          // `page`: the component it mounts, by which the build finds the page's module (src/app/prerender.tsx)
          return Object.assign(() => <Page {...props} />, { page: Page });
        },
      };
    },
  } as RouteObject;
}

/** The route's loader: starts the page's prefetch with the Level the data strategy resolved; answers null. */
function prefetchLoader(prefetch: PagePrefetch) {
  return ({ params, request }: LoaderFunctionArgs, strategy?: PrefetchLoaderContext) => {
    const level = strategy?.level;
    if (level) {
      try {
        prefetch({ level, params, url: new URL(request.url) });
      } catch {
        // a prefetch is a head start, never a failure: the page asks for its data itself
      }
    }
    return null;
  };
}

/**
 * A feature's routes mounted below a segment of the space without a page of its own there
 * ('espace-comptable/depenses'): the paths are prefixed, the pages stay at the space's Level.
 */
export function prefixed(segment: string, routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    // copied by their descriptors, not their values: a page route's `lazy` is a getter (a fresh object
    // for each router), which a spread would read once, leaving every later router an emptied object
    const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(route)) as RouteObject;
    copy.path = route.path ? `${segment}/${route.path}` : segment;
    return copy;
  });
}
