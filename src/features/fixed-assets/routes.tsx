import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/routing/page-route';

/*
 * The 'fixed-assets' pages (ROUTES.md, feature 'assets'): the register of the Level's fixed assets, mounted by
 * the national office under 'espace-comptable'.
 */

/** The feature's pages, by name (`PageId`); every one is mounted by a space. */
export const PAGES = [
  'fixed-assets.list',
  'fixed-assets.new',
  'fixed-assets.detail',
  'fixed-assets.edit',
] as const;

declare module '@/shared/routing/page-route' {
  interface FeaturePages {
    'fixed-assets': typeof PAGES;
  }
}

const form = () => import('./pages/asset-form-page');

/** 'immobilisations', 'immobilisations/nouveau', 'immobilisations/:assetId', '.../modifier'. */
export function fixedAssetRoutes(): RouteObject[] {
  return [
    pageRoute('immobilisations', 'fixed-assets.list', () =>
      import('./pages/asset-list-page').then((m) => m.AssetListPage),
    ),
    pageRoute('immobilisations/nouveau', 'fixed-assets.new', () => form().then((m) => m.AssetCreatePage)),
    pageRoute('immobilisations/:assetId', 'fixed-assets.detail', () =>
      import('./pages/asset-detail-page').then((m) => m.AssetDetailPage),
    ),
    pageRoute('immobilisations/:assetId/modifier', 'fixed-assets.edit', () =>
      form().then((m) => m.AssetEditPage),
    ),
  ];
}
