import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * One msw server for every web test; tests add their handlers with `server.use(...)`. The header's
 * notification bell (every space) asks the unread count: none unless a test says otherwise.
 */
export const server = setupServer(
  http.get('*/api/notifications/unread-count', () => HttpResponse.json({ unread: 0 })),
);
