import { departmentListRoute, reportRoutes } from '@/features/activities/routes';
import { budgetRoutes } from '@/features/budgets/routes';
import { contributionRoutes } from '@/features/contributions/routes';
import { expenseAddRoute, expenseRoutes } from '@/features/expenses/routes';
import { faithfulRoutes } from '@/features/faithful/routes';
import { officeMembersRoute, regionMembersRoute } from '@/features/members/routes';
import { orgListRoute } from '@/features/org/routes';
import { EntityDashboardSlot } from '@/features/dashboard/routes';
import { notificationRoutes } from '@/features/notifications/routes';
import { levelHandle, RouteNotFoundError, SpaceLevel } from '@/shared/level/level-context';
import type { SpaceDefinition } from '@/shared/routing/space';
import {
  CHURCH_LINKS,
  churchBranch,
  overseenChurchPages,
  SECTION_LINKS,
  sectionBranch,
} from '../common/branches';
import { SpaceHub } from '../common/space-hub';
import { useLeaderContext } from '../common/use-leader-context';
import { REGION_ROOT as ROOT, regionNav } from './nav';

function RegionLevel() {
  const region = useLeaderContext('region');
  if (!region) throw new RouteNotFoundError();
  return <SpaceLevel level={{ entityType: 'REGION', entityId: region.id }} />;
}

function RegionHome() {
  const region = useLeaderContext('region');
  return (
    <SpaceHub title="Ma région" subtitle={region?.name}>
      <EntityDashboardSlot />
    </SpaceHub>
  );
}

export const space: SpaceDefinition = {
  key: 'region',
  label: 'Ma région',
  root: ROOT,
  home: ROOT,
  nav: regionNav,
  entity: (type, target) => {
    switch (type) {
      case 'REGION':
        return ROOT;
      case 'SECTION':
        return `${ROOT}/sections/${target.id}`;
      case 'CHURCH':
        // The region shows a church under its section only.
        return target.section_id ? `${ROOT}/sections/${target.section_id}/eglises/${target.id}` : null;
      default:
        return null;
    }
  },
  routes: [
    {
      element: <RegionLevel />,
      handle: levelHandle(),
      children: [
        { index: true, element: <RegionHome /> },
        ...notificationRoutes(),
        orgListRoute('sections', 'sections'),
        orgListRoute('eglises', 'churches'),
        ...contributionRoutes(),
        ...expenseRoutes(),
        expenseAddRoute('creer-une-depense'),
        ...budgetRoutes(),
        regionMembersRoute(),
        ...reportRoutes(),
        departmentListRoute(),
        ...faithfulRoutes(),
        sectionBranch({
          links: SECTION_LINKS,
          pages: [
            orgListRoute('eglises', 'churches', { parentKind: 'sections' }),
            ...contributionRoutes({ create: false }),
            ...expenseRoutes({ add: false, detail: false }),
            officeMembersRoute(),
            ...reportRoutes(),
            // The region shows a church under its section only.
            churchBranch({ links: CHURCH_LINKS, pages: [...overseenChurchPages(), ...reportRoutes()] }),
          ],
        }),
      ],
    },
  ],
};
