import type { EntityType } from '@contract/common';
import type { SpaceDefinition } from '@/shared/level/space';
import { RouteNotFoundError, type EntityTarget } from '@/shared/level/level-context';
import { useLeaderContext } from '../common/use-leader-context';
import { orgListRoute } from '@/features/org/routes';
import { churchBranch } from '../common/branches';
import { SpaceHub } from '../common/space-hub';
import { featureRoutes } from '../common/features';
import { SpaceLevel } from '../common/space-level';
import { SECTION_ROOT as ROOT, sectionNav } from './nav';

function entityPath(type: EntityType, target: EntityTarget): string | null {
  switch (type) {
    case 'SECTION':
      return ROOT;
    case 'CHURCH':
      return `${ROOT}/eglises/${target.id}`;
    default:
      return null;
  }
}

function SectionLevel() {
  const section = useLeaderContext('section');
  if (!section) throw new RouteNotFoundError();
  return (
    <SpaceLevel level={{ entityType: 'SECTION', entityId: section.id }} root={ROOT} entity={entityPath} />
  );
}

function SectionHome() {
  const section = useLeaderContext('section');
  return <SpaceHub title="Ma section" subtitle={section?.name} />;
}

export const space: SpaceDefinition = {
  key: 'section',
  label: 'Ma section',
  root: ROOT,
  home: ROOT,
  nav: sectionNav,
  routes: [
    {
      element: <SectionLevel />,
      children: [
        { index: true, element: <SectionHome /> },
        orgListRoute({ path: 'eglises' }, { kind: 'churches', back: ROOT }),
        ...featureRoutes('section'),
        churchBranch({
          space: 'section',
          base: ROOT,
          links: ['recettes', 'depenses', 'membres', 'fideles', 'souscriptions', 'rapport-activites'],
        }),
      ],
    },
  ],
};
