import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { ORG_MESSAGES } from '@contract/org';
import { DATE_MESSAGES, todayInDenomination } from '@contract/values/dates';
import { server } from '../msw/server';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo } from '../app/fixtures';
import { renderApp } from '../app/render-app';

const superAdmin = { ...demo.admin, is_super_admin: true };

const contact = { city: null, address: null, phone: null, email: null, archived_at: null, leader: null };

const region = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  national_office_id: 1,
  nationalOffice: { id: 1, name: 'Bureau national' },
  sections_count: 0,
  churches_count: 0,
  ...contact,
  created_at: '2024-01-15T10:00:00.000Z',
  ...extra,
});

const church = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  section_id: 7,
  section: { id: 7, name: 'Section Cocody' },
  region: { id: 3, name: 'Région Abidjan' },
  nationalOffice: { id: 1, name: 'Bureau national' },
  ...contact,
  created_at: '2024-01-15T10:00:00.000Z',
  ...extra,
});

const list = (rows: unknown[]) =>
  HttpResponse.json({ data: rows, meta: { total: rows.length, page: 1, limit: 20 } });

/** The permission answers of the page's buttons. */
function permissions(results: Record<string, boolean>) {
  server.use(
    mock.post('/api/permissions/check-multiple', async ({ request }) => {
      const body = (await request.json()) as { permissions: string[] };
      const answer = Object.fromEntries(body.permissions.map((code) => [code, results[code] === true]));
      return HttpResponse.json({ hasAny: true, hasAll: false, results: answer });
    }),
    mock.post('/api/permissions/check', async ({ request }) => {
      const body = (await request.json()) as { permission: string };
      return HttpResponse.json({ hasPermission: results[body.permission] === true });
    }),
  );
}

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
  permissions({});
});

describe('creating a region in the admin space', () => {
  it('checks the form with the server’s French messages, then posts the fields', async () => {
    const posted: unknown[] = [];
    server.use(
      mock.get('/api/regions', () => list([region(1, 'Région Abidjan')])),
      mock.get('/api/national-offices', () => list([{ id: 1, name: 'Bureau national' }])),
      mock.post('/api/regions', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ data: region(9, 'Région Lagunes') }, { status: 201 });
      }),
    );
    renderApp('/admin/regions', superAdmin);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Nouvelle région' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle région' });

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Le nom de la région est requis.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Nom/), 'R<>');
    await user.type(within(dialog).getByLabelText('Téléphone'), '12');
    await user.type(within(dialog).getByLabelText('E-mail'), 'pas-une-adresse');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText(ORG_MESSAGES.nameChars)).toBeInTheDocument();
    expect(within(dialog).getByText(ORG_MESSAGES.phone)).toBeInTheDocument();
    expect(within(dialog).getByText(ORG_MESSAGES.email)).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/^Nom/));
    await user.type(within(dialog).getByLabelText(/^Nom/), '  Région Lagunes ');
    await user.clear(within(dialog).getByLabelText('Téléphone'));
    await user.type(within(dialog).getByLabelText('Téléphone'), '+225 07 00 00 00');
    await user.clear(within(dialog).getByLabelText('E-mail'));
    await user.type(within(dialog).getByLabelText('Ville'), 'Grand-Bassam');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      name: 'Région Lagunes',
      city: 'Grand-Bassam',
      address: null,
      phone: '+225 07 00 00 00',
      email: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 40_000);

  it('shows the server’s 409 in the form and keeps it open', async () => {
    server.use(
      mock.get('/api/regions', () => list([region(1, 'Région Abidjan')])),
      mock.get('/api/national-offices', () => list([])),
      mock.post('/api/regions', () =>
        HttpResponse.json({ message: `E_HTTP_EXCEPTION: ${ORG_MESSAGES.regionNameTaken}` }, { status: 409 }),
      ),
    );
    renderApp('/admin/regions', superAdmin);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Nouvelle région' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle région' });
    await user.type(within(dialog).getByLabelText(/^Nom/), 'Région Abidjan');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ORG_MESSAGES.regionNameTaken);
  });
});

