import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { server } from '../msw/server';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo } from '../app/fixtures';
import { locationOf, renderApp } from '../app/render-app';

const church = (id: number, name: string, sectionId = 7) => ({
  id,
  name,
  city: 'Abidjan',
  address: null,
  phone: null,
  section_id: sectionId,
  section: { id: sectionId, name: 'Section Cocody' },
  region: { id: 3, name: 'Région Abidjan' },
  nationalOffice: { id: 1, name: 'Bureau national' },
  created_at: '2024-01-15T10:00:00.000Z',
});

/** GET /churches answering a 45-church list, 20 per page, filtered by `search`; records every query. */
function churchesApi() {
  const calls: URLSearchParams[] = [];
  const all = Array.from({ length: 45 }, (_, i) => church(i + 1, `Église ${i + 1}`));
  server.use(
    mock.get('/api/churches', ({ request }) => {
      const query = new URL(request.url).searchParams;
      calls.push(query);
      return answer(query);
    }),
    // SPEC.md section 7: a region's churches are read at GET /regions/{id}/churches
    mock.get('/api/regions/:id/churches', ({ request, params }) => {
      const query = new URL(request.url).searchParams;
      query.set('region_path', String(params.id));
      calls.push(query);
      return answer(query);
    }),
  );
  function answer(query: URLSearchParams) {
    {
      const search = query.get('search')?.toLowerCase() ?? '';
      const page = Number(query.get('page') ?? 1);
      const limit = Number(query.get('limit') ?? 20);
      const found = all.filter((c) => c.name.toLowerCase().includes(search));
      return HttpResponse.json({
        data: found.slice((page - 1) * limit, page * limit),
        meta: { total: found.length, page, limit },
      });
    }
  }
  return calls;
}

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
  // The pages ask what the user may do (create, edit, archive): nothing here.
  server.use(
    mock.post('/api/permissions/check-multiple', () =>
      HttpResponse.json({ hasAny: false, hasAll: false, results: {} }),
    ),
    mock.post('/api/permissions/check', () => HttpResponse.json({ hasPermission: false })),
  );
});

// The first page of a file loads the app's lazy chunks: slow on a busy machine.
const COLD = { timeout: 20_000 };

