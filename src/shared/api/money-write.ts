import { useCallback, useRef, useState } from 'react';
import { canonicalJson } from '@contract/values/idempotency';
import { DEFAULT_ERROR_MESSAGE, errorMessage } from '@/shared/lib/errors';
import { notify } from '@/shared/ui/toast';
import { getHttpStatus } from './http-client';
import { newIdempotencyKey } from './idempotency';

/**
 * The Idempotency-Key of a body: the same key while the user retries the same content (after a network
 * failure or a refusal), so the server never records the write twice; a new key when the content changes
 * (the server refuses a key reused with another body, 422) and after a success (`done()`).
 */
export function useContentKey<B>(): { keyFor: (body: B) => string; done: () => void } {
  const current = useRef<{ key: string; fingerprint: string } | null>(null);
  const keyFor = useCallback((body: B) => {
    const fingerprint = canonicalJson(body);
    if (current.current?.fingerprint !== fingerprint)
      current.current = { key: newIdempotencyKey(), fingerprint };
    return current.current.key;
  }, []);
  const done = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, done };
}

export type MoneyWriteOptions<B, R> = {
  /** the call, e.g. a mutation's `mutateAsync` (its own invalidations run before it resolves) */
  write: (request: { body: B; key: string }) => Promise<R>;
  /** the French toast of a success, e.g. 'Paiement enregistré.' (or one per result) */
  success: string | ((result: R) => string);
  /**
   * the French text of a failure the server did not explain, or of a write that got no answer
   * (default: "Une erreur s'est produite")
   */
  fallback?: string | ((body: B) => string);
  /** told when the write starts and ends: a dialog stays open while it saves */
  onSavingChange?: (saving: boolean) => void;
  /** after the success: close the dialog, open the record */
  onDone?: (result: R) => void;
};

export type MoneyWrite<B> = {
  /** sends the body with its key; never rejects (a failure is in `failure` and a toast) */
  submit: (body: B) => Promise<void>;
  saving: boolean;
  /** the form's error: the server's French message, else the fallback */
  failure: string | null;
};

/**
 * The submit of a money write (a payment, a receipt): one Idempotency-Key per content
 * (`useContentKey`), a saving state, on success a French toast then `onDone`, on failure the French
 * message in the form and in a toast.
 */
export function useMoneyWrite<B, R>(options: MoneyWriteOptions<B, R>): MoneyWrite<B> {
  const { write, success, fallback, onSavingChange, onDone } = options;
  const idempotency = useContentKey<B>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (body: B) => {
    setFailure(null);
    setSaving(true);
    onSavingChange?.(true);
    try {
      const result = await write({ body, key: idempotency.keyFor(body) });
      idempotency.done();
      notify.success(typeof success === 'function' ? success(result) : success);
      onDone?.(result);
    } catch (error) {
      // the same key goes with a retry of the same content: a write that reached the server is not recorded twice
      const text = typeof fallback === 'function' ? fallback(body) : fallback;
      // no answer (network down, timeout): the dialog's own French text, which names the write that failed
      const message =
        getHttpStatus(error) === undefined ? (text ?? DEFAULT_ERROR_MESSAGE) : errorMessage(error, text);
      setFailure(message);
      notify.error(message);
    } finally {
      setSaving(false);
      onSavingChange?.(false);
    }
  };

  return { submit, saving, failure };
}
