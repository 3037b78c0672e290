import { useSyncExternalStore } from 'react';
import {
  OUTBOX_SYNC_TAG,
  onOutboxChange,
  outboxEntries,
  putOutboxEntry,
  sendOutbox,
  type OutboxEntry,
  type OutboxRound,
} from './outbox';

/**
 * The page's side of the outbox (src/shared/offline/outbox.ts, decision 0039): the signed-in user's
 * entries for the pages (`useOutbox`), and when to send them — at start, when the network returns,
 * right after an entry is kept while online, then again after 3 s, 10 s, 30 s and every minute while
 * a try gets no answer; the service worker also sends them (Background Sync). What a feature does once
 * its entries are sent (its lists asked again, a toast) it registers with `onOutboxSent`.
 */

const API_BASE = import.meta.env.VITE_API_URL ?? '';
const RETRY_MS = [3_000, 10_000, 30_000, 60_000];

let userId: number | null = null;
let entries: OutboxEntry[] = [];
const listeners = new Set<() => void>();
let stopListening: (() => void) | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let failures = 0;

type SentHandler = (round: OutboxRound) => void;
const sentHandlers = new Set<SentHandler>();
const elsewhereHandlers = new Set<() => void>();

/** A feature's reaction to a round of sending from this page (the entries it owns in `round.sent`). */
export function onOutboxSent(handler: SentHandler): () => void {
  sentHandlers.add(handler);
  return () => sentHandlers.delete(handler);
}

/** A feature's reaction to a change made elsewhere (another page, the worker's Background Sync). */
export function onOutboxChangedElsewhere(handler: () => void): () => void {
  elsewhereHandlers.add(handler);
  return () => elsewhereHandlers.delete(handler);
}

async function reload(): Promise<void> {
  const of = userId;
  const next = of === null ? [] : await outboxEntries(of).catch(() => []);
  if (of !== userId) return;
  entries = next;
  listeners.forEach((listener) => listener());
}

/** The signed-in user's entries on this device (pending and refused), oldest first. */
export function useOutbox(): OutboxEntry[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => entries,
    () => entries,
  );
}

function online(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function scheduleRetry(): void {
  if (retryTimer) clearTimeout(retryTimer);
  const delay = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)];
  failures += 1;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void flushOutbox();
  }, delay);
}

let flushing: Promise<OutboxRound | null> | null = null;
let again = false;

async function flushRound(of: number): Promise<OutboxRound | null> {
  try {
    const round = await sendOutbox(of, API_BASE);
    if (round.stopped === 'network') scheduleRetry();
    else failures = 0;
    if (round.sent.length || round.refused.length) sentHandlers.forEach((handler) => handler(round));
    return round;
  } catch {
    scheduleRetry();
    return null;
  } finally {
    await reload();
  }
}

/**
 * Sends the user's pending entries now, when the device has a network. Asked while a round is under
 * way (an entry kept meanwhile), another round follows it: nothing kept waits for the next trigger.
 */
export function flushOutbox(): Promise<OutboxRound | null> {
  if (userId === null || !online()) return Promise.resolve(null);
  if (flushing) {
    again = true;
    return flushing;
  }
  flushing = (async () => {
    let round: OutboxRound | null = null;
    try {
      do {
        again = false;
        const of = userId;
        if (of === null || !online()) break;
        round = await flushRound(of);
        if (round?.stopped) break;
      } while (again);
      return round;
    } finally {
      again = false;
      flushing = null;
    }
  })();
  return flushing;
}

function onOnline(): void {
  failures = 0;
  void flushOutbox();
}

/**
 * The outbox of `user` from now on (null: nobody signed in): its entries for the pages, sent at once
 * when there is a network and whenever it returns. Called with the account (src/shared/auth/session.ts).
 */
export function startOutbox(user: number | null): void {
  if (user === userId) return;
  userId = user;
  entries = [];
  stopListening?.();
  stopListening = null;
  if (typeof window === 'undefined') return;
  void reload().then(() => void flushOutbox());
  if (user === null) return;
  window.addEventListener('online', onOnline);
  // another page or the service worker sent or changed entries: the pages show the outbox as it is
  const stopChanges = onOutboxChange((changedUser, here) => {
    if (changedUser !== userId) return;
    void reload();
    if (!here) elsewhereHandlers.forEach((handler) => handler());
  });
  stopListening = () => {
    window.removeEventListener('online', onOnline);
    stopChanges();
  };
}

/**
 * Keeps a write in the outbox of the signed-in user, asks the browser for a Background Sync (the
 * worker sends it even if the page is closed), and sends it at once when there is a network.
 */
export async function keepInOutbox(entry: Omit<OutboxEntry, 'userId' | 'state' | 'attempts' | 'recordedAt'>) {
  if (userId === null) throw new Error('Aucun utilisateur connecté.');
  const kept: OutboxEntry = {
    ...entry,
    userId,
    state: 'pending',
    attempts: 0,
    recordedAt: new Date().toISOString(),
  };
  await putOutboxEntry(kept);
  await reload();
  void requestBackgroundSync();
  void flushOutbox();
  return kept;
}

async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (
      registration as
        (ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } }) | undefined
    )?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // no Background Sync here: the page sends it when the network returns
  }
}
