import type { EntityType } from '@contract/common';
import type { SpaceDefinition } from '@/shared/level/space';
import { RouteNotFoundError, type EntityTarget } from '@/shared/level/level-context';
import { useLeaderContext } from '../common/use-leader-context';
import { orgListRoute } from '@/features/org/routes';
import { churchBranch, sectionBranch } from '../common/branches';
import { SpaceHub } from '../common/space-hub';
import { featureRoutes } from '../common/features';
import { SpaceLevel } from '../common/space-level';
import { REGION_ROOT as ROOT, regionNav } from './nav';

function entityPath(type: EntityType, target: EntityTarget): string | null {
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
}

function RegionLevel() {
  const region = useLeaderContext('region');
  if (!region) throw new RouteNotFoundError();
  return <SpaceLevel level={{ entityType: 'REGION', entityId: region.id }} root={ROOT} entity={entityPath} />;
}

function RegionHome() {
  const region = useLeaderContext('region');
  return <SpaceHub title="Ma région" subtitle={region?.name} />;
}

export const space: SpaceDefinition = {
  key: 'region',
  label: 'Ma région',
  root: ROOT,
  home: ROOT,
  nav: regionNav,
  routes: [
    {
      element: <RegionLevel />,
      children: [
        { index: true, element: <RegionHome /> },
        orgListRoute({ path: 'sections' }, { kind: 'sections', back: ROOT }),
        orgListRoute({ path: 'eglises' }, { kind: 'churches', back: ROOT }),
        ...featureRoutes('region'),
        sectionBranch({
          space: 'region',
          base: ROOT,
          links: ['eglises', 'recettes', 'depenses', 'rapport-activites', 'membres'],
          // The region shows a church under its section only.
          children: [
            churchBranch({
              space: 'region',
              base: ({ sectionId }) => `${ROOT}/sections/${sectionId}`,
              links: ['recettes', 'depenses', 'membres', 'fideles', 'souscriptions', 'rapport-activites'],
            }),
          ],
        }),
      ],
    },
  ],
};
