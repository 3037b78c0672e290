import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';

const xlsx = vi.hoisted(() => ({
  utils: {
    aoa_to_sheet: vi.fn((data: unknown[][]) => ({ data }) as Record<string, unknown>),
    book_new: vi.fn(() => ({ sheets: [] as Array<{ sheet: unknown; name: string }> })),
    book_append_sheet: vi.fn(),
  },
  writeFile: vi.fn(),
}));
vi.mock('xlsx', () => xlsx);

import { useAccountStore } from '@/shared/auth/account-store';
import { demo } from '../app/fixtures';
import { renderApp } from '../app/render-app';
import { server } from '../msw/server';
import { budgetsApi, makeBudget, makeLine, summary } from './handlers';

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
  vi.clearAllMocks();
});

const approved2026 = makeBudget({
  id: 9,
  status: 'approved',
  approved: { by: 'Aya Traoré', at: '2026-01-10T10:00:00.000Z' },
  can: { edit: false, submit: false, delete: false, approve: false, reject: false, finalize: false },
});

describe('budgets list', () => {
  it('lists the church budgets and copies the latest year into a draft, then opens it', async () => {
    const recorded = budgetsApi({
      list: { data: [summary(approved2026)], below: [], can: { create: true } },
    });
    const { router } = renderApp('/mon-eglise/budgets', demo.pastor);
    const row = await screen.findByRole('row', { name: /Budget 2026/ }, { timeout: 15_000 });
    expect(within(row).getByText('Approuvé')).toBeInTheDocument();
    expect(within(row).getByText(/Approuvé par Aya Traoré le/)).toBeInTheDocument();
    expect(within(row).getByText('2 000 000 F CFA')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Copier le budget de 2026' }));
    await waitFor(() =>
      expect(recorded.created).toEqual([
        { entity_type: 'CHURCH', entity_id: 11, year: 2027, source: 'copy' },
      ]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/mon-eglise/budgets/77'));
  });

  it('creates a budget from the templates after choosing the year, with a French message without one', async () => {
    const recorded = budgetsApi({ list: { data: [], below: [], can: { create: true } } });
    renderApp('/mon-eglise/budgets', demo.pastor);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Nouveau budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau budget' });
    await user.click(within(dialog).getByRole('button', { name: 'Créer le brouillon' }));
    expect(await within(dialog).findByText('Choisissez l’exercice.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /Exercice/ }));
    await user.click(await screen.findByRole('option', { name: String(new Date().getFullYear()) }));
    await user.click(within(dialog).getByRole('button', { name: 'Créer le brouillon' }));
    await waitFor(() =>
      expect(recorded.created).toEqual([
        { entity_type: 'CHURCH', entity_id: 11, year: new Date().getFullYear(), source: 'templates' },
      ]),
    );
  });

  it('shows a section its own budgets and those its churches submitted', async () => {
    const submitted = summary(
      makeBudget({ id: 12, status: 'submitted', entity_name: 'Église de Yopougon', entity_id: 12 }),
    );
    budgetsApi({
      list: {
        data: [
          summary(makeBudget({ id: 5, entity_type: 'SECTION', entity_id: 7, entity_name: 'Section Cocody' })),
        ],
        below: [submitted],
        can: { create: true },
      },
    });
    renderApp('/ma-section/budgets', demo.sectionRepresentative);
    const below = await screen.findByRole(
      'table',
      { name: 'Budgets des entités rattachées' },
      { timeout: 15_000 },
    );
    const row = await within(below).findByRole('row', { name: /Église de Yopougon/ });
    expect(within(row).getByText('Soumis')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Budget 2026' })).toHaveAttribute(
      'href',
      '/ma-section/budgets/12',
    );
  });
});

describe('budget detail', () => {
  it('edits the planned amounts with French messages, then submits after confirming', async () => {
    const recorded = budgetsApi();
    renderApp('/mon-eglise/budgets/9', demo.pastor);
    const user = userEvent.setup();
    expect(await screen.findByRole('table', { name: 'Dépenses' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Modifier les montants' }));
    const field = await screen.findByLabelText(/^Entretien des locaux/);
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Le montant doit être un nombre entier positif ou nul (F CFA).'),
    ).toBeInTheDocument();
    expect(recorded.saved).toHaveLength(0);
    await user.type(field, '650000');
    await user.click(screen.getByRole('button', { name: 'Retirer Fournitures de bureau' }));
    await user.click(screen.getByRole('combobox', { name: 'Ajouter une rubrique' }));
    await user.click(await screen.findByRole('option', { name: /Missions/ }));
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(recorded.saved).toEqual([
        {
          lines: [
            { budget_item_template_id: 1, amount: 2_000_000 },
            { budget_item_template_id: 2, amount: 650_000 },
            { budget_item_template_id: 4, amount: 0 },
          ],
        },
      ]),
    );
    await user.click(await screen.findByRole('button', { name: 'Soumettre' }));
    const confirm = await screen.findByRole('dialog', { name: 'Soumettre le budget' });
    await user.click(within(confirm).getByRole('button', { name: 'Soumettre' }));
    await waitFor(() => expect(recorded.actions).toEqual([{ id: 9, action: 'submit', body: null }]));
    expect(await screen.findByText('Soumis')).toBeInTheDocument();
  });

  it('lets the approver reject with a required reason, and exports the lines', async () => {
    const recorded = budgetsApi({
      detail: makeBudget({
        id: 12,
        status: 'submitted',
        can: { edit: false, submit: false, delete: false, approve: true, reject: true, finalize: false },
      }),
    });
    renderApp('/ma-section/budgets/12', demo.sectionRepresentative);
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Approuver' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modifier les montants' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rejeter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rejeter le budget' });
    await user.click(within(dialog).getByRole('button', { name: 'Rejeter' }));
    expect(await within(dialog).findByText('Le motif du rejet est obligatoire.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Motif du rejet/), 'Revoir les missions');
    await user.click(within(dialog).getByRole('button', { name: 'Rejeter' }));
    await waitFor(() =>
      expect(recorded.actions).toEqual([
        { id: 12, action: 'reject', body: { reason: 'Revoir les missions' } },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Exporter (xlsx)' }));
    await waitFor(() => expect(xlsx.writeFile).toHaveBeenCalledTimes(1));
    const rows = xlsx.utils.aoa_to_sheet.mock.calls[0][0] as unknown[][];
    expect(rows[0]).toEqual(['Catégorie', 'Rubrique', 'Prévu (F CFA)', 'Statut du budget']);
    expect(rows[2]).toEqual(['Dépenses', 'Entretien des locaux', 500_000, 'Rejeté']);
  });

  it('shows the totals without lines to a role lacking budget:view_lines', async () => {
    budgetsApi({
      detail: makeBudget({
        lines: null,
        totals: null,
        can: { edit: false, submit: false, delete: false, approve: false, reject: false, finalize: false },
      }),
    });
    renderApp('/mon-eglise/budgets/9', demo.pastor);
    expect(await screen.findByText(/le détail de ses lignes demande la permission/)).toBeInTheDocument();
    expect(screen.getByText('Dépenses prévues')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('current budget', () => {
  const withActuals = makeBudget({
    ...approved2026,
    with_actuals: true,
    lines: [
      makeLine({
        id: 1,
        name: 'Dîmes',
        category: 'INCOME',
        amount: 2_000_000,
        actual: 1_500_000,
        remaining: 500_000,
        percent: 75,
      }),
      makeLine({
        id: 2,
        name: 'Entretien des locaux',
        amount: 500_000,
        actual: 600_000,
        remaining: -100_000,
        percent: 120,
      }),
    ],
    totals: {
      planned_income: 2_000_000,
      planned_expense: 500_000,
      actual_income: 1_500_000,
      actual_expense: 600_000,
    },
  });

  it('shows planned, actual, remaining and % used per line with a bar, and the totals', async () => {
    budgetsApi({ current: withActuals });
    renderApp('/mon-eglise/budget', demo.pastor);
    const table = await screen.findByRole('table', { name: 'Dépenses' });
    const row = within(table).getByRole('row', { name: /Entretien des locaux/ });
    expect(within(row).getByText('500 000 F CFA')).toBeInTheDocument();
    expect(within(row).getByText('600 000 F CFA')).toBeInTheDocument();
    expect(within(row).getByText('-100 000 F CFA')).toBeInTheDocument();
    expect(
      within(row).getByRole('progressbar', { name: 'Utilisation de Entretien des locaux' }),
    ).toHaveAttribute('aria-valuetext', '120 %');
    const totals = screen.getByRole('region', { name: 'Totaux' });
    expect(within(totals).getByText('1 500 000 F CFA')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Vue consolidée' })).not.toBeInTheDocument();
  });

  it('says when the year has no approved budget', async () => {
    budgetsApi({ current: null });
    renderApp('/mon-eglise/budget', demo.pastor);
    expect(
      await screen.findByText(`Aucun budget approuvé pour ${new Date().getFullYear()}`),
    ).toBeInTheDocument();
  });

  it('consolidates a section and drills down to one of its churches', async () => {
    const year = new Date().getFullYear();
    server.use(
      mock.get('/api/sections/7', () => HttpResponse.json({ data: { id: 7, name: 'Section Cocody' } })),
      mock.get('/api/churches/12', () => HttpResponse.json({ data: { id: 12, name: 'Église de Yopougon' } })),
    );
    const recorded = budgetsApi({
      currents: { 7: null, 12: { ...withActuals, entity_id: 12, entity_name: 'Église de Yopougon' } },
      consolidated: {
        'SECTION-7': {
          year,
          entity_type: 'SECTION',
          entity_id: 7,
          entity_name: 'Section Cocody',
          budgets: 3,
          items: [
            {
              budget_item_template_id: 2,
              name: 'Entretien des locaux',
              category: 'EXPENSE',
              planned: 1_500_000,
              actual: 900_000,
            },
          ],
          rows: [
            {
              entity_type: 'SECTION',
              entity_id: 7,
              name: 'Section Cocody',
              own: true,
              budgets: 1,
              planned_income: 0,
              planned_expense: 500_000,
              actual_income: 0,
              actual_expense: 100_000,
            },
            {
              entity_type: 'CHURCH',
              entity_id: 12,
              name: 'Église de Yopougon',
              own: false,
              budgets: 1,
              planned_income: 0,
              planned_expense: 1_000_000,
              actual_income: 0,
              actual_expense: 800_000,
            },
          ],
          totals: {
            planned_income: 0,
            planned_expense: 1_500_000,
            actual_income: 0,
            actual_expense: 900_000,
          },
        },
      },
    });
    renderApp('/ma-section/budget', demo.sectionRepresentative);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Vue consolidée' }));
    expect(
      await screen.findByRole('heading', { name: `Budget consolidé ${year} — Section Cocody` }),
    ).toBeInTheDocument();
    const parts = screen.getByRole('table', { name: 'Par entité' });
    expect(within(parts).getByText('Section Cocody (budget propre)')).toBeInTheDocument();
    await user.click(within(parts).getByRole('button', { name: 'Église Église de Yopougon' }));
    expect(
      await screen.findByRole('heading', { name: 'Budget 2026 — Église de Yopougon' }),
    ).toBeInTheDocument();
    expect(
      recorded.currentQueries.some((q) => q.includes('entity_type=CHURCH') && q.includes('entity_id=12')),
    ).toBe(true);
    const crumbs = screen.getByRole('navigation', { name: 'Niveaux consolidés' });
    await user.click(await within(crumbs).findByRole('button', { name: 'Section Cocody' }));
    expect(await screen.findByRole('table', { name: 'Par entité' })).toBeInTheDocument();
  });
});

describe('budget templates (admin)', () => {
  it('creates an item with French validation and archives another', async () => {
    const recorded = budgetsApi();
    renderApp('/admin/modeles-budget', demo.admin);
    const user = userEvent.setup();
    expect(await screen.findByRole('table', { name: 'Rubriques de recettes' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nouvelle rubrique' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle rubrique' });
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Le nom de la rubrique est obligatoire.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Nom/), 'Loyer');
    await user.click(within(dialog).getByRole('combobox', { name: /Compte d’opération/ }));
    await user.click(await screen.findByRole('option', { name: '6047 — Fournitures de bureau' }));
    const order = within(dialog).getByLabelText(/^Ordre/);
    await user.clear(order);
    await user.type(order, '40');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(recorded.templateWrites[0]).toEqual({
        method: 'POST',
        url: '/api/budget-item-templates',
        body: { name: 'Loyer', category: 'EXPENSE', operation_account_id: 41, position: 40 },
      }),
    );
    const used = screen.getByRole('row', { name: /Entretien des locaux/ });
    expect(within(used).queryByRole('button', { name: 'Supprimer' })).not.toBeInTheDocument();
    await user.click(within(used).getByRole('button', { name: 'Archiver' }));
    await waitFor(() =>
      expect(recorded.templateWrites[1]).toMatchObject({ url: '/api/budget-item-templates/2/archive' }),
    );
  });
});
