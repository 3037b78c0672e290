import { pageRoute } from '@/shared/routing/page-route';

/** The feature's pages, by name (`PageId`); every one is mounted by a space. */
export const PAGES = ['audit.log'] as const;

declare module '@/shared/routing/page-route' {
  interface FeaturePages {
    audit: typeof PAGES;
  }
}

/*
 * The audit log (decision 0044): 'journal-audit', mounted by the admin space and by the national
 * office's accounting space ('espace-comptable/journal-audit').
 */
const auditLog = () => import('./pages/audit-log-page').then((m) => m.AuditLogPage);

export const auditLogRoute = () => pageRoute('journal-audit', 'audit.log', auditLog);
