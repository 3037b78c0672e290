import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import type { AccountAdmin } from '@contract/accounts';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo } from '../app/fixtures';
import { renderApp } from '../app/render-app';
import { server } from '../msw/server';

const account = (over: Partial<AccountAdmin>): AccountAdmin => ({
  id: 1,
  code: '5711',
  name: 'Caisse locale',
  description: null,
  category: 'Trésorerie (actifs comme Passifs)',
  journal_type: 'CASH',
  operator: null,
  active: true,
  uses: 12,
  ...over,
});

const chart = [
  account({}),
  account({ id: 2, code: '5551', name: 'Orange Money', journal_type: 'ELECTRONIK', operator: 'Orange' }),
  account({ id: 3, code: '6047', name: 'Fournitures de bureau', category: 'Charges AO', journal_type: null }),
];

function accountsApi() {
  const calls = { created: [] as unknown[], forbidden: [] as unknown[] };
  server.use(
    mock.post('/api/permissions/check-multiple', async ({ request }) => {
      const body = (await request.json()) as { permissions: string[] };
      return HttpResponse.json({
        hasAny: true,
        hasAll: true,
        results: Object.fromEntries(body.permissions.map((code) => [code, true])),
      });
    }),
    mock.get('/api/operation-accounts', () => HttpResponse.json({ data: chart })),
    mock.post('/api/operation-accounts', async ({ request }) => {
      const body = (await request.json()) as Partial<AccountAdmin>;
      calls.created.push(body);
      return HttpResponse.json({ data: account({ ...body, id: 9, uses: 0 }) }, { status: 201 });
    }),
    mock.get('/api/national-offices/1', () =>
      HttpResponse.json({ data: { id: 1, name: 'Bureau national' } }),
    ),
    mock.get('/api/national-offices/1/forbidden-accounts', () =>
      HttpResponse.json({ data: { operation_account_ids: [2] } }),
    ),
    mock.put('/api/national-offices/1/forbidden-accounts', async ({ request }) => {
      const body = (await request.json()) as { operation_account_ids: number[] };
      calls.forbidden.push(body);
      return HttpResponse.json({ data: body });
    }),
  );
  return calls;
}

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
});

describe('operation accounts admin', () => {
  it('lists the chart with the class and kind, and creates a mobile money account with its operator', async () => {
    const calls = accountsApi();
    renderApp('/admin/comptes-operation', demo.admin);
    const table = await screen.findByRole(
      'table',
      { name: "Plan des comptes d'opération" },
      { timeout: 15_000 },
    );
    const row = await within(table).findByRole('row', { name: /Orange Money/ });
    expect(within(row).getByText('Mobile money (Orange)')).toBeInTheDocument();
    expect(within(row).getByText('Classe 5')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Nouveau compte' }));
    await user.type(screen.getByLabelText(/Numéro de compte/), '0555');
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    expect(
      await screen.findByText(
        'Le numéro de compte SYCEBNL commence par la classe (1 à 9) et compte de 2 à 10 chiffres.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Le nom du compte est requis.')).toBeInTheDocument();
    expect(screen.getByText('La catégorie est requise.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Numéro de compte/));
    await user.type(screen.getByLabelText(/Numéro de compte/), '5556');
    await user.type(screen.getByLabelText(/Nom du compte/), 'Wave Pro');
    await user.click(screen.getByRole('combobox', { name: /Catégorie/ }));
    await user.click(await screen.findByRole('option', { name: 'Trésorerie (actifs comme Passifs)' }));
    await user.click(screen.getByRole('combobox', { name: /Type de compte/ }));
    await user.click(await screen.findByRole('option', { name: 'Mobile money' }));
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    expect(
      await screen.findByText("L'opérateur est requis pour un compte mobile money."),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Opérateur/), 'Wave');
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    await waitFor(() =>
      expect(calls.created).toEqual([
        {
          code: '5556',
          name: 'Wave Pro',
          description: null,
          category: 'Trésorerie (actifs comme Passifs)',
          journal_type: 'ELECTRONIK',
          operator: 'Wave',
        },
      ]),
    );
  });

  it('saves the accounts forbidden to a national office', async () => {
    const calls = accountsApi();
    renderApp('/admin/bureaux-nationaux/1/comptes-interdits', demo.admin);
    const orange = await screen.findByRole('checkbox', { name: /5551 — Orange Money/ }, { timeout: 15_000 });
    expect(orange).toBeChecked();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: /6047 — Fournitures de bureau/ }));
    await user.click(orange);
    await user.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.forbidden).toEqual([{ operation_account_ids: [3] }]));
  });
});
