import type { RouteObject } from 'react-router';
import type { SpaceKey } from '@/shared/auth/roles';
import { lazyRoute, type FeatureMount, type PathOf, type SlotPage } from '@/spaces/common/feature-mount';

/*
 * Where the 'expenses' pages hang in the spaces (ROUTES.md, feature 'expenses'). The three pages
 * (list, add, detail) are written once; each mount passes the path of its list, which decides the
 * back links and the paths of the add screen and the details (shown only where the route exists).
 */

const loadList = () => import('./pages/expense-list-page');
const loadAdd = () => import('./pages/expense-add-page');
const loadDetail = () => import('./pages/expense-detail-page');

type ListOptions = { back?: string; mine?: boolean; detailBase?: string };

const listRoute = (
  path: string,
  listPath: string | PathOf,
  options: ListOptions | ((p: Parameters<PathOf>[0]) => ListOptions) = {},
) =>
  lazyRoute(
    { path },
    loadList,
    (m) => m.ExpenseListPage,
    (params) => ({
      listPath: typeof listPath === 'string' ? listPath : listPath(params),
      ...(typeof options === 'function' ? options(params) : options),
    }),
  );

const addRoute = (path: string, listPath: string | PathOf) =>
  lazyRoute(
    { path },
    loadAdd,
    (m) => m.ExpenseAddPage,
    (params) => ({
      listPath: typeof listPath === 'string' ? listPath : listPath(params),
    }),
  );

const detailRoute = (path: string, listPath: string | PathOf, param: string) =>
  lazyRoute(
    { path },
    loadDetail,
    (m) => m.ExpenseDetailPage,
    (params) => ({
      listPath: typeof listPath === 'string' ? listPath : listPath(params),
      expenseId: params[param],
    }),
  );

/** The list, add screen and detail of a space's own requests at `{root}/{path}` (`path` relative to the space root). */
function spaceExpenses(root: string, path: string, back: string): RouteObject[] {
  const listPath = `${root}/${path}`;
  return [
    listRoute(path, listPath, { back }),
    addRoute(`${path}/nouveau`, listPath),
    detailRoute(`${path}/:expenseId`, listPath, 'expenseId'),
  ];
}

/**
 * What the drill-down pages of an entity have, per space (ROUTES.md). Without a detail route of their
 * own, the rows open the space's detail (`detailBase`), as ROUTES.md reads /ma-region/depenses/:expenseId.
 */
type SlotRoutes = { add?: boolean; detailParam?: string; detailBase?: string };

function slotExpenses(bySpace: Partial<Record<SpaceKey, SlotRoutes>>): SlotPage {
  return ({ space, page }) => {
    const routes = bySpace[space];
    if (!routes) return [];
    const listPath: PathOf = (params) => `${page(params)}/depenses`;
    return [
      listRoute('depenses', listPath, (params) => ({ back: page(params), detailBase: routes.detailBase })),
      ...(routes.add ? [addRoute('depenses/nouveau', listPath)] : []),
      ...(routes.detailParam
        ? [detailRoute(`depenses/:${routes.detailParam}`, listPath, routes.detailParam)]
        : []),
    ];
  };
}

const NATIONAL_OFFICE_DETAILS = '/mon-bureau-national/espace-comptable/depenses';
const REGION_DETAILS = '/ma-region/depenses';
const SECTION_DETAILS = '/ma-section/depenses';

export const mount: FeatureMount = {
  routes: {
    church: spaceExpenses('/mon-eglise', 'depenses', '/mon-eglise'),
    section: spaceExpenses('/ma-section', 'depenses', '/ma-section'),
    region: [
      ...spaceExpenses('/ma-region', 'depenses', '/ma-region'),
      addRoute('creer-une-depense', '/ma-region/depenses'),
    ],
    'national-office': spaceExpenses(
      '/mon-bureau-national',
      'espace-comptable/depenses',
      '/mon-bureau-national/espace-comptable',
    ),
    accountant: spaceExpenses('/espace-comptable', 'depenses', '/espace-comptable'),
    personal: [listRoute('mes-requetes', '/mes-requetes', { mine: true, back: '/dashboard' })],
  },
  pages: {
    region: {
      depenses: slotExpenses({ 'national-office': { add: true, detailParam: 'regionExpenseId' } }),
    },
    section: {
      depenses: slotExpenses({
        'national-office': { add: true, detailBase: NATIONAL_OFFICE_DETAILS },
        region: { detailBase: REGION_DETAILS },
      }),
    },
    church: {
      depenses: slotExpenses({
        'national-office': { add: true, detailBase: NATIONAL_OFFICE_DETAILS },
        region: { detailBase: REGION_DETAILS },
        section: { detailBase: SECTION_DETAILS },
      }),
    },
    department: {
      depenses: slotExpenses({
        admin: {},
        'national-office': { detailBase: NATIONAL_OFFICE_DETAILS },
        personal: {},
      }),
    },
  },
};
