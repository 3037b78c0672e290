import type { RouteObject } from 'react-router';
import { lazyRoute, type FeatureMount, type SlotPage } from '@/spaces/common/feature-mount';

/*
 * Where the 'members' pages hang in the spaces (ROUTES.md, feature 'members'): the region members
 * page, the office members of every level (space roots and drill-down branches), the department
 * members, /admin/responsables and /admin/comptables-externes. Each page is its own chunk.
 */

const loadOffice = () => import('./pages/office-members-page');
const loadRegion = () => import('./pages/region-members-page');
const loadLeaders = () => import('./pages/leaders-page');
const loadDepartment = () => import('./pages/department-members-page');
const loadAccountants = () => import('./pages/external-accountants-page');

const officeRoute = (path: string, back: string, title?: string): RouteObject =>
  lazyRoute({ path }, loadOffice, (m) => m.OfficeMembersPage, { back, ...(title ? { title } : {}) });

/** 'membres' below an entity's page: its office members, back to that page. */
const officeSlot: SlotPage = ({ page }) => [
  lazyRoute(
    { path: 'membres' },
    loadOffice,
    (m) => m.OfficeMembersPage,
    (params) => ({ back: page(params) }),
  ),
];

const departmentSlot: SlotPage = ({ page }) => [
  lazyRoute(
    { path: 'membres' },
    loadDepartment,
    (m) => m.DepartmentMembersPage,
    (params) => ({
      back: page(params),
    }),
  ),
];

export const mount: FeatureMount = {
  routes: {
    region: [lazyRoute({ path: 'membres' }, loadRegion, (m) => m.RegionMembersPage, { back: '/ma-region' })],
    section: [officeRoute('membres', '/ma-section')],
    church: [officeRoute('responsables', '/mon-eglise', 'Responsables')],
    'national-office': [officeRoute('membres', '/mon-bureau-national')],
    admin: [
      lazyRoute({ path: 'responsables' }, loadLeaders, (m) => m.LeadersPage, { back: '/admin' }),
      lazyRoute({ path: 'comptables-externes' }, loadAccountants, (m) => m.ExternalAccountantsPage, {
        back: '/admin',
      }),
    ],
  },
  pages: {
    'national-office': { membres: officeSlot },
    region: { membres: officeSlot },
    section: { membres: officeSlot },
    church: { membres: officeSlot },
    department: { membres: departmentSlot },
  },
};
