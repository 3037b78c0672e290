import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { GIVING_MESSAGES, GIVING_PERMISSIONS } from '@contract/values/giving';
import { useAccountStore } from '@/shared/auth/account-store';
import { paymentPage } from '@/features/giving/lib/labels';
import { demo } from '../app/fixtures';
import { server } from '../msw/server';
import { renderApp } from '../app/render-app';
import { contributionsApi, makeContribution } from '../contributions/handlers';
import { givingApi, makeCheckout, makePublicCheckout, OPTIONS, permissions } from './handlers';

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
  vi.restoreAllMocks();
  permissions({});
});

describe('a member gives (/mes-contributions/donner)', () => {
  it('checks the amount with the French messages, then sends the gift and leaves for LigdiCash', async () => {
    const recorded = givingApi();
    const open = vi.spyOn(paymentPage, 'open').mockImplementation(() => {});
    renderApp('/mes-contributions/donner', demo.faithful);
    const form = await screen.findByRole('form', { name: 'Donner en ligne' }, { timeout: 15_000 });
    const phone = within(form).getByLabelText(/Téléphone/);
    await waitFor(() => expect(phone).toHaveValue('0701020304'));
    const user = userEvent.setup();
    const submit = within(form).getByRole('button', { name: 'Continuer vers le paiement' });
    await user.click(submit);
    expect(await within(form).findByText(GIVING_MESSAGES.amountRequired)).toBeInTheDocument();
    const amount = within(form).getByLabelText(/Montant/);
    await user.type(amount, '50');
    await user.click(submit);
    expect(await within(form).findByText(GIVING_MESSAGES.amountMin)).toBeInTheDocument();
    expect(recorded.startBodies).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '2500');
    await user.type(within(form).getByLabelText(/Note/), 'Merci Seigneur');
    await user.click(submit);
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://pay.example.test/giv_77'));
    expect(recorded.startBodies[0]).toEqual({
      entity_type: 'CHURCH',
      entity_id: 11,
      type: 'offering',
      amount: 2500,
      phone: '0701020304',
      notes: 'Merci Seigneur',
    });
  });

  it('shows the server’s French refusal in the form and stays on the page', async () => {
    givingApi({
      startAnswer: { status: 422, body: { message: `E_HTTP_EXCEPTION: ${GIVING_MESSAGES.notOpen}` } },
    });
    const open = vi.spyOn(paymentPage, 'open').mockImplementation(() => {});
    renderApp('/mes-contributions/donner', demo.faithful);
    const form = await screen.findByRole('form', { name: 'Donner en ligne' }, { timeout: 15_000 });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText(/Montant/), '2500');
    await user.click(within(form).getByRole('button', { name: 'Continuer vers le paiement' }));
    expect(await within(form).findByText(GIVING_MESSAGES.notOpen)).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });

  it('says why when the church does not take gifts online', async () => {
    givingApi({
      me: { ...OPTIONS, available: false, entities: [], reason: GIVING_MESSAGES.notOpen },
    });
    renderApp('/mes-contributions/donner', demo.faithful);
    expect(await screen.findByText('Don en ligne indisponible', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText(GIVING_MESSAGES.notOpen)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Donner en ligne' })).toBeNull();
  });

  it('offers Donner on /mes-contributions and marks an online gift', async () => {
    givingApi();
    contributionsApi({
      contributions: [makeContribution({ online: { reference: 'LGD-901', operator: 'Orange Money' } })],
    });
    renderApp('/mes-contributions', demo.faithful);
    expect(await screen.findByRole('link', { name: 'Donner' }, { timeout: 15_000 })).toHaveAttribute(
      'href',
      '/mes-contributions/donner',
    );
    expect(await screen.findByText('En ligne')).toBeInTheDocument();
  });
});

