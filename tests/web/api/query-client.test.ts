import { describe, expect, it } from 'vitest';
import { http as mock, HttpResponse } from 'msw';
import { server } from '../msw/server';
import { http } from '@/shared/api/http-client';
import { createQueryClient, shouldRetryQuery } from '@/shared/api/query-client';

describe('query client', () => {
  it('keeps data fresh 60 s and cached 5 min; never retries a mutation', () => {
    const client = createQueryClient();
    const { queries, mutations } = client.getDefaultOptions();
    expect(queries?.staleTime).toBe(60_000);
    expect(queries?.gcTime).toBe(300_000);
    expect(mutations?.retry).toBe(0);
  });

  it('retries a query once on a network or server error, never on a 4xx', async () => {
    server.use(
      mock.get('/api/notfound', () => HttpResponse.json({ message: 'Introuvable' }, { status: 404 })),
      mock.get('/api/broken', () => HttpResponse.json({ message: 'Erreur' }, { status: 500 })),
    );
    const notFound = await http.get('/notfound').catch((e: unknown) => e);
    const broken = await http.get('/broken').catch((e: unknown) => e);

    expect(shouldRetryQuery(0, notFound)).toBe(false);
    expect(shouldRetryQuery(0, broken)).toBe(true);
    expect(shouldRetryQuery(1, broken)).toBe(false);
    expect(shouldRetryQuery(0, { message: 'Network Error' })).toBe(true);
  });

  it('asks a failing query twice in all on a 500, once on a 400', async () => {
    let calls500 = 0;
    let calls400 = 0;
    server.use(
      mock.get('/api/flaky', () => {
        calls500 += 1;
        return HttpResponse.json({ message: 'Erreur' }, { status: 500 });
      }),
      mock.get('/api/invalid', () => {
        calls400 += 1;
        return HttpResponse.json({ message: 'Invalide' }, { status: 400 });
      }),
    );
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } });
    await expect(
      client.fetchQuery({ queryKey: ['flaky'], queryFn: () => http.get('/flaky') }),
    ).rejects.toEqual({
      message: 'Erreur',
    });
    await expect(
      client.fetchQuery({ queryKey: ['invalid'], queryFn: () => http.get('/invalid') }),
    ).rejects.toEqual({
      message: 'Invalide',
    });
    expect(calls500).toBe(2);
    expect(calls400).toBe(1);
  });
});
