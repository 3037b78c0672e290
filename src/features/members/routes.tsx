import { pageRoute } from '@/shared/routing/page-route';

/*
 * The 'members' pages (ROUTES.md, feature 'members'): the office members of a Level, the region
 * members page, the admin's leaders and external accountants. Each page is
 * its own chunk; the space decides where it stands.
 */

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
