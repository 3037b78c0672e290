import { fixedAssetRoutes } from '@/features/fixed-assets/routes';
import { closingRoutes } from '@/features/closings/routes';
import { payrollRoutes } from '@/features/payroll/routes';
import { contributionCreateRoute, contributionRoutes } from '@/features/contributions/routes';
import { expenseRoutes } from '@/features/expenses/routes';
import { documentRoutes, treasuryJournalRoute } from '@/features/journals/routes';
import { orgDetailRoute, orgListRoute } from '@/features/org/routes';
import { useAccount } from '@/shared/auth/account-store';
import {
  choiceRoute,
  entityRoute,
  GLOBAL_LEVEL,
  levelHandle,
  SpaceLevel,
  type LevelChoice,
} from '@/shared/level/level-context';
import type { SpaceDefinition } from '@/shared/routing/space';
import { ACCOUNTANT_ROOT, accountantDock, accountantNav } from './nav';

const NONE: LevelChoice['options'] = [];

/** The churches the accountant manages: the ones they choose among (?church=ID). */
const useManagedChurches = () => useAccount()?.managedChurches ?? NONE;

export const space: SpaceDefinition = {
  key: 'accountant',
  label: 'Espace comptable',
  root: ACCOUNTANT_ROOT,
  home: ACCOUNTANT_ROOT,
  nav: accountantNav,
  dock: accountantDock,
  entity: (type, target) => (type === 'CHURCH' ? `${ACCOUNTANT_ROOT}/eglise/${target.id}` : null),
  routes: [
    {
      element: <SpaceLevel level={GLOBAL_LEVEL} />,
      handle: levelHandle(),
      children: [
        // The home is the list of the churches the accountant manages (the server narrows GET /churches).
        orgListRoute({ index: true }, 'churches', { title: 'Mes églises' }),
        // A church's page: its receipts, and its documents opened on it.
        entityRoute({
          path: 'eglise/:id',
          entityType: 'CHURCH',
          param: 'id',
          children: [
            orgDetailRoute('churches', [
              { label: 'Recettes', page: 'contributions.list', description: 'Les contributions reçues' },
              {
                label: 'Journal de trésorerie',
                page: 'journals.treasury',
                description: 'Caisse, banque et paiements électroniques',
              },
              { label: 'Journaux', page: 'journals.general' },
              { label: 'Journaux d’un compte', page: 'journals.account' },
              { label: 'Rapport financier', page: 'journals.report' },
              {
                label: 'Immobilisations',
                page: 'fixed-assets.list',
                description: 'Le registre et les amortissements',
              },
              { label: 'Fiches de paie', page: 'payroll.list', description: 'Les employés et leur paie' },
              {
                label: 'Reports à nouveau',
                page: 'closings.list',
                description: 'La clôture des exercices',
              },
            ]),
            ...contributionRoutes({ create: false }),
            // the church's back office, as the church's own space mounts it (decision 0048)
            ...fixedAssetRoutes(),
            ...payrollRoutes(),
            ...closingRoutes(),
          ],
        }),
        // SPEC.md: the treasurer journal of one church, the church id in the URL.
        entityRoute({
          path: 'journal-de-tresorerie/:id',
          entityType: 'CHURCH',
          param: 'id',
          landing: null,
          children: [treasuryJournalRoute({ index: true })],
        }),
        // The other documents and the recording of a contribution work on the church the accountant
        // chooses on the page (or comes with, as ?church=ID).
        choiceRoute({
          entityType: 'CHURCH',
          query: 'church',
          useOptions: useManagedChurches,
          children: [...documentRoutes(), contributionCreateRoute('recettes/nouvelle')],
        }),
        ...expenseRoutes(),
      ],
    },
  ],
};