describe('organisation list page', () => {
  it("lists the level's entities with server-side pagination", async () => {
    const calls = churchesApi();
    renderApp('/ma-section/eglises', demo.sectionRepresentative);

    expect(await screen.findByRole('link', { name: 'Église 1' }, COLD)).toHaveAttribute(
      'href',
      '/ma-section/eglises/1',
    );
    expect(screen.getByText('45 résultats')).toBeInTheDocument();
    expect(screen.getByText('Page 1 sur 3')).toBeInTheDocument();
    // The section's churches only.
    expect(calls[0].get('section_id')).toBe('7');
    expect(calls[0].get('page')).toBe('1');
    expect(calls[0].get('limit')).toBe('20');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByRole('link', { name: 'Église 21' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 sur 3')).toBeInTheDocument();
    expect(calls.at(-1)?.get('page')).toBe('2');
  }, 60_000);

  it('debounces the search 500 ms and starts again at page 1', async () => {
    const calls = churchesApi();
    renderApp('/ma-section/eglises', demo.sectionRepresentative);
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Église 1' }, COLD);
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await screen.findByText('Page 2 sur 3');
    const before = calls.length;

    await user.type(screen.getByLabelText('Rechercher'), 'Église 4');
    // Nothing is asked while typing.
    expect(calls.length).toBe(before);
    expect(await screen.findByText('7 résultats')).toBeInTheDocument();
    expect(screen.getByText('Page 1 sur 1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Église 45' })).toBeInTheDocument();
    const searches = calls.slice(before);
    expect(searches.map((query) => query.get('search'))).toEqual(['Église 4']);
    expect(searches[0].get('page')).toBe('1');
  }, 60_000);

  it('sorts the churches on the server from their headers, the sort in the URL, back to page 1', async () => {
    const calls = churchesApi();
    const { router } = renderApp('/ma-section/eglises', demo.sectionRepresentative);
    const table = await screen.findByRole('table', { name: 'Liste : Églises' }, COLD);
    await within(table).findByRole('link', { name: 'Église 1' });
    expect(within(table).getByRole('columnheader', { name: 'Nom' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(calls[0].get('sort')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await screen.findByText('Page 2 sur 3');

    await user.click(within(within(table).getByRole('columnheader', { name: 'Ville' })).getByRole('button'));
    await waitFor(() => expect(calls.at(-1)?.get('sort')).toBe('city'));
    expect(calls.at(-1)?.get('order')).toBe('asc');
    expect(calls.at(-1)?.get('page')).toBe('1');
    expect(calls.at(-1)?.get('section_id')).toBe('7');
    expect(within(table).getByRole('columnheader', { name: 'Ville' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(within(table).getByRole('columnheader', { name: 'Nom' })).toHaveAttribute('aria-sort', 'none');
    expect(locationOf(router)).toBe('/ma-section/eglises?sort=city&order=asc');

    await user.click(within(within(table).getByRole('columnheader', { name: 'Ville' })).getByRole('button'));
    await waitFor(() => expect(calls.at(-1)?.get('order')).toBe('desc'));
    expect(within(table).getByRole('columnheader', { name: 'Ville' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  }, 60_000);

  it("asks a region's churches in the URL's order", async () => {
    const calls = churchesApi();
    renderApp('/ma-region/eglises?sort=section&order=desc', demo.regionPresident);
    await screen.findByRole('link', { name: 'Église 2' }, COLD);
    expect(calls[0].get('region_path')).toBe('3');
    expect(calls[0].get('sort')).toBe('section');
    expect(calls[0].get('order')).toBe('desc');
  });

  it('says so when nothing matches', async () => {
    churchesApi();
    renderApp('/ma-section/eglises', demo.sectionRepresentative);
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Église 1' });
    await user.type(screen.getByLabelText('Rechercher'), 'zzz');
    expect(await screen.findByText('Aucun résultat pour « zzz »')).toBeInTheDocument();
  });

  it("links a region's churches under their section", async () => {
    const calls = churchesApi();
    renderApp('/ma-region/eglises', demo.regionPresident);
    expect(await screen.findByRole('link', { name: 'Église 2' })).toHaveAttribute(
      'href',
      '/ma-region/sections/7/eglises/2',
    );
    expect(calls[0].get('region_path')).toBe('3');
    expect(calls[0].get('region_id')).toBeNull();
  });

  it('lists the churches of a section in the region space, naming the section', async () => {
    const calls = churchesApi();
    server.use(
      mock.get('/api/sections/7', () =>
        HttpResponse.json({
          data: {
            id: 7,
            name: 'Section Cocody',
            region_id: 3,
            region: { id: 3, name: 'Région Abidjan' },
            churches_count: 45,
          },
        }),
      ),
    );
    renderApp('/ma-region/sections/7/eglises', demo.regionPresident);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Églises - Section Cocody' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour' })).toHaveAttribute('href', '/ma-region/sections/7');
    expect(calls[0].get('section_id')).toBe('7');
  });

  it('shows the accountant their churches, opening the church page', async () => {
    churchesApi();
    server.use(
      mock.get('/api/churches/3', () => HttpResponse.json({ data: church(3, 'Église de Yopougon') })),
    );
    renderApp('/espace-comptable', demo.accountant);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes églises' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Église 3' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Église de Yopougon' })).toBeInTheDocument();
    expect(document.title).toBe('Église de Yopougon - Ekklesia Gestion');
  });

  it('lists the regions for the admin, without links the space lacks, sorted by a count most first', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      mock.get('/api/regions', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json({
          data: [
            {
              id: 3,
              name: 'Région Abidjan',
              national_office_id: 1,
              nationalOffice: { id: 1, name: 'Bureau national' },
              sections_count: 2,
              churches_count: 12,
              created_at: '2024-01-01T00:00:00.000Z',
            },
          ],
          meta: { total: 1, page: 1, limit: 20 },
        });
      }),
    );
    renderApp('/admin/regions', demo.admin);
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Région Abidjan')).toBeInTheDocument();
    // The admin space has no region page: the name is not a link.
    expect(within(table).queryByRole('link')).not.toBeInTheDocument();
    expect(within(table).getByText('12')).toBeInTheDocument();
    // a count sorts most first on its first click
    const user = userEvent.setup();
    await user.click(
      within(within(table).getByRole('columnheader', { name: 'Églises' })).getByRole('button'),
    );
    await waitFor(() => expect(queries.at(-1)?.get('sort')).toBe('churches'));
    expect(queries.at(-1)?.get('order')).toBe('desc');
    expect(within(table).getByRole('columnheader', { name: 'Églises' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('shows the server message when the list fails', async () => {
    server.use(
      mock.get('/api/churches', () =>
        HttpResponse.json({ message: 'E_HTTP_EXCEPTION: Paramètres invalides.' }, { status: 400 }),
      ),
    );
    renderApp('/ma-section/eglises', demo.sectionRepresentative);
    expect(await screen.findByRole('alert')).toHaveTextContent('Paramètres invalides.');
  });
});

describe('organisation detail page', () => {
  it("shows a church's facts and only the links whose pages exist", async () => {
    server.use(
      mock.get('/api/churches/5', () =>
        HttpResponse.json({ data: { ...church(5, 'Église Saint-Paul'), phone: null } }),
      ),
    );
    renderApp('/ma-section/eglises/5', demo.sectionRepresentative);

    expect(await screen.findByRole('heading', { level: 1, name: 'Église Saint-Paul' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour' })).toHaveAttribute('href', '/ma-section/eglises');
    expect(screen.getByText('Abidjan')).toBeInTheDocument();
    expect(screen.getByText('Non renseigné')).toBeInTheDocument();
    expect(screen.getByText('15/01/2024')).toBeInTheDocument();
    // The built features' pages are linked (subscriptions since decision 0020); activity reports are not built
    // yet: no link.
    const sections = screen.getByRole('navigation', { name: 'Rubriques : Église Saint-Paul' });
    expect(
      within(sections)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/ma-section/eglises/5/recettes',
      '/ma-section/eglises/5/depenses',
      '/ma-section/eglises/5/membres',
      '/ma-section/eglises/5/fideles',
      '/ma-section/eglises/5/souscriptions',
      '/ma-section/eglises/5/rapport-activites',
    ]);
  });

  it("links a region's section to its churches in the national office space", async () => {
    server.use(
      mock.get('/api/sections/7', () =>
        HttpResponse.json({
          data: {
            id: 7,
            name: 'Section Cocody',
            region_id: 3,
            region: { id: 3, name: 'Région Abidjan' },
            churches_count: 4,
            created_at: '2024-01-01T00:00:00.000Z',
          },
        }),
      ),
    );
    renderApp('/mon-bureau-national/sections/7', demo.nationalTreasurer);
    expect(await screen.findByRole('heading', { level: 1, name: 'Section Cocody' })).toBeInTheDocument();
    const sections = screen.getByRole('navigation', { name: 'Rubriques : Section Cocody' });
    expect(
      within(sections)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/mon-bureau-national/sections/7/eglises',
      '/mon-bureau-national/sections/7/recettes',
      '/mon-bureau-national/sections/7/depenses',
      '/mon-bureau-national/sections/7/rapport-activites',
      '/mon-bureau-national/sections/7/membres',
    ]);
    // Back goes to the section's region, and the region name links there too.
    expect(screen.getByRole('link', { name: 'Retour' })).toHaveAttribute(
      'href',
      '/mon-bureau-national/regions/3',
    );
    expect(screen.getByRole('link', { name: 'Région Abidjan' })).toHaveAttribute(
      'href',
      '/mon-bureau-national/regions/3',
    );
  });

  it('shows the not-found page for an id that is not one', async () => {
    renderApp('/ma-section/eglises/abc', demo.sectionRepresentative);
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
  });

  it('shows the server message when the entity does not exist', async () => {
    server.use(
      mock.get('/api/national-offices/9', () =>
        HttpResponse.json({ message: 'E_HTTP_EXCEPTION: Bureau national introuvable.' }, { status: 404 }),
      ),
    );
    renderApp('/admin/bureaux-nationaux/9', demo.admin);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Bureau national introuvable\.$/);
  });

  it('keeps the query keys under the feature and the level', async () => {
    server.use(
      mock.get('/api/churches/5', () => HttpResponse.json({ data: church(5, 'Église Saint-Paul') })),
    );
    const { client } = renderApp('/ma-section/eglises/5', demo.sectionRepresentative);
    await screen.findByRole('heading', { level: 1, name: 'Église Saint-Paul' });
    const keys = client
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey);
    expect(keys).toContainEqual(['org', { entityType: 'CHURCH', entityId: 5 }, 'churches', 'detail', 5]);
    // the organisation's queries, the shared permission checks of the page's buttons, and the header's
    // unread notifications count
    await waitFor(() =>
      expect(keys.every((key) => ['org', 'permissions', 'notifications'].includes(key[0] as string))).toBe(
        true,
      ),
    );
  });
});
