import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { List } from '@contract/common';
import type { ListSort } from '@contract/values/common';
import type { GroupMemberSort } from '@contract/values/members';
import type {
  AddMemberBody,
  CreateExternalAccountantBody,
  ExternalAccountant,
  GroupMembersStats,
  Member,
  MemberRoleFilter,
  RemoveMemberBody,
} from '@contract/members';
import type {
  GrantBody,
  ManageableUser,
  Permission,
  PermissionScope,
  RevokeBody,
  UserGrant,
} from '@contract/permissions';
import { PERMISSION_SEARCH_LIMIT } from '@contract/values/permissions';
import type { Position, RoleGroup } from '@contract/roles';
import { http } from '@/shared/api/http-client';
import { readItem, readList, readPage } from '@/shared/api/list';
import { invalidatePermissions } from '@/shared/permissions/use-permissions';
import { useEntitySearch } from '@/shared/org/entities';
import { membersPath, SCOPE_KINDS } from '../lib/groups';

/** ['members', ...]: one prefix refreshes every members query after a change. */
export const membersKeys = {
  all: ['members'] as const,
  office: (group: RoleGroup, id: number) => ['members', 'office', group, id] as const,
  groupList: (params: GroupMembersParams) => ['members', 'group', params] as const,
  groupStats: (group: RoleGroup, id: number) => ['members', 'group-stats', group, id] as const,
  positions: (group: RoleGroup, id: number | null) => ['members', 'positions', group, id] as const,
  grants: (userId: number) => ['members', 'grants', userId] as const,
  accountants: (search: string, page: number) => ['members', 'accountants', search, page] as const,
};

/** The manageable-users answers (SPEC.md section 6): refreshed with the members. */
export const manageableKeys = {
  all: ['manageable-users'] as const,
  ids: (ids: readonly number[]) => ['manageable-users', [...ids].sort((a, b) => a - b)] as const,
  scopes: ['manageable-scopes'] as const,
};

/** Available permissions (SPEC.md section 9): stale 5 minutes, kept 10. */
const CATALOGUE_STALE_MS = 5 * 60_000;
const CATALOGUE_GC_MS = 10 * 60_000;

/** After a grant, a revoke or a role change: permissions, members and manageable users are asked again. */
export async function refreshAfterChange(client: QueryClient): Promise<void> {
  await Promise.all([
    invalidatePermissions(client),
    client.invalidateQueries({ queryKey: membersKeys.all }),
    client.invalidateQueries({ queryKey: manageableKeys.all }),
    client.invalidateQueries({ queryKey: manageableKeys.scopes }),
  ]);
}

// ---------------------------------------------------------------- members

export function useOfficeMembers(group: RoleGroup | null, id: number | null) {
  return useQuery({
    queryKey: membersKeys.office(group ?? 'churches', id ?? 0),
    queryFn: async () => readList<Member>((await http.get(membersPath(group!, id!))).data),
    enabled: group !== null && id !== null,
  });
}

export type GroupMembersParams = {
  group: RoleGroup;
  id: number;
  search: string;
  role: MemberRoleFilter | null;
  page: number;
  limit: number;
} & ListSort<GroupMemberSort>;

export function useGroupMembers(params: GroupMembersParams | null) {
  return useQuery({
    queryKey: membersKeys.groupList(params!),
    queryFn: async (): Promise<List<Member>> => {
      const p = params!;
      const { data } = await http.get('/group-members', {
        params: {
          group: p.group,
          id: p.id,
          page: p.page,
          limit: p.limit,
          ...(p.search ? { search: p.search } : {}),
          ...(p.role ? { role: p.role } : {}),
          ...(p.sort ? { sort: p.sort, ...(p.order ? { order: p.order } : {}) } : {}),
        },
      });
      return readPage<Member>(data, { page: p.page, limit: p.limit });
    },
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

export function useGroupMemberStats(group: RoleGroup | null, id: number | null) {
  return useQuery({
    queryKey: membersKeys.groupStats(group ?? 'regions', id ?? 0),
    queryFn: async () =>
      readItem<GroupMembersStats>((await http.get('/group-members/stats', { params: { group, id } })).data),
    enabled: group !== null && id !== null,
  });
}

/** GET /roles?group=&id=: the positions of a group, with `assigned` ('(Déjà assigné)'). */
export function usePositions(group: RoleGroup | null, id: number | null) {
  return useQuery({
    queryKey: membersKeys.positions(group ?? 'churches', id),
    queryFn: async () =>
      readList<Position>((await http.get('/roles', { params: { group, ...(id ? { id } : {}) } })).data),
    enabled: group !== null,
  });
}

type ServerMessage = { message: string };

export function useAddMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ group, id, body }: { group: RoleGroup; id: number; body: AddMemberBody }) =>
      (await http.post<ServerMessage>(membersPath(group, id), body)).data,
    onSuccess: () => refreshAfterChange(client),
  });
}

