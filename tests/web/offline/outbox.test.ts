import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http as mock, HttpResponse } from 'msw';
import { server } from '../msw/server';
import { deleteDatabaseForTests } from '@/shared/offline/idb';
import {
  clearOutbox,
  outboxEntries,
  putOutboxEntry,
  sendOutbox,
  type OutboxEntry,
} from '@/shared/offline/outbox';
import { flushOutbox, keepInOutbox, onOutboxSent, startOutbox } from '@/shared/offline/outbox-store';

// Decision 0039: the receipts recorded without network wait in IndexedDB with their
// Idempotency-Key, and go with that same key until the server answers: accepted, they leave the
// outbox; refused (a 4xx), they stay with the server's French message; no answer, they wait again.

let recorded = 0;
function entry(key: string, userId: number, at: string, amount = 1000): OutboxEntry {
  recorded += 1;
  return {
    key,
    userId,
    kind: 'contribution',
    request: { method: 'POST', path: '/contributions', body: { amount, entity_id: 3 } },
    entity: { entityType: 'CHURCH', entityId: 3 },
    summary: { contributor: 'Aminata Koné' },
    recordedAt: at,
    state: 'pending',
    attempts: 0,
  };
}

/** The POSTs the fake server received, with their keys and bodies. */
let calls: { key: string | null; body: unknown }[] = [];
/** What the fake server does with each call, by key: 'ok' (default), a status, or 'cut'. */
let behaviour: Record<string, 'ok' | 'cut' | number> = {};

beforeEach(async () => {
  await deleteDatabaseForTests();
  calls = [];
  behaviour = {};
  recorded = 0;
  server.use(
    mock.post('*/api/contributions', async ({ request }) => {
      const key = request.headers.get('Idempotency-Key');
      const body = await request.json();
      calls.push({ key, body });
      const how = behaviour[key ?? ''] ?? 'ok';
      if (how === 'cut') return HttpResponse.error();
      if (typeof how === 'number')
        return HttpResponse.json(
          { message: how === 400 ? "Ce fidèle n'appartient pas à cette entité." : 'Erreur' },
          { status: how },
        );
      return HttpResponse.json({ id: calls.length, key }, { status: 201 });
    }),
  );
});
afterEach(() => startOutbox(null));

describe('sending the outbox', () => {
  it('sends each pending entry once, oldest first, with its own key, and forgets it once accepted', async () => {
    await putOutboxEntry(entry('key-second-0002', 7, '2026-11-22T10:05:00Z', 2500));
    await putOutboxEntry(entry('key-first-00001', 7, '2026-11-22T10:00:00Z', 1500));

    const round = await sendOutbox(7);

    expect(calls.map((call) => call.key)).toEqual(['key-first-00001', 'key-second-0002']);
    expect(calls[0].body).toEqual({ amount: 1500, entity_id: 3 });
    expect(round.sent.map(({ entry: sent }) => sent.key)).toEqual(['key-first-00001', 'key-second-0002']);
    expect(round.sent[0].answer).toEqual({ id: 1, key: 'key-first-00001' });
    expect(round.stopped).toBeNull();
    expect(await outboxEntries(7)).toEqual([]);
  });

  it('keeps an entry whose answer was lost, and sends it again with the same key', async () => {
    await putOutboxEntry(entry('key-lost-000001', 7, '2026-11-22T10:00:00Z'));
    await putOutboxEntry(entry('key-after-00002', 7, '2026-11-22T10:05:00Z'));
    behaviour['key-lost-000001'] = 'cut';

    const first = await sendOutbox(7);
    expect(first.stopped).toBe('network');
    expect(first.sent).toEqual([]);
    // it stopped at the first: the network is gone for the others too
    expect(calls.map((call) => call.key)).toEqual(['key-lost-000001']);
    const kept = await outboxEntries(7);
    expect(kept.map((e) => [e.key, e.state, e.attempts])).toEqual([
      ['key-lost-000001', 'pending', 1],
      ['key-after-00002', 'pending', 0],
    ]);

    behaviour = {};
    const second = await sendOutbox(7);
    expect(second.sent).toHaveLength(2);
    expect(calls.map((call) => call.key)).toEqual(['key-lost-000001', 'key-lost-000001', 'key-after-00002']);
    expect(await outboxEntries(7)).toEqual([]);
  });

  it('waits again on a server error (5xx) or a 429, without marking the entry refused', async () => {
    await putOutboxEntry(entry('key-busy-000001', 7, '2026-11-22T10:00:00Z'));
    for (const status of [503, 429]) {
      behaviour['key-busy-000001'] = status;
      const round = await sendOutbox(7);
      expect(round.stopped).toBe('network');
    }
    const [kept] = await outboxEntries(7);
    expect(kept.state).toBe('pending');
    expect(kept.attempts).toBe(2);
  });

  it("keeps a refused entry with the server's French message, not sent again, and goes on with the others", async () => {
    await putOutboxEntry(entry('key-refused-001', 7, '2026-11-22T10:00:00Z'));
    await putOutboxEntry(entry('key-accepted-02', 7, '2026-11-22T10:05:00Z'));
    behaviour['key-refused-001'] = 400;

    const round = await sendOutbox(7);
    expect(round.refused.map((e) => e.key)).toEqual(['key-refused-001']);
    expect(round.sent.map(({ entry: sent }) => sent.key)).toEqual(['key-accepted-02']);
    const kept = await outboxEntries(7);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      key: 'key-refused-001',
      state: 'refused',
      message: "Ce fidèle n'appartient pas à cette entité.",
    });

    // a refused entry waits for its correction or deletion: the next round leaves it
    await sendOutbox(7);
    expect(calls.filter((call) => call.key === 'key-refused-001')).toHaveLength(1);
  });

  it('stops without touching the entries when the session has ended (401)', async () => {
    await putOutboxEntry(entry('key-session-001', 7, '2026-11-22T10:00:00Z'));
    behaviour['key-session-001'] = 401;
    const round = await sendOutbox(7);
    expect(round.stopped).toBe('session');
    const [kept] = await outboxEntries(7);
    expect(kept).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it("sends and clears only the user's own entries", async () => {
    await putOutboxEntry(entry('key-of-seven-01', 7, '2026-11-22T10:00:00Z'));
    await putOutboxEntry(entry('key-of-eight-01', 8, '2026-11-22T10:00:00Z'));
    await sendOutbox(7);
    expect(calls.map((call) => call.key)).toEqual(['key-of-seven-01']);
    expect((await outboxEntries(8)).map((e) => e.key)).toEqual(['key-of-eight-01']);
    await clearOutbox(8);
    expect(await outboxEntries(8)).toEqual([]);
    expect(recorded).toBe(2);
  });
});

