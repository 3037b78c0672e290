import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo } from '../app/fixtures';
import { locationOf, renderApp } from '../app/render-app';
import { faithfulApi, importReport, importRow, makeDetail, makeFaithful } from './handlers';

const OFFICIAL = { 'user:create': true, 'user:update': true, 'user:view': true };

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
});

describe('faithful list', () => {
  it('shows a page of the church with Matricule and "Non renseigné" for a missing phone, paginated on the server', async () => {
    const calls = faithfulApi({ permissions: OFFICIAL });
    renderApp('/mon-eglise/fideles', demo.pastor);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fidèles' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Liste des fidèles' });
    expect(within(table).getByRole('columnheader', { name: 'Matricule' })).toBeInTheDocument();
    const third = (await within(table).findByText('Nom003 Prénom3')).closest('tr')!;
    expect(within(third).getByText('Non renseigné')).toBeInTheDocument();
    expect(within(third).getByText('MAT-001003')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Nom001 Prénom1' })).toHaveAttribute(
      'href',
      '/mon-eglise/fideles/1001',
    );
    expect(screen.getByText('45 résultats')).toBeInTheDocument();
    expect(calls.lists[0].get('entity_type')).toBe('CHURCH');
    expect(calls.lists[0].get('entity_id')).toBe('11');
    expect(calls.lists[0].get('limit')).toBe('20');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('Page 2 sur 3')).toBeInTheDocument();
    expect(calls.lists.at(-1)?.get('page')).toBe('2');
    expect(screen.getByRole('button', { name: 'Nouveau fidèle' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Importer' })).toBeInTheDocument();
  });

  it('hides create and import without the permission and says "Aucun fidèle trouvé" when empty', async () => {
    faithfulApi({ rows: [], permissions: { 'user:view': true } });
    renderApp('/mon-eglise/fideles', demo.pastor);
    expect(await screen.findByText('Aucun fidèle trouvé')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouveau fidèle' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Importer' })).not.toBeInTheDocument();
  });

  describe('search', () => {
    beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
    afterEach(() => vi.useRealTimers());

    it('sends at most one request per 500 ms while typing, then starts again at page 1', async () => {
      const calls = faithfulApi({ permissions: OFFICIAL });
      renderApp('/mon-eglise/fideles', demo.pastor);
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, delay: 100 });
      await screen.findByText('Nom001 Prénom1');
      await user.click(screen.getByRole('button', { name: 'Suivant' }));
      await screen.findByText('Page 2 sur 3');
      const before = calls.lists.length;

      // one key every 100 ms: no request while the user keeps typing
      await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'Prénom4');
      expect(calls.lists.length).toBe(before);
      act(() => vi.advanceTimersByTime(400));
      expect(calls.lists.length).toBe(before);
      act(() => vi.advanceTimersByTime(150));
      await waitFor(() => expect(calls.lists.length).toBe(before + 1));
      const searched = calls.lists.at(-1)!;
      expect(searched.get('search')).toBe('Prénom4');
      expect(searched.get('page')).toBe('1');
      expect(await screen.findByText('Nom004 Prénom4')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(2000));
      expect(calls.lists.length).toBe(before + 1);

      await user.clear(screen.getByRole('searchbox', { name: 'Rechercher' }));
      await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'zzz');
      act(() => vi.advanceTimersByTime(600));
      expect(await screen.findByText('Aucun fidèle trouvé pour « zzz »')).toBeInTheDocument();
    });
  });

  it('sorts by matricule on the server from its header, in the URL, back to page 1', async () => {
    const calls = faithfulApi({ permissions: OFFICIAL });
    const { router } = renderApp('/mon-eglise/fideles', demo.pastor);
    const header = await screen.findByRole('columnheader', { name: 'Matricule' }, { timeout: 15_000 });
    expect(screen.getByRole('columnheader', { name: 'Nom et prénom' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(calls.lists[0].get('sort')).toBeNull();
    const user = userEvent.setup();
    await user.click(within(header).getByRole('button', { name: 'Matricule' }));
    await waitFor(() => expect(calls.lists.at(-1)?.get('sort')).toBe('registration_number'));
    expect(calls.lists.at(-1)?.get('order')).toBe('asc');
    expect(calls.lists.at(-1)?.get('page')).toBe('1');
    expect(locationOf(router)).toBe('/mon-eglise/fideles?sort=registration_number&order=asc');
    await user.click(within(screen.getByRole('columnheader', { name: 'Matricule' })).getByRole('button'));
    await waitFor(() => expect(calls.lists.at(-1)?.get('order')).toBe('desc'));
    expect(screen.getByRole('columnheader', { name: 'Matricule' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('leads from a region list to the faithful under their church', async () => {
    const calls = faithfulApi({
      rows: [makeFaithful(1, { church: { id: 21, name: 'Église Plateau' }, section_id: 9 })],
    });
    renderApp('/ma-region/fideles', demo.regionPresident);
    const link = await screen.findByRole('link', { name: 'Nom001 Prénom1' });
    expect(link).toHaveAttribute('href', '/ma-region/sections/9/eglises/21/fideles/1001');
    expect(screen.getByRole('columnheader', { name: 'Église' })).toBeInTheDocument();
    // the call SPEC.md names for a region's faithful
    expect(calls.lists[0].get('region_path')).toBe('3');
    expect(calls.lists[0].get('entity_type')).toBeNull();
  });
});

describe('faithful form', () => {
  it('shows the French messages and sends nothing when invalid', async () => {
    const calls = faithfulApi({ permissions: OFFICIAL });
    renderApp('/mon-eglise/fideles/nouveau', demo.pastor);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le prénom est requis.')).toBeInTheDocument();
    expect(screen.getByText('Le nom est requis.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Prénom/), 'Awa');
    await user.type(screen.getByLabelText(/^Nom/), 'Koné');
    await user.type(screen.getByLabelText(/^Téléphone/), '12ab');
    await user.type(screen.getByLabelText(/^Email/), 'awa@');
    await user.type(screen.getByLabelText(/^Date de naissance/), '1850-01-01');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Numéro de téléphone invalide.')).toBeInTheDocument();
    expect(screen.getByText('Format email invalide')).toBeInTheDocument();
    expect(
      screen.getByText('La date de naissance ne peut pas être antérieure au 01/01/1900.'),
    ).toBeInTheDocument();
    expect(calls.creates).toHaveLength(0);
  });

  it('creates in the level’s church, shows a taken phone on its field, then opens the new record', async () => {
    const calls = faithfulApi({
      permissions: OFFICIAL,
      createError: {
        status: 409,
        body: {
          message: 'E_HTTP_EXCEPTION: Ce numéro de téléphone est déjà utilisé.',
          errors: [{ field: 'phone', message: 'Ce numéro de téléphone est déjà utilisé.' }],
        },
      },
    });
    const { router } = renderApp('/mon-eglise/fideles/nouveau', demo.pastor);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Prénom/), 'Awa');
    await user.type(screen.getByLabelText(/^Nom/), 'Koné');
    await user.type(screen.getByLabelText(/^Téléphone/), '+225 07 99 88 77 66');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const field = await screen.findByLabelText(/^Téléphone/);
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription('Ce numéro de téléphone est déjà utilisé.'),
    );
    expect(calls.creates).toEqual([
      { church_id: 11, firstname: 'Awa', lastname: 'Koné', phone: '+225 07 99 88 77 66' },
    ]);

    faithfulApi({ permissions: OFFICIAL });
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(locationOf(router)).toBe('/mon-eglise/fideles/4242'));
  });

  it('edits a faithful: fields filled in, cleared ones sent as null', async () => {
    const calls = faithfulApi({ permissions: OFFICIAL, detail: makeDetail({ phone: '+2250700000001' }) });
    const { router } = renderApp('/mon-eglise/fideles/1001/modifier', demo.pastor);
    const user = userEvent.setup();
    const phone = await screen.findByLabelText(/^Téléphone/);
    await waitFor(() => expect(phone).toHaveValue('+2250700000001'));
    await user.clear(phone);
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    await waitFor(() => expect(locationOf(router)).toBe('/mon-eglise/fideles/1001'));
    expect(calls.updates[0]).toMatchObject({ firstname: 'Prénom1', phone: null, birth_date: '1990-05-04' });
  });
});

describe('faithful detail', () => {
  it('shows the record with links to contributions and edit', async () => {
    faithfulApi({ permissions: OFFICIAL, detail: makeDetail({ phone: null }) });
    renderApp('/mon-eglise/fideles/1001', demo.pastor);
    expect(await screen.findByRole('heading', { level: 1, name: 'Prénom1 Nom001' })).toBeInTheDocument();
    expect(screen.getByText('Non renseigné')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contributions' })).toHaveAttribute(
      'href',
      '/mon-eglise/fideles/1001/contributions',
    );
    expect(await screen.findByRole('link', { name: 'Modifier' })).toHaveAttribute(
      'href',
      '/mon-eglise/fideles/1001/modifier',
    );
  });
});

describe('import dialog', () => {
  it('previews the rows with their errors line by line, then imports once all are valid', async () => {
    let clean = false;
    const calls = faithfulApi({
      permissions: OFFICIAL,
      importAnswer: (mode) =>
        mode === 'import'
          ? { status: 201, body: importReport([importRow(2), importRow(3)], false, 2) }
          : clean
            ? { status: 200, body: importReport([importRow(2), importRow(3)]) }
            : {
                status: 200,
                body: importReport([
                  importRow(2),
                  importRow(3, [{ field: 'phone', message: 'Numéro de téléphone invalide.' }]),
                  importRow(4, [
                    { field: 'firstname', message: 'Le prénom est requis.' },
                    { field: 'email', message: 'Format email invalide' },
                  ]),
                ]),
              },
    });
    renderApp('/mon-eglise/fideles', demo.pastor);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Importer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importer des fidèles' });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['Prénom,Nom\nA,B\n'], 'fideles.csv', { type: 'text/csv' }));
    await user.click(within(dialog).getByRole('button', { name: 'Vérifier le fichier' }));

    const errors = await within(dialog).findByRole('table', { name: 'Lignes en erreur' });
    const lines = within(errors)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(lines).toEqual([
      '3Prénom3 Nom3Téléphone : Numéro de téléphone invalide.',
      '4Prénom4 Nom4Prénom : Le prénom est requis.Email : Format email invalide',
    ]);
    expect(within(dialog).getByText(/2 lignes sur 3 contiennent des erreurs/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Importer \d/ })).not.toBeInTheDocument();
    expect(calls.imports).toHaveLength(1);
    // jsdom's FormData drops the file name on the way: the file itself is sent
    expect(calls.imports[0]).toMatchObject({ mode: 'preview', file: expect.any(String) });
    expect(calls.imports[0].query.get('dry_run')).toBe('true');

    clean = true;
    await user.click(within(dialog).getByRole('button', { name: 'Vérifier le fichier' }));
    expect(
      await within(dialog).findByText("Les 2 lignes sont valides : rien n'a encore été enregistré."),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Importer 2 fidèles' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.imports.map((c) => c.mode)).toEqual(['preview', 'preview', 'import']);
    expect(await screen.findByText('2 fidèles importés.')).toBeInTheDocument();
  });

  it('shows the report of an import refused by the server', async () => {
    faithfulApi({
      permissions: OFFICIAL,
      importAnswer: () => ({
        status: 413,
        body: { message: 'E_HTTP_EXCEPTION: Le fichier dépasse la taille maximale de 5 Mo.' },
      }),
    });
    renderApp('/mon-eglise/fideles', demo.pastor);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Importer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importer des fidèles' });
    await user.upload(
      dialog.querySelector('input[type="file"]') as HTMLInputElement,
      new File(['x'], 'fideles.xlsx', {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Vérifier le fichier' }));
    expect(
      await within(dialog).findByText('Le fichier dépasse la taille maximale de 5 Mo.'),
    ).toBeInTheDocument();
  });
});