export function useRemoveRoles() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ group, id, body }: { group: RoleGroup; id: number; body: RemoveMemberBody }) =>
      (await http.delete<ServerMessage>(membersPath(group, id), { data: body })).data,
    onSuccess: () => refreshAfterChange(client),
  });
}

// ---------------------------------------------------------------- manageable users

export type ManageableAnswer = { users: Map<number, ManageableUser>; canManageAnyone: boolean };

/** Which of `ids` the signed-in user manages (one call per page of members). */
export function useManageableUsers(ids: readonly number[]) {
  return useQuery({
    queryKey: manageableKeys.ids(ids),
    queryFn: async (): Promise<ManageableAnswer> => {
      const { data } = await http.get<{ data: ManageableUser[]; canManageAnyone: boolean }>(
        '/permissions/manageable-users',
        { params: ids.length > 0 ? { ids: ids.join(','), limit: 100 } : { limit: 1 } },
      );
      return {
        users: new Map(readList<ManageableUser>(data).map((user) => [user.id, user])),
        canManageAnyone: data.canManageAnyone === true,
      };
    },
    placeholderData: keepPreviousData,
  });
}

// ---------------------------------------------------------------- permissions of a user

export function useUserGrants(userId: number | null) {
  return useQuery({
    queryKey: membersKeys.grants(userId ?? 0),
    queryFn: async () => readList<UserGrant>((await http.get(`/permissions/user/${userId}`)).data),
    enabled: userId !== null,
  });
}

export function useManageableScopes(enabled = true) {
  return useQuery({
    queryKey: manageableKeys.scopes,
    queryFn: async () =>
      readList<{ scope: PermissionScope; label: string }>(
        (await http.get('/permissions/manageable-scopes')).data,
      ),
    enabled,
  });
}

export function usePermissionCatalogue(scope: PermissionScope | null, search: string) {
  return useQuery({
    queryKey: ['available-permissions', scope, search],
    queryFn: async () =>
      readList<Permission>(
        (
          await http.get('/permissions', {
            params: { scope, limit: PERMISSION_SEARCH_LIMIT, ...(search ? { search } : {}) },
          })
        ).data,
      ),
    enabled: scope !== null,
    staleTime: CATALOGUE_STALE_MS,
    gcTime: CATALOGUE_GC_MS,
    placeholderData: keepPreviousData,
  });
}

/** Entities of a scope for the permission dialog (10 at most, SPEC.md section 9). */
export const ENTITY_SEARCH_LIMIT = 10;

export function useScopeEntities(scope: PermissionScope | null, search: string) {
  return useEntitySearch((scope && SCOPE_KINDS[scope]) ?? null, { search, limit: ENTITY_SEARCH_LIMIT });
}

export function useGrantPermission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: GrantBody) => (await http.post<ServerMessage>('/permissions/grant', body)).data,
    onSuccess: () => refreshAfterChange(client),
  });
}

export function useRevokePermission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: RevokeBody) =>
      (await http.post<ServerMessage>('/permissions/revoke', body)).data,
    onSuccess: () => refreshAfterChange(client),
  });
}

// ---------------------------------------------------------------- external accountants

export const ACCOUNTANTS_PAGE_SIZE = 20;

export function useExternalAccountants(search: string, page: number) {
  return useQuery({
    queryKey: membersKeys.accountants(search, page),
    queryFn: async () =>
      readPage<ExternalAccountant>(
        (
          await http.get('/users/external-accountants', {
            params: { page, limit: ACCOUNTANTS_PAGE_SIZE, ...(search ? { search } : {}) },
          })
        ).data,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useCreateAccountant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateExternalAccountantBody) =>
      (await http.post<ServerMessage>('/users/external-accountants', body)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: membersKeys.all }),
  });
}

export function useEditManagedChurches() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, churchIds }: { userId: number; churchIds: number[] }) =>
      (await http.put<ServerMessage>(`/users/${userId}/edit-managed-churches`, { church_ids: churchIds }))
        .data,
    onSuccess: () => client.invalidateQueries({ queryKey: membersKeys.all }),
  });
}

export function useChurchSearch(search: string) {
  return useEntitySearch('churches', { search, limit: 20 });
}
