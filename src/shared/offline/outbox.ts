import { inStore, OUTBOX_STORE } from './idb';

/**
 * The outbox (decision 0039): money writes recorded without network — a treasurer's receipts
 * on a Sunday without signal — kept in IndexedDB with their Idempotency-Key, and sent when the network
 * returns, by the page ('online', at start, after a failed try) and by the service worker (Background
 * Sync, where the browser has it). The same key goes with every try: the server records a write once
 * per key (server/src/http/idempotency.ts), so an answer lost on the way is simply asked again. A write
 * the server refuses (a 4xx with its French message: a closed year, a permission, a field) stays, to
 * correct or delete. Entries belong to the user who recorded them, and are sent only with that user's
 * session. No DOM here: the service worker runs it too.
 */

export type OutboxEntry = {
  /** the write's Idempotency-Key: one per content (src/shared/api/money-write.ts) */
  key: string;
  /** who recorded it: only their session sends it, only they see it */
  userId: number;
  /** what it is, for its feature (the lists that show it, the texts once sent) */
  kind: 'contribution';
  /** the call: a path under /api and its JSON body */
  request: { method: 'POST'; path: string; body: unknown };
  /** the entity of the Level it was recorded at (the list that shows it) */
  entity: { entityType: string; entityId: number } | null;
  /** what a list shows of it, written by its feature (names, amounts, dates) */
  summary: Record<string, string | number | boolean | null>;
  /** when it was recorded on the device (ISO) */
  recordedAt: string;
  /** 'pending': to send; 'refused': the server said no (`message`), to correct or delete */
  state: 'pending' | 'refused';
  /** the server's French message of a refusal */
  message?: string;
  /** tries that got no answer, or a 5xx */
  attempts: number;
};

/** How the pages name each kind of entry (the header's count, the toasts); the page that lists each is the app's. */
export const OUTBOX_KINDS: Record<OutboxEntry['kind'], { one: string; many: string }> = {
  contribution: { one: 'recette', many: 'recettes' },
};

/** Background Sync's tag, and the channel on which the page and the worker say the outbox changed. */
export const OUTBOX_SYNC_TAG = 'ekklesia-outbox';
export const OUTBOX_CHANNEL = 'ekklesia-outbox';

/** A user's entries, oldest first. */
export async function outboxEntries(userId: number): Promise<OutboxEntry[]> {
  const entries = await inStore<OutboxEntry[]>(OUTBOX_STORE, 'readonly', (store) =>
    store.index('user').getAll(userId),
  );
  return entries.sort((a, b) => a.recordedAt.localeCompare(b.recordedAt));
}

export async function outboxEntry(key: string): Promise<OutboxEntry | undefined> {
  return inStore<OutboxEntry | undefined>(OUTBOX_STORE, 'readonly', (store) => store.get(key));
}

export async function putOutboxEntry(entry: OutboxEntry): Promise<void> {
  await inStore(OUTBOX_STORE, 'readwrite', (store) => store.put(entry));
  changed(entry.userId);
}

export async function deleteOutboxEntry(entry: Pick<OutboxEntry, 'key' | 'userId'>): Promise<void> {
  await inStore(OUTBOX_STORE, 'readwrite', (store) => store.delete(entry.key));
  changed(entry.userId);
}

/** Deletes every entry of a user (signing out, once they said so). */
export async function clearOutbox(userId: number): Promise<void> {
  const entries = await outboxEntries(userId);
  for (const entry of entries) await inStore(OUTBOX_STORE, 'readwrite', (store) => store.delete(entry.key));
  changed(userId);
}

let channel: BroadcastChannel | null = null;
/** Tells the other pages and the worker that a user's outbox changed. */
function changed(userId: number): void {
  if (typeof BroadcastChannel !== 'undefined') {
    channel ??= new BroadcastChannel(OUTBOX_CHANNEL);
    channel.postMessage({ type: 'changed', userId });
  }
  local.forEach((listener) => listener(userId, true));
}
const local = new Set<(userId: number, here: boolean) => void>();
/** Listens to the changes of this page or worker (`here`), and to the others' through the channel. */
export function onOutboxChange(listener: (userId: number, here: boolean) => void): () => void {
  local.add(listener);
  const remote = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_CHANNEL);
  if (remote)
    remote.onmessage = (event: MessageEvent<{ type?: string; userId?: number }>) => {
      if (event.data?.type === 'changed' && typeof event.data.userId === 'number')
        listener(event.data.userId, false);
    };
  return () => {
    local.delete(listener);
    remote?.close();
  };
}

/** What a round of sending did. */
export type OutboxRound = {
  /** accepted by the server, with its answer (the created record) */
  sent: { entry: OutboxEntry; answer: unknown }[];
  /** refused by the server this round */
  refused: OutboxEntry[];
  /** why it stopped before the end: no network (or a 5xx), or a session that ended (401) */
  stopped: 'network' | 'session' | null;
};

const RETRYABLE = new Set([408, 425, 429]);

function serverMessage(body: unknown, status: number): string {
  const message =
    typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message.replace(/^E_HTTP_EXCEPTION: /, '').trim()
      : '';
  return message || `Le serveur a refusé l’enregistrement (${status}).`;
}

type Outcome = { sent: true; answer: unknown } | 'refused' | 'network' | 'session';

async function sendOne(entry: OutboxEntry, apiBase: string): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetch(`${apiBase}/api${entry.request.path}`, {
      method: entry.request.method,
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Idempotency-Key': entry.key,
      },
      body: JSON.stringify(entry.request.body),
      credentials: 'include',
    });
  } catch {
    return 'network';
  }
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (response.ok) return { sent: true, answer: body };
  if (response.status === 401) return 'session';
  if (response.status >= 500 || RETRYABLE.has(response.status)) return 'network';
  await putOutboxEntry({ ...entry, state: 'refused', message: serverMessage(body, response.status) });
  return 'refused';
}

/**
 * Sends a user's pending entries, oldest first, one at a time, with the session of the page or worker
 * that calls it (which must be that user's). One sender at a time per user across the pages and the
 * worker (Web Locks, where the browser has them; without, the keys still make a second send harmless).
 */
export async function sendOutbox(userId: number, apiBase = ''): Promise<OutboxRound> {
  const round = async (): Promise<OutboxRound> => {
    const result: OutboxRound = { sent: [], refused: [], stopped: null };
    for (const entry of await outboxEntries(userId)) {
      if (entry.state !== 'pending') continue;
      // deleted or corrected meanwhile by another page
      const current = await outboxEntry(entry.key);
      if (!current || current.state !== 'pending') continue;
      const outcome = await sendOne(current, apiBase);
      if (outcome === 'network' || outcome === 'session') {
        if (outcome === 'network') await putOutboxEntry({ ...current, attempts: current.attempts + 1 });
        result.stopped = outcome;
        break;
      }
      if (outcome === 'refused') {
        result.refused.push(current);
        continue;
      }
      await deleteOutboxEntry(current);
      result.sent.push({ entry: current, answer: outcome.answer });
    }
    return result;
  };
  // Web Locks: the page's navigator and the worker's both have them (Chromium, Firefox, Safari 15.4+)
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  return locks ? locks.request(`${OUTBOX_SYNC_TAG}-${userId}`, round) : round();
}
