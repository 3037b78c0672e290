import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import type { EntityType } from '@contract/common';
import type { SpaceKey } from '@/shared/auth/roles';

export type NavIconName =
  | 'home'
  | 'office'
  | 'map'
  | 'layers'
  | 'church'
  | 'users'
  | 'user'
  | 'user-check'
  | 'receipt'
  | 'wallet'
  | 'plus'
  | 'file'
  | 'book'
  | 'chart'
  | 'calendar'
  | 'bell'
  | 'briefcase'
  | 'budget'
  | 'card'
  | 'box'
  | 'grid'
  | 'shield';

/** An entry of a space's navigation: shown only once a feature registers a route for its path. */
export type NavItem = {
  label: string;
  /** absolute path, e.g. '/ma-region/sections' */
  path: string;
  icon: NavIconName;
  /** the feature owning the route (ROUTES.md) */
  feature: string;
  /** one line for the home page's card */
  description?: string;
};

/** What a space module gives the app: its routes (relative to `root`) and its navigation. */
export type SpaceDefinition = {
  key: SpaceKey;
  /** the header's name of the space, e.g. 'Ma région' */
  label: string;
  /** '/ma-region'; '/' for the personal space (no prefix) */
  root: string;
  /** the space's home page: the root, or '/dashboard' for the personal space */
  home: string;
  nav: NavItem[];
  /** links of the bottom dock (the accountant space) */
  dock?: NavItem[];
  routes: RouteObject[];
  /** the page of an organisation entity in this space, or null where the space shows none */
  entity?: (type: EntityType, target: EntityTarget) => string | null;
};

/** What a row of a list knows about where an entity hangs (the API answers some of these). */
export type EntityTarget = {
  id: number;
  national_office_id?: number | null;
  region_id?: number | null;
  section_id?: number | null;
};

const trees = new WeakMap<Pick<SpaceDefinition, 'root' | 'routes'>, RouteObject[]>();

/** The space's whole route tree, below its root (one object per space, so routes keep their identity). */
export function spaceTree(space: Pick<SpaceDefinition, 'root' | 'routes'>): RouteObject[] {
  let tree = trees.get(space);
  if (!tree) {
    tree = [{ path: space.root, children: space.routes }];
    trees.set(space, tree);
  }
  return tree;
}

type SpaceMatches = ReturnType<typeof matchRoutes<RouteObject>>;
const matched = new WeakMap<RouteObject[], Map<string, SpaceMatches>>();
/** How many locations each space keeps the matches of (a list's links ask for the same few). */
const MATCHES_KEPT = 200;

/**
 * `matchRoutes` over the space's tree, kept per location: React Router flattens and ranks the whole
 * tree on each call, and a list of 20 rows asked for it once per row's link (decision 0049: ~40 ms
 * of a cheap phone's render of /mes-contributions). Read-only: callers never change the matches.
 */
export function matchSpace(space: Pick<SpaceDefinition, 'root' | 'routes'>, pathname: string): SpaceMatches {
  const tree = spaceTree(space);
  let byPath = matched.get(tree);
  if (!byPath) {
    byPath = new Map();
    matched.set(tree, byPath);
  }
  if (byPath.has(pathname)) return byPath.get(pathname)!;
  if (byPath.size >= MATCHES_KEPT) byPath.clear();
  const matches = matchRoutes(tree, pathname);
  byPath.set(pathname, matches);
  return matches;
}

/** Whether `path` (without query string) reaches a page registered in the space's route tree. */
export function isRegisteredIn(space: Pick<SpaceDefinition, 'root' | 'routes'>, path: string): boolean {
  return matchSpace(space, path.split(/[?#]/)[0]) !== null;
}

type SpaceValue = { space: SpaceDefinition; isRegistered: (path: string) => boolean };

const SpaceContext = createContext<SpaceValue | null>(null);

export function SpaceProvider({ space, children }: { space: SpaceDefinition; children: ReactNode }) {
  const isRegistered = useCallback((path: string) => isRegisteredIn(space, path), [space]);
  const value = useMemo(() => ({ space, isRegistered }), [space, isRegistered]);
  return <SpaceContext.Provider value={value}>{children}</SpaceContext.Provider>;
}

export function useSpace(): SpaceDefinition | null {
  return useContext(SpaceContext)?.space ?? null;
}

/**
 * A test for links: true when the path has a page in the current space, so that no link leads to the
 * not-found page while the feature owning it is not built. Outside a space, every path counts.
 */
export function useIsRegistered(): (path: string) => boolean {
  const value = useContext(SpaceContext);
  return value?.isRegistered ?? alwaysTrue;
}

const alwaysTrue = () => true;

/** The nav items of the space whose pages exist. */
export function registeredNav(space: SpaceDefinition, items: NavItem[] = space.nav): NavItem[] {
  return items.filter((item) => isRegisteredIn(space, item.path));
}
