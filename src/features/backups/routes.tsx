import { pageRoute } from '@/shared/routing/page-route';

/** The feature's pages, by name (`PageId`); every one is mounted by a space. */
export const PAGES = ['backups.list'] as const;

declare module '@/shared/routing/page-route' {
  interface FeaturePages {
    backups: typeof PAGES;
  }
}

/* The installation's backups (decision 0044): 'sauvegardes', in the admin space. */
const backups = () => import('./pages/backups-page').then((m) => m.BackupsPage);

export const backupsRoute = () => pageRoute('sauvegardes', 'backups.list', backups);
