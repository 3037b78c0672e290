import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/routing/page-route';

/*
 * The 'activities' pages (ROUTES.md, feature 'activities', and the department lists and dashboards):
 * planned activities, activity reports, activity groups (departments) and types. One page component
 * serves every space; the space mounts the fragments where ROUTES.md puts them.
 */

/** The feature's pages, by name (`PageId`); every one is mounted by a space. */
export const PAGES = [
  'activities.list',
  'activities.new',
  'activities.detail',
  'activities.reports',
  'activities.reportNew',
  'activities.report',
  'activities.reportEdit',
  'activities.reading',
  'activities.readingNew',
  'activities.departments',
  'activities.department',
  'activities.members',
  'activities.groups',
  'activities.groupNew',
  'activities.types',
  'activities.typeNew',
] as const;

declare module '@/shared/routing/page-route' {
  interface FeaturePages {
    activities: typeof PAGES;
  }
}

const activityList = () => import('./pages/activity-list-page').then((m) => m.ActivityListPage);
const activityForm = () => import('./pages/activity-form-page').then((m) => m.ActivityFormPage);
const activityDetail = () => import('./pages/activity-detail-page').then((m) => m.ActivityDetailPage);
const reportList = () => import('./pages/report-list-page').then((m) => m.ReportListPage);
const reportForm = () => import('./pages/report-form-page').then((m) => m.ReportFormPage);
const reportDetail = () => import('./pages/report-detail-page').then((m) => m.ReportDetailPage);
const departmentList = () => import('./pages/department-list-page').then((m) => m.DepartmentListPage);
const departmentForm = () => import('./pages/department-form-page').then((m) => m.DepartmentFormPage);
const dashboard = () => import('./pages/department-dashboard-page').then((m) => m.DepartmentDashboardPage);
const members = () => import('./pages/department-members-page').then((m) => m.DepartmentMembersPage);
const types = () => import('./pages/activity-types-page').then((m) => m.ActivityTypesPage);
const typeForm = () => import('./pages/activity-types-page').then((m) => m.ActivityTypeFormPage);

/** 'activites-planifiees', '/nouveau', '/:id' (the church). */
export function plannedActivityRoutes(): RouteObject[] {
  return [
    pageRoute('activites-planifiees', 'activities.list', activityList),
    pageRoute('activites-planifiees/nouveau', 'activities.new', activityForm),
    pageRoute('activites-planifiees/:id', 'activities.detail', activityDetail),
  ];
}

/** 'activites': the Level's activities, list and agenda (national office, a department). */
export const activitiesRoute = () =>
  pageRoute('activites', 'activities.list', activityList, { title: 'Activités' });

/**
 * 'rapport-activites' and, unless `listOnly`, '/nouveau', '/:reportId', '/:reportId/modifier'. A list
 * alone opens its rows at the nearest Level above that has the report's page.
 */
export function reportRoutes({ listOnly = false }: { listOnly?: boolean } = {}): RouteObject[] {
  const list = pageRoute('rapport-activites', 'activities.reports', reportList);
  if (listOnly) return [list];
  return [
    list,
    pageRoute('rapport-activites/nouveau', 'activities.reportNew', reportForm),
    pageRoute('rapport-activites/:reportId', 'activities.report', reportDetail),
    pageRoute('rapport-activites/:reportId/modifier', 'activities.reportEdit', reportForm),
  ];
}

/** The church's reading list of its departments' reports: 'rapports-activites', '/nouveau'. */
export function readingReportRoutes(): RouteObject[] {
  return [
    pageRoute('rapports-activites', 'activities.reading', reportList, { reading: true }),
    pageRoute('rapports-activites/nouveau', 'activities.readingNew', reportForm),
  ];
}

/** 'departements': the Level's departments (every visible one without a Level). */
export const departmentListRoute = () => pageRoute('departements', 'activities.departments', departmentList);

/** 'dashboard' of a department, in `departmentBranch`. */
export const departmentDashboardRoute = () => pageRoute('dashboard', 'activities.department', dashboard);

/** 'membres' of a department, in `departmentBranch`: its leader and members. */
export const departmentMembersRoute = () =>
  pageRoute('membres', 'activities.members', members, { title: 'Membres du département' });

/** A church's activity groups and types in the national office: 'groupe-activites', 'type-activites', each with 'nouveau'. */
export function groupAndTypeRoutes(): RouteObject[] {
  return [
    pageRoute('groupe-activites', 'activities.groups', departmentList, { title: "Groupes d'activités" }),
    pageRoute('groupe-activites/nouveau', 'activities.groupNew', departmentForm),
    pageRoute('type-activites', 'activities.types', types),
    pageRoute('type-activites/nouveau', 'activities.typeNew', typeForm),
  ];
}
