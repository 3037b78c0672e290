import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import type { FixedAsset, FixedAssetStatistics } from '@contract/fixed-assets';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo } from '../app/fixtures';
import { locationOf, renderApp } from '../app/render-app';
import { permissionChecks } from '../msw/permissions';
import { server } from '../msw/server';

const ROOT = '/mon-bureau-national/espace-comptable/immobilisations';

function makeAsset(overrides: Partial<FixedAsset> = {}): FixedAsset {
  return {
    id: 5,
    name: 'Ordinateur portable',
    description: null,
    reference: 'INV-12',
    brand: 'HP',
    model: 'ProBook',
    operation_account_id: 31,
    operationAccount: { id: 31, name: 'Matériel informatique' },
    purchase_price: 1_200_000,
    additional_costs: 0,
    total_cost: 1_200_000,
    currency: 'XOF',
    purchase_date: '2024-03-02',
    commissioning_date: '2024-10-20',
    supplier: 'Bureau Vallée',
    invoice_number: null,
    location: 'Secrétariat',
    condition_notes: null,
    depreciable: true,
    useful_life_years: 3,
    residual_value: 0,
    annual_depreciation_rate: null,
    entity_type: 'NATIONAL_OFFICE',
    entity_id: 1,
    expense_payment_id: null,
    acquired_on: '2024-03-02',
    disposal: null,
    created_at: '2024-03-02T10:00:00.000Z',
    updated_at: '2024-03-02T10:00:00.000Z',
    ...overrides,
  };
}

const stats: FixedAssetStatistics = {
  count: 2,
  depreciable_count: 1,
  total_purchase_price: 6_200_000,
  total_additional_costs: 0,
  total_cost: 6_200_000,
  net_book_value: 5_500_000,
  by_account: [
    {
      operation_account_id: 31,
      name: 'Matériel informatique',
      count: 1,
      total_cost: 1_200_000,
      net_book_value: 500_000,
    },
    {
      operation_account_id: null,
      name: 'Sans compte',
      count: 1,
      total_cost: 5_000_000,
      net_book_value: 5_000_000,
    },
  ],
};

function assetsApi(options: { canWrite?: boolean; createAnswer?: { status: number; body: object } } = {}) {
  const calls = { created: [] as unknown[], updated: [] as unknown[], listQueries: [] as URLSearchParams[] };
  server.use(
    mock.get('/api/national-offices/1', () =>
      HttpResponse.json({ data: { id: 1, name: 'Bureau national de Côte d’Ivoire' } }),
    ),
    mock.get('/api/fixed-assets', ({ request }) => {
      calls.listQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json({ data: [makeAsset()], meta: { total: 1, page: 1, limit: 20 } });
    }),
    mock.get('/api/fixed-assets/statistics', () => HttpResponse.json({ data: stats })),
    mock.get('/api/fixed-assets/options', () =>
      HttpResponse.json({
        data: {
          currencies: [
            { value: 'XOF', label: 'FCFA (XOF)' },
            { value: 'EUR', label: 'Euro (EUR)' },
          ],
          operationAccounts: [{ id: 31, code: '2442', name: 'Matériel informatique' }],
          defaults: {
            currency: 'XOF',
            useful_life_years: 1,
            residual_value: 0,
            additional_costs: 0,
            depreciable: true,
          },
        },
      }),
    ),
    mock.get('/api/fixed-assets/:id', ({ params }) =>
      Number(params.id) === 5
        ? HttpResponse.json({ data: makeAsset() })
        : HttpResponse.json({ message: 'Immobilisation introuvable.' }, { status: 404 }),
    ),
    mock.post('/api/fixed-assets', async ({ request }) => {
      const body = await request.json();
      calls.created.push(body);
      const answer = options.createAnswer ?? { status: 201, body: { data: makeAsset({ id: 8 }) } };
      return HttpResponse.json(answer.body, { status: answer.status });
    }),
    mock.put('/api/fixed-assets/:id', async ({ request }) => {
      const body = await request.json();
      calls.updated.push(body);
      return HttpResponse.json({ data: makeAsset({ name: 'Ordinateur reconditionné' }) });
    }),
    permissionChecks(() => options.canWrite !== false),
  );
  return calls;
}

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
});

