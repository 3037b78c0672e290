import { departmentDashboardRoute, departmentListRoute, reportRoutes } from '@/features/activities/routes';
import { budgetRoutes } from '@/features/budgets/routes';
import { contributionRoutes } from '@/features/contributions/routes';
import { expenseRoutes } from '@/features/expenses/routes';
import { officeMembersRoute } from '@/features/members/routes';
import { orgListRoute } from '@/features/org/routes';
import { EntityDashboardSlot } from '@/features/dashboard/routes';
import { notificationRoutes } from '@/features/notifications/routes';
import { levelHandle, RouteNotFoundError, SpaceLevel } from '@/shared/level/level-context';
import type { SpaceDefinition } from '@/shared/routing/space';
import { CHURCH_LINKS, churchBranch, departmentBranch, overseenChurchPages } from '../common/branches';
import { SpaceHub } from '../common/space-hub';
import { useLeaderContext } from '../common/use-leader-context';
import { SECTION_ROOT as ROOT, sectionNav } from './nav';

function SectionLevel() {
  const section = useLeaderContext('section');
  if (!section) throw new RouteNotFoundError();
  return <SpaceLevel level={{ entityType: 'SECTION', entityId: section.id }} />;
}

function SectionHome() {
  const section = useLeaderContext('section');
  return (
    <SpaceHub title="Ma section" subtitle={section?.name}>
      <EntityDashboardSlot />
    </SpaceHub>
  );
}

export const space: SpaceDefinition = {
  key: 'section',
  label: 'Ma section',
  root: ROOT,
  home: ROOT,
  nav: sectionNav,
  entity: (type, target) => {
    if (type === 'SECTION') return ROOT;
    if (type === 'CHURCH') return `${ROOT}/eglises/${target.id}`;
    if (type === 'ACTIVITY_GROUP') return `${ROOT}/departements/${target.id}`;
    return null;
  },
  routes: [
    {
      element: <SectionLevel />,
      handle: levelHandle(),
      children: [
        { index: true, element: <SectionHome /> },
        ...notificationRoutes(),
        orgListRoute('eglises', 'churches'),
        ...contributionRoutes(),
        ...expenseRoutes(),
        ...budgetRoutes(),
        officeMembersRoute(),
        ...reportRoutes(),
        departmentListRoute(),
        departmentBranch([departmentDashboardRoute()]),
        churchBranch({
          links: CHURCH_LINKS,
          pages: [...overseenChurchPages(), ...reportRoutes({ listOnly: true })],
        }),
      ],
    },
  ],
};
