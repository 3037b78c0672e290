import { MutationObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient, DASHBOARD_QUERY_ROOT } from '@/shared/api/query-client';

describe('the query client (decision 0031)', () => {
  it('marks the dashboards stale after a successful write, and nothing else', async () => {
    const client = createQueryClient();
    client.setQueryData([DASHBOARD_QUERY_ROOT, 'me'], { year: 1 });
    client.setQueryData(['expenses', 'list'], []);
    await new MutationObserver(client, { mutationFn: async () => 'ok' }).mutate();
    expect(client.getQueryState([DASHBOARD_QUERY_ROOT, 'me'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['expenses', 'list'])?.isInvalidated).toBe(false);
  });

  it('keeps them after a failed write', async () => {
    const client = createQueryClient();
    client.setQueryData([DASHBOARD_QUERY_ROOT, 'admin'], { counts: {} });
    await expect(
      new MutationObserver(client, {
        mutationFn: async () => {
          throw new Error('refusé');
        },
      }).mutate(),
    ).rejects.toThrow('refusé');
    expect(client.getQueryState([DASHBOARD_QUERY_ROOT, 'admin'])?.isInvalidated).toBe(false);
  });
});
