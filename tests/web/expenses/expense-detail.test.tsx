import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo } from '../app/fixtures';
import { renderApp } from '../app/render-app';
import { expensesApi, makeLine, makeRequest, user as userRef, type ApiOptions } from './handlers';

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
});

const ALL = {
  'expense:approve': true,
  'expense:validate': true,
  'expense:cancel': true,
  'expense_request:validate': true,
  'expense:update': true,
  'expense:create': true,
};

async function openDetail(options: ApiOptions, account = demo.pastor, { checks = true } = {}) {
  const recorded = expensesApi(options);
  const view = renderApp('/mon-eglise/depenses/42', account);
  await screen.findByRole(
    'heading',
    { name: options.requests?.[0]?.title ?? 'Fournitures de bureau', level: 2 },
    { timeout: 15_000 },
  );
  // the permission answer has arrived
  if (checks) await waitFor(() => expect(recorded.permissionChecks.length).toBeGreaterThan(0));
  return { recorded, ...view, user: userEvent.setup() };
}

const lineRow = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('expense request detail', () => {
  it('shows the request, its creator with a tel: link, lines, total and attachments', async () => {
    await openDetail({
      requests: [
        makeRequest({
          attachments: [
            {
              id: 5,
              attachable_type: 'expense_request',
              attachable_id: 42,
              original_name: 'facture.pdf',
              mime_type: 'application/pdf',
              size: 2048,
              url: '/attachments/5',
              created_at: '2026-11-20T10:00:00.000Z',
            },
          ],
        }),
      ],
      permissions: ALL,
    });
    expect(screen.getByText(/Créée le 20\/11\/2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+225 07 00 00 00 01' })).toHaveAttribute(
      'href',
      'tel:+2250700000001',
    );
    expect(screen.getByText('Achat pour le secrétariat')).toBeInTheDocument();
    expect(lineRow('Chaises')).toBeInTheDocument();
    expect(screen.getByText(/Total/).textContent).toMatch(/80\s000/);
    expect(screen.getByRole('link', { name: 'facture.pdf' })).toHaveAttribute('href', '/api/attachments/5');
  });

  it('asks every permission in ONE check on the request entity', async () => {
    const { recorded } = await openDetail({ permissions: ALL });
    expect(recorded.permissionChecks).toHaveLength(1);
    expect(recorded.permissionChecks[0]).toMatchObject({ entity_type: 'CHURCH', entity_id: 11 });
    expect((recorded.permissionChecks[0] as { permissions: string[] }).permissions).toEqual(
      expect.arrayContaining([
        'expense:approve',
        'expense:validate',
        'expense:cancel',
        'expense_request:manage',
      ]),
    );
  });

  it('checks ACTIVITY_GROUP requests with that entity type (the server maps it to global)', async () => {
    const { recorded } = await openDetail({
      requests: [
        makeRequest({ entity_type: 'ACTIVITY_GROUP', entity_id: 4, entity: { id: 4, name: 'Chorale' } }),
      ],
      permissions: ALL,
    });
    expect(recorded.permissionChecks[0]).toMatchObject({ entity_type: 'ACTIVITY_GROUP', entity_id: 4 });
  });

  it('before approval: details, edit and delete; the add-line button; approve and reject for approvers', async () => {
    await openDetail({
      permissions: { 'expense:approve': true, 'expense:update': true, 'expense:create': true },
    });
    const row = lineRow('Chaises');
    expect(within(row).getByRole('button', { name: 'Détails de Chaises' })).toBeEnabled();
    expect(within(row).getByRole('button', { name: 'Modifier Chaises' })).toBeEnabled();
    expect(within(row).getByRole('button', { name: 'Supprimer Chaises' })).toBeEnabled();
    expect(within(row).queryByRole('button', { name: 'Payer Chaises' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Annuler Chaises' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ajouter une ligne' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approuver' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rejeter' })).toBeInTheDocument();
    // approve without validate: no 'Valider'
    expect(screen.queryByRole('button', { name: 'Valider' })).not.toBeInTheDocument();
  });

  it('after approval: details, pay and cancel; pay disabled once validated or cancelled, cancel once cancelled', async () => {
    await openDetail({
      requests: [
        makeRequest({
          status: 'approved',
          approvedByUser: userRef(7, 'Jean Pasteur'),
          approved_at: '2026-11-20T12:00:00.000Z',
          expenses: [
            makeLine({ id: 1, name: 'Chaises' }),
            makeLine({ id: 2, name: 'Papier', status: 'validated', amount_validated: 50000, remaining: 0 }),
            makeLine({ id: 3, name: 'Encre', status: 'cancelled', remaining: 0 }),
            makeLine({ id: 4, name: 'Stylos', status: 'paid', amount_validated: 1000, remaining: 49000 }),
          ],
        }),
      ],
      permissions: { 'expense:validate': true, 'expense:cancel': true },
    });
    expect(screen.getByText(/Approuvée par Jean Pasteur/)).toBeInTheDocument();
    const open = lineRow('Chaises');
    expect(within(open).queryByRole('button', { name: /Modifier/ })).not.toBeInTheDocument();
    expect(within(open).queryByRole('button', { name: /Supprimer/ })).not.toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Payer Chaises' })).toBeEnabled();
    expect(within(open).getByRole('button', { name: 'Annuler Chaises' })).toBeEnabled();
    expect(within(lineRow('Papier')).getByRole('button', { name: 'Payer Papier' })).toBeDisabled();
    expect(within(lineRow('Papier')).getByRole('button', { name: 'Annuler Papier' })).toBeEnabled();
    expect(within(lineRow('Encre')).getByRole('button', { name: 'Payer Encre' })).toBeDisabled();
    expect(within(lineRow('Encre')).getByRole('button', { name: 'Annuler Encre' })).toBeDisabled();
    expect(within(lineRow('Stylos')).getByRole('button', { name: 'Payer Stylos' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Ajouter une ligne' })).not.toBeInTheDocument();
    // Not an approver: no approval buttons.
    expect(screen.queryByRole('button', { name: 'Approuver' })).not.toBeInTheDocument();
  });

  it('pay needs validate and cancel needs cancel', async () => {
    await openDetail({
      requests: [makeRequest({ status: 'approved' })],
      permissions: { 'expense:cancel': true },
    });
    const row = lineRow('Chaises');
    expect(within(row).queryByRole('button', { name: 'Payer Chaises' })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Annuler Chaises' })).toBeInTheDocument();
  });

  it('manage implies approve, validate and cancel', async () => {
    await openDetail({
      requests: [makeRequest({ status: 'approved' })],
      permissions: { 'expense_request:manage': true },
    });
    expect(within(lineRow('Chaises')).getByRole('button', { name: 'Payer Chaises' })).toBeEnabled();
    expect(within(lineRow('Chaises')).getByRole('button', { name: 'Annuler Chaises' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Valider' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rejeter' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Marquer comme vérifiée' })).toBeInTheDocument();
  });

  it('is read-only without permissions', async () => {
    await openDetail({ requests: [makeRequest({ status: 'approved' })], permissions: {} });
    expect(
      screen.getByText('Lecture seule : vous ne pouvez pas modifier cette demande.'),
    ).toBeInTheDocument();
    const row = lineRow('Chaises');
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Détails']);
    expect(screen.queryByRole('button', { name: 'Approuver' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Marquer comme vérifiée' })).not.toBeInTheDocument();
  });

  it('a verified request shows who verified it and allows nothing more', async () => {
    await openDetail({
      requests: [
        makeRequest({
          status: 'validated',
          verifiedByUser: userRef(3, 'Koffi Comptable'),
          verified_at: '2026-11-21T08:00:00.000Z',
        }),
      ],
      permissions: { 'expense_request:manage': true },
    });
    expect(screen.getByText('Dépense vérifiée (par Koffi Comptable)')).toBeInTheDocument();
    expect(
      within(lineRow('Chaises'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Détails']);
    expect(screen.queryByRole('button', { name: 'Marquer comme vérifiée' })).not.toBeInTheDocument();
  });

  it('approves the request', async () => {
    const { user, recorded } = await openDetail({ permissions: { 'expense:approve': true } });
    await user.click(screen.getByRole('button', { name: 'Approuver' }));
    await waitFor(() => expect(recorded.actions).toHaveLength(1));
    expect(recorded.actions[0]).toMatchObject({ id: '42', action: 'approved' });
  });

  it('verifies through the dialog', async () => {
    const { user, recorded } = await openDetail({
      requests: [makeRequest({ status: 'approved' })],
      permissions: { 'expense_request:validate': true },
    });
    await user.click(screen.getByRole('button', { name: 'Marquer comme vérifiée' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marquer la dépense comme vérifiée' });
    await user.click(within(dialog).getByRole('button', { name: 'Marquer comme vérifiée' }));
    expect(await screen.findByText('Dépense marquée comme vérifiée.')).toBeInTheDocument();
    expect(recorded.actions[0]).toMatchObject({ action: 'verified' });
  });

  it('cancelling asks for confirmation first', async () => {
    const { user, recorded } = await openDetail({
      requests: [makeRequest({ status: 'approved' })],
      permissions: { 'expense:cancel': true },
    });
    await user.click(screen.getByRole('button', { name: 'Annuler Chaises' }));
    const dialog = await screen.findByRole('dialog', { name: 'Annuler cette dépense ?' });
    expect(within(dialog).getByText(/irréversible/)).toBeInTheDocument();
    expect(recorded.cancels).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Annuler la dépense' }));
    await waitFor(() => expect(recorded.cancels).toEqual(['101']));
  });

  it('adds a line and deletes one with the messages of SPEC.md section 8', async () => {
    const { user, recorded } = await openDetail({
      permissions: { 'expense:create': true, 'expense:update': true },
    });
    await user.click(screen.getByRole('button', { name: 'Ajouter une ligne' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une ligne' });
    await user.type(within(dialog).getByLabelText(/^Désignation/), 'Agrafes');
    await user.clear(within(dialog).getByLabelText(/^Quantité/));
    await user.type(within(dialog).getByLabelText(/^Quantité/), '1');
    await user.clear(within(dialog).getByLabelText(/^Prix unitaire/));
    await user.type(within(dialog).getByLabelText(/^Prix unitaire/), '1500');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Ligne de dépense ajoutée.')).toBeInTheDocument();
    expect(recorded.lineAdds[0]).toEqual({
      name: 'Agrafes',
      quantity: 1,
      unit_price: 1500,
      donation_type: 'none',
      expense_request_id: 42,
    });

    await user.click(screen.getByRole('button', { name: 'Supprimer Papier' }));
    const confirm = await screen.findByRole('dialog', { name: 'Supprimer cette ligne ?' });
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Ligne de dépense supprimée.')).toBeInTheDocument();
    expect(recorded.lineDeletes).toEqual(['102']);
  });

  it('edits a line before approval with the PUT payload of its donation type', async () => {
    const { user, recorded } = await openDetail({
      requests: [
        makeRequest({
          createdByUser: userRef(demo.pastor.id, 'Jean Pasteur'),
          expenses: [
            makeLine({
              donation_type: 'legal_entity',
              recipient_company_name: 'Librairie du Plateau',
              recipient_company_email: 'contact@librairie.ci',
            }),
          ],
        }),
      ],
      permissions: {},
    });
    // the creator may edit without a permission
    await user.click(screen.getByRole('button', { name: 'Modifier Chaises' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la ligne' });
    expect(within(dialog).getByLabelText(/^Nom de l'entreprise/)).toHaveValue('Librairie du Plateau');
    const quantity = within(dialog).getByLabelText(/^Quantité/);
    await user.clear(quantity);
    await user.type(quantity, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(recorded.lineUpdates).toHaveLength(1));
    expect(recorded.lineUpdates[0]).toEqual({
      id: '101',
      body: {
        name: 'Chaises',
        quantity: 12,
        unit_price: 5000,
        donation_type: 'legal_entity',
        is_anonymous: false,
        recipient_company_name: 'Librairie du Plateau',
        recipient_company_email: 'contact@librairie.ci',
      },
    });
  });

  it('rejects with an optional reason', async () => {
    const { user, recorded } = await openDetail({ permissions: { 'expense:approve': true } });
    await user.click(screen.getByRole('button', { name: 'Rejeter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rejeter la demande' });
    await user.type(within(dialog).getByLabelText('Motif (optionnel)'), 'Devis manquant');
    await user.click(within(dialog).getByRole('button', { name: 'Rejeter' }));
    await waitFor(() => expect(recorded.actions).toHaveLength(1));
    expect(recorded.actions[0]).toMatchObject({
      action: 'rejected',
      body: { user_id: demo.pastor.id, reason: 'Devis manquant' },
    });
  });

  it('shows the missing entity message instead of calling the server', async () => {
    const { user, recorded } = await openDetail(
      {
        requests: [makeRequest({ entity_id: 0 })],
        permissions: {},
      },
      { ...demo.pastor, is_super_admin: true },
      { checks: false },
    );
    const message =
      "Impossible de valider cette dépense : informations d'entité manquantes. Veuillez contacter l'administrateur.";
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Approuver' }));
    expect(recorded.actions).toHaveLength(0);
  });
});