describe('a section representative and the churches of the section', () => {
  it('creates a church under the section without choosing it', async () => {
    permissions({ 'church:create': true, 'church:update': true });
    const posted: unknown[] = [];
    server.use(
      mock.get('/api/churches', () => list([church(5, 'Église Saint-Paul')])),
      mock.post('/api/churches', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ data: church(6, 'Église Béthel') }, { status: 201 });
      }),
    );
    renderApp('/ma-section/eglises', demo.sectionRepresentative);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Nouvelle église' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle église' });
    expect(within(dialog).queryByLabelText(/^Section/)).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Nom/), 'Église Béthel');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ name: 'Église Béthel', section_id: 7 });
  });

  it('edits a church with its current values', async () => {
    permissions({ 'church:update': true });
    const put: unknown[] = [];
    server.use(
      mock.get('/api/churches', () => list([church(5, 'Église Saint-Paul', { city: 'Abidjan' })])),
      mock.put('/api/churches/5', async ({ request }) => {
        put.push(await request.json());
        return HttpResponse.json({ data: church(5, 'Église Saint-Pierre') });
      }),
    );
    renderApp('/ma-section/eglises', demo.sectionRepresentative);
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: 'Nouvelle église' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Modifier Église Saint-Paul' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier : Église Saint-Paul' });
    expect(within(dialog).getByLabelText('Ville')).toHaveValue('Abidjan');
    await user.clear(within(dialog).getByLabelText(/^Nom/));
    await user.type(within(dialog).getByLabelText(/^Nom/), 'Église Saint-Pierre');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0]).toEqual({
      name: 'Église Saint-Pierre',
      city: 'Abidjan',
      address: null,
      phone: null,
      email: null,
    });
  });

  it('archives after a confirmation and says what happened', async () => {
    permissions({ 'church:create': true });
    let deleted = 0;
    server.use(
      mock.get('/api/churches', () => list([church(5, 'Église Saint-Paul')])),
      mock.delete('/api/churches/5', () => {
        deleted += 1;
        return HttpResponse.json({
          data: { id: 5, outcome: 'archived', message: ORG_MESSAGES.archivedDone },
        });
      }),
    );
    renderApp('/ma-section/eglises', demo.sectionRepresentative);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Archiver Église Saint-Paul' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archiver : Église Saint-Paul' });
    expect(deleted).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Archiver' }));
    await waitFor(() => expect(deleted).toBe(1));
    expect(await screen.findByText(ORG_MESSAGES.archivedDone)).toBeInTheDocument();
  });

  it('shows no write button without the permissions', async () => {
    server.use(mock.get('/api/churches', () => list([church(5, 'Église Saint-Paul')])));
    renderApp('/ma-section/eglises', demo.sectionRepresentative);
    await screen.findByRole('link', { name: 'Église Saint-Paul' });
    expect(screen.queryByRole('button', { name: 'Nouvelle église' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Modifier|Archiver|Déplacer/ })).not.toBeInTheDocument();
  });
});

