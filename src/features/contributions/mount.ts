import type { RouteObject } from 'react-router';
import { lazyRoute, type SlotPage } from '@/spaces/common/feature-mount';
import type { FeatureMount } from '@/spaces/common/feature-mount';

/*
 * Where the 'contributions' pages hang in the spaces (ROUTES.md, features 'contributions' and, for
 * /mon-eglise/comptes-de-recettes, 'accounts'). Every page is its own chunk. A receipt opens in a
 * dialog over its list (`?recu={id}`); /receipt/:id is a root route (src/app/routes.tsx).
 */

const listPage = () => import('./pages/contribution-list-page');
const createPage = () => import('./pages/contribution-create-page');

type ListProps = import('./pages/contribution-list-page').ContributionListPageProps;

/** 'recettes' and 'recettes/nouvelle' of a leader space's own level ('/mon-eglise'...). */
function levelReceipts(base: string): RouteObject[] {
  const list = `${base}/recettes`;
  return [
    lazyRoute({ path: 'recettes' }, listPage, (m) => m.ContributionListPage, {
      back: base,
      createPath: `${list}/nouvelle`,
    } satisfies ListProps),
    lazyRoute({ path: 'recettes/nouvelle' }, createPage, (m) => m.ContributionCreatePage, { listPath: list }),
  ];
}

/** 'fideles/:faithfullId/contributions': one faithful's contributions, back to the faithful's page. */
const faithfulContributions = (
  faithfulBase: (params: Readonly<Record<string, string | undefined>>) => string,
) =>
  lazyRoute(
    { path: 'fideles/:faithfullId/contributions' },
    listPage,
    (m) => m.ContributionListPage,
    (params) => ({
      scope: 'faithful' as const,
      back: `${faithfulBase(params)}/${params.faithfullId}`,
    }),
  );

/** 'recettes' below an entity's page (drill-down branches, the accountant's church). */
const entityReceipts: SlotPage = (at) => [
  lazyRoute(
    { path: 'recettes' },
    listPage,
    (m) => m.ContributionListPage,
    (params) => ({ back: at.page(params) }),
  ),
];

export const mount: FeatureMount = {
  routes: {
    church: [
      ...levelReceipts('/mon-eglise'),
      lazyRoute(
        { path: 'comptes-de-recettes' },
        () => import('./pages/receipt-accounts-page'),
        (m) => m.ReceiptAccountsPage,
        {
          back: '/mon-eglise',
        },
      ),
      faithfulContributions(() => '/mon-eglise/fideles'),
    ],
    section: levelReceipts('/ma-section'),
    region: levelReceipts('/ma-region'),
    'national-office': [
      lazyRoute({ path: 'espace-comptable/recettes' }, listPage, (m) => m.ContributionListPage, {
        back: '/mon-bureau-national/espace-comptable',
        createPath: '/mon-bureau-national/espace-comptable/recettes/nouvelle',
      }),
      lazyRoute({ path: 'espace-comptable/recettes/nouvelle' }, createPage, (m) => m.ContributionCreatePage, {
        listPath: '/mon-bureau-national/espace-comptable/recettes',
      }),
    ],
    accountant: [
      lazyRoute({ path: 'recettes/nouvelle' }, createPage, (m) => m.ContributionCreatePage, {
        listPath: '/espace-comptable',
        pickChurch: true,
        churchListPath: (id: number) => `/espace-comptable/eglise/${id}/recettes`,
      }),
    ],
    admin: [faithfulContributions(() => '/admin/fideles')],
    personal: [
      lazyRoute(
        { path: 'mes-contributions' },
        () => import('./pages/my-contributions-page'),
        (m) => m.MyContributionsPage,
      ),
      lazyRoute(
        { path: 'mes-contributions/:id' },
        () => import('./pages/my-contribution-page'),
        (m) => m.MyContributionPage,
      ),
    ],
  },
  pages: {
    region: { recettes: entityReceipts },
    section: { recettes: entityReceipts },
    church: {
      recettes: entityReceipts,
      fideles: (at) => [faithfulContributions((params) => `${at.page(params)}/fideles`)],
    },
    department: {
      contributions: (at) => [
        lazyRoute(
          { path: 'contributions' },
          listPage,
          (m) => m.ContributionListPage,
          (params) => ({
            title: 'Contributions',
            back: `${at.page(params)}/dashboard`,
          }),
        ),
      ],
    },
    'accountant-church': {
      recettes: (at) => [
        lazyRoute(
          { path: 'recettes' },
          listPage,
          (m) => m.ContributionListPage,
          (params) => ({
            back: at.page(params),
            createPath: `/espace-comptable/recettes/nouvelle?church=${params.id}`,
          }),
        ),
      ],
    },
  },
};
