import { useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { formatDateTime } from '@/shared/lib/format';
import { useOnline } from '@/shared/offline/online';

/** When the data the page shows was read from the server: the oldest of its queries' answers. */
function shownSince(client: QueryClient): number {
  let oldest = 0;
  for (const query of client.getQueryCache().findAll({ type: 'active' })) {
    const at = query.state.dataUpdatedAt;
    if (at > 0 && (oldest === 0 || at < oldest)) oldest = at;
  }
  return oldest;
}

/**
 * 'Hors ligne — données du {date heure}' above every page of a space while the device has no network
 * (decision 0039): the page shows what the device kept, as of that time; the changes that
 * need the server say so when asked (src/shared/api/http-client.ts), the receipts are kept and sent
 * later (the contributions' outbox).
 */
export function OfflineBanner() {
  const online = useOnline();
  const client = useQueryClient();
  const since = useSyncExternalStore(
    (listener) => client.getQueryCache().subscribe(listener),
    () => (online ? 0 : shownSince(client)),
    () => 0,
  );
  if (online) return null;
  return (
    <div role="status" className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950">
      <p className="font-medium">
        {since
          ? `Hors ligne — données du ${formatDateTime(since)}`
          : 'Hors ligne — aucune donnée enregistrée sur cet appareil pour cette page'}
      </p>
      <p className="text-amber-900">Les modifications demandent le réseau.</p>
    </div>
  );
}
