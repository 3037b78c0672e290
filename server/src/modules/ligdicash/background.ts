import type { FastifyInstance, FastifyRequest } from 'fastify';
import { simulatorEnabled } from './simulator';

/*
 * What a payment module runs beside its routes (the subscriptions' payments, the online gifts;
 * decisions 0019 and 0043): the notifications it handles after the provider got its 200, awaited when
 * the server stops, and the periodic re-check of the payments still open.
 */

/** The notifications being handled, per app (by its database): a stop, and a test, wait for them. */
export class NotificationsInFlight {
  readonly #byDb = new WeakMap<object, Set<Promise<unknown>>>();

  /** The set the app on `db` adds each notification's work to; the app waits for it when it closes. */
  open(app: FastifyInstance, db: object): Set<Promise<unknown>> {
    const inFlight = new Set<Promise<unknown>>();
    this.#byDb.set(db, inFlight);
    app.addHook('onClose', async () => {
      await Promise.allSettled([...inFlight]);
    });
    return inFlight;
  }

  /** Resolves once the notifications received so far by the app on `db` are handled. */
  async settled(db: object): Promise<void> {
    const inFlight = this.#byDb.get(db);
    while (inFlight && inFlight.size > 0) await Promise.allSettled([...inFlight]);
  }
}

/**
 * Runs `recheck` every PAYMENT_RECHECK_MS, one round at a time, where a provider can answer (LigdiCash
 * configured, or the simulator); stopped when the app closes.
 */
export function startRecheck(app: FastifyInstance, recheck: () => Promise<unknown>): void {
  const { config } = app.deps;
  if (config.paymentRecheckMs <= 0 || !(config.ligdicash.apiUrl || simulatorEnabled(config))) return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    recheck()
      .catch((error: unknown) => app.log.error(error))
      .finally(() => (running = false));
  }, config.paymentRecheckMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * A provider notification acknowledged at once: its body read as an object (JSON or form; `{}` for
 * anything else), handled after the answer, a failure logged as `failure`, the work kept in `inFlight`.
 */
export function handleAfterAnswer(
  inFlight: Set<Promise<unknown>>,
  request: FastifyRequest,
  handle: (body: Record<string, unknown>) => Promise<unknown>,
  failure: string,
): void {
  const body =
    request.body && typeof request.body === 'object' && !Array.isArray(request.body)
      ? (request.body as Record<string, unknown>)
      : {};
  const work: Promise<unknown> = handle(body)
    .catch((error: unknown) => request.log.warn({ err: (error as Error).message }, failure))
    .finally(() => inFlight.delete(work));
  inFlight.add(work);
}
