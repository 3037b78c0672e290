import type { EntityType } from '@contract/common';
import { useLocation } from 'react-router';
import type { SpaceDefinition } from '@/shared/level/space';
import { RouteNotFoundError, type EntityTarget } from '@/shared/level/level-context';
import { useAccount } from '@/shared/auth/account-store';
import { useLeaderContext } from '../common/use-leader-context';
import { SpaceHub } from '../common/space-hub';
import { featureRoutes } from '../common/features';
import { SpaceLevel } from '../common/space-level';
import { BillingScreen } from './billing-screen';
import { CHURCH_ROOT as ROOT, CHURCH_SUBSCRIPTIONS, churchNav } from './nav';

function entityPath(type: EntityType): string | null {
  return type === 'CHURCH' ? ROOT : null;
}

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
    return <BillingScreen churchName={account?.church?.name ?? church.name} />;
  return (
    <SpaceLevel
      level={{ entityType: 'CHURCH', entityId: church.id }}
      root={ROOT}
      entity={entityPath as (type: EntityType, target: EntityTarget) => string | null}
    />
  );
}

function ChurchHome() {
  const church = useLeaderContext('church');
  return <SpaceHub title="Mon église" subtitle={church?.name} />;
}

export const space: SpaceDefinition = {
  key: 'church',
  label: 'Mon église',
  root: ROOT,
  home: ROOT,
  nav: churchNav,
  routes: [
    {
      element: <ChurchLevel />,
      children: [{ index: true, element: <ChurchHome /> }, ...featureRoutes('church')],
    },
  ],
};
