import { experimental_createQueryPersister } from '@tanstack/query-persist-client-core';
import type { QueryClient, QueryFunctionContext, QueryKey, Query } from '@tanstack/react-query';
import { inStore, QUERIES_STORE } from './idb';

/**
 * The query cache kept on the device, per user (decision 0039): TanStack Query's persister
 * (`experimental_createQueryPersister`) writes each answer a page received into IndexedDB, under the
 * signed-in user's id, and gives it back when a page asks for the same query with nothing in memory
 * — at once, before the network answers (a repeat visit shows its data immediately, then refreshes
 * it), or instead of it when there is no network (the pages open with the offline banner). Another
 * user never reads it: each user has their own keys; signing out and an expired session (401) delete
 * the user's keys.
 */

/** How long a kept answer may be shown: a session's length (30 days). */
export const PERSIST_MAX_AGE_MS = 30 * 24 * 60 * 60_000;

/** Raised when the shape of a kept answer changes: older ones are then dropped, not shown. */
export const PERSIST_BUSTER = 'v1';

type PersistedQuery = { state: Query['state']; queryKey: QueryKey; queryHash: string; buster: string };

const userPrefix = (userId: number) => `u${userId}`;

/** IndexedDB as the persister's storage: values are stored as they are (structured clone). */
const storage = {
  getItem: (key: string) =>
    inStore<PersistedQuery | undefined>(QUERIES_STORE, 'readonly', (store) => store.get(key)),
  setItem: (key: string, value: PersistedQuery) =>
    inStore(QUERIES_STORE, 'readwrite', (store) => store.put(value, key)).then(() => undefined),
  removeItem: (key: string) =>
    inStore(QUERIES_STORE, 'readwrite', (store) => store.delete(key)).then(() => undefined),
};

type QueryPersisterFn = (
  queryFn: (context: QueryFunctionContext) => unknown,
  context: QueryFunctionContext,
  query: Query,
) => Promise<unknown>;

/** Whose answers each client keeps (the app has one client; the tests make many). */
const keptFor = new WeakMap<QueryClient, number | null>();

function persisterFor(userId: number): QueryPersisterFn {
  const persister = experimental_createQueryPersister<PersistedQuery>({
    storage,
    prefix: userPrefix(userId),
    maxAge: PERSIST_MAX_AGE_MS,
    buster: PERSIST_BUSTER,
    serialize: (query) => query as PersistedQuery,
    deserialize: (value) => value,
  });
  const persist = persister.persisterFn as unknown as QueryPersisterFn;
  return (queryFn, context, query) => {
    let asked = false;
    const network = (ctx: QueryFunctionContext) => {
      asked = true;
      return queryFn(ctx);
    };
    return persist(network, context, query).then(
      (data) => {
        // A kept answer is shown at once, then the server is asked again: the persister alone would
        // trust an answer younger than staleTime, and a reload would show what another user changed
        // meanwhile as if it were fresh (an approval, a payment). Paused while offline.
        if (!asked) setTimeout(() => void query.fetch().catch(() => undefined), 0);
        return data;
      },
      (error: unknown) => {
        // a device without IndexedDB (a private window of some browsers): the network only
        if (error instanceof DOMException || (error instanceof Error && /IndexedDB/.test(error.message)))
          return queryFn(context);
        throw error;
      },
    );
  };
}

/**
 * The queries of `client` are kept for `userId` from now on (null: for nobody, e.g. a guest). Called
 * when the account is known: at start from the account kept on the device, then by GET /me and the
 * sign-in.
 */
export function keepQueriesOf(client: QueryClient, userId: number | null): void {
  if ((keptFor.get(client) ?? null) === userId) return;
  keptFor.set(client, userId);
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({
    ...defaults,
    queries: {
      ...defaults.queries,
      persister: (userId === null ? undefined : persisterFor(userId)) as never,
    },
  });
}

/** Deletes every answer kept for `userId` on this device (signing out, an expired session). */
export async function forgetQueriesOf(userId: number): Promise<void> {
  const prefix = `${userPrefix(userId)}-`;
  await inStore(QUERIES_STORE, 'readwrite', (store) =>
    store.delete(IDBKeyRange.bound(prefix, `${prefix}\uffff`)),
  ).catch(() => undefined);
}
