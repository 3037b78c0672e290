import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createQueryClient } from '@/shared/api/query-client';
import { OfflineBanner } from '@/app/layouts/offline-banner';

// Decision 0039: with the network gone, a page shows what the device kept, under
// 'Hors ligne — données du {date heure}' (the oldest answer the page shows).

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

function Page() {
  useQuery({ queryKey: ['a'], queryFn: () => new Promise(() => {}) });
  useQuery({ queryKey: ['b'], queryFn: () => new Promise(() => {}) });
  return null;
}

afterEach(() => setOnline(true));

describe('the offline banner', () => {
  it('says nothing online, then the date and time of the data shown once offline', () => {
    const client = createQueryClient();
    client.setQueryData(['a'], 1, { updatedAt: new Date(2026, 10, 27, 17, 30).getTime() });
    client.setQueryData(['b'], 2, { updatedAt: new Date(2026, 10, 27, 18, 5).getTime() });
    render(
      <QueryClientProvider client={client}>
        <OfflineBanner />
        <Page />
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('status')).toBeNull();

    setOnline(false);
    const banner = screen.getByRole('status');
    expect(banner).toHaveTextContent('Hors ligne — données du 27/11/2026 17:30');
    expect(banner).toHaveTextContent('Les modifications demandent le réseau.');

    setOnline(true);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says when the device kept nothing for the page', () => {
    const client = createQueryClient();
    render(
      <QueryClientProvider client={client}>
        <OfflineBanner />
        <Page />
      </QueryClientProvider>,
    );
    setOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Hors ligne — aucune donnée enregistrée sur cet appareil pour cette page',
    );
  });
});