describe('fixed assets register', () => {
  it('shows the statistics by category and the list of the national office', async () => {
    const calls = assetsApi();
    renderApp(ROOT, demo.nationalTreasurer);
    const byCategory = await screen.findByRole(
      'table',
      { name: 'Valeurs par catégorie' },
      { timeout: 15_000 },
    );
    const row = within(byCategory).getByRole('row', { name: /Matériel informatique/ });
    expect(within(row).getByText('500 000 F CFA')).toBeInTheDocument();
    const list = await screen.findByRole('table', { name: 'Liste des immobilisations' });
    expect(within(list).getByRole('link', { name: 'Ordinateur portable' })).toHaveAttribute(
      'href',
      `${ROOT}/5`,
    );
    expect(calls.listQueries[0].get('entity_type')).toBe('NATIONAL_OFFICE');
    expect(calls.listQueries[0].get('entity_id')).toBe('1');
    expect(screen.getByRole('button', { name: 'Nouvelle immobilisation' })).toBeInTheDocument();
  });

  it('sorts the register by total cost on the server from its header, the sort in the URL', async () => {
    const calls = assetsApi();
    const { router } = renderApp(ROOT, demo.nationalTreasurer);
    const list = await screen.findByRole('table', { name: 'Liste des immobilisations' }, { timeout: 15_000 });
    expect(within(list).getByRole('columnheader', { name: "Date d'achat" })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const user = userEvent.setup();
    const cost = within(list).getByRole('columnheader', { name: 'Coût total' });
    await user.click(within(cost).getByRole('button', { name: 'Coût total' }));
    await waitFor(() => expect(calls.listQueries.at(-1)?.get('sort')).toBe('cost'));
    expect(calls.listQueries.at(-1)?.get('order')).toBe('desc');
    expect(calls.listQueries.at(-1)?.get('page')).toBe('1');
    expect(locationOf(router)).toBe(`${ROOT}?sort=cost&order=desc`);
    expect(within(list).getByRole('columnheader', { name: 'Coût total' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('hides the add button without the permission to write', async () => {
    assetsApi({ canWrite: false });
    renderApp(ROOT, demo.nationalTreasurer);
    await screen.findByRole('table', { name: 'Liste des immobilisations' }, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: 'Nouvelle immobilisation' })).not.toBeInTheDocument();
  });
});

/** Opens the new asset form and types its name and purchase price. */
async function newAsset(name: string, price: string) {
  renderApp(`${ROOT}/nouveau`, demo.nationalTreasurer);
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Nom de l'immobilisation/, {}, { timeout: 15_000 }), name);
  await user.type(screen.getByLabelText(/Prix d'achat/), price);
  return user;
}

describe('fixed asset form', () => {
  it('checks the fields with the French messages, then creates the asset with the defaults', async () => {
    const calls = assetsApi();
    const { router } = renderApp(`${ROOT}/nouveau`, demo.nationalTreasurer);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enregistrer' }, { timeout: 15_000 }));
    expect(await screen.findByText("Le nom de l'immobilisation est requis.")).toBeInTheDocument();
    expect(screen.getByText("Le prix d'achat est requis.")).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Durée de vie/));
    await user.type(screen.getByLabelText(/Taux d'amortissement/), '150');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('La durée de vie est requise pour un bien amortissable.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText("Le taux d'amortissement doit être compris entre 0,01 et 100."),
    ).toBeInTheDocument();
    expect(calls.created).toHaveLength(0);

    await user.type(screen.getByLabelText(/Nom de l'immobilisation/), 'Groupe électrogène');
    await user.type(screen.getByLabelText(/Prix d'achat/), '2500000');
    await user.clear(screen.getByLabelText(/Frais accessoires/));
    await user.type(screen.getByLabelText(/Frais accessoires/), '100000');
    await user.type(screen.getByLabelText(/Durée de vie/), '5');
    await user.clear(screen.getByLabelText(/Taux d'amortissement/));
    expect(screen.getByText('2 600 000 F CFA')).toBeInTheDocument(); // the total cost
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.created).toHaveLength(1));
    expect(calls.created[0]).toMatchObject({
      name: 'Groupe électrogène',
      purchase_price: 2_500_000,
      additional_costs: 100_000,
      currency: 'XOF',
      depreciable: true,
      useful_life_years: 5,
      residual_value: 0,
      entity_type: 'NATIONAL_OFFICE',
      entity_id: 1,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ROOT}/8`));
  });

  it('does not check nor send the hidden rate of an asset that is not depreciable', async () => {
    const calls = assetsApi();
    const user = await newAsset('Terrain', '9000000');
    await user.type(screen.getByLabelText(/Taux d'amortissement/), '150');
    await user.click(screen.getByLabelText('Bien amortissable'));
    expect(screen.queryByLabelText(/Taux d'amortissement/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.created).toHaveLength(1));
    expect(calls.created[0]).toMatchObject({
      name: 'Terrain',
      purchase_price: 9_000_000,
      depreciable: false,
    });
    expect(calls.created[0]).not.toHaveProperty('annual_depreciation_rate');
    expect(calls.created[0]).not.toHaveProperty('useful_life_years');
  });

  it("shows the server's French message when it refuses", async () => {
    assetsApi({
      createAnswer: { status: 400, body: { message: "Ce compte n'est pas un compte d'actifs immobilisés." } },
    });
    const user = await newAsset('Chaises', '300000');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findAllByText("Ce compte n'est pas un compte d'actifs immobilisés."),
    ).not.toHaveLength(0);
  });

  it('edits an asset from its values', async () => {
    const calls = assetsApi();
    const { router } = renderApp(`${ROOT}/5/modifier`, demo.nationalTreasurer);
    const user = userEvent.setup();
    const name = await screen.findByLabelText(/Nom de l'immobilisation/, {}, { timeout: 15_000 });
    expect(name).toHaveValue('Ordinateur portable');
    await user.clear(name);
    await user.type(name, 'Ordinateur reconditionné');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    await waitFor(() => expect(calls.updated).toHaveLength(1));
    expect(calls.updated[0]).toMatchObject({
      name: 'Ordinateur reconditionné',
      purchase_price: 1_200_000,
      operation_account_id: 31,
      commissioning_date: '2024-10-20',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ROOT}/5`));
  });
});

describe('fixed asset detail', () => {
  it('shows the total cost and the schedule prorated from the commissioning month', async () => {
    assetsApi();
    renderApp(`${ROOT}/5`, demo.nationalTreasurer);
    const schedule = await screen.findByRole('table', { name: "Plan d'amortissement" }, { timeout: 15_000 });
    const rows = within(schedule).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      '2024',
      '2025',
      '2026',
      '2027',
    ]);
    expect(within(rows[0]).getByText('3')).toBeInTheDocument();
    expect(within(rows[0]).getAllByText('100 000 F CFA')).toHaveLength(2); // charge and accumulated
    expect(within(rows[0]).getByText('1 100 000 F CFA')).toBeInTheDocument();
    expect(within(rows[3]).getByText('300 000 F CFA')).toBeInTheDocument();
    expect(within(rows[3]).getByText('1 200 000 F CFA')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Modifier' })).toBeInTheDocument();
  });

  it('sells an asset: checks the form, shows the gain, sends one Idempotency-Key, then shows the disposal', async () => {
    assetsApi();
    const sent: Array<{ body: unknown; key: string | null }> = [];
    const disposal = {
      kind: 'sale' as const,
      date: '2025-06-30',
      price: 1_000_000,
      net_book_value: 900_000,
      gain: 100_000,
      payment_account_id: 50,
      movement_id: 77,
    };
    server.use(
      mock.get('/api/fixed-assets/5', () =>
        HttpResponse.json({ data: makeAsset(sent.length > 0 ? { disposal } : {}) }),
      ),
      mock.get('/api/operation-accounts/authorized', () =>
        HttpResponse.json({ data: [{ id: 50, name: 'Caisse locale' }] }),
      ),
      mock.post('/api/fixed-assets/5/disposal', async ({ request }) => {
        sent.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
        return HttpResponse.json({ data: makeAsset({ disposal }) }, { status: 201 });
      }),
    );
    renderApp(`${ROOT}/5`, demo.nationalTreasurer);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Céder ou mettre au rebut' }, { timeout: 15_000 }),
    );
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    const date = within(dialog).getByLabelText(/Date de sortie/);
    await user.clear(date);
    await user.type(date, '2025-06-30');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer la sortie' }));
    expect(await within(dialog).findByText('Le prix de cession est requis.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Prix de cession/), '1000000');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer la sortie' }));
    expect(await within(dialog).findByText('Veuillez choisir le compte de paiement.')).toBeInTheDocument();
    // October 2024 to June 2025: 9 months of 400,000 a year = 300,000; net 900,000; a gain of 100,000
    const gain = within(dialog).getByText('Plus-value').nextSibling?.textContent ?? '';
    expect(gain.replace(/\D/g, '')).toBe('100000');
    expect(sent).toHaveLength(0);
    await user.click(within(dialog).getByRole('combobox', { name: "Compte d'encaissement" }));
    await user.click(await screen.findByRole('option', { name: 'Caisse locale' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer la sortie' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toEqual({
      kind: 'sale',
      disposed_on: '2025-06-30',
      price: 1_000_000,
      payment_account_id: 50,
    });
    expect(sent[0].key).toMatch(/.{8,}/);
    expect(
      await screen.findByRole('heading', { name: /Sortie du patrimoine : cession/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modifier' })).not.toBeInTheDocument();
  });
});
