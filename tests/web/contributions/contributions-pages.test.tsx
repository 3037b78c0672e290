import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo } from '../app/fixtures';
import { locationOf, renderApp } from '../app/render-app';
import { contributionsApi, makeContribution } from './handlers';

const exported = vi.hoisted(() => ({
  calls: [] as { fileName: string; sheetName: string; rows: unknown[] }[],
}));
vi.mock('@/shared/lib/export-xlsx', () => ({
  exportToXlsx: async (options: { fileName: string; sheetName: string; rows: unknown[] }) => {
    exported.calls.push(options);
  },
}));

const TREASURER = {
  'contribution:create': true,
  'contribution:create_anonyme': true,
  'contribution:print_receipt': true,
  'contribution:update': true,
};

// Long user flows (typing, lazy chunks) on a shared, busy machine.
vi.setConfig({ testTimeout: 40_000 });

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
});

async function chooseOption(user: UserEvent, label: string | RegExp, option: string | RegExp) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function openForm(
  permissions: Record<string, boolean> = TREASURER,
  createFails = [] as { status: number; message: string }[],
) {
  const recorded = contributionsApi({ permissions, createFails });
  const view = renderApp('/mon-eglise/recettes/nouvelle', demo.pastor);
  // the first visit of a space loads its chunks: slow on a busy machine
  await screen.findByRole('button', { name: 'Enregistrer' }, { timeout: 15_000 });
  return { recorded, ...view, user: userEvent.setup() };
}

async function pickFaithful(user: UserEvent) {
  const input = screen.getByRole('combobox', { name: /^Fidèle/ });
  await user.click(input);
  await user.type(input, 'Amin');
  await user.click(await screen.findByRole('option', { name: /Aminata Koné/ }));
}

describe('register a contribution', () => {
  it('shows the French messages of an empty form and sends nothing', async () => {
    const { user, recorded } = await openForm();
    expect(document.title).toMatch(/^Nouvelle recette/);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Veuillez choisir un fidèle ou cocher « Anonyme ».')).toBeInTheDocument();
    expect(screen.getByText('Le montant est requis.')).toBeInTheDocument();
    expect(screen.getByText('Veuillez choisir le compte de paiement.')).toBeInTheDocument();
    expect(recorded.created).toHaveLength(0);
  });

  it('refuses a zero amount, a bad time and a future date', async () => {
    const { user } = await openForm();
    await user.type(screen.getByLabelText(/^Montant/), '0');
    const time = screen.getByLabelText(/^Heure/);
    await user.clear(time);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Le montant doit être un nombre entier supérieur à 0.'),
    ).toBeInTheDocument();
    expect(screen.getByText("Format d'heure invalide (HH:MM)")).toBeInTheDocument();
    const date = screen.getByLabelText(/^Date/);
    await user.clear(date);
    await user.type(date, '2999-01-01');
    await user.type(time, '10:00');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('La date ne peut pas être dans le futur.')).toBeInTheDocument();
  });

  it('records a tithe with an Idempotency-Key, reuses the key on retry, then opens the receipt', async () => {
    const { user, recorded, router } = await openForm(TREASURER, [
      { status: 503, message: 'Service indisponible' },
    ]);
    await pickFaithful(user);
    await user.type(screen.getByLabelText(/^Montant/), '25000');
    // the receipt account follows the type (tithe: 7581 Dîmes)
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Compte de recette/ })).toHaveTextContent('Dîmes'),
    );
    await chooseOption(user, /^Compte de paiement/, /Caisse locale/);
    await user.type(screen.getByLabelText(/^Notes/), 'Dîme de novembre');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findAllByText('Service indisponible')).not.toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(locationOf(router)).toBe('/mon-eglise/recettes?recu=950'));
    expect(recorded.created).toHaveLength(2);
    expect(recorded.createKeys[0]).toBeTruthy();
    expect(recorded.createKeys[1]).toBe(recorded.createKeys[0]);
    expect(recorded.created[1]).toMatchObject({
      entity_type: 'CHURCH',
      entity_id: 11,
      user_id: 501,
      is_anonymous: false,
      type: 'tithe',
      amount: 25000,
      receipt_account_id: 1,
      payment_account_id: 30,
      notes: 'Dîme de novembre',
    });
    expect(String((recorded.created[1] as { occurred_at: string }).occurred_at)).toMatch(/Z$/);
    // the receipt opens with its QR code and the print button
    const dialog = await screen.findByRole('dialog', { name: 'Reçu R-2026-000950' });
    const qr = within(dialog).getByRole('img', { name: /QR code de vérification/ });
    expect(qr.getAttribute('data-url')).toBe(`${window.location.origin}/receipt/AbCdEfGhIjKlMnOpQrStUv`);
    expect(qr.querySelector('svg')).not.toBeNull();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await user.click(await within(dialog).findByRole('button', { name: 'Imprimer le reçu' }));
    expect(print).toHaveBeenCalledOnce();
    await user.click(within(dialog).getByRole('button', { name: 'Ticket 80 mm' }));
    expect(document.querySelector('.receipt-print-root')?.getAttribute('data-format')).toBe('thermal');
  });

  it('records an anonymous offering only when allowed', async () => {
    const { user, recorded } = await openForm();
    await user.click(await screen.findByLabelText('Anonyme'));
    expect(screen.queryByRole('combobox', { name: /^Fidèle/ })).toBeNull();
    await chooseOption(user, /^Type de contribution/, 'Offrande');
    await user.type(screen.getByLabelText(/^Montant/), '5000');
    await chooseOption(user, /^Compte de paiement/, /Orange Money/);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(recorded.created).toHaveLength(1));
    expect(recorded.created[0]).toMatchObject({
      is_anonymous: true,
      user_id: null,
      type: 'offering',
      receipt_account_id: 2,
    });
  });

  it('hides the anonymous choice without contribution:create_anonyme', async () => {
    const { recorded } = await openForm({ 'contribution:create': true });
    await waitFor(() => expect(recorded.permissionChecks).not.toHaveLength(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByLabelText('Anonyme')).toBeNull();
  });
});

