import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo } from '../app/fixtures';
import { locationOf, renderApp } from '../app/render-app';
import { expensesApi } from './handlers';

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
});

async function openForm(
  options: Parameters<typeof expensesApi>[0] = {},
  path = '/mon-eglise/depenses/nouveau',
) {
  const recorded = expensesApi(options);
  const view = renderApp(path, demo.pastor);
  // the first test of the file loads the lazy chunks: give it time
  await screen.findByRole('form', { name: 'Ajouter une dépense' }, { timeout: 15_000 });
  return { recorded, ...view, user: userEvent.setup() };
}

async function chooseOption(user: UserEvent, label: string | RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillRequest(user: UserEvent) {
  await chooseOption(user, 'Type', 'Fournitures de bureau');
  await user.type(screen.getByLabelText(/^Description/), 'Achat de fournitures');
  await user.type(screen.getByLabelText(/^Désignation/), 'Ramettes');
  await user.clear(screen.getByLabelText(/^Quantité/));
  await user.type(screen.getByLabelText(/^Quantité/), '4');
  await user.clear(screen.getByLabelText(/^Prix unitaire/));
  await user.type(screen.getByLabelText(/^Prix unitaire/), '2500');
}

describe('add-expense screen', () => {
  it('shows the title, today and now as defaults, and the time input to the second', async () => {
    await openForm();
    expect(document.title).toMatch(/^Ajouter une dépense/);
    const date = screen.getByLabelText(/^Date de la dépense/) as HTMLInputElement;
    const time = screen.getByLabelText(/^Heure/) as HTMLInputElement;
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(date.value).toBe(`${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`);
    expect(time.value).toMatch(/^\d{2}:\d{2}$/);
    expect(time).toHaveAttribute('step', '1');
    expect(date).toHaveAttribute('min', '1900-01-01');
  });

  it('shows every required message on an empty submit', async () => {
    const { user, recorded } = await openForm();
    await user.clear(screen.getByLabelText(/^Quantité/));
    await user.clear(screen.getByLabelText(/^Prix unitaire/));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const form = screen.getByRole('form', { name: 'Ajouter une dépense' });
    // type, description, name, quantity, unit price
    await waitFor(() => expect(within(form).getAllByText('Ce champ est requis.')).toHaveLength(5));
    expect(recorded.created).toHaveLength(0);
  });
});

describe('add-expense validation', () => {
  it('refuses non-numeric amounts, a bad time and a date before 1900', async () => {
    const { user } = await openForm();
    await user.clear(screen.getByLabelText(/^Quantité/));
    await user.type(screen.getByLabelText(/^Quantité/), '2,5');
    await user.type(screen.getByLabelText(/^Prix unitaire/), 'abc');
    await user.clear(screen.getByLabelText(/^Heure/));
    const date = screen.getByLabelText(/^Date de la dépense/);
    await user.clear(date);
    await user.type(date, '1899-12-31');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findAllByText('Format non valide.')).toHaveLength(2);
    expect(screen.getByText("Format d'heure invalide (HH:MM)")).toBeInTheDocument();
    expect(screen.getByText('La date ne peut pas être antérieure au 01/01/1900.')).toBeInTheDocument();
  });

  it('reveals the individual block with its notes, anonymity and messages', async () => {
    const { user } = await openForm();
    expect(screen.queryByLabelText('Notes')).not.toBeInTheDocument();
    await chooseOption(user, 'Type de dépense', 'Personne physique');
    expect(screen.getByLabelText('Notes')).toBeInTheDocument();
    expect(screen.getByLabelText('Don anonyme')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le prénom est requis pour une personne physique')).toBeInTheDocument();
    expect(screen.getByText('Le nom est requis pour une personne physique')).toBeInTheDocument();
  });

  it('reveals the legal entity block: company name required, email checked', async () => {
    const { user } = await openForm();
    await chooseOption(user, 'Type de dépense', 'Personne morale');
    await user.type(screen.getByLabelText("Email de l'entreprise"), 'pas-un-email');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText("Le nom de l'entreprise est requis pour une personne morale"),
    ).toBeInTheDocument();
    expect(screen.getByText('Format email invalide')).toBeInTheDocument();
  });

  it('reveals the system entity block: no anonymity, type then entity required, national office automatic', async () => {
    const { user } = await openForm();
    await chooseOption(user, 'Type de dépense', 'Entité du système');
    expect(screen.queryByLabelText('Don anonyme')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Notes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("Le type d'entité est requis")).toBeInTheDocument();

    await chooseOption(user, /^Type d'entité/, 'Église');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("L'entité est requise")).toBeInTheDocument();

    // The five recipient labels of SPEC.md section 9.
    await user.click(screen.getByRole('combobox', { name: /^Type d'entité/ }));
    const labels = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(labels).toEqual(['Église', 'Section', 'Région', 'Bureau National', 'Département']);
    await user.click(screen.getByRole('option', { name: 'Bureau National' }));
    expect(await screen.findByText('Bureau National CI')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Entité/ })).not.toBeInTheDocument();
  });
});

describe('add-expense payload', () => {
  it('sends numbers, only the fields of each donation type and no empty optional string', async () => {
    const { user, recorded, router } = await openForm();
    await fillRequest(user);
    await chooseOption(user, 'Ligne budgétaire', 'Fonctionnement');
    // A second block: an individual donation without phone nor address.
    await user.click(screen.getByRole('button', { name: 'Ajouter une dépense' }));
    const second = screen.getByRole('region', { name: 'Dépense 2' });
    await user.type(within(second).getByLabelText(/^Désignation/), 'Aide');
    // a new line starts at quantity 0 and unit price 0 (SPEC.md section 3)
    expect(within(second).getByLabelText(/^Quantité/)).toHaveValue('0');
    expect(within(second).getByLabelText(/^Prix unitaire/)).toHaveValue('0');
    await user.clear(within(second).getByLabelText(/^Quantité/));
    await user.type(within(second).getByLabelText(/^Quantité/), '1');
    await user.clear(within(second).getByLabelText(/^Prix unitaire/));
    await user.type(within(second).getByLabelText(/^Prix unitaire/), '10000');
    await user.click(within(second).getByRole('combobox', { name: 'Type de dépense' }));
    await user.click(await screen.findByRole('option', { name: 'Personne physique' }));
    await user.type(within(second).getByLabelText(/^Prénom/), 'Awa');
    await user.type(within(second).getByLabelText(/^Nom\*?$/), 'Koné');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(recorded.created).toHaveLength(1));
    const body = recorded.created[0] as Record<string, unknown>;
    expect(body).toMatchObject({
      status: 'approval_pending',
      description: 'Achat de fournitures',
      operation_account_id: 5,
      budget_line_id: 7,
      planned_activity_id: null,
      entity_type: 'CHURCH',
      entity_id: 11,
    });
    expect(body.made_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
    expect(body.expenses).toEqual([
      { name: 'Ramettes', quantity: 4, unit_price: 2500, donation_type: 'none' },
      {
        name: 'Aide',
        quantity: 1,
        unit_price: 10000,
        donation_type: 'individual',
        is_anonymous: false,
        recipient_first_name: 'Awa',
        recipient_last_name: 'Koné',
      },
    ]);
    expect(recorded.createKeys[0]).toBeTruthy();
    // No files: no upload; the new request opens.
    expect(recorded.uploads).toHaveLength(0);
    expect(await screen.findByText('Demande efectuée avec succès.')).toBeInTheDocument();
    await waitFor(() => expect(locationOf(router)).toBe('/mon-eglise/depenses/42'));
  });

  it('removes a block and computes the total', async () => {
    const { user } = await openForm();
    await fillRequest(user);
    expect(screen.getByText(/Total/).textContent).toMatch(/10\s000/);
    await user.click(screen.getByRole('button', { name: 'Ajouter une dépense' }));
    expect(screen.getByRole('region', { name: 'Dépense 2' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retirer la dépense 2' }));
    expect(screen.queryByRole('region', { name: 'Dépense 2' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retirer la dépense/ })).not.toBeInTheDocument();
  });

  it('uploads the files after the creation, then opens the request', async () => {
    const { user, recorded, router } = await openForm();
    await fillRequest(user);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, [
      new File(['%PDF-1.4'], 'facture.pdf', { type: 'application/pdf' }),
      new File(['text'], 'notes.txt', { type: 'text/plain' }),
    ]);
    expect(screen.getByText('facture.pdf')).toBeInTheDocument();
    expect(screen.queryByText('notes.txt')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(recorded.uploads).toHaveLength(1));
    const upload = recorded.uploads[0];
    expect(upload.get('attachable_type')).toBe('expense_request');
    expect(upload.get('attachable_id')).toBe('42');
    // the text file was skipped by the drop zone
    expect(upload.getAll('files')).toHaveLength(1);
    await waitFor(() => expect(locationOf(router)).toBe('/mon-eglise/depenses/42'));
    expect(recorded.deleted).toHaveLength(0);
  });

  it('shows the upload progress and a busy button while saving', async () => {
    const { user } = await openForm({ uploadDelay: 400 });
    await fillRequest(user);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['%PDF-1.4'], 'facture.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: /Enregistrer/ }));
    expect(await screen.findByRole('progressbar', { name: 'Envoi des fichiers' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Enregistrer/ })).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('Demande efectuée avec succès.')).toBeInTheDocument();
  });

  it('keeps the new request when the upload fails and opens its page to send the files again', async () => {
    const { user, recorded, router } = await openForm({
      uploadFails: { status: 413, message: 'E_HTTP_EXCEPTION: Trop de fichiers : 10 au maximum.' },
    });
    await fillRequest(user);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['%PDF-1.4'], 'facture.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const message = "Échec de l'upload des fichiers: Trop de fichiers : 10 au maximum.";
    expect(
      (await screen.findAllByText(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).length,
    ).toBeGreaterThan(0);
    await waitFor(() => expect(locationOf(router)).toBe('/mon-eglise/depenses/42'));
    expect(recorded.deleted).toEqual([]);
    expect(recorded.created).toHaveLength(1);
  });

  it("says 'Erreur inconnue' when the upload fails without a reason", async () => {
    const { user, recorded } = await openForm({ uploadFails: { status: 500 } });
    await fillRequest(user);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['%PDF-1.4'], 'facture.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      (await screen.findAllByText(/Échec de l'upload des fichiers: Erreur inconnue/)).length,
    ).toBeGreaterThan(0);
    expect(recorded.deleted).toEqual([]);
  });

  it('creates one request on a double click', async () => {
    const { user, recorded } = await openForm();
    await fillRequest(user);
    await user.dblClick(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Demande efectuée avec succès.');
    expect(recorded.created).toHaveLength(1);
  });
});

describe('add-expense look-ups', () => {
  it('offers the fallback list when the accounts fail to load', async () => {
    const { user } = await openForm({ accountsFail: true });
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    expect(await screen.findByRole('option', { name: 'Caisse locale' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Agrégateur de paiement' })).toBeInTheDocument();
  });

  it('asks the authorized accounts of the two categories, EXPENSE budget lines and labels activities', async () => {
    const { user } = await openForm();
    await user.click(screen.getByRole('combobox', { name: 'Ligne budgétaire' }));
    expect(await screen.findByRole('option', { name: 'Fonctionnement' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Dîmes' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: 'Activité' }));
    expect(
      await screen.findByRole('option', { name: 'Retraite - Jeunesse (05/12/2026)' }),
    ).toBeInTheDocument();
  });

  it('lets the accountant choose one of their churches', async () => {
    const recorded = expensesApi();
    renderApp('/espace-comptable/depenses/nouveau', demo.accountant);
    const user = userEvent.setup();
    await screen.findByRole('form', { name: 'Ajouter une dépense' });
    // One managed church: chosen already.
    expect(screen.getByRole('combobox', { name: /^Église/ })).toHaveTextContent('Église de Cocody');
    await fillRequest(user);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(recorded.created).toHaveLength(1));
    expect(recorded.created[0]).toMatchObject({ entity_type: 'CHURCH', entity_id: 11 });
  });
});
