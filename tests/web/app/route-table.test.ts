import { describe, expect, it } from 'vitest';
import { isRegisteredIn, type SpaceDefinition } from '@/shared/routing/space';
import { space as accountant } from '@/spaces/accountant/routes';
import { space as admin } from '@/spaces/admin/routes';
import { space as church } from '@/spaces/church/routes';
import { space as nationalOffice } from '@/spaces/national-office/routes';
import { space as personal } from '@/spaces/personal/routes';
import { space as region } from '@/spaces/region/routes';
import { space as section } from '@/spaces/section/routes';
import { ROUTE_TABLE } from '../../../e2e/routes';

// The accessibility sweep (e2e/accessibility.spec.ts) opens every built route of its table. This test
// keeps the table honest: a route marked built has a page, and a route still marked pending has none,
// so that a new page fails here until its line in e2e/routes.ts is switched on (then the sweep covers it).
const PUBLIC = ['/', '/connexion', '/receipt/:id', '/access-refuse'];
const PREFIXES: [string, SpaceDefinition][] = [
  ['/espace-comptable', accountant],
  ['/admin', admin],
  ['/mon-eglise', church],
  ['/mon-bureau-national', nationalOffice],
  ['/ma-region', region],
  ['/ma-section', section],
];
const spaceOf = (route: string) =>
  PREFIXES.find(([prefix]) => route === prefix || route.startsWith(`${prefix}/`))?.[1] ?? personal;
const concrete = (route: string) => route.replace(/:[A-Za-z]+/g, '1');
const spaced = ROUTE_TABLE.filter((entry) => !PUBLIC.includes(entry.route));

describe('the routes table of the accessibility sweep', () => {
  it('lists each route once', () => {
    const routes = ROUTE_TABLE.map((entry) => entry.route);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it.each(spaced.filter((entry) => !entry.pending).map((entry) => [entry.route]))(
    'has a page for the built route %s',
    (route) => {
      expect(isRegisteredIn(spaceOf(route), concrete(route))).toBe(true);
    },
  );

  it.each(spaced.filter((entry) => entry.pending).map((entry) => [entry.route, entry.pending]))(
    '%s is still pending (%s): once built, switch its line on in e2e/routes.ts',
    (route) => {
      expect(isRegisteredIn(spaceOf(route), concrete(route))).toBe(false);
    },
  );
});
