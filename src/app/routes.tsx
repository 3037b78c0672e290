import type { ComponentType } from 'react';
import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';
import { SPACE_PREFIXES, spaceOfPath } from '@contract/spaces';
import type { SpaceKey } from '@/shared/auth/roles';
import type { SpaceDefinition } from '@/shared/routing/space';
import { LogoLoader } from '@/shared/ui/logo-loader';
import { IndexRedirect } from '@/features/auth/pages/index-redirect';
import { NotFoundPage } from '@/features/auth/pages/not-found-page';
import { SignInPage } from '@/features/auth/pages/sign-in-page';
import { publicGivingRoutes } from '@/features/giving/routes';
import { RequireSpace } from './guards/require-space';
import { RouteError } from './layouts/route-error';

type SpaceModule = { space: SpaceDefinition };

type SpaceEntry = {
  key: SpaceKey;
  /** whether a pathname belongs to the space (before its routes are loaded) */
  owns: (pathname: string) => boolean;
  load: () => Promise<SpaceModule>;
};

const owns =
  (space: keyof typeof SPACE_PREFIXES) =>
  (pathname: string): boolean =>
    spaceOfPath(pathname) === space;

/**
 * Each space's route tree is its own chunk, loaded when the user first opens one of its paths
 * (contract/spaces.ts says which): a user downloads only the spaces they open, and /connexion none of
 * them. The server preloads the tree of the page it serves (server/src/http/spa.ts).
 */
export const SPACES: SpaceEntry[] = [
  { key: 'admin', owns: owns('admin'), load: () => import('@/spaces/admin/routes') },
  { key: 'accountant', owns: owns('accountant'), load: () => import('@/spaces/accountant/routes') },
  {
    key: 'national-office',
    owns: owns('national-office'),
    load: () => import('@/spaces/national-office/routes'),
  },
  { key: 'region', owns: owns('region'), load: () => import('@/spaces/region/routes') },
  { key: 'section', owns: owns('section'), load: () => import('@/spaces/section/routes') },
  { key: 'church', owns: owns('church'), load: () => import('@/spaces/church/routes') },
  { key: 'personal', owns: owns('personal'), load: () => import('@/spaces/personal/routes') },
];

export const ROOT_ROUTE_ID = 'root';
const spaceRouteId = (key: SpaceKey) => `space-${key}`;

/** The routes known at start: the public pages. The spaces are patched in on navigation. */
export function createRootRoutes(): RouteObject[] {
  return [
    {
      id: ROOT_ROUTE_ID,
      errorElement: <RouteError />,
      hydrateFallbackElement: <LogoLoader />,
      children: [
        { index: true, element: <IndexRedirect /> },
        { path: 'connexion', Component: SignInPage },
        {
          path: 'access-refuse',
          lazy: async () => ({
            Component: (await import('@/features/auth/pages/access-refused-page')).AccessRefusedPage,
          }),
        },
        {
          path: 'receipt/:id',
          lazy: async () => ({
            Component: (await import('@/features/contributions/pages/receipt-verification-page'))
              .ReceiptVerificationPage,
          }),
        },
        // a church's public giving page (a poster's QR code), outside every space (decision 0043)
        ...publicGivingRoutes(),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

/** The route of a loaded space: its guard, its shell, then its own routes. */
export function spaceRoute(
  space: SpaceDefinition,
  Shell: ComponentType<{ space: SpaceDefinition }>,
  prefetchShell?: () => void,
): RouteObject {
  return {
    id: spaceRouteId(space.key),
    // The personal space has no prefix: a pathless route, its children carry their full paths.
    ...(space.root === '/' ? {} : { path: space.root }),
    // what the shell shows (the bell) asked for with the navigation, beside the page's own data
    ...(prefetchShell
      ? {
          loader: () => {
            prefetchShell();
            return null;
          },
        }
      : {}),
    element: <RequireSpace space={space.key} />,
    children: [{ element: <Shell space={space} />, children: space.routes }],
  };
}

/** The router's `patchRoutesOnNavigation`: adds the route tree of the space a path belongs to. */
export const patchSpaceRoutes: PatchRoutesOnNavigationFunction = async ({ path, matches, patch }) => {
  const pathname = path.split(/[?#]/)[0];
  const entry = SPACES.find((candidate) => candidate.owns(pathname));
  if (!entry || matches.some((match) => match.route.id === spaceRouteId(entry.key))) return;
  const [{ space }, { SpaceShell, prefetchShell }] = await Promise.all([
    entry.load(),
    import('./layouts/space-shell'),
  ]);
  patch(ROOT_ROUTE_ID, [spaceRoute(space, SpaceShell, prefetchShell)]);
};
