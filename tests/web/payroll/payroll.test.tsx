import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import type { Employee, Payslip, PayslipList } from '@contract/payroll';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo } from '../app/fixtures';
import { locationOf, renderApp } from '../app/render-app';
import { permissionChecks } from '../msw/permissions';
import { server } from '../msw/server';

const ROOT = '/mon-bureau-national/espace-comptable';

function makeEmployee(overrides: Partial<Employee> = {}): Employee {
  return {
    id: 4,
    entity_type: 'NATIONAL_OFFICE',
    entity_id: 1,
    first_name: 'Aïcha',
    last_name: 'Koné',
    position: 'Secrétaire de direction',
    hired_on: '2019-02-01',
    base_salary: 250_000,
    phone: '+225 07 48 12 30 11',
    active: true,
    created_at: '2024-01-01T10:00:00.000Z',
    updated_at: '2024-01-01T10:00:00.000Z',
    ...overrides,
  };
}

function makePayslip(overrides: Partial<Payslip> = {}): Payslip {
  return {
    id: 12,
    employee_id: 4,
    employee: {
      id: 4,
      first_name: 'Aïcha',
      last_name: 'Koné',
      position: 'Secrétaire de direction',
      hired_on: '2019-02-01',
      active: true,
    },
    entity_type: 'NATIONAL_OFFICE',
    entity_id: 1,
    entity_name: 'Bureau national de Côte d’Ivoire',
    month: '2025-09',
    gross: 250_000,
    allowances: 30_000,
    deductions: 19_500,
    net: 260_500,
    status: 'unpaid',
    payment_account: null,
    paid_on: null,
    movement_id: null,
    created_at: '2025-10-01T10:00:00.000Z',
    updated_at: '2025-10-01T10:00:00.000Z',
    ...overrides,
  };
}

const totals: PayslipList['totals'] = {
  count: 2,
  gross: 600_000,
  allowances: 80_000,
  deductions: 47_500,
  net: 632_500,
  paid: 372_000,
  unpaid: 260_500,
};

function payrollApi(
  options: {
    canWrite?: boolean;
    payslip?: Payslip;
    createAnswer?: { status: number; body: object };
    payAnswer?: { status: number; body: object };
  } = {},
) {
  const calls = {
    employeeQueries: [] as URLSearchParams[],
    payslipQueries: [] as URLSearchParams[],
    employeesCreated: [] as unknown[],
    archived: [] as string[],
    payslipsCreated: [] as unknown[],
    paid: [] as { body: unknown; key: string | null }[],
  };
  server.use(
    mock.get('/api/national-offices/1', () =>
      HttpResponse.json({ data: { id: 1, name: 'Bureau national de Côte d’Ivoire' } }),
    ),
    mock.get('/api/employees', ({ request }) => {
      calls.employeeQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        data: [
          makeEmployee(),
          makeEmployee({
            id: 5,
            first_name: 'Serge',
            last_name: 'Ouattara',
            position: 'Comptable',
            base_salary: 350_000,
            phone: null,
          }),
        ],
        meta: { total: 2, page: 1, limit: 20 },
      });
    }),
    mock.post('/api/employees', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.employeesCreated.push(body);
      return HttpResponse.json({ data: makeEmployee({ id: 9 }) }, { status: 201 });
    }),
    mock.post('/api/employees/:id/archive', ({ params }) => {
      calls.archived.push(String(params.id));
      return HttpResponse.json({ data: makeEmployee({ active: false }) });
    }),
    mock.get('/api/payslips', ({ request }) => {
      calls.payslipQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        data: [
          makePayslip(),
          makePayslip({
            id: 13,
            employee_id: 5,
            employee: {
              id: 5,
              first_name: 'Serge',
              last_name: 'Ouattara',
              position: 'Comptable',
              hired_on: null,
              active: true,
            },
            gross: 350_000,
            allowances: 50_000,
            deductions: 28_000,
            net: 372_000,
            status: 'paid',
            paid_on: '2025-09-28',
            movement_id: 77,
            payment_account: { id: 41, code: '5211', name: 'Banque locale' },
          }),
        ],
        meta: { total: 2, page: 1, limit: 20 },
        totals,
      });
    }),
    mock.get('/api/payslips/:id', ({ params }) =>
      Number(params.id) === 12
        ? HttpResponse.json({ data: options.payslip ?? makePayslip() })
        : HttpResponse.json({ message: 'Fiche de paie introuvable.' }, { status: 404 }),
    ),
    mock.post('/api/payslips', async ({ request }) => {
      calls.payslipsCreated.push(await request.json());
      const answer = options.createAnswer ?? { status: 201, body: { data: makePayslip({ id: 20 }) } };
      return HttpResponse.json(answer.body, { status: answer.status });
    }),
    mock.post('/api/payslips/:id/pay', async ({ request }) => {
      calls.paid.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
      const answer = options.payAnswer ?? {
        status: 200,
        body: {
          data: makePayslip({
            status: 'paid',
            paid_on: '2025-10-05',
            movement_id: 90,
            payment_account: { id: 41, code: '5211', name: 'Banque locale' },
          }),
        },
      };
      return HttpResponse.json(answer.body, { status: answer.status });
    }),
    mock.get('/api/operation-accounts/authorized', () =>
      HttpResponse.json({
        data: [
          { id: 41, code: '5211', name: 'Banque locale', category: 'Trésorerie (actifs comme Passifs)' },
          { id: 42, code: '5711', name: 'Caisse locale', category: 'Trésorerie (actifs comme Passifs)' },
        ],
      }),
    ),
    permissionChecks(() => options.canWrite !== false),
  );
  return calls;
}

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
});

