import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/routing/page-route';
import type { DetailLink } from './pages/entity-detail-page';
import type { OrgKind } from './kinds';

/*
 * The organisation pages (ROUTES.md, feature 'org'): the lists of national offices, regions,
 * sections and churches, and the page of one of them. The Level decides what a list narrows to and
 * which entity a page shows; the space decides where they stand.
 */

/** The feature's pages, by name (`PageId`); every one is mounted by a space. */
export const PAGES = [
  'org.national-offices',
  'org.regions',
  'org.sections',
  'org.churches',
  'org.national-offices.detail',
  'org.regions.detail',
  'org.sections.detail',
  'org.churches.detail',
] as const satisfies readonly (`org.${OrgKind}` | `org.${OrgKind}.detail`)[];

declare module '@/shared/routing/page-route' {
  interface FeaturePages {
    org: typeof PAGES;
  }
}

const list = () => import('./pages/entity-list-page').then((m) => m.EntityListPage);

/** The list of one kind at `path` ('eglises'...): page 'org.{kind}'. */
export function orgListRoute(
  path: string | { index: true },
  kind: OrgKind,
  options: { title?: string; parentKind?: OrgKind } = {},
): RouteObject {
  return pageRoute(path, `org.${kind}`, list, { kind, ...options });
}

/**
 * The page of the Level's entity (an index route below the route that sets the Level): its facts
 * and the links to its pages that the space shows (`links`, by page name).
 */
export function orgDetailRoute(kind: OrgKind, links: DetailLink[] = []): RouteObject {
  return pageRoute(
    { index: true },
    `org.${kind}.detail`,
    () => import('./pages/entity-detail-page').then((m) => m.EntityDetailPage),
    { kind, links },
  );
}
