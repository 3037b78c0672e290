import type { EntityType } from '@contract/common';
import type { RouteObject } from 'react-router';
import { entityRoute } from '@/shared/level/level-context';
import { contributionRoutes, faithfulContributionsRoute } from '@/features/contributions/routes';
import { expenseRoutes } from '@/features/expenses/routes';
import { faithfulRoutes } from '@/features/faithful/routes';
import { officeMembersRoute } from '@/features/members/routes';
import type { OrgKind } from '@/features/org/kinds';
import { orgDetailRoute } from '@/features/org/routes';
import { subscriptionRoutes } from '@/features/subscriptions/routes';
import { subLinks, type SubLink } from './sub-links';

/*
 * The drill-down branches of the spaces ('regions/:regionId', 'sections/:sectionId',
 * 'eglises/:churchId', 'departements/:id'), written once: each sets the Level from its URL parameter,
 * shows the entity's page and mounts the pages below it. A space passes what differs (ROUTES.md):
 * the pages its entity has there, and the links of the entity's page.
 */

type BranchKind = {
  /** the URL segment of the list of these entities, e.g. 'eglises' */
  segment: string;
  /** the URL parameter holding the entity id, e.g. 'churchId' */
  param: string;
  entityType: EntityType;
  kind: OrgKind;
};

export type BranchOptions = {
  /** the links of the entity's page, by the page they open, in order */
  links: readonly SubLink[];
  /** the pages below the entity (feature route fragments, nested branches) */
  pages: RouteObject[];
};

function branch(of: BranchKind, { links, pages }: BranchOptions): RouteObject {
  return entityRoute({
    path: `${of.segment}/:${of.param}`,
    entityType: of.entityType,
    param: of.param,
    children: [orgDetailRoute(of.kind, subLinks(links)), ...pages],
  });
}

/** 'regions/:regionId': a region's page and the pages below it. */
export const regionBranch = (options: BranchOptions) =>
  branch({ segment: 'regions', param: 'regionId', entityType: 'REGION', kind: 'regions' }, options);

/** 'sections/:sectionId': a section's page and the pages below it. */
export const sectionBranch = (options: BranchOptions) =>
  branch({ segment: 'sections', param: 'sectionId', entityType: 'SECTION', kind: 'sections' }, options);

/** 'eglises/:churchId': a church's page and the pages below it. */
export const churchBranch = (options: BranchOptions) =>
  branch({ segment: 'eglises', param: 'churchId', entityType: 'CHURCH', kind: 'churches' }, options);

/**
 * 'departements/:id': the pages of one department (the SPEC's activity group). The department's own
 * page is its dashboard: the pages below go back there.
 */
export function departmentBranch(pages: RouteObject[]): RouteObject {
  return entityRoute({
    path: 'departements/:id',
    entityType: 'ACTIVITY_GROUP',
    param: 'id',
    landing: 'dashboard',
    children: pages,
  });
}

/** The links of a region's page (ROUTES.md): its sections, receipts, expenses, reports, office. */
export const REGION_LINKS: readonly SubLink[] = [
  'org.sections',
  'contributions.list',
  'expenses.list',
  'activities.reports',
  'members.office',
];

/** The links of a section's page (ROUTES.md): its churches, receipts, expenses, reports, office. */
export const SECTION_LINKS: readonly SubLink[] = [
  'org.churches',
  'contributions.list',
  'expenses.list',
  'activities.reports',
  'members.office',
];

/** The links of a church's page in the spaces that oversee it (ROUTES.md). */
export const CHURCH_LINKS: readonly SubLink[] = [
  'contributions.list',
  'expenses.list',
  'members.office',
  'faithful.list',
  'subscriptions.list',
  'activities.reports',
];

/**
 * The pages of a church seen from its section or region: its receipts and expenses (their details are
 * the overseeing space's own), its office, its faithful (add and read) and their contributions.
 */
export function overseenChurchPages(): RouteObject[] {
  return [
    ...contributionRoutes({ create: false }),
    ...expenseRoutes({ add: false, detail: false }),
    officeMembersRoute(),
    ...faithfulRoutes({ add: true, detail: true }),
    faithfulContributionsRoute(),
    ...subscriptionRoutes(),
  ];
}
