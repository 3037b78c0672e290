import { departmentContributionsRoute, myContributionsRoutes } from '@/features/contributions/routes';
import { expenseRoutes, myExpensesRoute } from '@/features/expenses/routes';
import { PersonalDashboard } from '@/features/dashboard/components/personal-dashboard';
import { notificationRoutes } from '@/features/notifications/routes';
import { profileRoute } from '@/features/profile/routes';
import { useAccount } from '@/shared/auth/account-store';
import { GLOBAL_LEVEL, levelHandle, SpaceLevel } from '@/shared/level/level-context';
import type { SpaceDefinition } from '@/shared/routing/space';
import { departmentBranch } from '../common/branches';
import { SpaceHub } from '../common/space-hub';
import { PERSONAL_HOME, personalNav } from './nav';

function PersonalHome() {
  const account = useAccount();
  return (
    <SpaceHub title="Mon espace" subtitle={account?.faithfulChurch?.name}>
      <PersonalDashboard />
    </SpaceHub>
  );
}

export const space: SpaceDefinition = {
  key: 'personal',
  label: 'Espace personnel',
  // No prefix: the routes carry their full paths (/dashboard, /mes-contributions...).
  root: '/',
  home: PERSONAL_HOME,
  nav: personalNav,
  routes: [
    {
      element: <SpaceLevel level={GLOBAL_LEVEL} />,
      handle: levelHandle('dashboard'),
      children: [
        { path: 'dashboard', element: <PersonalHome /> },
        ...notificationRoutes(),
        profileRoute(),
        ...myContributionsRoutes(),
        myExpensesRoute('mes-requetes'),
        departmentBranch([departmentContributionsRoute(), ...expenseRoutes({ add: false, detail: false })]),
      ],
    },
  ],
};
