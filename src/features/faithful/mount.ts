import type { RouteObject } from 'react-router';
import type { SpaceKey } from '@/shared/auth/roles';
import { lazyRoute, type FeatureMount, type PathOf, type SlotPage } from '@/spaces/common/feature-mount';

/*
 * Where the 'faithful' pages hang in the spaces (ROUTES.md, feature 'faithful'). The list, the create
 * and edit forms, the detail and the transfer page are written once; each mount passes the path of
 * its list and says which of the pages below it exist in that space.
 * ('fideles/:faithfullId/contributions' belongs to the contributions feature.)
 */

const loadList = () => import('./pages/faithful-list-page');
const loadForm = () => import('./pages/faithful-form-page');
const loadDetail = () => import('./pages/faithful-detail-page');
const loadTransfer = () => import('./pages/faithful-transfer-page');

type Pages = { add?: boolean; detail?: boolean; edit?: boolean; transfer?: boolean };

const resolve = (listPath: string | PathOf, params: Parameters<PathOf>[0]) =>
  typeof listPath === 'string' ? listPath : listPath(params);

/** The faithful pages at `segment` ('fideles') below a list path. */
function faithfulRoutes(listPath: string | PathOf, back: string | PathOf, pages: Pages): RouteObject[] {
  const routes: RouteObject[] = [
    lazyRoute(
      { path: 'fideles' },
      loadList,
      (m) => m.FaithfulListPage,
      (params) => ({
        listPath: resolve(listPath, params),
        back: resolve(back, params),
        canAdd: pages.add,
        hasDetail: pages.detail,
        hasTransfer: pages.transfer,
      }),
    ),
  ];
  if (pages.add)
    routes.push(
      lazyRoute(
        { path: 'fideles/nouveau' },
        loadForm,
        (m) => m.FaithfulCreatePage,
        (params) => ({
          listPath: resolve(listPath, params),
        }),
      ),
    );
  if (pages.transfer)
    routes.push(
      lazyRoute(
        { path: 'fideles/transfert' },
        loadTransfer,
        (m) => m.FaithfulTransferPage,
        (params) => ({
          listPath: resolve(listPath, params),
        }),
      ),
    );
  if (pages.detail)
    routes.push(
      lazyRoute(
        { path: 'fideles/:faithfullId' },
        loadDetail,
        (m) => m.FaithfulDetailPage,
        (params) => ({
          listPath: resolve(listPath, params),
          faithfulId: params.faithfullId,
          hasEdit: pages.edit,
        }),
      ),
    );
  if (pages.edit)
    routes.push(
      lazyRoute(
        { path: 'fideles/:faithfullId/modifier' },
        loadForm,
        (m) => m.FaithfulEditPage,
        (params) => ({
          listPath: resolve(listPath, params),
          faithfulId: params.faithfullId,
        }),
      ),
    );
  return routes;
}

/** The faithful of a church reached by drill-down ('.../eglises/:churchId/fideles'), per space. */
function churchSlot(bySpace: Partial<Record<SpaceKey, Pages>>): SlotPage {
  return ({ space, page }) => {
    const pages = bySpace[space];
    if (!pages) return [];
    return faithfulRoutes((params) => `${page(params)}/fideles`, page, pages);
  };
}

export const mount: FeatureMount = {
  routes: {
    church: faithfulRoutes('/mon-eglise/fideles', '/mon-eglise', {
      add: true,
      detail: true,
      edit: true,
      transfer: true,
    }),
    admin: faithfulRoutes('/admin/fideles', '/admin', { add: true, detail: true, edit: true }),
    region: faithfulRoutes('/ma-region/fideles', '/ma-region', {}),
    'national-office': faithfulRoutes('/mon-bureau-national/fideles', '/mon-bureau-national', {}),
  },
  pages: {
    church: {
      fideles: churchSlot({
        'national-office': { detail: true },
        region: { add: true, detail: true },
        section: { add: true, detail: true },
      }),
    },
  },
};
