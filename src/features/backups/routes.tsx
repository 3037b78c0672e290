import { pageRoute } from '@/shared/routing/page-route';

/* The installation's backups (decision 0044): 'sauvegardes', in the admin space. */
const backups = () => import('./pages/backups-page').then((m) => m.BackupsPage);

export const backupsRoute = () => pageRoute('sauvegardes', 'backups.list', backups);
