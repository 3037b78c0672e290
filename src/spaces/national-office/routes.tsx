import {
  activitiesRoute,
  departmentDashboardRoute,
  departmentListRoute,
  departmentMembersRoute,
  groupAndTypeRoutes,
  reportRoutes,
} from '@/features/activities/routes';
import { fixedAssetRoutes } from '@/features/fixed-assets/routes';
import { budgetRoutes } from '@/features/budgets/routes';
import { closingRoutes } from '@/features/closings/routes';
import {
  contributionRoutes,
  departmentContributionsRoute,
  faithfulContributionsRoute,
} from '@/features/contributions/routes';
import { expenseRoutes } from '@/features/expenses/routes';
import { faithfulRoutes } from '@/features/faithful/routes';
import { accountingDocumentsRoutes } from '@/features/journals/routes';
import { officeMembersRoute } from '@/features/members/routes';
import { orgListRoute } from '@/features/org/routes';
import { payrollRoutes } from '@/features/payroll/routes';
import { subscriptionRoutes } from '@/features/subscriptions/routes';
import { accountingOverviewRoute, EntityDashboardSlot } from '@/features/dashboard/routes';
import { notificationRoutes } from '@/features/notifications/routes';
import { levelHandle, RouteNotFoundError, SpaceLevel } from '@/shared/level/level-context';
import { prefixed } from '@/shared/routing/page-route';
import { auditLogRoute } from '@/features/audit/routes';
import type { SpaceDefinition } from '@/shared/routing/space';
import {
  CHURCH_LINKS,
  churchBranch,
  departmentBranch,
  REGION_LINKS,
  regionBranch,
  SECTION_LINKS,
  sectionBranch,
} from '../common/branches';
import { SpaceHub } from '../common/space-hub';
import { useLeaderContext } from '../common/use-leader-context';
import { NATIONAL_OFFICE_ROOT as ROOT, nationalOfficeNav } from './nav';

/** The Level of the space: the leader's national office. */
function NationalOfficeLevel() {
  const office = useLeaderContext('nationalOffice');
  if (!office) throw new RouteNotFoundError();
  return <SpaceLevel level={{ entityType: 'NATIONAL_OFFICE', entityId: office.id }} />;
}

function NationalOfficeHome() {
  const office = useLeaderContext('nationalOffice');
  return (
    <SpaceHub title="Mon bureau national" subtitle={office?.name}>
      <EntityDashboardSlot />
    </SpaceHub>
  );
}

export const space: SpaceDefinition = {
  key: 'national-office',
  label: 'Bureau national',
  root: ROOT,
  home: ROOT,
  nav: nationalOfficeNav,
  entity: (type, target) => {
    switch (type) {
      case 'NATIONAL_OFFICE':
        return ROOT;
      case 'REGION':
        return `${ROOT}/regions/${target.id}`;
      case 'SECTION':
        return `${ROOT}/sections/${target.id}`;
      case 'CHURCH':
        return `${ROOT}/eglises/${target.id}`;
      case 'ACTIVITY_GROUP':
        return `${ROOT}/departements/${target.id}`;
      default:
        return null;
    }
  },
  routes: [
    {
      element: <NationalOfficeLevel />,
      handle: levelHandle(),
      children: [
        { index: true, element: <NationalOfficeHome /> },
        ...notificationRoutes(),
        orgListRoute('regions', 'regions'),
        orgListRoute('eglises', 'churches'),
        officeMembersRoute(),
        ...faithfulRoutes(),
        ...subscriptionRoutes(),
        ...reportRoutes(),
        activitiesRoute(),
        departmentListRoute(),
        // The office's accounting ('espace-comptable/...'): the pages stay at the office's Level.
        ...prefixed('espace-comptable', [
          accountingOverviewRoute(),
          ...contributionRoutes(),
          ...expenseRoutes(),
          ...accountingDocumentsRoutes(),
          ...budgetRoutes(),
          ...fixedAssetRoutes(),
          ...closingRoutes(),
          ...payrollRoutes(),
          auditLogRoute(),
        ]),
        departmentBranch([
          departmentDashboardRoute(),
          activitiesRoute(),
          departmentMembersRoute(),
          departmentContributionsRoute(),
          ...expenseRoutes({ add: false, detail: false }),
        ]),
        regionBranch({
          links: REGION_LINKS,
          pages: [
            orgListRoute('sections', 'sections', { parentKind: 'regions' }),
            ...contributionRoutes({ create: false }),
            ...expenseRoutes(),
            officeMembersRoute(),
            ...reportRoutes(),
          ],
        }),
        // No list of sections in this space: a section's page goes back to its region.
        sectionBranch({
          links: SECTION_LINKS,
          pages: [
            orgListRoute('eglises', 'churches', { parentKind: 'sections' }),
            ...contributionRoutes({ create: false }),
            ...expenseRoutes({ detail: false }),
            officeMembersRoute(),
            ...reportRoutes({ listOnly: true }),
          ],
        }),
        churchBranch({
          links: [...CHURCH_LINKS, 'activities.groups', 'activities.types'],
          pages: [
            ...contributionRoutes({ create: false }),
            ...expenseRoutes({ detail: false }),
            officeMembersRoute(),
            ...faithfulRoutes({ detail: true }),
            faithfulContributionsRoute(),
            // the office bills its churches
            ...subscriptionRoutes({ create: true }),
            ...groupAndTypeRoutes(),
            ...reportRoutes({ listOnly: true }),
          ],
        }),
      ],
    },
  ],
};
