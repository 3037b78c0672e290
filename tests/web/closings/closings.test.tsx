import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import type { Closing } from '@contract/closings';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo } from '../app/fixtures';
import { renderApp } from '../app/render-app';
import { permissionChecks } from '../msw/permissions';
import { server } from '../msw/server';

const ROOT = '/mon-bureau-national/espace-comptable/reports-a-nouveau';
const year = new Date().getUTCFullYear() - 1;

const closing = (over: Partial<Closing> = {}): Closing => ({
  id: null,
  entity_type: 'NATIONAL_OFFICE',
  entity_id: 1,
  year,
  products: 5_000_000,
  charges: 3_200_000,
  depreciation: 300_000,
  disposals: 0,
  result: 1_500_000,
  result_account: '121',
  accounts: [
    {
      payment_account_id: 50,
      code: '5711',
      name: 'Caisse locale',
      opening_balance: 200_000,
      receipts: 900_000,
      expenses: 400_000,
      closing_balance: 700_000,
    },
  ],
  closed_at: null,
  closed_by: null,
  ...over,
});

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
  // the national treasurer holds expense:validate, the code of the preview and of the closing
  server.use(permissionChecks((code) => code === 'expense:validate'));
});

describe('reports à nouveau', () => {
  it('previews a year, then closes it after confirming and opens the closing', async () => {
    const posted: unknown[] = [];
    server.use(
      mock.get('/api/national-offices/1', () =>
        HttpResponse.json({ data: { id: 1, name: 'Bureau national' } }),
      ),
      mock.get('/api/closings', () => HttpResponse.json({ data: [] })),
      mock.get('/api/closings/preview', () => HttpResponse.json({ data: closing() })),
      mock.post('/api/closings', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(
          { data: closing({ id: 4, closed_at: '2026-01-10T09:00:00.000Z' }) },
          { status: 201 },
        );
      }),
      mock.get('/api/closings/4', () =>
        HttpResponse.json({
          data: closing({ id: 4, closed_at: '2026-01-10T09:00:00.000Z', closed_by: 'Awa Koné' }),
        }),
      ),
    );
    const { router } = renderApp(ROOT, demo.nationalTreasurer);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: /Exercice/ }, { timeout: 15_000 }));
    await user.click(await screen.findByRole('option', { name: String(year) }));
    const table = await screen.findByRole('table', { name: 'Reports à nouveau des comptes de trésorerie' });
    expect(within(table).getByRole('row', { name: /5711 — Caisse locale/ })).toHaveTextContent(
      '700 000 F CFA',
    );
    expect(screen.getByText(/Résultat reporté au compte 121/)).toBeInTheDocument();
    expect(posted).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: `Clôturer l’exercice ${year}` }));
    const dialog = await screen.findByRole('alertdialog').catch(() => screen.findByRole('dialog'));
    await user.click(within(dialog).getByRole('button', { name: 'Clôturer' }));
    await waitFor(() => expect(posted).toEqual([{ entity_type: 'NATIONAL_OFFICE', entity_id: 1, year }]));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ROOT}/4`));
    expect(await screen.findByText(/par Awa Koné/)).toBeInTheDocument();
  });

  it("shows the server's French refusal of a year that cannot be closed", async () => {
    server.use(
      mock.get('/api/national-offices/1', () =>
        HttpResponse.json({ data: { id: 1, name: 'Bureau national' } }),
      ),
      mock.get('/api/closings', () => HttpResponse.json({ data: [] })),
      mock.get('/api/closings/preview', () =>
        HttpResponse.json({ message: 'Cet exercice est déjà clôturé.' }, { status: 409 }),
      ),
    );
    renderApp(ROOT, demo.nationalTreasurer);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: /Exercice/ }, { timeout: 15_000 }));
    await user.click(await screen.findByRole('option', { name: String(year) }));
    expect(await screen.findByText('Cet exercice est déjà clôturé.')).toBeInTheDocument();
  });

  it("offers the closing to who holds the closing's own code (an external accountant, decision 0048)", async () => {
    server.use(
      permissionChecks((code) => code === 'fiscal_year:close'),
      mock.get('/api/national-offices/1', () =>
        HttpResponse.json({ data: { id: 1, name: 'Bureau national' } }),
      ),
      mock.get('/api/closings', () => HttpResponse.json({ data: [] })),
    );
    renderApp(ROOT, demo.nationalTreasurer);
    expect(
      await screen.findByRole('combobox', { name: /Exercice/ }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });

  it('offers no closing to who may not close: the closed years only, never a refused preview', async () => {
    const previews: string[] = [];
    const asked: string[][] = [];
    server.use(
      mock.post('/api/permissions/check-multiple', async ({ request }) => {
        const body = (await request.json()) as { permissions: string[] };
        asked.push(body.permissions);
        const results = Object.fromEntries(body.permissions.map((code) => [code, false]));
        return HttpResponse.json({ hasAny: false, hasAll: false, results });
      }),
      mock.get('/api/national-offices/1', () =>
        HttpResponse.json({ data: { id: 1, name: 'Bureau national' } }),
      ),
      mock.get('/api/closings', () =>
        HttpResponse.json({ data: [closing({ id: 4, closed_at: '2026-01-10T09:00:00.000Z' })] }),
      ),
      mock.get('/api/closings/preview', ({ request }) => {
        previews.push(request.url);
        return HttpResponse.json({ message: 'Accès refusé' }, { status: 403 });
      }),
    );
    renderApp(ROOT, demo.nationalTreasurer);
    expect(
      await screen.findByRole('link', { name: `Exercice ${year}` }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(asked.some((codes) => codes.includes('expense:validate'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('combobox', { name: /Exercice/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Clôturer un exercice')).not.toBeInTheDocument();
    expect(previews).toHaveLength(0);
  });
});
