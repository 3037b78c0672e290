import type { EntityType } from '@contract/common';
import type { Params, RouteObject } from 'react-router';
import { ParamLevel } from '@/shared/level/level-context';
import type { OrgKind } from '@/features/org/kinds';
import { orgDetailRoute, orgListRoute } from '@/features/org/routes';
import type { SpaceKey } from '@/shared/auth/roles';
import type { Slot } from './feature-mount';
import { slotPages } from './features';
import { subLinks, type SubLinkSegment } from './sub-links';

/*
 * The drill-down branches of the leader spaces ('regions/:regionId', 'sections/:sectionId',
 * 'eglises/:churchId'), written once: each sets the Level from its URL parameter, shows the
 * entity's page and mounts the pages below it. A space passes only what differs (ROUTES.md): where
 * the branch hangs and which sub-pages its entity has.
 */

type RouteParams = Readonly<Params<string>>;
type PathOf = (params: RouteParams) => string;

/** A page below an entity, at its segment; `page` builds the path of the entity's page. */
type SubPage = (at: { page: PathOf }) => RouteObject;

type BranchKind = {
  /** where features hang their pages below this entity (./features.ts) */
  slot: Slot;
  /** the URL segment of the list of these entities, e.g. 'eglises' */
  segment: string;
  /** the URL parameter holding the entity id, e.g. 'churchId' */
  param: string;
  entityType: EntityType;
  kind: OrgKind;
  /**
   * The pages below the entity, by the segment of their link. A feature adds its page here, once;
   * a space mounts it when its `links` name the segment (ROUTES.md lists them by space).
   */
  pages: Partial<Record<SubLinkSegment, SubPage>>;
};

export type BranchOptions = {
  /** the space the branch is mounted in (features adapt their pages to it) */
  space: SpaceKey;
  /** where the branch hangs: the space's root, or the path of the entity page above it (from the URL params) */
  base: string | PathOf;
  /** the sub-pages of the entity in this space, by URL segment, in the order of the page's links */
  links: readonly SubLinkSegment[];
  /**
   * The entity page's back link: the list of these entities (default), or 'parent', the page of the
   * entity's parent in the space, where the space has no such list.
   */
  back?: 'list' | 'parent';
  /** further routes below the entity, e.g. a nested branch */
  children?: RouteObject[];
};

function branch(
  of: BranchKind,
  { space, base, links, back = 'list', children = [] }: BranchOptions,
): RouteObject {
  const list: PathOf = (params) => `${typeof base === 'string' ? base : base(params)}/${of.segment}`;
  const page: PathOf = (params) => `${list(params)}/${params[of.param]}`;
  return {
    path: `${of.segment}/:${of.param}`,
    element: (
      <ParamLevel
        entityType={of.entityType}
        param={of.param}
        here={(id, params) => `${list(params)}/${id}`}
      />
    ),
    children: [
      orgDetailRoute(
        { index: true },
        {
          kind: of.kind,
          back: back === 'list' ? list : undefined,
          links: (params) => subLinks(page(params), links),
        },
      ),
      ...links.flatMap((segment) => [
        ...(of.pages[segment] ? [of.pages[segment]({ page })] : []),
        ...slotPages(of.slot, segment, { space, page }),
      ]),
      ...children,
    ],
  };
}

const REGION: BranchKind = {
  slot: 'region',
  segment: 'regions',
  param: 'regionId',
  entityType: 'REGION',
  kind: 'regions',
  pages: {
    sections: ({ page }) =>
      orgListRoute({ path: 'sections' }, { kind: 'sections', parentKind: 'regions', back: page }),
  },
};

const SECTION: BranchKind = {
  slot: 'section',
  segment: 'sections',
  param: 'sectionId',
  entityType: 'SECTION',
  kind: 'sections',
  pages: {
    eglises: ({ page }) =>
      orgListRoute({ path: 'eglises' }, { kind: 'churches', parentKind: 'sections', back: page }),
  },
};

const CHURCH: BranchKind = {
  slot: 'church',
  segment: 'eglises',
  param: 'churchId',
  entityType: 'CHURCH',
  kind: 'churches',
  pages: {},
};

/** 'regions/:regionId': a region's page and the pages below it. */
export const regionBranch = (options: BranchOptions) => branch(REGION, options);

/** 'sections/:sectionId': a section's page and the pages below it. */
export const sectionBranch = (options: BranchOptions) => branch(SECTION, options);

/** 'eglises/:churchId': a church's page and the pages below it. */
export const churchBranch = (options: BranchOptions) => branch(CHURCH, options);

/**
 * 'departements/:id': the pages of one department (the SPEC's activity group) that features mount
 * (contributions, expenses, members...). The department's own page belongs to its dashboard.
 */
export function departmentBranch({
  space,
  base,
  links,
}: {
  space: SpaceKey;
  base: string;
  links: readonly string[];
}): RouteObject {
  const page: PathOf = (params) => `${base === '/' ? '' : base}/departements/${params.id}`;
  return {
    path: 'departements/:id',
    element: <ParamLevel entityType="ACTIVITY_GROUP" param="id" here={(_id, params) => page(params)} />,
    children: links.flatMap((segment) => slotPages('department', segment, { space, page })),
  };
}