describe('the region president', () => {
  it('moves a church to another section of the region', async () => {
    permissions({ 'church:create': true, 'church:update': true });
    const moves: unknown[] = [];
    const sectionQueries: URLSearchParams[] = [];
    server.use(
      mock.get('/api/regions/3/churches', () => list([church(5, 'Église Saint-Paul')])),
      mock.get('/api/sections', ({ request }) => {
        sectionQueries.push(new URL(request.url).searchParams);
        return list([{ id: 8, name: 'Section Plateau' }]);
      }),
      mock.post('/api/churches/5/move', async ({ request }) => {
        moves.push(await request.json());
        return HttpResponse.json({ data: church(5, 'Église Saint-Paul', { section_id: 8 }) });
      }),
    );
    renderApp('/ma-region/eglises', demo.regionPresident);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Déplacer Église Saint-Paul' }));
    const dialog = await screen.findByRole('dialog', { name: 'Déplacer : Église Saint-Paul' });
    await user.click(within(dialog).getByRole('button', { name: 'Déplacer' }));
    expect(await within(dialog).findByText('La section est requise.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /Nouvelle section/ }));
    await user.click(await screen.findByRole('option', { name: 'Section Plateau' }));
    await user.click(within(dialog).getByRole('button', { name: 'Déplacer' }));
    // the effective date is today unless changed
    await waitFor(() => expect(moves).toEqual([{ section_id: 8, effective_date: todayInDenomination() }]));
    expect(sectionQueries[0].get('region_id')).toBe('3');
  });

  it('asks the effective date: not in the future, after the last move, in French', async () => {
    permissions({ 'church:create': true, 'church:update': true });
    const shift = (days: number) => {
      const date = new Date(`${todayInDenomination()}T00:00:00Z`);
      date.setUTCDate(date.getUTCDate() + days);
      return date.toISOString().slice(0, 10);
    };
    const lastMove = shift(-10);
    const moves: unknown[] = [];
    server.use(
      mock.get('/api/regions/3/churches', () =>
        list([church(5, 'Église Saint-Paul', { last_moved_on: lastMove })]),
      ),
      mock.get('/api/sections', () => list([{ id: 8, name: 'Section Plateau' }])),
      mock.post('/api/churches/5/move', async ({ request }) => {
        moves.push(await request.json());
        return HttpResponse.json({ data: church(5, 'Église Saint-Paul', { section_id: 8 }) });
      }),
    );
    renderApp('/ma-region/eglises', demo.regionPresident);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Déplacer Église Saint-Paul' }));
    const dialog = await screen.findByRole('dialog', { name: 'Déplacer : Église Saint-Paul' });
    await user.click(within(dialog).getByRole('combobox', { name: /Nouvelle section/ }));
    await user.click(await screen.findByRole('option', { name: 'Section Plateau' }));
    const date = within(dialog).getByLabelText(/Date d'effet/);
    expect(date).toHaveValue(todayInDenomination());
    expect(date).toHaveAttribute('max', todayInDenomination());
    expect(date).toHaveAttribute('min', shift(-9));

    await user.clear(date);
    await user.click(within(dialog).getByRole('button', { name: 'Déplacer' }));
    expect(await within(dialog).findByText(ORG_MESSAGES.moveDateRequired)).toBeInTheDocument();

    await user.type(date, shift(1));
    await user.click(within(dialog).getByRole('button', { name: 'Déplacer' }));
    expect(await within(dialog).findByText(DATE_MESSAGES.future)).toBeInTheDocument();

    await user.clear(date);
    await user.type(date, lastMove);
    await user.click(within(dialog).getByRole('button', { name: 'Déplacer' }));
    expect(await within(dialog).findByText(ORG_MESSAGES.moveBeforeLast)).toBeInTheDocument();
    expect(moves).toEqual([]);

    await user.clear(date);
    await user.type(date, shift(-3));
    await user.click(within(dialog).getByRole('button', { name: 'Déplacer' }));
    await waitFor(() => expect(moves).toEqual([{ section_id: 8, effective_date: shift(-3) }]));
  });

  it("shows the server's refusal of the date", async () => {
    permissions({ 'church:create': true, 'church:update': true });
    server.use(
      mock.get('/api/regions/3/churches', () => list([church(5, 'Église Saint-Paul')])),
      mock.get('/api/sections', () => list([{ id: 8, name: 'Section Plateau' }])),
      mock.post('/api/churches/5/move', () =>
        HttpResponse.json({ statusCode: 409, message: ORG_MESSAGES.moveBeforeLast }, { status: 409 }),
      ),
    );
    renderApp('/ma-region/eglises', demo.regionPresident);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Déplacer Église Saint-Paul' }));
    const dialog = await screen.findByRole('dialog', { name: 'Déplacer : Église Saint-Paul' });
    await user.click(within(dialog).getByRole('combobox', { name: /Nouvelle section/ }));
    await user.click(await screen.findByRole('option', { name: 'Section Plateau' }));
    await user.click(within(dialog).getByRole('button', { name: 'Déplacer' }));
    expect(await within(dialog).findByText(ORG_MESSAGES.moveBeforeLast)).toBeInTheDocument();
  });
});
