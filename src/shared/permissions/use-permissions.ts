import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type {
  PERMISSION_ENTITY_TYPES,
  PermissionCheckBody,
  PermissionCheckMultipleBody,
} from '@contract/permissions';
import { getHttpStatus, http } from '@/shared/api/http-client';
import { useAccount } from '@/shared/auth/account-store';

/**
 * The one way a page asks "may this user...?" (SPEC.md section 6): every permission a page needs, on
 * one entity, in one POST /permissions/check-multiple, cached 5 minutes (SPEC.md section 9). A failed
 * check counts as denied (section 8); a super-admin holds everything without asking.
 */

export const PERMISSIONS_STALE_MS = 5 * 60_000;
const PERMISSIONS_KEY = 'permissions';

/** The entity a permission is checked on: the API's entity type and id; none means anywhere. */
export type PermissionEntity = {
  entityType: (typeof PERMISSION_ENTITY_TYPES)[number];
  entityId: number | null;
} | null;

export type PermissionAnswer = {
  /** false until the answer is known (and after a failure: denied) */
  has: (code: string) => boolean;
  hasAny: boolean;
  hasAll: boolean;
  isLoading: boolean;
};

type Results = Record<string, boolean>;

export function permissionsQueryKey(codes: readonly string[], entity: PermissionEntity) {
  return [
    PERMISSIONS_KEY,
    entity?.entityType ?? 'global',
    entity?.entityId ?? null,
    [...codes].sort(),
  ] as const;
}

async function checkMultiple(codes: readonly string[], entity: PermissionEntity): Promise<Results> {
  const body: PermissionCheckMultipleBody = {
    permissions: [...codes],
    entity_type: entity?.entityType ?? null,
    entity_id: entity?.entityId ?? null,
  };
  try {
    const { data } = await http.post<{ results: Results }>('/permissions/check-multiple', body);
    return data.results;
  } catch (error) {
    // No answer (no network) is no denial: the query keeps the answer it had, kept on the device for
    // the pages opened offline (decision 0039); without one, nothing is allowed either.
    if (getHttpStatus(error) === undefined) throw error;
    // A failed check means denied (SPEC.md section 8).
    return {};
  }
}

export function usePermissions(codes: readonly string[], entity: PermissionEntity = null): PermissionAnswer {
  const account = useAccount();
  const superAdmin = account?.is_super_admin === true;
  const key = permissionsQueryKey(codes, entity);
  const query = useQuery({
    queryKey: key,
    queryFn: () => checkMultiple(codes, entity),
    enabled: !!account && !superAdmin && codes.length > 0,
    staleTime: PERMISSIONS_STALE_MS,
    gcTime: PERMISSIONS_STALE_MS,
    retry: false,
  });
  const results = query.data;
  const has = useCallback((code: string) => superAdmin || results?.[code] === true, [superAdmin, results]);
  return useMemo(
    () => ({
      has,
      hasAny: superAdmin || codes.some((code) => results?.[code] === true),
      hasAll: superAdmin || (codes.length > 0 && codes.every((code) => results?.[code] === true)),
      isLoading: !superAdmin && !!account && codes.length > 0 && query.isPending,
    }),
    // codes is compared by its sorted key
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [has, superAdmin, results, account, query.isPending, key.join('|')],
  );
}

/** After a grant, a revoke or a role change: the next checks ask the server again. */
export function invalidatePermissions(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: [PERMISSIONS_KEY] });
}

/** The codes the SPA names (SPEC.md section 6: DELEGATE_PERMISSIONS, ASSIGN_ROLES, MANAGE_*_ROLES...). */
export { PERMISSIONS } from '@contract/values/permissions';

/** POST /permissions/check: one permission on one entity (SPEC.md section 7); a failure is a denial. */
async function checkOne(code: string, entity: PermissionEntity): Promise<boolean> {
  const body: PermissionCheckBody = {
    permission: code,
    entity_type: entity?.entityType ?? null,
    entity_id: entity?.entityId ?? null,
  };
  try {
    const { data } = await http.post<{ hasPermission: boolean }>('/permissions/check', body);
    return data.hasPermission === true;
  } catch {
    return false;
  }
}

/**
 * One permission on one entity, asked with the call SPEC.md names for it (POST /permissions/check),
 * cached 5 minutes like the others; a super-admin holds it without asking.
 */
export function usePermission(
  code: string,
  entity: PermissionEntity = null,
): { allowed: boolean; isLoading: boolean } {
  const account = useAccount();
  const superAdmin = account?.is_super_admin === true;
  const query = useQuery({
    queryKey: [...permissionsQueryKey([code], entity), 'one'],
    queryFn: () => checkOne(code, entity),
    enabled: !!account && !superAdmin && code !== '',
    staleTime: PERMISSIONS_STALE_MS,
    gcTime: PERMISSIONS_STALE_MS,
    retry: false,
  });
  return {
    allowed: superAdmin || query.data === true,
    isLoading: !superAdmin && !!account && query.isPending,
  };
}

/** The super-admin check: holds every permission without asking the server. */
export function useIsSuperAdmin(): boolean {
  const account = useAccount();
  return account?.is_super_admin === true;
}
