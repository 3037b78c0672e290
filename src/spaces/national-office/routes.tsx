import type { EntityType } from '@contract/common';
import type { SpaceDefinition } from '@/shared/level/space';
import { ParamLevel, RouteNotFoundError, type EntityTarget } from '@/shared/level/level-context';
import { useLeaderContext } from '../common/use-leader-context';
import { orgDetailRoute, orgListRoute } from '@/features/org/routes';
import { SpaceHub } from '../common/space-hub';
import { SpaceLevel } from '../common/space-level';
import { subLinks } from '../common/sub-links';
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
        {
          path: 'regions/:regionId',
          element: <ParamLevel entityType="REGION" param="regionId" here={(id) => `${ROOT}/regions/${id}`} />,
          children: [
            orgDetailRoute(
              { index: true },
              {
                kind: 'regions',
                back: `${ROOT}/regions`,
                links: ({ regionId }) =>
                  subLinks(`${ROOT}/regions/${regionId}`, [
                    'sections',
                    'recettes',
                    'depenses',
                    'rapport-activites',
                    'membres',
                  ]),
              },
            ),
            orgListRoute(
              { path: 'sections' },
              {
                kind: 'sections',
                parentKind: 'regions',
                back: ({ regionId }) => `${ROOT}/regions/${regionId}`,
              },
            ),
          ],
        },
        {
          path: 'sections/:sectionId',
          element: (
            <ParamLevel entityType="SECTION" param="sectionId" here={(id) => `${ROOT}/sections/${id}`} />
          ),
          children: [
            orgDetailRoute(
              { index: true },
              {
                kind: 'sections',
                links: ({ sectionId }) =>
                  subLinks(`${ROOT}/sections/${sectionId}`, [
                    'eglises',
                    'recettes',
                    'depenses',
                    'rapport-activites',
                    'membres',
                  ]),
              },
            ),
            orgListRoute(
              { path: 'eglises' },
              {
                kind: 'churches',
                parentKind: 'sections',
                back: ({ sectionId }) => `${ROOT}/sections/${sectionId}`,
              },
            ),
          ],
        },
        {
          path: 'eglises/:churchId',
          element: <ParamLevel entityType="CHURCH" param="churchId" here={(id) => `${ROOT}/eglises/${id}`} />,
          children: [
            orgDetailRoute(
              { index: true },
              {
                kind: 'churches',
                back: `${ROOT}/eglises`,
                links: ({ churchId }) =>
                  subLinks(`${ROOT}/eglises/${churchId}`, [
                    'recettes',
                    'depenses',
                    'membres',
                    'fideles',
                    'souscriptions',
                    'rapport-activites',
                    'groupe-activites',
                    'type-activites',
                  ]),
              },
            ),
          ],
        },
      ],
    },
  ],
};
