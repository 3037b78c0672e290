import { beforeAll, describe, expect, it } from 'vitest';
import { http as mock, HttpResponse } from 'msw';
import { server } from '../msw/server';
import { http } from '@/shared/api/http-client';
import { finishBoot } from '@/shared/lib/boot';

// A page the server drew (decision 0037) carries the answers it was drawn with, as
// src/app/boot-page.ts writes them: the SPA's first GET of each is answered from there, once.
beforeAll(() => {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'boot-answers';
  script.textContent = JSON.stringify({
    '/api/contributions/summary': { data: 'drawn' },
    '/api/contributions?from_date=2026-01-01&page=1&mine=true': { data: ['drawn'] },
    '/api/me': { id: 1, note: '\u003c/script>' },
  }).replace(/</g, '\\u003c');
  document.body.append(script);
});

describe("the drawn page's answers", () => {
  it('answer the first GET of their URL, query included, then the network answers', async () => {
    const calls: string[] = [];
    server.use(
      mock.get('/api/contributions/summary', ({ request }) => {
        calls.push(request.url);
        return HttpResponse.json({ data: 'network' });
      }),
      mock.get('/api/contributions', () => HttpResponse.json({ data: ['network'] })),
      mock.post('/api/contributions/summary', () => HttpResponse.json({ posted: true })),
    );
    expect((await http.get('/contributions/summary')).data).toEqual({ data: 'drawn' });
    expect(calls).toHaveLength(0);
    // read once: the embed is gone from the page
    expect(document.getElementById('boot-answers')).toBeNull();
    expect((await http.get('/contributions/summary')).data).toEqual({ data: 'network' });
    expect(calls).toHaveLength(1);
    // the same query string as the SPA builds it
    const drawnList = await http.get('/contributions', {
      params: { from_date: '2026-01-01', page: 1, mine: 'true' },
    });
    expect(drawnList.data).toEqual({ data: ['drawn'] });
    // only GETs
    expect((await http.post('/contributions/summary', {})).data).toEqual({ posted: true });
  });

  it('are forgotten once the drawing gives way: later calls go to the network', async () => {
    server.use(mock.get('/api/me', () => HttpResponse.json({ id: 1, note: 'network' })));
    finishBoot();
    expect((await http.get('/me')).data).toEqual({ id: 1, note: 'network' });
  });
});
