import { describe, expect, it } from 'vitest';
import { SYSTEM_MESSAGES } from '../../server/src/modules/system/routes';
import { createTestApp } from './helpers';

// Decision 0017: /api/health says the process answers (liveness), /api/ready that it can serve
// (its database answers).

describe('liveness and readiness', () => {
  it('answers ready while the database answers, 503 once it does not, and stays alive', async () => {
    const t = await createTestApp({ template: 'fixture' });
    try {
      const ready = await t.app.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok', database: t.database.kind });

      await t.database.close();
      const notReady = await t.app.inject({ url: '/api/ready' });
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json()).toEqual({ message: `E_HTTP_EXCEPTION: ${SYSTEM_MESSAGES.notReady}` });
      const alive = await t.app.inject({ url: '/api/health' });
      expect(alive.statusCode).toBe(200);
      expect(alive.json()).toEqual({ status: 'ok', database: t.database.kind });
    } finally {
      await t.close().catch(() => {});
    }
  });
});
