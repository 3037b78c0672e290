import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/routing/page-route';

/*
 * The 'payroll' pages (ROUTES.md, feature 'payroll'): the payslips and the employees of the Level,
 * mounted by the national office under 'espace-comptable'.
 */

/** The feature's pages, by name (`PageId`); every one is mounted by a space. */
export const PAGES = ['payroll.list', 'payroll.new', 'payroll.edit', 'payroll.employees'] as const;

declare module '@/shared/routing/page-route' {
  interface FeaturePages {
    payroll: typeof PAGES;
  }
}

/** 'fiches-de-paie', 'fiches-de-paie/nouveau', 'fiches-de-paie/:payslipId/modifier', 'employes'. */
export function payrollRoutes(): RouteObject[] {
  return [
    pageRoute('fiches-de-paie', 'payroll.list', () =>
      import('./pages/payslip-list-page').then((m) => m.PayslipListPage),
    ),
    pageRoute('fiches-de-paie/nouveau', 'payroll.new', () =>
      import('./pages/payslip-create-page').then((m) => m.PayslipCreatePage),
    ),
    pageRoute('fiches-de-paie/:payslipId/modifier', 'payroll.edit', () =>
      import('./pages/payslip-page').then((m) => m.PayslipPage),
    ),
    pageRoute('employes', 'payroll.employees', () =>
      import('./pages/employee-list-page').then((m) => m.EmployeeListPage),
    ),
  ];
}
