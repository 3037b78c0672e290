import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/shared/api/query-client';
import { useAccountStore } from '@/shared/auth/account-store';
import { invalidatePermissions, usePermissions } from '@/shared/permissions/use-permissions';
import { server } from '../msw/server';
import { demo, makeAccount } from '../app/fixtures';

type Body = { permissions: string[]; entity_type: string | null; entity_id: number | null };

let calls: Body[];
function answerWith(results: Record<string, boolean> | 'error') {
  server.use(
    mock.post('/api/permissions/check-multiple', async ({ request }) => {
      const body = (await request.json()) as Body;
      calls.push(body);
      if (results === 'error') return HttpResponse.json({ message: 'Erreur' }, { status: 500 });
      const picked = Object.fromEntries(body.permissions.map((code) => [code, results[code] ?? false]));
      return HttpResponse.json({
        hasAny: Object.values(picked).some(Boolean),
        hasAll: Object.values(picked).every(Boolean),
        results: picked,
      });
    }),
  );
}

function setup() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

const CODES = ['expense:approve', 'expense:validate', 'expense:cancel'];
const CHURCH = { entityType: 'CHURCH' as const, entityId: 7 };

beforeEach(() => {
  calls = [];
  useAccountStore.setState({ account: demo.pastor });
});

describe('usePermissions', () => {
  it('asks every permission of a page in one check-multiple on the entity', async () => {
    answerWith({ 'expense:approve': true });
    const { wrapper } = setup();
    const { result } = renderHook(() => usePermissions(CODES, CHURCH), { wrapper });
    expect(result.current.has('expense:approve')).toBe(false);
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(calls).toEqual([{ permissions: CODES, entity_type: 'CHURCH', entity_id: 7 }]);
    expect(result.current.has('expense:approve')).toBe(true);
    expect(result.current.has('expense:validate')).toBe(false);
    expect(result.current.hasAny).toBe(true);
    expect(result.current.hasAll).toBe(false);
  });

  it('answers from its cache for the same codes and entity (whatever their order) until invalidated', async () => {
    answerWith({ 'expense:cancel': true });
    const { wrapper, client } = setup();
    const first = renderHook(() => usePermissions(CODES, CHURCH), { wrapper });
    await waitFor(() => expect(first.result.current.isLoading).toBe(false));
    const second = renderHook(() => usePermissions([...CODES].reverse(), CHURCH), { wrapper });
    expect(second.result.current.has('expense:cancel')).toBe(true);
    expect(calls).toHaveLength(1);
    await invalidatePermissions(client);
    await waitFor(() => expect(calls).toHaveLength(2));
  });

  it('treats a failed check as denied', async () => {
    answerWith('error');
    const { wrapper } = setup();
    const { result } = renderHook(() => usePermissions(CODES, CHURCH), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.has('expense:approve')).toBe(false);
    expect(result.current.hasAny).toBe(false);
  });

  it('grants everything to a super-admin without asking', async () => {
    useAccountStore.setState({ account: makeAccount({ is_super_admin: true }) });
    answerWith({});
    const { wrapper } = setup();
    const { result } = renderHook(() => usePermissions(CODES, CHURCH), { wrapper });
    expect(result.current.isLoading).toBe(false);
    expect(result.current.hasAll).toBe(true);
    expect(result.current.has('anything:at_all')).toBe(true);
    expect(calls).toHaveLength(0);
  });
});
