import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * One msw server for every web test; tests add their handlers with `server.use(...)`. The header's
 * notification bell (every space) asks the unread count: none unless a test says otherwise. A member's
 * pages ask whether they may give online (GET /giving/me, decision 0043): not unless a test says so.
 */
export const server = setupServer(
  http.get('*/api/notifications/unread-count', () => HttpResponse.json({ unread: 0 })),
  http.get('*/api/giving/me', () =>
    HttpResponse.json({
      data: { available: false, reason: null, church: null, entities: [], phone: null },
    }),
  ),
);
