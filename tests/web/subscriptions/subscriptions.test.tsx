import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAccountStore } from '@/shared/auth/account-store';
import { paymentPage } from '@/features/subscriptions/lib/redirect';
import { demo, makeAccount } from '../app/fixtures';
import { locationOf, renderApp } from '../app/render-app';
import { makeAttempt, makeSubscription, subscriptionsApi } from './handlers';

const unpaidPastor = makeAccount({
  ...demo.pastor,
  phone: '+2250701020304',
  church: { id: 11, name: 'Église de Cocody', has_unpaid_subscription: true },
});
const paidPastor = makeAccount({
  ...unpaidPastor,
  church: { ...unpaidPastor.church!, has_unpaid_subscription: false },
});

const unpaid = makeSubscription();
const paid = makeSubscription({
  id: 4,
  start_date: '2025-11-16',
  end_date: '2026-11-15',
  paid: true,
  payment: {
    paid_at: '2025-11-18T10:00:00.000Z',
    reference: 'LGD-1',
    method: 'Orange Money',
    payer: { id: 7, name: 'Jean Koné' },
  },
});
const detailOf = (s = unpaid, extra: Partial<{ can_pay: boolean }> = {}) => ({
  ...s,
  attempts: [],
  can_pay: !s.paid,
  ...extra,
});

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
  vi.restoreAllMocks();
});

describe('subscription list', () => {
  it('lists the church’s subscriptions with the paid badge, even behind the billing gate', async () => {
    const recorded = subscriptionsApi({ list: [unpaid, paid] });
    renderApp('/mon-eglise/souscriptions', unpaidPastor);
    const link = await screen.findByRole('link', { name: 'Souscription du 16/11/2026' }, { timeout: 15_000 });
    expect(link).toHaveAttribute('href', '/mon-eglise/souscriptions/5');
    const row = (name: RegExp) => screen.getByRole('row', { name });
    expect(within(row(/16\/11\/2026/)).getByText('Non payée')).toBeInTheDocument();
    expect(within(row(/16\/11\/2025/)).getByText('Payée')).toBeInTheDocument();
    expect(within(row(/16\/11\/2026/)).getByText('Du 16/11/2026 au 15/11/2027')).toBeInTheDocument();
    const query = recorded.listQueries[0];
    expect(query.get('church_id')).toBe('11');
    expect(query.get('page')).toBe('1');
    expect(screen.queryByRole('button', { name: 'Nouvelle souscription' })).not.toBeInTheDocument();
  });

  it('sorts by amount on the server from its header, the sort in the URL', async () => {
    const recorded = subscriptionsApi({ list: [unpaid, paid] });
    const { router } = renderApp('/mon-eglise/souscriptions', unpaidPastor);
    await screen.findByRole('link', { name: 'Souscription du 16/11/2026' }, { timeout: 15_000 });
    expect(screen.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'descending');
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('columnheader', { name: 'Montant' })).getByRole('button'));
    await waitFor(() => expect(recorded.listQueries.at(-1)?.get('sort')).toBe('amount'));
    expect(recorded.listQueries.at(-1)?.get('order')).toBe('desc');
    expect(recorded.listQueries.at(-1)?.get('church_id')).toBe('11');
    expect(locationOf(router)).toBe('/mon-eglise/souscriptions?sort=amount&order=desc');
  });
});

describe('billing gate', () => {
  it('sends Payer to the oldest unpaid subscription’s details', async () => {
    const recorded = subscriptionsApi({ list: [unpaid] });
    renderApp('/mon-eglise', unpaidPastor);
    await screen.findByRole(
      'heading',
      { name: 'Une facture est en attente de paiement' },
      { timeout: 15_000 },
    );
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Payer' })).toHaveAttribute(
        'href',
        '/mon-eglise/souscriptions/5',
      ),
    );
    const query = recorded.listQueries[0];
    expect(query.get('paid')).toBe('false');
    expect(query.get('order')).toBe('asc');
    expect(query.get('limit')).toBe('1');
  });
});

