import { useCallback, useRef } from 'react';

/** The header of money writes: the server records the write once per key and replays its answer. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
}

/**
 * One key per attempt of a money write (a payment, a contribution): `key()` gives the current
 * attempt's key, reused when the user retries after a failure (network, timeout), so the server never
 * records it twice; `done()` after a success starts a new attempt.
 */
export function useIdempotencyKey(): { key: () => string; done: () => void } {
  const current = useRef<string | null>(null);
  const key = useCallback(() => (current.current ??= newIdempotencyKey()), []);
  const done = useCallback(() => {
    current.current = null;
  }, []);
  return { key, done };
}
