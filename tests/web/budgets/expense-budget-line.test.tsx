import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo } from '../app/fixtures';
import { renderApp } from '../app/render-app';
import { expensesApi, makeRequest } from '../expenses/handlers';
import { server } from '../msw/server';

// Decision 0021: the add-expense screen and the approval block show what remains of the budget line and
// warn before a request goes beyond it.

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
});

function budgetLines() {
  server.use(
    mock.get('/api/budgets/budget-lines', () =>
      HttpResponse.json({
        data: [
          {
            id: 7,
            budget_id: 1,
            year: 2026,
            category: 'EXPENSE',
            amount: 100_000,
            budgetItemTemplate: { id: 1, name: 'Fonctionnement' },
            actual: 95_000,
            remaining: 5_000,
          },
        ],
      }),
    ),
  );
}

async function choose(user: UserEvent, label: string | RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('budget line on the add-expense screen', () => {
  it('shows the remaining amount, warns beyond it and asks before recording', async () => {
    const recorded = expensesApi();
    budgetLines();
    renderApp('/mon-eglise/depenses/nouveau', demo.pastor);
    await screen.findByRole('form', { name: 'Ajouter une dépense' }, { timeout: 15_000 });
    const user = userEvent.setup();
    await choose(user, 'Type', 'Fournitures de bureau');
    await user.type(screen.getByLabelText(/^Description/), 'Achat de fournitures');
    await user.type(screen.getByLabelText(/^Désignation/), 'Ramettes');
    await user.clear(screen.getByLabelText(/^Quantité/));
    await user.type(screen.getByLabelText(/^Quantité/), '4');
    await user.clear(screen.getByLabelText(/^Prix unitaire/));
    await user.type(screen.getByLabelText(/^Prix unitaire/), '2500');
    await choose(user, 'Ligne budgétaire', 'Fonctionnement');
    expect(screen.getByText(/Reste sur la ligne « Fonctionnement » \(2026\)/)).toHaveTextContent(
      '5 000 F CFA',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Cette demande (10 000 F CFA) dépasse le reste de la ligne budgétaire de 5 000 F CFA.',
    );
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dépassement de la ligne budgétaire' });
    expect(recorded.created).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer quand même' }));
    await waitFor(() => expect(recorded.created).toHaveLength(1));
    expect(recorded.created[0]).toMatchObject({ budget_line_id: 7 });
  }, 45_000);
});

describe('budget line in the approval block', () => {
  it('shows the approver that the request exceeds its line', async () => {
    const request = makeRequest({
      id: 42,
      status: 'approval_pending',
      amount: 50_000,
      amount_validated: 0,
      budget_line_id: 7,
      budgetLine: { id: 7, name: 'Fonctionnement', amount: 100_000 },
    });
    expensesApi({ requests: [request], permissions: { 'expense_request:manage': true } });
    budgetLines();
    renderApp('/mon-eglise/depenses/42', demo.pastor);
    const block = await screen.findByRole('region', { name: 'Approbation' }, { timeout: 15_000 });
    expect(await within(block).findByRole('alert')).toHaveTextContent(
      'Cette demande (50 000 F CFA) dépasse le reste de la ligne budgétaire de 45 000 F CFA.',
    );
  });
});