describe('subscription details and payment', () => {
  it('shows the details and a prefilled, checked pay form that sends the payer to LigdiCash', async () => {
    const recorded = subscriptionsApi({ detail: detailOf() });
    const open = vi.spyOn(paymentPage, 'open').mockImplementation(() => {});
    renderApp('/mon-eglise/souscriptions/5', unpaidPastor);
    const user = userEvent.setup();
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Détails de la souscription' },
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Du 16/11/2026 au 15/11/2027')).toBeInTheDocument();
    expect(screen.getByText('10/11/2026')).toBeInTheDocument();
    expect(screen.getAllByText('Non payée').length).toBeGreaterThan(0);
    expect(screen.getByText('Aucune tentative de paiement')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Payer' }));
    const form = screen.getByRole('form', { name: 'Payer la souscription' });
    expect(within(form).getByLabelText(/Téléphone/)).toHaveValue('+2250701020304');
    expect(within(form).getByLabelText('Prénom')).toHaveValue('Jean');
    expect(within(form).getByLabelText('Email')).toHaveValue('awa@example.org');

    await user.clear(within(form).getByLabelText(/Téléphone/));
    await user.clear(within(form).getByLabelText('Email'));
    await user.type(within(form).getByLabelText('Email'), 'pas-un-email');
    await user.click(within(form).getByRole('button', { name: 'Payer' }));
    expect(await within(form).findByText('Le numéro de téléphone est requis.')).toBeInTheDocument();
    expect(within(form).getByText('Format email invalide')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Téléphone/), '12');
    await user.click(within(form).getByRole('button', { name: 'Payer' }));
    expect(await within(form).findByText(/Numéro de téléphone invalide/)).toBeInTheDocument();
    expect(recorded.payBodies).toHaveLength(0);

    await user.clear(within(form).getByLabelText(/Téléphone/));
    await user.type(within(form).getByLabelText(/Téléphone/), '07 01 02 03 04');
    await user.clear(within(form).getByLabelText('Email'));
    await user.click(within(form).getByRole('button', { name: 'Payer' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://pay.example.test/tok_1'));
    expect(recorded.payBodies[0]).toEqual({
      phone: '0701020304',
      first_name: 'Jean',
      last_name: 'Koné',
      return_path: '/mon-eglise/souscriptions/5',
    });
  });

  it('shows the provider’s trouble in French and stays on the page', async () => {
    subscriptionsApi({
      detail: detailOf(),
      payAnswer: {
        status: 502,
        body: {
          message: 'E_HTTP_EXCEPTION: Le service de paiement (LigdiCash) est injoignable pour le moment.',
        },
      },
    });
    const open = vi.spyOn(paymentPage, 'open').mockImplementation(() => {});
    renderApp('/mon-eglise/souscriptions/5', unpaidPastor);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Payer' }, { timeout: 15_000 }));
    await user.click(
      within(screen.getByRole('form', { name: 'Payer la souscription' })).getByRole('button', {
        name: 'Payer',
      }),
    );
    expect(await screen.findByText(/LigdiCash\) est injoignable/)).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });

  it('back from LigdiCash: verifying, then confirmed, and the account is read again (the gate lifts)', async () => {
    const recorded = subscriptionsApi({
      detail: detailOf(),
      attemptAnswers: [
        { attempt: makeAttempt(), subscription_paid: false },
        { attempt: makeAttempt({ status: 'completed', operator: 'Wave' }), subscription_paid: true },
      ],
      me: paidPastor,
    });
    renderApp('/mon-eglise/souscriptions/5?paiement=9', unpaidPastor);
    expect(
      await screen.findByText(/Paiement en cours de vérification/, {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText(/Paiement confirmé/, {}, { timeout: 6000 })).toBeInTheDocument();
    await waitFor(() => expect(recorded.meCalls).toBeGreaterThan(0));
    await waitFor(() =>
      expect(useAccountStore.getState().account?.church?.has_unpaid_subscription).toBe(false),
    );
  });

  it('back from a refused payment: a clear message, nothing paid', async () => {
    subscriptionsApi({
      detail: detailOf(),
      attemptAnswers: [
        {
          attempt: makeAttempt({
            status: 'failed',
            failure_reason: 'Paiement non abouti (statut LigdiCash : nocompleted).',
          }),
          subscription_paid: false,
        },
      ],
    });
    renderApp('/mon-eglise/souscriptions/5?paiement=9', unpaidPastor);
    expect(
      await screen.findByText(/Le paiement n’a pas abouti/, {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/vous pouvez réessayer/)).toBeInTheDocument();
  });

  it('shows the payment of a paid subscription, its receipt, and no Payer', async () => {
    subscriptionsApi({
      detail: {
        ...detailOf(paid),
        attempts: [makeAttempt({ subscription_id: 4, status: 'completed', operator: 'Orange Money' })],
      },
    });
    renderApp('/mon-eglise/souscriptions/4', paidPastor);
    expect(await screen.findByRole('region', { name: 'Paiement' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('LGD-1')).toBeInTheDocument();
    expect(screen.getAllByText('Orange Money').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Imprimer le reçu' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Payer' })).not.toBeInTheDocument();
    expect(screen.getByText('Réussi')).toBeInTheDocument();
  });
});

describe('creating subscriptions', () => {
  it('lets the admin bill a national office, with the form checked in French', async () => {
    const recorded = subscriptionsApi({ list: [] });
    renderApp(
      '/admin/bureaux-nationaux/1/souscriptions',
      makeAccount({ ...demo.admin, is_super_admin: true }),
    );
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Nouvelle souscription' }, { timeout: 15_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle souscription' });
    await user.click(within(dialog).getByRole('button', { name: 'Créer' }));
    expect(await within(dialog).findByText('Veuillez choisir le type de souscription.')).toBeInTheDocument();
    expect(within(dialog).getAllByText('La date est requise.')).toHaveLength(2);

    await user.click(within(dialog).getByRole('combobox', { name: /Type de souscription/ }));
    await user.click(await screen.findByRole('option', { name: /Abonnement annuel Bureau national/ }));
    expect(within(dialog).getByLabelText(/Montant/)).toHaveValue('300000');
    await user.type(within(dialog).getByLabelText(/Date de début/), '01/01/2027');
    expect(within(dialog).getByLabelText(/Date de fin/)).toHaveValue('31/12/2027');
    await user.click(within(dialog).getByRole('button', { name: 'Créer' }));
    await waitFor(() =>
      expect(recorded.createBodies[0]).toEqual({
        subscription_type_id: 5,
        amount: 300_000,
        start_date: '01/01/2027',
        end_date: '31/12/2027',
        status: 'active',
        national_office_id: 1,
      }),
    );
    // the admin manages the types on the same page
    expect(screen.getByRole('region', { name: 'Types de souscription' })).toBeInTheDocument();
  });

  it('lets the admin add a subscription type, checked in French', async () => {
    const recorded = subscriptionsApi({ list: [] });
    renderApp(
      '/admin/bureaux-nationaux/1/souscriptions',
      makeAccount({ ...demo.admin, is_super_admin: true }),
    );
    const user = userEvent.setup();
    const types = await screen.findByRole('region', { name: 'Types de souscription' }, { timeout: 10_000 });
    expect(await within(types).findByText('Abonnement annuel Section')).toBeInTheDocument();
    await user.click(within(types).getByRole('button', { name: 'Nouveau type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau type de souscription' });
    await user.clear(within(dialog).getByLabelText(/Période/));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Le nom est requis.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('La période doit être un nombre de mois entre 1 et 60.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Le montant est requis.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Nom/), 'Abonnement trimestriel Église');
    await user.type(within(dialog).getByLabelText(/Période/), '3');
    await user.type(within(dialog).getByLabelText(/Montant/), '33000');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(recorded.typeBodies[0]).toEqual({
        name: 'Abonnement trimestriel Église',
        target: 'church',
        period_months: 3,
        amount: 33_000,
      }),
    );
  });
});
