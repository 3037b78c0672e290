import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import type { FaithfulTransfer } from '@contract/faithful';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo } from '../app/fixtures';
import { renderApp } from '../app/render-app';
import { server } from '../msw/server';
import { makeFaithful } from './handlers';

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
});

function transfer(overrides: Partial<FaithfulTransfer> = {}): FaithfulTransfer {
  return {
    id: 71,
    user: { id: 2001, firstname: 'Koffi', lastname: 'Aka', registration_number: 'MAT-002001', phone: null },
    from_church: { id: 21, name: 'Église Plateau' },
    to_church: { id: 11, name: 'Église de Cocody' },
    status: 'pending',
    reason: 'Déménagement',
    requested_by: { id: 5, fullname: 'Jean Yao' },
    requested_at: '2026-11-20T10:00:00.000Z',
    decided_by: null,
    decided_at: null,
    ...overrides,
  };
}

function transfersApi(permissions: Record<string, boolean>) {
  const calls = { created: [] as unknown[], decided: [] as string[] };
  let incoming = [transfer()];
  server.use(
    mock.post('/api/permissions/check-multiple', async ({ request }) => {
      const body = (await request.json()) as { permissions: string[] };
      const results = Object.fromEntries(body.permissions.map((code) => [code, permissions[code] === true]));
      return HttpResponse.json({ hasAny: false, hasAll: false, results });
    }),
    mock.get('/api/faithful-transfers', ({ request }) => {
      const direction = new URL(request.url).searchParams.get('direction');
      const data = direction === 'incoming' ? incoming : [];
      return HttpResponse.json({ data, meta: { total: data.length, page: 1, limit: 100 } });
    }),
    mock.get('/api/users', () =>
      HttpResponse.json({ data: [makeFaithful(1), makeFaithful(2)], meta: { total: 2, page: 1, limit: 20 } }),
    ),
    mock.get('/api/faithful-transfers/destinations', () =>
      HttpResponse.json({
        data: [{ id: 21, name: 'Église Plateau', section: { id: 9, name: 'Section Plateau' } }],
      }),
    ),
    mock.post('/api/faithful-transfers', async ({ request }) => {
      calls.created.push(await request.json());
      return HttpResponse.json({ data: [transfer({ id: 80 })] }, { status: 201 });
    }),
    mock.post('/api/faithful-transfers/:id/:decision', ({ params }) => {
      calls.decided.push(`${params.id}/${params.decision}`);
      incoming = [transfer({ status: 'accepted' })];
      return HttpResponse.json({ data: incoming[0] });
    }),
  );
  return calls;
}

describe('transfer page', () => {
  it('asks for the faithful and the receiving church, then sends the request', async () => {
    const calls = transfersApi({ 'user:update': true });
    renderApp('/mon-eglise/fideles/transfert', demo.pastor);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Demander le transfert' }));
    expect(await screen.findByText('Sélectionnez au moins un fidèle.')).toBeInTheDocument();
    expect(screen.getByText("L'église de destination est requise.")).toBeInTheDocument();
    expect(calls.created).toHaveLength(0);

    await user.click(screen.getByRole('combobox', { name: /^Fidèles à transférer/ }));
    await user.click(await screen.findByRole('option', { name: /Nom001 Prénom1/ }));
    expect(
      within(screen.getByRole('list', { name: 'Fidèles sélectionnés' })).getByText(/Nom001 Prénom1/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /^Église d'accueil/ }));
    await user.click(await screen.findByRole('option', { name: /Église Plateau/ }));
    await user.type(screen.getByLabelText('Motif'), 'Mariage');
    await user.click(screen.getByRole('button', { name: 'Demander le transfert' }));
    await waitFor(() =>
      expect(calls.created).toEqual([{ user_ids: [1001], to_church_id: 21, reason: 'Mariage' }]),
    );
  });

  it('accepts a received request after confirmation', async () => {
    const calls = transfersApi({ 'user:update': true });
    renderApp('/mon-eglise/fideles/transfert', demo.pastor);
    const user = userEvent.setup();
    const received = await screen.findByRole('table', { name: 'Demandes reçues' });
    const row = (await within(received).findByText('Aka Koffi', { exact: false })).closest('tr')!;
    expect(within(row).getByText('En attente')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Accepter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accepter le transfert' });
    expect(dialog).toHaveTextContent('Ses contributions passées restent à Église Plateau.');
    await user.click(within(dialog).getByRole('button', { name: 'Accepter' }));
    await waitFor(() => expect(calls.decided).toEqual(['71/accept']));
    expect(await within(received).findByText('Accepté')).toBeInTheDocument();
  });

  it('shows no form nor decision buttons to a reader', async () => {
    transfersApi({});
    renderApp('/mon-eglise/fideles/transfert', demo.pastor);
    const received = await screen.findByRole('table', { name: 'Demandes reçues' });
    await within(received).findByText('Déménagement');
    expect(screen.queryByRole('button', { name: 'Demander le transfert' })).not.toBeInTheDocument();
    expect(within(received).queryByRole('button', { name: 'Accepter' })).not.toBeInTheDocument();
  });
});
