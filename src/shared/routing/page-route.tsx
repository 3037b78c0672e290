import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { EntityType } from '@contract/common';

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
): RouteObject {
  return {
    ...(typeof path === 'string' ? { path } : path),
    handle: { page } satisfies RouteHandle,
    lazy: async () => {
      const Page = await load();
      if (!props) return { Component: Page as ComponentType };
      // `page`: the component it mounts, by which the build finds the page's module (src/app/prerender.tsx)
      const Mounted = Object.assign(() => <Page {...props} />, { page: Page });
      return { Component: Mounted };
    },
  } as RouteObject;
}

/**
 * A feature's routes mounted below a segment of the space without a page of its own there
 * ('espace-comptable/depenses'): the paths are prefixed, the pages stay at the space's Level.
 */
export function prefixed(segment: string, routes: RouteObject[]): RouteObject[] {
  return routes.map(
    (route) => ({ ...route, path: route.path ? `${segment}/${route.path}` : segment }) as RouteObject,
  );
}
