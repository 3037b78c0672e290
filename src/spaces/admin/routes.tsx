import type { EntityType } from '@contract/common';
import type { SpaceDefinition } from '@/shared/level/space';
import { GLOBAL_LEVEL, ParamLevel, type EntityTarget } from '@/shared/level/level-context';
import { orgDetailRoute, orgListRoute } from '@/features/org/routes';
import { departmentBranch } from '../common/branches';
import { featureRoutes, slotPages } from '../common/features';
import { SpaceHub } from '../common/space-hub';
import { SpaceLevel } from '../common/space-level';
import { subLinks } from '../common/sub-links';
import { ADMIN_ROOT, adminNav } from './nav';

function entityPath(type: EntityType, target: EntityTarget): string | null {
  return type === 'NATIONAL_OFFICE' ? `${ADMIN_ROOT}/bureaux-nationaux/${target.id}` : null;
}

export const space: SpaceDefinition = {
  key: 'admin',
  label: 'Administration',
  root: ADMIN_ROOT,
  home: ADMIN_ROOT,
  nav: adminNav,
  routes: [
    {
      element: <SpaceLevel level={GLOBAL_LEVEL} root={ADMIN_ROOT} entity={entityPath} />,
      children: [
        { index: true, element: <SpaceHub title="Administration" /> },
        orgListRoute({ path: 'bureaux-nationaux' }, { kind: 'national-offices', back: ADMIN_ROOT }),
        {
          path: 'bureaux-nationaux/:id',
          element: (
            <ParamLevel
              entityType="NATIONAL_OFFICE"
              param="id"
              here={(id) => `${ADMIN_ROOT}/bureaux-nationaux/${id}`}
            />
          ),
          children: [
            orgDetailRoute(
              { index: true },
              {
                kind: 'national-offices',
                back: `${ADMIN_ROOT}/bureaux-nationaux`,
                links: ({ id }) =>
                  subLinks(`${ADMIN_ROOT}/bureaux-nationaux/${id}`, [
                    'membres',
                    'souscriptions',
                    'comptes-interdits',
                  ]),
              },
            ),
            ...['membres', 'souscriptions', 'comptes-interdits'].flatMap((segment) =>
              slotPages('national-office', segment, {
                space: 'admin',
                page: ({ id }) => `${ADMIN_ROOT}/bureaux-nationaux/${id}`,
              }),
            ),
          ],
        },
        orgListRoute({ path: 'regions' }, { kind: 'regions', back: ADMIN_ROOT }),
        orgListRoute({ path: 'sections' }, { kind: 'sections', back: ADMIN_ROOT }),
        orgListRoute({ path: 'eglises' }, { kind: 'churches', back: ADMIN_ROOT }),
        ...featureRoutes('admin'),
        departmentBranch({
          space: 'admin',
          base: ADMIN_ROOT,
          links: ['membres', 'contributions', 'depenses', 'activites'],
        }),
      ],
    },
  ],
};
