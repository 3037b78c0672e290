import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { server } from '../msw/server';
import { useAccountStore } from '@/shared/auth/account-store';
import { deleteDatabaseForTests } from '@/shared/offline/idb';
import { outboxEntries } from '@/shared/offline/outbox';
import { flushOutbox, startOutbox } from '@/shared/offline/outbox-store';
import { demo } from '../app/fixtures';
import { renderApp } from '../app/render-app';
import { contributionsApi } from './handlers';

// Decision 0039, the form's side: a receipt whose answer is lost (the server may have recorded it)
// is kept on the device with the key it was sent with, said so, and goes again with that same key;
// it gets its receipt only once the server accepts it.

const TREASURER = {
  'contribution:create': true,
  'contribution:create_anonyme': true,
  'contribution:print_receipt': true,
};
vi.setConfig({ testTimeout: 40_000 });

beforeEach(async () => {
  await deleteDatabaseForTests();
  useAccountStore.setState({ account: undefined });
});
afterEach(() => startOutbox(null));

async function chooseOption(user: UserEvent, label: RegExp, option: RegExp) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('a receipt without an answer', () => {
  it('is kept with its key, listed for later, and sent again with the same key', async () => {
    const recorded = contributionsApi({ permissions: TREASURER });
    // the first tries get no answer at all
    const lost: (string | null)[] = [];
    let cut = true;
    server.use(
      // the header's link to the list (its Level's name)
      mock.get('/api/churches/11', () => HttpResponse.json({ id: 11, name: 'Église de Cocody' })),
      mock.post('/api/contributions', ({ request }) => {
        if (!cut) return undefined;
        lost.push(request.headers.get('Idempotency-Key'));
        return HttpResponse.error();
      }),
    );
    startOutbox(demo.pastor.id);
    renderApp('/mon-eglise/recettes/nouvelle', demo.pastor);
    await screen.findByRole('button', { name: 'Enregistrer' }, { timeout: 15_000 });
    const user = userEvent.setup();

    await user.click(await screen.findByLabelText('Anonyme'));
    await user.type(screen.getByLabelText(/^Montant/), '5000');
    await chooseOption(user, /^Compte de paiement/, /Caisse locale/);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(
      await screen.findByText('Recette gardée sur cet appareil : elle sera envoyée au retour du réseau.'),
    ).toBeInTheDocument();
    // the form is ready for the next one
    await waitFor(() => expect((screen.getByLabelText(/^Montant/) as HTMLInputElement).value).toBe(''));
    const [kept] = await outboxEntries(demo.pastor.id);
    expect(kept).toMatchObject({ kind: 'contribution', userId: demo.pastor.id, state: 'pending' });
    expect(kept.request.body).toMatchObject({ is_anonymous: true, amount: 5000, entity_id: 11 });
    expect(lost[0]).toBe(kept.key);
    // the header counts it
    expect(await screen.findByRole('link', { name: '1 recette en attente d’envoi' })).toBeInTheDocument();

    // the answers come back: the same key goes, the server records it
    cut = false;
    await flushOutbox();
    await waitFor(() => expect(recorded.created).toHaveLength(1));
    expect(recorded.createKeys).toEqual([kept.key]);
    expect(new Set(lost)).toEqual(new Set([kept.key]));
    await waitFor(async () => expect(await outboxEntries(demo.pastor.id)).toEqual([]));
    expect(
      await screen.findByText('Recette envoyée : son reçu est disponible.', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: /en attente d’envoi/ })).not.toBeInTheDocument(),
    );
  });
});