describe('back from LigdiCash (/mes-contributions/donner/:id)', () => {
  it('follows the gift: being confirmed, then the receipt with its QR code', async () => {
    givingApi({
      checkouts: [
        makeCheckout(),
        makeCheckout({
          status: 'paid',
          operator: 'Orange Money',
          contribution: {
            id: 901,
            receipt_number: 'R-2026-000901',
            public_id: 'RcPtPuBlIc01',
            status: 'valid',
          },
        }),
      ],
    });
    renderApp('/mes-contributions/donner/77', demo.faithful);
    expect(
      await screen.findByText('Paiement en cours de confirmation', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Paiement confirmé', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('Reçu N° R-2026-000901')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /QR code de vérification/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir le reçu' })).toHaveAttribute(
      'href',
      '/mes-contributions/901',
    );
  });

  it('a refused payment: a clear message, nothing recorded', async () => {
    givingApi({
      checkouts: [makeCheckout({ status: 'failed', failure_reason: 'Paiement refusé par l’opérateur.' })],
    });
    renderApp('/mes-contributions/donner/77', demo.faithful);
    expect(
      await screen.findByText('Le paiement n’a pas abouti', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Paiement refusé par l’opérateur.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Donner à nouveau' })).toBeInTheDocument();
  });
});

describe('a guest gives (/donner/:code)', () => {
  it('shows the church’s name, asks a name or Anonyme, then sends the gift', async () => {
    const recorded = givingApi();
    const open = vi.spyOn(paymentPage, 'open').mockImplementation(() => {});
    renderApp('/donner/abcde23456', null);
    expect(
      await screen.findByRole('heading', { name: 'Faire un don à Église de Cocody' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Faire un don' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText(/Téléphone/), '+225 07 11 22 33 44');
    await user.type(within(form).getByLabelText(/Montant/), '1000');
    await user.click(within(form).getByRole('button', { name: 'Continuer vers le paiement' }));
    expect(await within(form).findByText(GIVING_MESSAGES.nameRequired)).toBeInTheDocument();
    await user.click(within(form).getByLabelText(/Anonyme/));
    expect(within(form).queryByLabelText(/Nom et prénom/)).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Continuer vers le paiement' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://pay.example.test/giv_guest'));
    expect(recorded.guestBodies[0]).toMatchObject({
      name: null,
      is_anonymous: true,
      type: 'offering',
      amount: 1000,
    });
  });

  it('an unknown code: the server’s French answer', async () => {
    givingApi();
    renderApp('/donner/inconnu0000', null);
    expect(await screen.findByText('Page de don introuvable.', {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('back from LigdiCash: the receipt once confirmed', async () => {
    givingApi({
      publicCheckouts: [
        makePublicCheckout({
          status: 'paid',
          receipt: { public_id: 'RcPtPuBlIc02', receipt_number: 'R-2026-000902' },
        }),
      ],
    });
    renderApp('/donner/abcde23456/merci/PuBlIcChEcKoUt0000002', null);
    expect(await screen.findByText('Paiement confirmé', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Reçu N° R-2026-000902')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vérifier le reçu' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/receipt\/RcPtPuBlIc02$/),
    );
  });
});

describe('the treasurer’s online payments (/mon-eglise/paiements-en-ligne)', () => {
  beforeEach(() => {
    server.use(
      mock.get('*/api/churches/11', () => HttpResponse.json({ data: { id: 11, name: 'Église de Cocody' } })),
    );
  });

  it('lists the checkouts with their receipt, and re-checks a pending one with LigdiCash', async () => {
    permissions({ [GIVING_PERMISSIONS.MANAGE]: true });
    const recorded = givingApi({
      list: [
        makeCheckout({
          id: 81,
          giver: 'Aminata Koné',
          status: 'paid',
          fee: 50,
          operator: 'Orange Money',
          contribution: { id: 905, receipt_number: 'R-2026-000905', public_id: 'RcPt905', status: 'valid' },
        }),
        makeCheckout({ id: 82, giver: 'Kofi Mensah (visiteur)', is_guest: true, status: 'pending' }),
      ],
      verified: makeCheckout({ id: 82, status: 'paid' }),
    });
    renderApp('/mon-eglise/paiements-en-ligne', demo.pastor);
    const table = await screen.findByRole('table', { name: 'Paiements en ligne' }, { timeout: 15_000 });
    const paid = await within(table).findByRole('row', { name: /Aminata Koné/ });
    expect(within(paid).getByText('Payé')).toBeInTheDocument();
    expect(within(paid).getByText('R-2026-000905')).toBeInTheDocument();
    expect(recorded.listQueries[0].get('church_id')).toBe('11');
    const pending = within(table).getByRole('row', { name: /Kofi Mensah/ });
    const user = userEvent.setup();
    await user.click(await within(pending).findByRole('button', { name: 'Vérifier' }));
    await waitFor(() => expect(recorded.verified).toEqual(['82']));
    expect(await screen.findByText('Paiement vérifié : payé.')).toBeInTheDocument();
  });

  it('without the permission: no re-check and no reconciliation', async () => {
    givingApi({ list: [makeCheckout({ id: 82, giver: 'Kofi Mensah (visiteur)', status: 'pending' })] });
    renderApp('/mon-eglise/paiements-en-ligne', demo.pastor);
    const table = await screen.findByRole('table', { name: 'Paiements en ligne' }, { timeout: 15_000 });
    await within(table).findByRole('row', { name: /Kofi Mensah/ });
    expect(within(table).queryByRole('button', { name: 'Vérifier' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Importer le relevé (CSV)' })).toBeNull();
  });
});
