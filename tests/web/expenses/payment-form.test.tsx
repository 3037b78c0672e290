import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo } from '../app/fixtures';
import { renderApp } from '../app/render-app';
import { expensesApi, makeLine, makeRequest, type ApiOptions } from './handlers';

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
});

const PAYER = { 'expense:validate': true, 'expense:cancel': true };

async function openPayment(
  options: ApiOptions = {},
  path = '/mon-eglise/depenses/42',
  account = demo.pastor,
) {
  const recorded = expensesApi({
    requests: [makeRequest({ status: 'approved' })],
    permissions: PAYER,
    ...options,
  });
  renderApp(path, account);
  const user = userEvent.setup();
  const pay = await screen.findByRole('button', { name: 'Payer Chaises' }, { timeout: 15_000 });
  await user.click(pay);
  const dialog = await screen.findByRole('dialog', { name: 'Payer : Chaises' });
  return { recorded, user, dialog };
}

async function choose(user: UserEvent, dialog: HTMLElement, label: string, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillValid(user: UserEvent, dialog: HTMLElement) {
  await choose(user, dialog, 'Méthode de paiement', 'Espèces');
  await choose(user, dialog, 'Compte de paiement', 'Caisse locale');
}

describe('payment form', () => {
  it('defaults to the remaining amount, today and 10:30:00', async () => {
    const { dialog } = await openPayment();
    expect(within(dialog).getByLabelText(/^Montant/)).toHaveValue('50000');
    expect(within(dialog).getByLabelText(/^Heure du paiement/)).toHaveValue('10:30:00');
    expect(within(dialog).getByLabelText(/^Date du paiement/)).toHaveAttribute('min', '1900-01-01');
  });

  it('checks the amount: required, at least 1, at most the remaining amount', async () => {
    const { user, dialog, recorded } = await openPayment();
    const amount = within(dialog).getByLabelText(/^Montant/);
    const submit = within(dialog).getByRole('button', { name: 'Payer' });
    await user.clear(amount);
    await user.click(submit);
    expect(await within(dialog).findByText('Ce champ est requis.')).toBeInTheDocument();
    await user.type(amount, '0');
    await user.click(submit);
    expect(await within(dialog).findByText('Le montant doit être au moins 1.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '50001');
    await user.click(submit);
    expect(
      await within(dialog).findByText('Le montant ne peut pas être supérieur à 50000.'),
    ).toBeInTheDocument();
    expect(recorded.payments).toHaveLength(0);
  });

  it('checks the date, the time and the method', async () => {
    const { user, dialog } = await openPayment();
    const date = within(dialog).getByLabelText(/^Date du paiement/);
    await user.clear(date);
    await user.clear(within(dialog).getByLabelText(/^Heure du paiement/));
    await user.click(within(dialog).getByRole('button', { name: 'Payer' }));
    expect(await within(dialog).findByText('Ce champ est requis.')).toBeInTheDocument();
    expect(within(dialog).getByText("Format d'heure invalide (HH:MM ou HH:MM:SS)")).toBeInTheDocument();
    expect(within(dialog).getByText('Veuillez choisir la méthode de paiement.')).toBeInTheDocument();
    await user.type(date, '1899-06-01');
    await user.click(within(dialog).getByRole('button', { name: 'Payer' }));
    expect(
      await within(dialog).findByText('La date ne peut pas être antérieure au 01/01/1900.'),
    ).toBeInTheDocument();
  });

  it("shows 'Déjà payé' on a partly paid line and allows a partial payment", async () => {
    const { user, dialog, recorded } = await openPayment({
      requests: [
        makeRequest({
          status: 'approved',
          expenses: [makeLine({ status: 'paid', amount_validated: 20000, remaining: 30000 })],
        }),
      ],
    });
    expect(within(dialog).getByText(/Déjà payé/)).toBeInTheDocument();
    const amount = within(dialog).getByLabelText(/^Montant/);
    expect(amount).toHaveValue('30000');
    await user.clear(amount);
    await user.type(amount, '10000');
    await fillValid(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Payer' }));
    await waitFor(() => expect(recorded.payments).toHaveLength(1));
    const { body, key, id } = recorded.payments[0];
    expect(id).toBe('101');
    expect(key).toBeTruthy();
    expect(body).toMatchObject({
      amount: 10000,
      validate_time: '10:30:00',
      payment_method: 'cash',
      payment_account_id: 30,
      user_id: demo.pastor.id,
    });
    expect((body as { validated_at: string }).validated_at).toMatch(/T10:30:00\.000Z$/);
    expect(body).not.toHaveProperty('fixed_asset');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Payer : Chaises' })).not.toBeInTheDocument(),
    );
  });

  it('reuses the Idempotency-Key when retrying after a failure, with the fallback message', async () => {
    const { user, dialog, recorded } = await openPayment({ paymentFails: [{ status: 502 }] });
    await fillValid(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Payer' }));
    expect(
      (await within(dialog).findAllByText("Une erreur s'est produite lors de la validation")).length,
    ).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: 'Payer' }));
    await waitFor(() => expect(recorded.payments).toHaveLength(2));
    expect(recorded.payments[1].key).toBe(recorded.payments[0].key);
  });

  it("shows the server's message without its prefix", async () => {
    const { user, dialog } = await openPayment({
      paymentFails: [
        {
          status: 409,
          message: 'E_HTTP_EXCEPTION: Cette dépense a été annulée : elle ne peut pas être payée.',
        },
      ],
    });
    await fillValid(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Payer' }));
    expect(
      (await within(dialog).findAllByText('Cette dépense a été annulée : elle ne peut pas être payée.'))
        .length,
    ).toBeGreaterThan(0);
  });

  it('offers no fixed asset outside the national office', async () => {
    const { dialog } = await openPayment({
      requests: [
        makeRequest({
          status: 'approved',
          operationAccount: { id: 21, code: '2441', name: 'Mobilier', category: 'Actifs immobilisés' },
        }),
      ],
    });
    expect(within(dialog).queryByLabelText(/Créer l’immobilisation/)).not.toBeInTheDocument();
  });
});

describe('fixed asset with the payment (national office, Actifs immobilisés)', () => {
  const nationalRequest = makeRequest({
    status: 'approved',
    entity_type: 'NATIONAL_OFFICE',
    entity_id: 1,
    entity: { id: 1, name: 'Bureau national' },
    operationAccount: { id: 21, code: '2441', name: 'Mobilier', category: 'Actifs immobilisés' },
  });
  const open = () =>
    openPayment(
      { requests: [nationalRequest] },
      '/mon-bureau-national/espace-comptable/depenses/42',
      demo.nationalTreasurer,
    );

  it('checks the asset fields with the messages of SPEC.md section 5', async () => {
    const { user, dialog, recorded } = await open();
    await user.click(within(dialog).getByLabelText(/Créer l’immobilisation/));
    const name = within(dialog).getByLabelText(/^Nom de l'immobilisation/);
    expect(name).toHaveValue('Chaises');
    expect(within(dialog).getByLabelText(/^Devise/)).toHaveValue('XOF');
    expect(within(dialog).getByLabelText(/^Durée de vie/)).toHaveValue('1');
    expect(within(dialog).getByLabelText(/^Valeur résiduelle/)).toHaveValue('0');
    expect(within(dialog).getByLabelText(/^Frais accessoires/)).toHaveValue('0');
    await user.clear(name);
    await user.clear(within(dialog).getByLabelText(/^Devise/));
    await user.clear(within(dialog).getByLabelText(/^Durée de vie/));
    await user.type(within(dialog).getByLabelText(/^Taux d'amortissement/), '150');
    await fillValid(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Payer' }));
    expect(await within(dialog).findByText("Le nom de l'immobilisation est requis.")).toBeInTheDocument();
    expect(within(dialog).getByText('La devise est requise.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('La durée de vie est requise pour un bien amortissable.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText("Le taux d'amortissement doit être compris entre 0,01 et 100."),
    ).toBeInTheDocument();
    expect(recorded.payments).toHaveLength(0);
  });

  it('sends the asset with the payment; total cost = amount + additional costs', async () => {
    const { user, dialog, recorded } = await open();
    await user.click(within(dialog).getByLabelText(/Créer l’immobilisation/));
    const costs = within(dialog).getByLabelText(/^Frais accessoires/);
    await user.clear(costs);
    await user.type(costs, '2500');
    expect(within(dialog).getByText(/Coût total/).textContent).toMatch(/52\s500/);
    await fillValid(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Payer' }));
    await waitFor(() => expect(recorded.payments).toHaveLength(1));
    expect(recorded.payments[0].body).toMatchObject({
      amount: 50000,
      fixed_asset: {
        name: 'Chaises',
        additional_costs: 2500,
        currency: 'XOF',
        depreciable: true,
        useful_life_years: 1,
        residual_value: 0,
      },
    });
    const asset = (recorded.payments[0].body as { fixed_asset: Record<string, unknown> }).fixed_asset;
    expect(asset).not.toHaveProperty('brand');
    expect(asset).not.toHaveProperty('annual_depreciation_rate');
  });

  it("says 'Erreur lors de la soumission' when the payment with its asset fails without a message", async () => {
    expensesApi({ requests: [nationalRequest], permissions: PAYER, paymentFails: [{ status: 500 }] });
    renderApp('/mon-bureau-national/espace-comptable/depenses/42', demo.nationalTreasurer);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Payer Chaises' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payer : Chaises' });
    await user.click(within(dialog).getByLabelText(/Créer l’immobilisation/));
    await fillValid(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Payer' }));
    expect((await within(dialog).findAllByText('Erreur lors de la soumission')).length).toBeGreaterThan(0);
  });
});