describe("the page's outbox", () => {
  it('keeps a write for the signed-in user and sends it at once when the device is online', async () => {
    startOutbox(7);
    const rounds: number[] = [];
    const stop = onOutboxSent((round) => rounds.push(round.sent.length));
    const kept = await keepInOutbox({
      key: 'key-kept-online',
      kind: 'contribution',
      request: { method: 'POST', path: '/contributions', body: { amount: 500 } },
      entity: { entityType: 'CHURCH', entityId: 3 },
      summary: { contributor: 'Anonyme' },
    });
    expect(kept).toMatchObject({ userId: 7, state: 'pending', attempts: 0 });
    await flushOutbox();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.map((call) => call.key)).toEqual(['key-kept-online']);
    expect(rounds).toEqual([1]);
    expect(await outboxEntries(7)).toEqual([]);
    stop();
  });

  it('sends nothing while the device says it is offline, and sends on the browser’s online event', async () => {
    const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      await putOutboxEntry(entry('key-offline-001', 7, '2026-11-22T10:00:00Z'));
      startOutbox(7);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await flushOutbox()).toBeNull();
      expect(calls).toEqual([]);

      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
      const sent = new Promise<number>((resolve) => {
        const stop = onOutboxSent((round) => {
          stop();
          resolve(round.sent.length);
        });
      });
      window.dispatchEvent(new Event('online'));
      expect(await sent).toBe(1);
      expect(calls.map((call) => call.key)).toEqual(['key-offline-001']);
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
      if (onLine) Object.defineProperty(Navigator.prototype, 'onLine', onLine);
    }
  });

  it('opens a started user’s outbox with their entries only, sent at start', async () => {
    await putOutboxEntry(entry('key-at-start-01', 7, '2026-11-22T10:00:00Z'));
    await putOutboxEntry(entry('key-not-mine-01', 8, '2026-11-22T10:00:00Z'));
    const sent = new Promise<string[]>((resolve) => {
      const stop = onOutboxSent((round) => {
        stop();
        resolve(round.sent.map(({ entry: e }) => e.key));
      });
    });
    startOutbox(7);
    expect(await sent).toEqual(['key-at-start-01']);
    expect((await outboxEntries(8)).map((e) => e.key)).toEqual(['key-not-mine-01']);
  });
});