describe('receipts list', () => {
  it('shows the rows and the totals, filters by type on the server, and opens a receipt', async () => {
    const rows = [
      makeContribution(),
      makeContribution({
        id: 901,
        type: 'offering',
        amount: 3000,
        receipt_number: 'R-2026-000901',
        contributor: null,
        is_anonymous: true,
      }),
    ];
    const recorded = contributionsApi({ contributions: rows, permissions: { 'contribution:create': true } });
    const { router } = renderApp('/mon-eglise/recettes', demo.pastor);
    expect(await screen.findByText('R-2026-000900')).toBeInTheDocument();
    expect(screen.getByText('Anonyme')).toBeInTheDocument();
    expect(screen.getByTestId('total-amount')).toHaveTextContent(/28\s000/);
    expect(recorded.listQueries[0].get('entity_type')).toBe('CHURCH');
    expect(recorded.listQueries[0].get('entity_id')).toBe('11');
    expect(screen.getByRole('link', { name: 'Nouvelle recette' })).toHaveAttribute(
      'href',
      '/mon-eglise/recettes/nouvelle',
    );

    const user = userEvent.setup();
    await chooseOption(user, /^Type$/, 'Offrande');
    await waitFor(() => expect(recorded.listQueries.at(-1)?.get('type')).toBe('offering'));
    await waitFor(() => expect(screen.queryByText('R-2026-000900')).toBeNull());

    await user.click(screen.getByText('R-2026-000901'));
    expect(locationOf(router)).toBe('/mon-eglise/recettes?recu=901');
    const dialog = await screen.findByRole('dialog', { name: 'Reçu R-2026-000901' });
    // no print button without contribution:print_receipt
    expect(within(dialog).queryByRole('button', { name: 'Imprimer le reçu' })).toBeNull();
  });

  it.each([
    ['/ma-region/sections/7/eglises/11/recettes', demo.regionPresident, 'CHURCH', '11'],
    ['/ma-region/recettes', demo.regionPresident, 'REGION', '3'],
    ['/espace-comptable/eglise/11/recettes', demo.accountant, 'CHURCH', '11'],
    ['/departements/5/contributions', demo.faithful, 'ACTIVITY_GROUP', '5'],
  ] as const)('mounts the list at %s', async (path, account, entityType, entityId) => {
    const recorded = contributionsApi();
    renderApp(path, account);
    expect(await screen.findByText('R-2026-000900', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(recorded.listQueries[0].get('entity_type')).toBe(entityType);
    expect(recorded.listQueries[0].get('entity_id')).toBe(entityId);
  });

  it('sorts on the server from a header, keeps the sort in the URL, and goes back to page 1', async () => {
    const rows = Array.from({ length: 25 }, (_, index) =>
      makeContribution({ id: 900 + index, receipt_number: `R-2026-${String(900 + index).padStart(6, '0')}` }),
    );
    const recorded = contributionsApi({ contributions: rows });
    const { router } = renderApp('/mon-eglise/recettes?sort=date&order=asc', demo.pastor);
    expect(await screen.findByText('R-2026-000900')).toBeInTheDocument();
    expect(recorded.listQueries[0].get('sort')).toBe('date');
    expect(recorded.listQueries[0].get('order')).toBe('asc');
    expect(screen.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'ascending');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(recorded.listQueries.at(-1)?.get('page')).toBe('2'));

    const amount = screen.getByRole('columnheader', { name: 'Montant' });
    expect(amount).toHaveAttribute('aria-sort', 'none');
    await user.click(within(amount).getByRole('button', { name: 'Montant' }));
    await waitFor(() => expect(recorded.listQueries.at(-1)?.get('sort')).toBe('amount'));
    const last = recorded.listQueries.at(-1)!;
    expect(last.get('order')).toBe('desc');
    expect(last.get('page')).toBe('1');
    expect(last.get('entity_type')).toBe('CHURCH');
    expect(locationOf(router)).toBe('/mon-eglise/recettes?sort=amount&order=desc');
    expect(screen.getByRole('columnheader', { name: 'Montant' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'none');
  });

  it("lists one faithful's contributions", async () => {
    const recorded = contributionsApi();
    renderApp('/mon-eglise/fideles/501/contributions', demo.pastor);
    expect(await screen.findByText('R-2026-000900')).toBeInTheDocument();
    expect(recorded.listQueries[0].get('user_id')).toBe('501');
    await waitFor(() => expect(document.title).toMatch(/^Contributions de Aminata Koné/));
  });

  it('shows the receipt accounts and their totals', async () => {
    contributionsApi();
    renderApp('/mon-eglise/comptes-de-recettes', demo.pastor);
    expect(await screen.findByText('Dîmes')).toBeInTheDocument();
    expect(screen.getByTestId('accounts-total')).toHaveTextContent(/300\s000/);
  });
});

describe('receipt actions and the accountant', () => {
  it('cancels a receipt after confirmation, with an Idempotency-Key', async () => {
    const recorded = contributionsApi({ permissions: TREASURER });
    renderApp('/mon-eglise/recettes?recu=900', demo.pastor);
    const dialog = await screen.findByRole('dialog', { name: 'Reçu R-2026-000900' });
    const user = userEvent.setup();
    await user.click(await within(dialog).findByRole('button', { name: 'Annuler la contribution' }));
    const confirm = await screen.findByRole('dialog', { name: 'Annuler cette contribution ?' });
    await user.click(within(confirm).getByRole('button', { name: 'Annuler la contribution' }));
    await waitFor(() => expect(recorded.cancels).toHaveLength(1));
    expect(recorded.cancels[0]).toMatchObject({ id: '900' });
    expect(recorded.cancels[0].key).toBeTruthy();
    // on screen and in the print copy
    expect(await screen.findAllByText('Reçu annulé')).toHaveLength(2);
  });

  it('exports the filtered list to xlsx, every page', async () => {
    exported.calls.length = 0;
    const rows = Array.from({ length: 25 }, (_, i) =>
      makeContribution({ id: 1000 + i, receipt_number: `R-2026-00${1000 + i}` }),
    );
    contributionsApi({ contributions: rows });
    renderApp('/mon-eglise/recettes', demo.pastor);
    expect(await screen.findByText('R-2026-001000')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Exporter (xlsx)' }));
    await waitFor(() => expect(exported.calls).toHaveLength(1));
    expect(exported.calls[0].sheetName).toBe('Recettes');
    expect(exported.calls[0].fileName).toMatch(/^recettes-eglise-de-cocody-\d{4}-\d{2}-\d{2}$/);
    expect(exported.calls[0].rows).toHaveLength(25);
  });

  it('lets the accountant record for the church they come from', async () => {
    const recorded = contributionsApi({ permissions: { 'contribution:create': true } });
    const { router } = renderApp('/espace-comptable/recettes/nouvelle?church=11', demo.accountant);
    const user = userEvent.setup();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Église/ })).toHaveTextContent('Église de Cocody'),
    );
    await pickFaithful(user);
    await user.type(screen.getByLabelText(/^Montant/), '1000');
    await chooseOption(user, /^Compte de paiement/, /Caisse locale/);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(locationOf(router)).toBe('/espace-comptable/eglise/11/recettes?recu=950'));
    expect(recorded.created[0]).toMatchObject({ entity_type: 'CHURCH', entity_id: 11, user_id: 501 });
    expect(recorded.userSearches.at(-1)?.get('church_id')).toBe('11');
  });

  it('asks the accountant to choose a church', async () => {
    contributionsApi({ permissions: { 'contribution:create': true } });
    renderApp('/espace-comptable/recettes/nouvelle', demo.accountant);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Veuillez choisir une église.')).toBeInTheDocument();
  });
});

describe('/mes-contributions', () => {
  it('shows totals by year, the list and the annual statement', async () => {
    const recorded = contributionsApi();
    renderApp('/mes-contributions', demo.faithful);
    expect(await screen.findByRole('tab', { name: /2026/ })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText(/R-2026-000900/)).toBeInTheDocument();
    expect(recorded.listQueries[0].get('mine')).toBe('true');
    expect(recorded.listQueries[0].get('from_date')).toBe('2026-01-01');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Relevé annuel 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Relevé annuel 2026' });
    expect(await within(dialog).findByText('Relevé annuel des contributions 2026')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Imprimer le relevé' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('tab', { name: /2025/ }));
    await waitFor(() => expect(recorded.listQueries.at(-1)?.get('from_date')).toBe('2025-01-01'));
  });

  it('opens one receipt with its QR code', async () => {
    contributionsApi();
    renderApp('/mes-contributions/900', demo.faithful);
    expect(await screen.findAllByText('R-2026-000900', { exact: false })).not.toHaveLength(0);
    expect(screen.getAllByRole('img', { name: /QR code de vérification/ }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Imprimer le reçu' })).toBeNull();
  });
});
