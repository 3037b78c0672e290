import { http as mock, HttpResponse } from 'msw';
import type { Member, MemberRole } from '@contract/members';
import type { ManageableUser, UserGrant } from '@contract/permissions';
import { server } from '../msw/server';

const FAITHFUL: MemberRole = { id: 99, code: 'faithful', name: 'Fidèle', group: null, group_id: null };

export const role = (
  id: number,
  code: string,
  name: string,
  group: MemberRole['group'],
  groupId: number,
): MemberRole => ({
  id,
  code,
  name,
  group,
  group_id: groupId,
});

export function member(id: number, overrides: Partial<Member> = {}): Member {
  return {
    id,
    firstname: `Prénom${id}`,
    lastname: `Nom${id}`,
    email: null,
    phone: `+22501000000${id}`,
    registration_number: `MAT-${id}`,
    position: null,
    roles: [FAITHFUL],
    churches: [{ id: 11, name: 'Église de Cocody' }],
    church: { id: 11, name: 'Église de Cocody', section_id: 7 },
    ...overrides,
  };
}

export const fullActions = {
  canManage: true,
  canViewDetails: true,
  canAssignPermissions: true,
  canRemoveRole: true,
};

export type Calls = Record<string, URLSearchParams[]> & { bodies: Array<{ url: string; body: unknown }> };

/**
 * The members API of a test: every GET answers from `data`, every call is recorded (by path) with its
 * query; POST and DELETE bodies are kept.
 */
export function membersApi(data: {
  groupMembers?: (query: URLSearchParams) => Member[];
  office?: Member[];
  stats?: { total: number; presidents: number; treasurers: number; secretaries: number };
  manageable?: { ids: number[]; canManageAnyone: boolean; actions?: Partial<ManageableUser['roleActions']> };
  scopes?: Array<{ scope: string; label: string }>;
  grants?: UserGrant[];
  permissions?: Record<string, boolean>;
  /** the answers on one entity (the row's church...), before `permissions` */
  permissionsOn?: (entityType: string | null, entityId: number | null) => Record<string, boolean> | undefined;
}): Calls {
  const calls = { bodies: [] } as unknown as Calls;
  const record = (request: Request) => {
    const url = new URL(request.url);
    (calls[url.pathname] ??= []).push(url.searchParams);
    return url.searchParams;
  };
  server.use(
    mock.get('/api/group-members', ({ request }) => {
      const query = record(request);
      const all = data.groupMembers?.(query) ?? [];
      const page = Number(query.get('page') ?? 1);
      const limit = Number(query.get('limit') ?? 50);
      return HttpResponse.json({
        data: all.slice((page - 1) * limit, page * limit),
        meta: { total: all.length, page, limit },
      });
    }),
    mock.get('/api/group-members/stats', ({ request }) => {
      record(request);
      return HttpResponse.json({
        data: data.stats ?? { total: 0, presidents: 0, treasurers: 0, secretaries: 0 },
      });
    }),
    mock.get('/api/:segment/:id/members', ({ request }) => {
      record(request);
      return HttpResponse.json({ data: data.office ?? [] });
    }),
    mock.get('/api/regions/:id', ({ params }) =>
      HttpResponse.json({ data: { id: Number(params.id), name: 'Région Abidjan' } }),
    ),
    mock.get('/api/sections/:id', ({ params }) =>
      HttpResponse.json({ data: { id: Number(params.id), name: 'Section Cocody' } }),
    ),
    mock.get('/api/churches/:id', ({ params }) =>
      HttpResponse.json({ data: { id: Number(params.id), name: 'Église de Cocody' } }),
    ),
    mock.get('/api/permissions/manageable-users', ({ request }) => {
      const query = record(request);
      const asked = query.get('ids')?.split(',').map(Number) ?? [];
      const m = data.manageable ?? { ids: [], canManageAnyone: false };
      const ids = asked.length > 0 ? asked.filter((id) => m.ids.includes(id)) : m.ids.slice(0, 1);
      return HttpResponse.json({
        data: ids.map((id) => ({
          id,
          firstname: 'x',
          lastname: 'y',
          roleActions: { ...fullActions, ...m.actions },
        })),
        meta: { total: ids.length, page: 1, limit: 100 },
        canManageAnyone: m.canManageAnyone,
      });
    }),
    mock.get('/api/permissions/manageable-scopes', ({ request }) => {
      record(request);
      return HttpResponse.json({ data: data.scopes ?? [] });
    }),
    mock.post('/api/permissions/check-multiple', async ({ request }) => {
      record(request);
      const body = (await request.json()) as {
        permissions: string[];
        entity_type: string | null;
        entity_id: number | null;
      };
      calls.bodies.push({ url: '/permissions/check-multiple', body });
      const held = data.permissionsOn?.(body.entity_type, body.entity_id) ?? data.permissions;
      const results = Object.fromEntries(body.permissions.map((code) => [code, held?.[code] ?? false]));
      const values = Object.values(results);
      return HttpResponse.json({ results, hasAny: values.some(Boolean), hasAll: values.every(Boolean) });
    }),
    mock.get('/api/permissions/user/:id', ({ request }) => {
      record(request);
      return HttpResponse.json({ data: data.grants ?? [] });
    }),
  );
  return calls;
}
