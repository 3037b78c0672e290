import type { EntityType } from '@contract/common';
import type { SpaceDefinition } from '@/shared/level/space';
import { GLOBAL_LEVEL, ParamLevel, type EntityTarget } from '@/shared/level/level-context';
import { orgDetailRoute, orgListRoute } from '@/features/org/routes';
import { featureRoutes, slotPages } from '../common/features';
import { SpaceLevel } from '../common/space-level';
import { ACCOUNTANT_ROOT, accountantDock, accountantNav } from './nav';

function entityPath(type: EntityType, target: EntityTarget): string | null {
  return type === 'CHURCH' ? `${ACCOUNTANT_ROOT}/eglise/${target.id}` : null;
}

/** The church page's sections: the church's own pages, and the documents opened on it (?church=ID). */
const churchLinks = (id: string | undefined) => [
  {
    label: 'Recettes',
    to: `${ACCOUNTANT_ROOT}/eglise/${id}/recettes`,
    description: 'Les contributions reçues',
  },
  {
    label: 'Journal de trésorerie',
    to: `${ACCOUNTANT_ROOT}/journal-de-tresorerie/${id}`,
    description: 'Caisse, banque et paiements électroniques',
  },
  { label: 'Journaux', to: `${ACCOUNTANT_ROOT}/journaux?church=${id}` },
  { label: 'Journaux d’un compte', to: `${ACCOUNTANT_ROOT}/journaux-dun-compte?church=${id}` },
  { label: 'Rapport financier', to: `${ACCOUNTANT_ROOT}/rapport-financier?church=${id}` },
];

export const space: SpaceDefinition = {
  key: 'accountant',
  label: 'Espace comptable',
  root: ACCOUNTANT_ROOT,
  home: ACCOUNTANT_ROOT,
  nav: accountantNav,
  dock: accountantDock,
  routes: [
    {
      element: <SpaceLevel level={GLOBAL_LEVEL} root={ACCOUNTANT_ROOT} entity={entityPath} />,
      children: [
        // The home is the list of the churches the accountant manages (the server narrows GET /churches).
        orgListRoute({ index: true }, { kind: 'churches', title: 'Mes églises' }),
        {
          path: 'eglise/:id',
          element: (
            <ParamLevel entityType="CHURCH" param="id" here={(id) => `${ACCOUNTANT_ROOT}/eglise/${id}`} />
          ),
          children: [
            orgDetailRoute(
              { index: true },
              { kind: 'churches', back: ACCOUNTANT_ROOT, links: ({ id }) => churchLinks(id) },
            ),
            ...slotPages('accountant-church', 'recettes', {
              space: 'accountant',
              page: ({ id }) => `${ACCOUNTANT_ROOT}/eglise/${id}`,
            }),
          ],
        },
        ...featureRoutes('accountant'),
      ],
    },
  ],
};
