import {
  activitiesRoute,
  departmentDashboardRoute,
  departmentListRoute,
  departmentMembersRoute,
} from '@/features/activities/routes';
import { accountAdminRoutes, forbiddenAccountsRoute } from '@/features/accounts/routes';
import { auditLogRoute } from '@/features/audit/routes';
import { backupsRoute } from '@/features/backups/routes';
import { budgetTemplatesRoute } from '@/features/budgets/routes';
import { departmentContributionsRoute, faithfulContributionsRoute } from '@/features/contributions/routes';
import { expenseRoutes } from '@/features/expenses/routes';
import { faithfulRoutes } from '@/features/faithful/routes';
import { installationGivingRoute } from '@/features/giving/routes';
import { externalAccountantsRoute, leadersRoute, officeMembersRoute } from '@/features/members/routes';
import { orgDetailRoute, orgListRoute } from '@/features/org/routes';
import { subscriptionRoutes } from '@/features/subscriptions/routes';
import { notificationRoutes } from '@/features/notifications/routes';
import { AdminDashboardSlot } from '@/features/dashboard/routes';
import { entityRoute, GLOBAL_LEVEL, levelHandle, SpaceLevel } from '@/shared/level/level-context';
import type { SpaceDefinition } from '@/shared/routing/space';
import { departmentBranch } from '../common/branches';
import { SpaceHub } from '../common/space-hub';
import { subLinks } from '../common/sub-links';
import { ADMIN_ROOT, adminNav } from './nav';

export const space: SpaceDefinition = {
  key: 'admin',
  label: 'Administration',
  root: ADMIN_ROOT,
  home: ADMIN_ROOT,
  nav: adminNav,
  entity: (type, target) =>
    type === 'NATIONAL_OFFICE'
      ? `${ADMIN_ROOT}/bureaux-nationaux/${target.id}`
      : type === 'ACTIVITY_GROUP'
        ? `${ADMIN_ROOT}/departements/${target.id}`
        : null,
  routes: [
    {
      element: <SpaceLevel level={GLOBAL_LEVEL} />,
      handle: levelHandle(),
      children: [
        {
          index: true,
          element: (
            <SpaceHub title="Administration">
              <AdminDashboardSlot />
            </SpaceHub>
          ),
        },
        ...notificationRoutes(),
        orgListRoute('bureaux-nationaux', 'national-offices'),
        entityRoute({
          path: 'bureaux-nationaux/:id',
          entityType: 'NATIONAL_OFFICE',
          param: 'id',
          children: [
            orgDetailRoute(
              'national-offices',
              subLinks(['members.office', 'subscriptions.list', 'accounts.forbidden']),
            ),
            officeMembersRoute(),
            forbiddenAccountsRoute(),
            // the admin bills the national offices and manages the subscription types
            ...subscriptionRoutes({ create: true, manageTypes: true }),
          ],
        }),
        orgListRoute('regions', 'regions'),
        orgListRoute('sections', 'sections'),
        orgListRoute('eglises', 'churches'),
        ...faithfulRoutes({ add: true, detail: true, edit: true }),
        faithfulContributionsRoute(),
        leadersRoute(),
        externalAccountantsRoute(),
        budgetTemplatesRoute(),
        auditLogRoute(),
        backupsRoute(),
        departmentListRoute(),
        ...accountAdminRoutes(),
        installationGivingRoute(),
        departmentBranch([
          departmentDashboardRoute(),
          activitiesRoute(),
          departmentMembersRoute(),
          departmentContributionsRoute(),
          ...expenseRoutes({ add: false, detail: false }),
        ]),
      ],
    },
  ],
};
