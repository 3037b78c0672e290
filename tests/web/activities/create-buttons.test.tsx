import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import type { Account } from '@contract/auth';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo } from '../app/fixtures';
import { renderApp } from '../app/render-app';
import { server } from '../msw/server';

/*
 * The create buttons of the activities pages are offered only to who holds the code the server asks for
 * that write on the page's entity (activity:create, report:create): a treasurer without it no longer
 * fills a form to land on a refusal.
 */

type Check = { permissions: string[]; entity_type: string | null; entity_id: number | null };

function api(held: string[]) {
  const checks: Check[] = [];
  const empty = { data: [], meta: { total: 0, page: 1, limit: 20 } };
  server.use(
    mock.get('/api/activities', () => HttpResponse.json(empty)),
    mock.get('/api/activity-reports', () => HttpResponse.json(empty)),
    mock.get('/api/activity-types', () => HttpResponse.json({ data: [] })),
    mock.get('/api/departments', () => HttpResponse.json(empty)),
    mock.get('/api/churches/:id', ({ params }) =>
      HttpResponse.json({ data: { id: Number(params.id), name: 'Église de Cocody', section_id: 7 } }),
    ),
    mock.post('/api/permissions/check-multiple', async ({ request }) => {
      const body = (await request.json()) as Check;
      checks.push(body);
      const results = Object.fromEntries(body.permissions.map((code) => [code, held.includes(code)]));
      return HttpResponse.json({ results, hasAny: false, hasAll: false });
    }),
  );
  return checks;
}

const PAGES: Array<{ name: string; path: string; account: Account; button: string; code: string }> = [
  {
    name: 'planned activities',
    path: '/mon-eglise/activites-planifiees',
    account: demo.pastor,
    button: 'Planifier une activité',
    code: 'activity:create',
  },
  {
    name: 'activity reports',
    path: '/mon-eglise/rapport-activites',
    account: demo.pastor,
    button: 'Nouveau rapport',
    code: 'report:create',
  },
  {
    name: 'activity types',
    path: '/mon-bureau-national/eglises/11/type-activites',
    account: demo.nationalTreasurer,
    button: 'Nouveau type',
    code: 'activity:create',
  },
  {
    name: 'departments (activity groups)',
    path: '/mon-bureau-national/eglises/11/groupe-activites',
    account: demo.nationalTreasurer,
    button: 'Nouveau département',
    code: 'activity:create',
  },
];

beforeEach(() => useAccountStore.setState({ account: undefined }));

describe('create buttons', () => {
  for (const page of PAGES) {
    it(`${page.name}: '${page.button}' only with ${page.code} on the church`, async () => {
      const checks = api([page.code]);
      const view = renderApp(page.path, page.account);
      // the first visit of a space loads its chunks: slow on a busy machine
      expect(
        await screen.findByRole('button', { name: page.button }, { timeout: 15_000 }),
      ).toBeInTheDocument();
      expect(checks.find((c) => c.permissions.includes(page.code))).toMatchObject({
        entity_type: 'CHURCH',
        entity_id: 11,
      });
      view.unmount();

      useAccountStore.setState({ account: undefined });
      const denied = api([]);
      renderApp(page.path, page.account);
      await waitFor(() => expect(denied.some((c) => c.permissions.includes(page.code))).toBe(true));
      // the answer is in: the page settles without the button
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(screen.queryByRole('button', { name: page.button })).not.toBeInTheDocument();
    });
  }
});
