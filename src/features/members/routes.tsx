import { pageRoute } from '@/shared/routing/page-route';

/*
 * The 'members' pages (ROUTES.md, feature 'members'): the office members of a Level, the region
 * members page, the admin's leaders and external accountants. Each page is
 * its own chunk; the space decides where it stands.
 */

/** The feature's pages, by name (`PageId`); every one is mounted by a space. */
export const PAGES = ['members.office', 'members.region', 'members.leaders', 'members.accountants'] as const;

declare module '@/shared/routing/page-route' {
  interface FeaturePages {
    members: typeof PAGES;
  }
}

const office = () => import('./pages/office-members-page').then((m) => m.OfficeMembersPage);

/** The members of the office of the Level's entity, at `path` ('membres'; the church's 'responsables'). */
export const officeMembersRoute = (path = 'membres', title?: string) =>
  pageRoute(path, 'members.office', office, title ? { title } : undefined);

/** Everyone of the Level's region, with stats, search and tabs ('membres'). */
export const regionMembersRoute = () =>
  pageRoute('membres', 'members.region', () =>
    import('./pages/region-members-page').then((m) => m.RegionMembersPage),
  );

/** The leaders of every level ('responsables', admin). */
export const leadersRoute = () =>
  pageRoute('responsables', 'members.leaders', () =>
    import('./pages/leaders-page').then((m) => m.LeadersPage),
  );

/** The external accountants and the churches they manage ('comptables-externes', admin). */
export const externalAccountantsRoute = () =>
  pageRoute('comptables-externes', 'members.accountants', () =>
    import('./pages/external-accountants-page').then((m) => m.ExternalAccountantsPage),
  );
