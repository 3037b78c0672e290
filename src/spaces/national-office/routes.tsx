import type { EntityType } from '@contract/common';
import type { SpaceDefinition } from '@/shared/level/space';
import { RouteNotFoundError, type EntityTarget } from '@/shared/level/level-context';
import { useLeaderContext } from '../common/use-leader-context';
import { orgListRoute } from '@/features/org/routes';
import { churchBranch, departmentBranch, regionBranch, sectionBranch } from '../common/branches';
import { featureRoutes } from '../common/features';
import { SpaceHub } from '../common/space-hub';
import { SpaceLevel } from '../common/space-level';
import { NATIONAL_OFFICE_ROOT as ROOT, nationalOfficeNav } from './nav';

function entityPath(type: EntityType, target: EntityTarget): string | null {
  switch (type) {
    case 'NATIONAL_OFFICE':
      return ROOT;
    case 'REGION':
      return `${ROOT}/regions/${target.id}`;
    case 'SECTION':
      return `${ROOT}/sections/${target.id}`;
    case 'CHURCH':
      return `${ROOT}/eglises/${target.id}`;
    default:
      return null;
  }
}

/** The Level of the space: the leader's national office. */
function NationalOfficeLevel() {
  const office = useLeaderContext('nationalOffice');
  if (!office) throw new RouteNotFoundError();
  return (
    <SpaceLevel
      level={{ entityType: 'NATIONAL_OFFICE', entityId: office.id }}
      root={ROOT}
      entity={entityPath}
    />
  );
}

function NationalOfficeHome() {
  const office = useLeaderContext('nationalOffice');
  return <SpaceHub title="Mon bureau national" subtitle={office?.name} />;
}

export const space: SpaceDefinition = {
  key: 'national-office',
  label: 'Bureau national',
  root: ROOT,
  home: ROOT,
  nav: nationalOfficeNav,
  routes: [
    {
      element: <NationalOfficeLevel />,
      children: [
        { index: true, element: <NationalOfficeHome /> },
        orgListRoute({ path: 'regions' }, { kind: 'regions', back: ROOT }),
        orgListRoute({ path: 'eglises' }, { kind: 'churches', back: ROOT }),
        ...featureRoutes('national-office'),
        departmentBranch({
          space: 'national-office',
          base: ROOT,
          links: ['membres', 'contributions', 'depenses', 'activites'],
        }),
        regionBranch({
          space: 'national-office',
          base: ROOT,
          links: ['sections', 'recettes', 'depenses', 'rapport-activites', 'membres'],
        }),
        // No list of sections in this space: a section's page goes back to its region.
        sectionBranch({
          space: 'national-office',
          base: ROOT,
          links: ['eglises', 'recettes', 'depenses', 'rapport-activites', 'membres'],
          back: 'parent',
        }),
        churchBranch({
          space: 'national-office',
          base: ROOT,
          links: [
            'recettes',
            'depenses',
            'membres',
            'fideles',
            'souscriptions',
            'rapport-activites',
            'groupe-activites',
            'type-activites',
          ],
        }),
      ],
    },
  ],
};
