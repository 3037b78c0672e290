import type { ComponentType } from 'react';
import { useParams, type Params, type RouteObject } from 'react-router';
import type { SpaceKey } from '@/shared/auth/roles';

/**
 * How a feature (expenses, journals, members, contributions, faithful...) puts its pages in the
 * spaces, written once per feature in `src/features/<feature>/mount.ts` and listed in ./features.ts.
 * The spaces own the tree (levels, drill-down branches); a feature only says which pages it has where.
 */

type RouteParams = Readonly<Params<string>>;
export type PathOf = (params: RouteParams) => string;

/**
 * The places below an entity's page where features hang pages, by link segment:
 * - region, section, church: the drill-down branches ('regions/:regionId', 'sections/:sectionId',
 *   'eglises/:churchId') of the leader spaces;
 * - department: 'departements/:id' (admin, national office, personal spaces);
 * - national-office: '/admin/bureaux-nationaux/:id';
 * - accountant-church: '/espace-comptable/eglise/:id'.
 */
export type Slot = 'region' | 'section' | 'church' | 'department' | 'national-office' | 'accountant-church';

/** What a slot's page knows: the space it is mounted in and the path of the entity's page above it. */
export type SlotContext = { space: SpaceKey; page: PathOf };

/** Routes at a segment below an entity (paths relative to the entity's page, e.g. 'depenses', 'depenses/:expenseId'). */
export type SlotPage = (at: SlotContext) => RouteObject[];

export type FeatureMount = {
  /** routes at the level of a space, relative to its root (the personal space has none: '/'), e.g. 'depenses/nouveau' */
  routes?: Partial<Record<SpaceKey, RouteObject[]>>;
  /** pages below an entity's page, by slot and by the link segment that leads to them ('depenses') */
  pages?: Partial<Record<Slot, Record<string, SlotPage>>>;
};

/**
 * A route whose page loads with it, in its own chunk: `lazyRoute('depenses', () => import('./pages/list'), (m) => m.ExpenseListPage)`.
 * `props` are given to the page (e.g. where its back link goes).
 */
export function lazyRoute<M, P extends object>(
  place: { path: string } | { index: true },
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  props?: P | ((params: RouteParams) => P),
): RouteObject {
  return {
    ...place,
    lazy: async () => {
      const Page = pick(await load());
      if (!props) return { Component: Page as ComponentType };
      function MountedPage() {
        const params = useParams();
        const resolved = typeof props === 'function' ? (props as (p: RouteParams) => P)(params) : props;
        return <Page {...(resolved as P)} />;
      }
      return { Component: MountedPage };
    },
  } as RouteObject;
}
