import { useParams, type Params, type RouteObject } from 'react-router';
import type { EntityListPageProps } from './pages/entity-list-page';
import type { DetailLink, EntityDetailPageProps } from './pages/entity-detail-page';

type FromParams<T> = T | ((params: Readonly<Params<string>>) => T);

const resolve = <T,>(value: FromParams<T> | undefined, params: Readonly<Params<string>>): T | undefined =>
  typeof value === 'function' ? (value as (p: Readonly<Params<string>>) => T)(params) : value;

type Place = { path: string } | { index: true };

export type OrgListMount = Omit<EntityListPageProps, 'back'> & { back?: FromParams<string> };
export type OrgDetailMount = Omit<EntityDetailPageProps, 'back' | 'links'> & {
  back?: FromParams<string>;
  links?: FromParams<DetailLink[]>;
};

/**
 * A route showing the organisation list, at `place` in a space's tree. The page loads with the
 * route (its own chunk); the space's Level (and URL params) decide what it lists.
 */
export function orgListRoute(place: Place, mount: OrgListMount): RouteObject {
  return {
    ...place,
    lazy: async () => {
      const { EntityListPage } = await import('./pages/entity-list-page');
      function OrgListRoute() {
        const params = useParams();
        return <EntityListPage {...mount} back={resolve(mount.back, params)} />;
      }
      return { Component: OrgListRoute };
    },
  } as RouteObject;
}

/** A route showing the page of the Level's entity (set by the space with `ParamLevel`). */
export function orgDetailRoute(place: Place, mount: OrgDetailMount): RouteObject {
  return {
    ...place,
    lazy: async () => {
      const { EntityDetailPage } = await import('./pages/entity-detail-page');
      function OrgDetailRoute() {
        const params = useParams();
        return (
          <EntityDetailPage
            kind={mount.kind}
            back={resolve(mount.back, params)}
            links={resolve(mount.links, params)}
          />
        );
      }
      return { Component: OrgDetailRoute };
    },
  } as RouteObject;
}
