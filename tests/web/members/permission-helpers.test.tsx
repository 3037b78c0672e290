import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/shared/api/query-client';
import { useAccountStore } from '@/shared/auth/account-store';
import { PERMISSIONS, useIsSuperAdmin, usePermission } from '@/shared/permissions/use-permissions';
import { demo, makeAccount } from '../app/fixtures';
import { server } from '../msw/server';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

beforeEach(() => useAccountStore.setState({ account: undefined }));

describe('permission helpers', () => {
  it('asks one permission on one entity through POST /permissions/check (SPEC.md section 7)', async () => {
    const bodies: unknown[] = [];
    server.use(
      mock.post('/api/permissions/check', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ hasPermission: true });
      }),
    );
    useAccountStore.setState({ account: demo.regionPresident });
    const { result } = renderHook(
      () => usePermission(PERMISSIONS.DELEGATE_PERMISSIONS, { entityType: 'REGION', entityId: 3 }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.allowed).toBe(true));
    expect(bodies).toEqual([{ permission: 'permission:delegate', entity_type: 'REGION', entity_id: 3 }]);
  });

  it('treats a failed check as denied', async () => {
    server.use(mock.post('/api/permissions/check', () => HttpResponse.json({}, { status: 500 })));
    useAccountStore.setState({ account: demo.regionPresident });
    const { result } = renderHook(() => usePermission(PERMISSIONS.ASSIGN_ROLES), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.allowed).toBe(false);
  });

  it('knows the super-admin without asking', () => {
    useAccountStore.setState({ account: makeAccount({ is_super_admin: true }) });
    const { result, unmount } = renderHook(
      () => ({ admin: useIsSuperAdmin(), manage: usePermission(PERMISSIONS.MANAGE_CHURCH_ROLES) }),
      { wrapper },
    );
    expect(result.current.admin).toBe(true);
    expect(result.current.manage.allowed).toBe(true);
    unmount();
    useAccountStore.setState({ account: demo.pastor });
    const { result: pastor } = renderHook(() => useIsSuperAdmin(), { wrapper });
    expect(pastor.current).toBe(false);
  });
});
