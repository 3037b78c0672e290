import { Link } from 'react-router';
import { activitiesRoute, departmentDashboardRoute } from '@/features/activities/routes';
import { departmentContributionsRoute, myContributionsRoutes } from '@/features/contributions/routes';
import { expenseRoutes, myExpensesRoute } from '@/features/expenses/routes';
import { GiveLink, myGivingRoutes } from '@/features/giving/routes';
import { PersonalDashboardSlot } from '@/features/dashboard/routes';
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
  const departments = account?.departments ?? [];
  return (
    <>
      <SpaceHub title="Mon espace" subtitle={account?.faithfulChurch?.name}>
        <GiveLink />
        <PersonalDashboardSlot />
      </SpaceHub>
      {departments.length > 0 && (
        <section aria-labelledby="my-departments" className="mx-auto mt-8 max-w-6xl space-y-3">
          <h2 id="my-departments" className="text-lg font-semibold text-slate-900">
            Mes départements
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {departments.map((d) => (
              <li key={d.id}>
                <Link
                  to={`/departements/${d.id}/dashboard`}
                  className="block rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-300"
                >
                  <span className="font-medium text-brand-700">{d.name}</span>
                  <span className="block text-sm text-slate-600">
                    {d.role === 'leader' ? 'Responsable' : 'Membre'}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

export const space: SpaceDefinition = {
  key: 'personal',
  label: 'Espace personnel',
  // No prefix: the routes carry their full paths (/dashboard, /mes-contributions...).
  root: '/',
  home: PERSONAL_HOME,
  nav: personalNav,
  entity: (type, target) => (type === 'ACTIVITY_GROUP' ? `/departements/${target.id}` : null),
  routes: [
    {
      element: <SpaceLevel level={GLOBAL_LEVEL} />,
      handle: levelHandle('dashboard'),
      children: [
        { path: 'dashboard', element: <PersonalHome /> },
        ...notificationRoutes(),
        profileRoute(),
        ...myContributionsRoutes(),
        ...myGivingRoutes(),
        myExpensesRoute('mes-requetes'),
        departmentBranch([
          departmentDashboardRoute(),
          activitiesRoute(),
          departmentContributionsRoute(),
          // its leader reads its requests and asks for its expenses (decision 0047)
          ...expenseRoutes(),
        ]),
      ],
    },
  ],
};
