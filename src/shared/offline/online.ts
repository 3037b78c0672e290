import { useSyncExternalStore } from 'react';

/** Whether the device says it has a network (navigator.onLine), kept up to date by its events. */
const online = {
  subscribe(listener: () => void) {
    window.addEventListener('online', listener);
    window.addEventListener('offline', listener);
    return () => {
      window.removeEventListener('online', listener);
      window.removeEventListener('offline', listener);
    };
  },
  get: () => navigator.onLine,
};

/** true while the device has a network; false offline (the offline banner, the outbox). */
export function useOnline(): boolean {
  return useSyncExternalStore(online.subscribe, online.get, () => true);
}
