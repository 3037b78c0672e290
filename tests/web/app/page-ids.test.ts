import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { handleOf, type PageId } from '@/shared/routing/page-route';
import { spaceTree, type SpaceDefinition } from '@/shared/routing/space';
import { space as accountant } from '@/spaces/accountant/routes';
import { space as admin } from '@/spaces/admin/routes';
import { space as church } from '@/spaces/church/routes';
import { space as nationalOffice } from '@/spaces/national-office/routes';
import { space as personal } from '@/spaces/personal/routes';
import { space as region } from '@/spaces/region/routes';
import { space as section } from '@/spaces/section/routes';

// `PageId` is the union of the names the features declare (each routes.tsx's `PAGES`, merged into
// `FeaturePages`): the type-check refuses a link to a name no feature declares. This test closes the
// loop: every declared name is mounted by at least one space, and every mounted page is declared.
const SPACES: SpaceDefinition[] = [accountant, admin, church, nationalOffice, personal, region, section];
const FEATURES = import.meta.glob<{ PAGES?: readonly PageId[] }>('/src/features/*/routes.tsx', {
  eager: true,
});

const declared = Object.entries(FEATURES).map(([file, module]) => ({
  feature: file.split('/')[3],
  pages: module.PAGES,
}));

function mountedPages(): Set<string> {
  const found = new Set<string>();
  const walk = (routes: RouteObject[]) => {
    for (const route of routes) {
      const page = handleOf(route).page;
      if (page) found.add(page);
      if (route.children) walk(route.children);
    }
  };
  for (const space of SPACES) walk(spaceTree(space));
  return found;
}

describe('the page names (PageId)', () => {
  it('are declared by every feature that has routes, each under its own name', () => {
    expect(declared.length).toBeGreaterThanOrEqual(16);
    for (const { feature, pages } of declared) {
      expect(pages, `${feature}/routes.tsx exports PAGES`).toBeDefined();
      for (const page of pages ?? []) expect(page.startsWith(`${feature}.`), page).toBe(true);
    }
  });

  it('are each mounted by at least one space tree', () => {
    const mounted = mountedPages();
    const unmounted = declared.flatMap(({ pages }) => pages ?? []).filter((page) => !mounted.has(page));
    expect(unmounted).toEqual([]);
  });

  it('name every page the spaces mount', () => {
    const names = new Set<string>(declared.flatMap(({ pages }) => pages ?? []));
    expect([...mountedPages()].filter((page) => !names.has(page))).toEqual([]);
  });
});
