import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http as mock, HttpResponse } from 'msw';
import { server } from '../msw/server';
import { http } from '@/shared/api/http-client';
import { createQueryClient, queryClient } from '@/shared/api/query-client';
import { useAccountStore } from '@/shared/auth/account-store';
import { loadSession, logout } from '@/shared/auth/session';
import { deleteDatabaseForTests } from '@/shared/offline/idb';
import { forgetQueriesOf, keepQueriesOf } from '@/shared/offline/persisted-queries';
import { demo } from '../app/fixtures';

// Decision 0039: the answers a page received are kept on the device per user, given back
// when the same query has nothing in memory (before the network, or without it), and never to
// another user; signing out and an expired session delete them.

const summary = ['contributions', 'summary'];
const fetchSummary = async () => (await http.get<{ total: number }>('/contributions/summary')).data;

/** A page's query on a fresh client (a new visit), as `userId` signed in on the device. */
async function visit(userId: number | null) {
  const client = createQueryClient();
  keepQueriesOf(client, userId);
  const result = await client.fetchQuery({ queryKey: summary, queryFn: fetchSummary, retry: false });
  // the persister writes after the answer, in the next task
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { client, result };
}

beforeEach(deleteDatabaseForTests);
afterEach(() => {
  keepQueriesOf(queryClient, null);
  useAccountStore.setState({ account: undefined });
  vi.restoreAllMocks();
});

describe('the query cache kept on the device', () => {
  it("gives a user's answer back on the next visit, before the network and without it", async () => {
    server.use(mock.get('/api/contributions/summary', () => HttpResponse.json({ total: 722500 })));
    await visit(1);

    let asked = 0;
    server.use(
      mock.get('/api/contributions/summary', () => {
        asked += 1;
        return HttpResponse.error();
      }),
    );
    const { client, result } = await visit(1);
    expect(result).toEqual({ total: 722500 });
    // the kept answer, with the time it was read from the server (the offline banner's date)
    expect(client.getQueryState(summary)?.dataUpdatedAt).toBeGreaterThan(0);
    expect(client.getQueryState(summary)?.dataUpdatedAt).toBeLessThanOrEqual(Date.now());
    // read from the device, then the server asked again: its failure leaves the kept answer shown
    await vi.waitFor(() => expect(asked).toBeGreaterThan(0));
    expect(client.getQueryData(summary)).toEqual({ total: 722500 });
  });

  it('shows a kept answer at once, then the server’s, even when the kept one is a few seconds old', async () => {
    server.use(mock.get('/api/contributions/summary', () => HttpResponse.json({ total: 722500 })));
    await visit(1);
    // another user changed it meanwhile (an approval, a payment): a reload must not trust the kept one
    server.use(mock.get('/api/contributions/summary', () => HttpResponse.json({ total: 800000 })));
    const { client, result } = await visit(1);
    expect(result).toEqual({ total: 722500 });
    await vi.waitFor(() => expect(client.getQueryData(summary)).toEqual({ total: 800000 }));
  });

  it("never gives one user's answers to another", async () => {
    server.use(mock.get('/api/contributions/summary', () => HttpResponse.json({ total: 722500 })));
    await visit(1);
    server.use(mock.get('/api/contributions/summary', () => HttpResponse.json({ total: 5 })));
    expect((await visit(2)).result).toEqual({ total: 5 });
    server.use(mock.get('/api/contributions/summary', () => HttpResponse.error()));
    expect((await visit(1)).result).toEqual({ total: 722500 });
  });

  it('forgets what it kept for a user', async () => {
    server.use(mock.get('/api/contributions/summary', () => HttpResponse.json({ total: 722500 })));
    await visit(1);
    await forgetQueriesOf(1);
    server.use(mock.get('/api/contributions/summary', () => HttpResponse.error()));
    await expect(visit(1)).rejects.toMatchObject({ message: expect.stringMatching(/serveur/) });
  });

  it('keeps a signed-in account when the network is gone at start, and forgets it on a 401', async () => {
    useAccountStore.setState({ account: demo.faithful });
    server.use(mock.get('/api/me', () => HttpResponse.error()));
    await expect(loadSession()).resolves.toEqual(demo.faithful);
    expect(useAccountStore.getState().account).toEqual(demo.faithful);

    server.use(mock.get('/api/contributions/summary', () => HttpResponse.json({ total: 1 })));
    queryClient.clear();
    await queryClient.fetchQuery({ queryKey: summary, queryFn: fetchSummary });
    await new Promise((resolve) => setTimeout(resolve, 50));

    server.use(mock.get('/api/me', () => HttpResponse.json({ message: 'Session expirée' }, { status: 401 })));
    await expect(loadSession()).resolves.toBeNull();
    expect(useAccountStore.getState().account).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    server.use(mock.get('/api/contributions/summary', () => HttpResponse.error()));
    await expect(visit(demo.faithful.id)).rejects.toBeDefined();
  });

  it('forgets what it kept for the user who signs out', async () => {
    useAccountStore.setState({ account: demo.faithful });
    server.use(
      mock.get('/api/me', () => HttpResponse.json(demo.faithful)),
      mock.get('/api/contributions/summary', () => HttpResponse.json({ total: 3 })),
      mock.delete('/api/logout', () => HttpResponse.json(null)),
    );
    await loadSession();
    await queryClient.fetchQuery({ queryKey: summary, queryFn: fetchSummary });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await logout();
    await new Promise((resolve) => setTimeout(resolve, 50));
    server.use(mock.get('/api/contributions/summary', () => HttpResponse.error()));
    await expect(visit(demo.faithful.id)).rejects.toBeDefined();
  });
});