describe('payslips of a month', () => {
  it('lists the month with the totals the server computed, and links each payslip', async () => {
    const calls = payrollApi();
    renderApp(`${ROOT}/fiches-de-paie`, demo.nationalTreasurer);
    const list = await screen.findByRole('table', { name: 'Liste des fiches de paie' }, { timeout: 15_000 });
    expect(await within(list).findByRole('link', { name: 'Aïcha Koné' })).toHaveAttribute(
      'href',
      `${ROOT}/fiches-de-paie/12/modifier`,
    );
    const paid = within(list).getByRole('row', { name: /Serge Ouattara/ });
    expect(within(paid).getByText('Payée le 28/09/2025')).toBeInTheDocument();
    expect(within(list).getByText('À payer')).toBeInTheDocument();
    const figures = screen.getByRole('region', { name: /Totaux de/ });
    expect(within(figures).getByText('632 500')).toBeInTheDocument();
    expect(within(figures).getByText('260 500')).toBeInTheDocument();
    expect(calls.payslipQueries[0]!.get('entity_type')).toBe('NATIONAL_OFFICE');
    expect(calls.payslipQueries[0]!.get('month')).toMatch(/^\d{4}-\d{2}$/);
    expect(screen.getByRole('button', { name: 'Nouvelle fiche de paie' })).toBeInTheDocument();
  });

  it('sorts the payslips by net pay on the server from its header, the sort in the URL', async () => {
    const calls = payrollApi();
    const { router } = renderApp(`${ROOT}/fiches-de-paie`, demo.nationalTreasurer);
    const list = await screen.findByRole('table', { name: 'Liste des fiches de paie' }, { timeout: 15_000 });
    expect(within(list).getByRole('columnheader', { name: 'Mois' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const user = userEvent.setup();
    await user.click(
      within(within(list).getByRole('columnheader', { name: 'Net à payer' })).getByRole('button'),
    );
    await waitFor(() => expect(calls.payslipQueries.at(-1)?.get('sort')).toBe('net'));
    expect(calls.payslipQueries.at(-1)?.get('order')).toBe('desc');
    expect(calls.payslipQueries.at(-1)?.get('month')).toMatch(/^\d{4}-\d{2}$/);
    expect(locationOf(router)).toBe(`${ROOT}/fiches-de-paie?sort=net&order=desc`);
    expect(within(list).getByRole('columnheader', { name: 'Net à payer' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('hides the add button without the permission to write', async () => {
    payrollApi({ canWrite: false });
    renderApp(`${ROOT}/fiches-de-paie`, demo.nationalTreasurer);
    await screen.findByRole('table', { name: 'Liste des fiches de paie' }, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: 'Nouvelle fiche de paie' })).not.toBeInTheDocument();
  });
});

describe('new payslip', () => {
  it('checks the fields in French, starts the gross from the base salary, shows the net, creates it', async () => {
    const calls = payrollApi();
    const { router } = renderApp(`${ROOT}/fiches-de-paie/nouveau`, demo.nationalTreasurer);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enregistrer' }, { timeout: 15_000 }));
    expect(await screen.findByText('Veuillez choisir un employé.')).toBeInTheDocument();
    expect(screen.getByText('Ce champ est requis.')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: /Employé/ }));
    await user.click(await screen.findByRole('option', { name: /Serge Ouattara/ }));
    expect(screen.getByLabelText(/Salaire brut/)).toHaveValue('350000');
    await user.clear(screen.getByLabelText(/Retenues/));
    await user.type(screen.getByLabelText(/Retenues/), '500000');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Les retenues ne peuvent pas dépasser le brut et les indemnités.'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Retenues/));
    await user.type(screen.getByLabelText(/Retenues/), '28000');
    await user.clear(screen.getByLabelText(/Indemnités/));
    await user.type(screen.getByLabelText(/Indemnités/), '50000');
    expect(screen.getByText('372 000 F CFA')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.payslipsCreated).toHaveLength(1));
    expect(calls.payslipsCreated[0]).toMatchObject({
      employee_id: 5,
      gross: 350_000,
      allowances: 50_000,
      deductions: 28_000,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ROOT}/fiches-de-paie/20/modifier`));
  });

  it("shows the server's 409 on a second payslip of the month", async () => {
    payrollApi({
      createAnswer: {
        status: 409,
        body: { message: 'E_HTTP_EXCEPTION: Cet employé a déjà une fiche de paie pour septembre 2025.' },
      },
    });
    renderApp(`${ROOT}/fiches-de-paie/nouveau`, demo.nationalTreasurer);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: /Employé/ }, { timeout: 15_000 }));
    await user.click(await screen.findByRole('option', { name: /Aïcha Koné/ }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findAllByText('Cet employé a déjà une fiche de paie pour septembre 2025.'),
    ).not.toHaveLength(0);
  });
});

describe('the payslip', () => {
  it('shows the payslip and pays it with a treasury account, a date and an Idempotency-Key', async () => {
    const calls = payrollApi();
    renderApp(`${ROOT}/fiches-de-paie/12/modifier`, demo.nationalTreasurer);
    const user = userEvent.setup();
    expect(await screen.findByText('Bulletin de paie', {}, { timeout: 15_000 })).toBeInTheDocument();
    const items = screen.getByRole('table', { name: 'Éléments de la paie' });
    expect(within(items).getByRole('row', { name: /Net à payer/ })).toHaveTextContent('260 500 F CFA');
    expect(screen.getByRole('button', { name: 'Imprimer' })).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Payer' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Payer' }));
    expect(await within(dialog).findByText('Veuillez choisir le compte de trésorerie.')).toBeInTheDocument();
    const date = within(dialog).getByLabelText(/Date du paiement/);
    await user.clear(date);
    await user.type(date, '2025-08-30');
    await user.click(within(dialog).getByRole('combobox', { name: /Compte de trésorerie/ }));
    await user.click(await screen.findByRole('option', { name: 'Banque locale' }));
    await user.click(within(dialog).getByRole('button', { name: 'Payer' }));
    expect(
      await within(dialog).findByText('La date de paiement ne peut pas précéder le mois de la fiche.'),
    ).toBeInTheDocument();
    await user.clear(date);
    await user.type(date, '2025-10-05');
    await user.click(within(dialog).getByRole('button', { name: 'Payer' }));
    await waitFor(() => expect(calls.paid).toHaveLength(1));
    expect(calls.paid[0]!.body).toEqual({ payment_account_id: 41, paid_on: '2025-10-05' });
    expect(calls.paid[0]!.key).toMatch(/.{8,}/);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the same key for a retry after a refusal, and shows the French message', async () => {
    const calls = payrollApi({
      payAnswer: {
        status: 409,
        body: {
          message:
            "E_HTTP_EXCEPTION: L'exercice 2025 est clôturé : aucune écriture datée de cet exercice n'est acceptée.",
        },
      },
    });
    renderApp(`${ROOT}/fiches-de-paie/12/modifier`, demo.nationalTreasurer);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Payer' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: /Compte de trésorerie/ }));
    await user.click(await screen.findByRole('option', { name: 'Caisse locale' }));
    await user.click(within(dialog).getByRole('button', { name: 'Payer' }));
    expect(await within(dialog).findByText(/L'exercice 2025 est clôturé/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Payer' }));
    await waitFor(() => expect(calls.paid).toHaveLength(2));
    expect(calls.paid[1]!.key).toBe(calls.paid[0]!.key);
  });

  it('a paid payslip shows its payment and neither Payer nor the edit form', async () => {
    payrollApi({
      payslip: makePayslip({
        status: 'paid',
        paid_on: '2025-09-28',
        movement_id: 90,
        payment_account: { id: 41, code: '5211', name: 'Banque locale' },
      }),
    });
    renderApp(`${ROOT}/fiches-de-paie/12/modifier`, demo.nationalTreasurer);
    expect(
      await screen.findByText('Payée le 28/09/2025 par Banque locale.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Une fiche de paie payée ne peut plus être modifiée.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Payer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Modifier la fiche de paie' })).not.toBeInTheDocument();
  });
});

describe('employees', () => {
  it('sorts the employees by base salary on the server from its header, the sort in the URL', async () => {
    const calls = payrollApi();
    const { router } = renderApp(`${ROOT}/employes`, demo.nationalTreasurer);
    const list = await screen.findByRole('table', { name: 'Liste des employés' }, { timeout: 15_000 });
    expect(within(list).getByRole('columnheader', { name: 'Nom' })).toHaveAttribute('aria-sort', 'ascending');
    const user = userEvent.setup();
    await user.click(
      within(within(list).getByRole('columnheader', { name: 'Salaire de base' })).getByRole('button'),
    );
    await waitFor(() => expect(calls.employeeQueries.at(-1)?.get('sort')).toBe('salary'));
    expect(calls.employeeQueries.at(-1)?.get('order')).toBe('desc');
    expect(calls.employeeQueries.at(-1)?.get('status')).toBe('active');
    expect(locationOf(router)).toBe(`${ROOT}/employes?sort=salary&order=desc`);
  });

  it('lists the employees, checks the form in French, creates one and archives another', async () => {
    const calls = payrollApi();
    renderApp(`${ROOT}/employes`, demo.nationalTreasurer);
    const user = userEvent.setup();
    const list = await screen.findByRole('table', { name: 'Liste des employés' }, { timeout: 15_000 });
    expect(await within(list).findByText('Aïcha Koné')).toBeInTheDocument();
    expect(calls.employeeQueries[0]!.get('status')).toBe('active');

    await user.click(screen.getByRole('button', { name: 'Nouvel employé' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Le prénom est requis.')).toBeInTheDocument();
    expect(within(dialog).getByText('Le nom est requis.')).toBeInTheDocument();
    expect(within(dialog).getByText('Le poste est requis.')).toBeInTheDocument();
    expect(within(dialog).getByText('Le salaire de base est requis.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Prénom/), 'Moussa');
    await user.type(within(dialog).getByLabelText(/^Nom/), 'Diabaté');
    await user.type(within(dialog).getByLabelText(/Poste/), 'Chauffeur');
    await user.type(within(dialog).getByLabelText(/Salaire de base/), '120000');
    await user.type(within(dialog).getByLabelText(/Téléphone/), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Numéro de téléphone invalide.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Téléphone/));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.employeesCreated).toHaveLength(1));
    expect(calls.employeesCreated[0]).toMatchObject({
      entity_type: 'NATIONAL_OFFICE',
      entity_id: 1,
      first_name: 'Moussa',
      last_name: 'Diabaté',
      position: 'Chauffeur',
      base_salary: 120_000,
      phone: null,
    });

    await user.click(screen.getByRole('button', { name: 'Archiver Serge Ouattara' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Archiver' }));
    await waitFor(() => expect(calls.archived).toEqual(['5']));
  });
});
