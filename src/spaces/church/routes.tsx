import { fixedAssetRoutes } from '@/features/fixed-assets/routes';
import { closingRoutes } from '@/features/closings/routes';
import { payrollRoutes } from '@/features/payroll/routes';
import { useLocation } from 'react-router';
import {
  departmentDashboardRoute,
  departmentListRoute,
  plannedActivityRoutes,
  readingReportRoutes,
  reportRoutes,
} from '@/features/activities/routes';
import { budgetRoutes } from '@/features/budgets/routes';
import {
  contributionRoutes,
  faithfulContributionsRoute,
  receiptAccountsRoute,
} from '@/features/contributions/routes';
import { expenseRoutes } from '@/features/expenses/routes';
import { faithfulRoutes } from '@/features/faithful/routes';
import { churchGivingRoutes } from '@/features/giving/routes';
import { accountingDocumentsRoutes } from '@/features/journals/routes';
import { officeMembersRoute } from '@/features/members/routes';
import { subscriptionRoutes } from '@/features/subscriptions/routes';
import { EntityDashboardSlot } from '@/features/dashboard/routes';
import { notificationRoutes } from '@/features/notifications/routes';
import { useAccount } from '@/shared/auth/account-store';
import { levelHandle, RouteNotFoundError, SpaceLevel } from '@/shared/level/level-context';
import type { SpaceDefinition } from '@/shared/routing/space';
import { departmentBranch } from '../common/branches';
import { SpaceHub } from '../common/space-hub';
import { useLeaderContext } from '../common/use-leader-context';
import { BillingScreen } from './billing-screen';
import { CHURCH_ROOT as ROOT, CHURCH_SUBSCRIPTIONS, churchNav } from './nav';

const onSubscriptions = (pathname: string) =>
  pathname === CHURCH_SUBSCRIPTIONS || pathname.startsWith(`${CHURCH_SUBSCRIPTIONS}/`);

/**
 * The Level of the space (the leader's church) and the billing gate: while the church has an
 * unpaid subscription, every page but the subscription pages shows the billing screen.
 */
function ChurchLevel() {
  const church = useLeaderContext('church');
  // The account is refreshed by GET /me: its flag is the current one.
  const account = useAccount();
  const { pathname } = useLocation();
  if (!church) throw new RouteNotFoundError();
  const unpaid = account?.church?.has_unpaid_subscription ?? church.has_unpaid_subscription;
  if (unpaid && !onSubscriptions(pathname))
    return <BillingScreen churchId={church.id} churchName={account?.church?.name ?? church.name} />;
  return <SpaceLevel level={{ entityType: 'CHURCH', entityId: church.id }} />;
}

function ChurchHome() {
  const church = useLeaderContext('church');
  return (
    <SpaceHub title="Mon église" subtitle={church?.name}>
      <EntityDashboardSlot />
    </SpaceHub>
  );
}

export const space: SpaceDefinition = {
  key: 'church',
  label: 'Mon église',
  root: ROOT,
  home: ROOT,
  nav: churchNav,
  entity: (type, target) =>
    type === 'CHURCH' ? ROOT : type === 'ACTIVITY_GROUP' ? `${ROOT}/departements/${target.id}` : null,
  routes: [
    {
      element: <ChurchLevel />,
      handle: levelHandle(),
      children: [
        { index: true, element: <ChurchHome /> },
        ...notificationRoutes(),
        ...contributionRoutes(),
        receiptAccountsRoute(),
        ...expenseRoutes(),
        ...accountingDocumentsRoutes(),
        officeMembersRoute('responsables', 'Responsables'),
        ...faithfulRoutes({ add: true, detail: true, edit: true, transfer: true }),
        faithfulContributionsRoute(),
        ...subscriptionRoutes(),
        ...churchGivingRoutes(),
        ...budgetRoutes(),
        // the church's own back office: the national office's pages, at the church's Level
        ...fixedAssetRoutes(),
        ...payrollRoutes(),
        ...closingRoutes(),
        ...plannedActivityRoutes(),
        ...reportRoutes(),
        ...readingReportRoutes(),
        departmentListRoute(),
        departmentBranch([departmentDashboardRoute()]),
      ],
    },
  ],
};
