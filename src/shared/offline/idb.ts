/**
 * The app's IndexedDB database on this device (decision 0039): `queries`, the
 * persisted query cache of each user (key: the user's id), and `outbox`, the receipts recorded without
 * network, waiting to be sent (key: their Idempotency-Key; index `user`). Opened by the page and by the
 * service worker (Background Sync): no DOM here, only IndexedDB.
 */

export const DB_NAME = 'ekklesia';
const DB_VERSION = 1;
export const QUERIES_STORE = 'queries';
export const OUTBOX_STORE = 'outbox';

let opening: Promise<IDBDatabase> | null = null;

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/** The database, opened (and created or upgraded) once per page or worker. */
export function openDatabase(): Promise<IDBDatabase> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new Error('IndexedDB indisponible'));
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(QUERIES_STORE)) db.createObjectStore(QUERIES_STORE);
      if (!db.objectStoreNames.contains(OUTBOX_STORE))
        db.createObjectStore(OUTBOX_STORE, { keyPath: 'key' }).createIndex('user', 'userId');
    };
    request.onsuccess = () => {
      const db = request.result;
      // another tab upgrades the database: this one lets go, and opens it again when asked
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = null;
      reject(request.error);
    };
  });
  return opening;
}

/** One request in a transaction of `store`, answered when the transaction is complete. */
export async function inStore<T>(
  store: string,
  mode: IDBTransactionMode,
  act: (objects: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await openDatabase();
  const transaction = db.transaction(store, mode);
  const result = done(act(transaction.objectStore(store)));
  await new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
  return result;
}

/** For the tests: closes the database and deletes it. */
export async function deleteDatabaseForTests(): Promise<void> {
  const open = opening;
  opening = null;
  await open?.then((db) => db.close()).catch(() => undefined);
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(DB_NAME);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}
