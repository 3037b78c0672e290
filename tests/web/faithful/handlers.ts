import { http as mock, HttpResponse } from 'msw';
import type { FaithfulSummary, ImportReport, ImportRow, UserDetail } from '@contract/faithful';
import { server } from '../msw/server';

export function makeFaithful(i: number, overrides: Partial<FaithfulSummary> = {}): FaithfulSummary {
  return {
    id: 1000 + i,
    firstname: `Prénom${i}`,
    lastname: `Nom${String(i).padStart(3, '0')}`,
    phone: i % 3 === 0 ? null : `+22507000${String(i).padStart(5, '0')}`,
    registration_number: `MAT-${String(1000 + i).padStart(6, '0')}`,
    email: null,
    gender: i % 2 ? 'F' : 'M',
    church: { id: 11, name: 'Église de Cocody' },
    section_id: 7,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<UserDetail> = {}): UserDetail {
  return {
    ...makeFaithful(1),
    birth_date: '1990-05-04',
    address: 'Cocody, rue des Jardins',
    active: true,
    section: { id: 7, name: 'Section Cocody' },
    region: { id: 3, name: 'Région Abidjan' },
    nationalOffice: { id: 1, name: 'Bureau national' },
    roles: [{ id: 9, code: 'faithful', name: 'Fidèle' }],
    churches: [],
    sections: [],
    regions: [],
    nationalOffices: [],
    pending_transfer: null,
    transfers: [],
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export type FaithfulCalls = {
  lists: URLSearchParams[];
  creates: unknown[];
  updates: unknown[];
  imports: { mode: string | null; file: string | null; query: URLSearchParams }[];
};

export function faithfulApi(
  options: {
    rows?: FaithfulSummary[];
    permissions?: Record<string, boolean>;
    detail?: UserDetail;
    createError?: { status: number; body: unknown };
    importAnswer?: (mode: string) => { status: number; body: unknown };
  } = {},
): FaithfulCalls {
  const rows = options.rows ?? Array.from({ length: 45 }, (_, i) => makeFaithful(i + 1));
  const calls: FaithfulCalls = { lists: [], creates: [], updates: [], imports: [] };
  server.use(
    mock.get('/api/users/faithful', ({ request }) => listAnswer(new URL(request.url).searchParams)),
    // SPEC.md section 7: a region's faithful are read at GET /regions/{id}/faithful
    mock.get('/api/regions/:id/faithful', ({ request, params }) => {
      const query = new URL(request.url).searchParams;
      query.set('region_path', String(params.id));
      return listAnswer(query);
    }),
    mock.get('/api/users/:id', ({ params }) =>
      HttpResponse.json({ data: { ...(options.detail ?? makeDetail()), id: Number(params.id) } }),
    ),
  );
  function listAnswer(query: URLSearchParams) {
    {
      calls.lists.push(query);
      const page = Number(query.get('page') ?? 1);
      const limit = Number(query.get('limit') ?? 20);
      const search = (query.get('search') ?? '').toLowerCase();
      const found = rows.filter(
        (r) => !search || `${r.firstname} ${r.lastname}`.toLowerCase().includes(search),
      );
      return HttpResponse.json({
        data: found.slice((page - 1) * limit, page * limit),
        meta: { total: found.length, page, limit },
      });
    }
  }
  server.use(
    mock.post('/api/users/faithful', async ({ request }) => {
      const body = await request.json();
      calls.creates.push(body);
      if (options.createError)
        return HttpResponse.json(options.createError.body as object, { status: options.createError.status });
      return HttpResponse.json({ data: makeDetail({ id: 4242 }) }, { status: 201 });
    }),
    mock.put('/api/users/:id', async ({ request, params }) => {
      const body = await request.json();
      calls.updates.push(body);
      return HttpResponse.json({ data: makeDetail({ id: Number(params.id) }) });
    }),
    mock.post('/api/users/faithful/imports', async ({ request }) => {
      const form = await request.formData();
      const mode = form.get('mode') as string | null;
      const file = form.get('file');
      calls.imports.push({
        mode,
        file: file && typeof file === 'object' ? (file as { name: string }).name : null,
        query: new URL(request.url).searchParams,
      });
      const answer = options.importAnswer?.(mode ?? 'preview') ?? { status: 200, body: {} };
      return HttpResponse.json(answer.body as object, { status: answer.status });
    }),
    mock.post('/api/permissions/check-multiple', async ({ request }) => {
      const body = (await request.json()) as { permissions: string[] };
      const results = Object.fromEntries(
        body.permissions.map((code) => [code, options.permissions?.[code] === true]),
      );
      return HttpResponse.json({ hasAny: false, hasAll: false, results });
    }),
  );
  return calls;
}

export function importRow(line: number, errors: ImportRow['errors'] = []): ImportRow {
  return {
    line,
    firstname: `Prénom${line}`,
    lastname: `Nom${line}`,
    phone: null,
    email: null,
    registration_number: null,
    gender: null,
    birth_date: null,
    address: null,
    errors,
  };
}

export function importReport(rows: ImportRow[], dryRun = true, imported = 0): ImportReport {
  const invalid = rows.filter((r) => r.errors.length > 0).length;
  return {
    dry_run: dryRun,
    church: { id: 11, name: 'Église de Cocody' },
    total_rows: rows.length,
    valid_rows: rows.length - invalid,
    invalid_rows: invalid,
    imported,
    rows,
  };
}
