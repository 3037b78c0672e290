import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '@contract/notifications';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo } from '../app/fixtures';
import { renderApp } from '../app/render-app';
import { server } from '../msw/server';

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
});

const item = (id: number, read: boolean, extra: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'expense_request.to_approve',
  title: 'Demande de dépense à approuver',
  body: `« Demande ${id} » (35 000 FCFA) attend votre approbation.`,
  link: `/mon-eglise/depenses/${id}`,
  created_at: '2026-11-20T09:30:00.000Z',
  read,
  ...extra,
});

/** A server with `items` for pasteur@: the list, the unread count and the marks, as the API does. */
function serve(items: Notification[]) {
  const state = { items: [...items], marked: [] as number[], all: 0 };
  const unread = () => state.items.filter((n) => !n.read).length;
  server.use(
    http.get('*/api/notifications/unread-count', () => HttpResponse.json({ unread: unread() })),
    http.get('*/api/notifications', ({ request }) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page') ?? 1);
      const only = url.searchParams.get('unread') === 'true';
      const rows = state.items.filter((n) => !only || !n.read);
      return HttpResponse.json({
        data: rows.slice((page - 1) * 20, page * 20),
        meta: { total: rows.length, page, limit: 20 },
        unread: unread(),
      });
    }),
    http.put('*/api/notifications/read-all', () => {
      state.all += 1;
      state.items = state.items.map((n) => ({ ...n, read: true }));
      return HttpResponse.json({ marked: 1, unread: 0 });
    }),
    http.put('*/api/notifications/:id/read', ({ params }) => {
      state.marked.push(Number(params.id));
      state.items = state.items.map((n) => (n.id === Number(params.id) ? { ...n, read: true } : n));
      return HttpResponse.json({ unread: unread() });
    }),
  );
  return state;
}

describe('the notification bell', () => {
  it('shows the unread count in the header, named Notifications, linking to the space’s page', async () => {
    serve([item(1, false), item(2, false), item(3, true)]);
    renderApp('/mon-eglise/notifications', demo.pastor);
    const bell = await screen.findByRole('link', { name: 'Notifications (2 non lues)' });
    expect(bell).toHaveAttribute('href', '/mon-eglise/notifications');
    expect(within(bell).getByText('2')).toBeInTheDocument();
  });

  it('says only Notifications when nothing is unread', async () => {
    renderApp('/ma-region', demo.regionPresident);
    const bell = await screen.findByRole('link', { name: 'Notifications (aucune non lue)' });
    expect(bell).toHaveAttribute('href', '/ma-region/notifications');
  });
});

describe('the notifications page', () => {
  it('lists newest first with a link to each page, marks one read, then all', async () => {
    const state = serve([
      item(5, false),
      item(4, false),
      item(3, true, { title: 'Dépense payée', link: null }),
    ]);
    const user = userEvent.setup();
    renderApp('/mon-eglise/notifications', demo.pastor);
    const list = await screen.findByRole('list', { name: 'Liste des notifications' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[0]).getByText('« Demande 5 » (35 000 FCFA) attend votre approbation.'),
    ).toBeInTheDocument();
    expect(within(rows[0]).getByRole('link', { name: 'Voir' })).toHaveAttribute(
      'href',
      '/mon-eglise/depenses/5',
    );
    expect(within(rows[2]).queryByRole('link', { name: 'Voir' })).toBeNull();
    expect(screen.getByText('2 notifications non lues.')).toBeInTheDocument();

    await user.click(within(rows[1]).getByRole('button', { name: 'Marquer comme lu' }));
    await waitFor(() => expect(state.marked).toEqual([4]));
    expect(await screen.findByText('1 notification non lue.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Tout marquer comme lu' }));
    expect(await screen.findByText('Aucune notification non lue.')).toBeInTheDocument();
    expect(state.all).toBe(1);
    expect(await screen.findByRole('link', { name: 'Notifications (aucune non lue)' })).toBeInTheDocument();
  });

  it('says when there is none', async () => {
    serve([]);
    renderApp('/notifications', demo.faithful);
    expect(await screen.findByText('Aucune notification')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tout marquer comme lu' })).toBeDisabled();
  });

  it('sends an accountant from the dock’s /admin/notifications to their own notifications', async () => {
    serve([]);
    const { router } = renderApp('/admin/notifications', demo.accountant);
    await screen.findByText('Aucune notification');
    expect(router.state.location.pathname).toBe('/notifications');
  });
});
