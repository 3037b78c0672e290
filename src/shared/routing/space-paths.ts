import { useMemo } from 'react';
import { generatePath, useLocation, type RouteObject } from 'react-router';
import type { EntityType } from '@contract/common';
import { handleOf, type PageId } from './page-route';
import { matchSpace, spaceTree, useSpace, type EntityTarget, type SpaceDefinition } from './space';

/*
 * How a page finds the URL of another page without knowing the space it is in. Every feature page
 * is named ('expenses.detail') by the route that shows it (`pageRoute`), and the routes that set a
 * Level are marked (`handle.level`). A link asks for a page by name; the space's own route tree
 * answers with the URL of that page at the current Level, or at the nearest Level above it.
 */

type Space = Pick<SpaceDefinition, 'root' | 'routes' | 'home' | 'entity'>;
type Entry = { page: PageId; pattern: string; level: RouteObject | null };
type PathParams = Readonly<Record<string, string | number | null | undefined>>;

const join = (base: string, path: string | undefined) => {
  if (!path) return base;
  if (path.startsWith('/')) return path;
  return `${base.replace(/\/+$/, '')}/${path}`;
};

const indexes = new WeakMap<Space, Entry[]>();

/** Every named page of the space with its full pattern and the route that sets its Level. */
function pagesOf(space: Space): Entry[] {
  let entries = indexes.get(space);
  if (entries) return entries;
  const found: Entry[] = [];
  const walk = (routes: RouteObject[], base: string, level: RouteObject | null) => {
    for (const route of routes) {
      const pattern = route.index ? base : join(base, route.path);
      const handle = handleOf(route);
      const ownLevel = handle.level ? route : level;
      if (handle.page) found.push({ page: handle.page, pattern, level: ownLevel });
      if (route.children) walk(route.children, pattern, ownLevel);
    }
  };
  walk(spaceTree(space), '', null);
  entries = found;
  indexes.set(space, entries);
  return entries;
}

const paramsOf = (pattern: string) => [...pattern.matchAll(/:(\w+)/g)].map((match) => match[1]);

/** The pattern filled with the parameters, or null when one is missing. */
function fill(pattern: string, params: PathParams): string | null {
  const values: Record<string, string> = {};
  for (const name of paramsOf(pattern)) {
    const value = params[name];
    if (value === undefined || value === null || value === '') return null;
    values[name] = String(value);
  }
  return generatePath(pattern, values);
}

export type Reach = 'level' | 'nearest';

/**
 * The URL of `page` seen from `pathname`: at the Level of that location ('level'), or there and
 * else at each Level above it, the nearest first ('nearest'). Null when the space shows no such page
 * there. The location's own parameters fill the pattern, then `params`.
 */
export function resolvePage(
  space: Space,
  pathname: string,
  page: PageId,
  params: PathParams = {},
  reach: Reach = 'level',
): string | null {
  const matches = matchSpace(space, pathname);
  if (!matches) return null;
  const levels = matches.filter((match) => handleOf(match.route).level).reverse();
  const known = { ...matches[matches.length - 1].params, ...params };
  const candidates = pagesOf(space).filter((entry) => entry.page === page);
  for (const level of reach === 'level' ? levels.slice(0, 1) : levels) {
    for (const entry of candidates) {
      if (entry.level !== level.route) continue;
      const path = fill(entry.pattern, known);
      if (path) return path;
    }
  }
  // Else the same page of the same entity, where the space shows it elsewhere (the accountant's
  // church: its treasury journal by URL parameter, its other documents where the church is chosen).
  const here = levels.length ? handleOf(levels[0].route).level : undefined;
  const id = typeof here === 'object' && here.param ? known[here.param] : undefined;
  if (reach === 'level' && typeof here === 'object' && id) {
    for (const entry of candidates) {
      const at = entry.level ? handleOf(entry.level).level : undefined;
      if (typeof at !== 'object' || at.entityType !== here.entityType || entry.level === levels[0].route)
        continue;
      if (at.param) {
        const path = fill(entry.pattern, { ...known, [at.param]: id });
        if (path) return path;
      } else if (at.query) {
        const path = fill(entry.pattern, known);
        if (path) return `${path}?${at.query}=${id}`;
      }
    }
  }
  return null;
}

/**
 * Where the pages at `pathname` go back to: the landing of the nearest place above them, or null
 * when that place has no page (yet).
 */
export function landingOf(space: Space, pathname: string): string | null {
  const matches = matchSpace(space, pathname) ?? [];
  for (let i = matches.length - 1; i >= 0; i--) {
    const landing = handleOf(matches[i].route).landing;
    if (landing === undefined) continue;
    const path = join(matches[i].pathnameBase, landing);
    return matchSpace(space, path) ? path : null;
  }
  return null;
}

/** The space's path helpers: pages build their links with them, never with a space's prefix. */
export type SpacePaths = {
  /** the space's home page */
  home: string;
  /** the page the current one goes back to: its Level's page (null while that page is not built) */
  here: string | null;
  /** the page of an organisation entity in this space, or null where the space shows none */
  entity: (type: EntityType, target: EntityTarget) => string | null;
  /** a page of the current Level (a list, its 'nouveau'...), or null where the space has none */
  page: (page: PageId, params?: PathParams) => string | null;
  /** a record's page (a request, a faithful) at the current Level or the nearest Level above */
  record: (page: PageId, params?: PathParams) => string | null;
  /** a page at the Level of another entity (the church of a row, the accountant's chosen church) */
  pageOf: (
    entity: { type: EntityType; target: EntityTarget },
    page: PageId,
    params?: PathParams,
  ) => string | null;
};

const noEntity = () => null;

export function spacePaths(space: Space, pathname: string): SpacePaths {
  const entity = space.entity ?? noEntity;
  const landing = landingOf(space, pathname);
  return {
    home: space.home,
    // A place's own page goes back nowhere.
    here: landing === pathname.replace(/\/+$/, '') ? null : landing,
    entity,
    page: (page, params) => resolvePage(space, pathname, page, params, 'level'),
    record: (page, params) => resolvePage(space, pathname, page, params, 'nearest'),
    pageOf: ({ type, target }, page, params) => {
      const at = entity(type, target);
      return at === null ? null : resolvePage(space, at, page, params, 'level');
    },
  };
}

const OUTSIDE: SpacePaths = {
  home: '/',
  here: null,
  entity: noEntity,
  page: () => null,
  record: () => null,
  pageOf: () => null,
};

/** The current space's path helpers, seen from the current location. */
export function useSpacePaths(): SpacePaths {
  const space = useSpace();
  const { pathname } = useLocation();
  return useMemo(() => (space ? spacePaths(space, pathname) : OUTSIDE), [space, pathname]);
}
