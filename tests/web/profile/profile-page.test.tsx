import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile, UserSession } from '@contract/profile';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo } from '../app/fixtures';
import { renderApp } from '../app/render-app';
import { server } from '../msw/server';

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
});

const profile: Profile = {
  id: 8,
  firstname: 'Paul',
  lastname: 'Kouassi',
  registration_number: 'MAT-000009',
  phone: '+2250700000001',
  email: 'paul@example.org',
  church: 'Église de Cocody',
  roles: [
    { name: 'Fidèle', entity: null },
    { name: 'Trésorier', entity: 'Église de Cocody' },
  ],
};
const sessions: UserSession[] = [
  {
    id: 'aaaaaaaaaaaaaaaa',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36',
    ip: '127.0.0.1',
    created_at: '2026-11-25T08:00:00.000Z',
    last_seen_at: '2026-11-25T09:00:00.000Z',
    current: true,
  },
  {
    id: 'bbbbbbbbbbbbbbbb',
    user_agent: 'Mozilla/5.0 (Linux; Android 14) Chrome/120.0 Mobile Safari/537.36',
    ip: '10.0.0.2',
    created_at: '2026-11-24T08:00:00.000Z',
    last_seen_at: '2026-11-24T09:00:00.000Z',
    current: false,
  },
];

function serve() {
  const calls = { contact: [] as unknown[], password: [] as unknown[], ended: [] as string[], others: 0 };
  let list = [...sessions];
  server.use(
    http.get('*/api/profile', () => HttpResponse.json({ data: profile })),
    http.put('*/api/profile', async ({ request }) => {
      const body = (await request.json()) as { phone: string | null; email: string | null };
      calls.contact.push(body);
      return HttpResponse.json({ message: 'Coordonnées mises à jour.', data: { ...profile, ...body } });
    }),
    http.put('*/api/profile/password', async ({ request }) => {
      const body = (await request.json()) as { current_password: string };
      calls.password.push(body);
      if (body.current_password !== 'demo1234')
        return HttpResponse.json(
          { message: 'E_HTTP_EXCEPTION: Le mot de passe actuel est incorrect.' },
          { status: 400 },
        );
      return HttpResponse.json({
        message: 'Mot de passe modifié. Vos autres sessions ont été déconnectées.',
      });
    }),
    http.get('*/api/profile/sessions', () => HttpResponse.json({ data: list })),
    http.delete('*/api/profile/sessions/:id', ({ params }) => {
      calls.ended.push(String(params.id));
      list = list.filter((s) => s.id !== params.id);
      return HttpResponse.json({ current: false });
    }),
    http.delete('*/api/profile/sessions', () => {
      calls.others += 1;
      list = list.filter((s) => s.current);
      return HttpResponse.json({ ended: 1 });
    }),
  );
  return calls;
}

describe('/mon-profil', () => {
  it('shows the own record with roles and their entities', async () => {
    serve();
    renderApp('/mon-profil', demo.faithful);
    const record = within(await screen.findByRole('region', { name: 'Mes informations' }));
    expect(record.getByText('Paul Kouassi')).toBeInTheDocument();
    expect(record.getByText('MAT-000009')).toBeInTheDocument();
    expect(record.getByText(/Trésorier/)).toHaveTextContent('Trésorier — Église de Cocody');
  });

  it('checks phone and email in French before sending, then saves them', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderApp('/mon-profil', demo.faithful);
    const form = within(await screen.findByRole('form', { name: 'Mes coordonnées' }));
    await user.clear(form.getByLabelText('Téléphone'));
    await user.type(form.getByLabelText('Téléphone'), '12ab');
    await user.clear(form.getByLabelText('Email'));
    await user.type(form.getByLabelText('Email'), 'pas-un-email');
    await user.click(form.getByRole('button', { name: 'Enregistrer' }));
    expect(await form.findByText('Numéro de téléphone invalide.')).toBeInTheDocument();
    expect(form.getByText('Format email invalide')).toBeInTheDocument();
    expect(calls.contact).toHaveLength(0);

    await user.clear(form.getByLabelText('Téléphone'));
    await user.type(form.getByLabelText('Téléphone'), '+225 07 00 00 00 02');
    await user.clear(form.getByLabelText('Email'));
    await user.type(form.getByLabelText('Email'), 'Paul.K@example.org');
    await user.click(form.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(calls.contact).toEqual([{ phone: '+2250700000002', email: 'paul.k@example.org' }]),
    );
  });

  it('asks the current password and 10 characters, and shows the server’s refusal', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderApp('/mon-profil', demo.faithful);
    const form = within(await screen.findByRole('form', { name: 'Changer mon mot de passe' }));
    await user.type(form.getByLabelText(/Nouveau mot de passe/), 'court');
    await user.click(form.getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await form.findByText('Le mot de passe actuel est requis.')).toBeInTheDocument();
    expect(
      form.getByText('Le nouveau mot de passe doit contenir au moins 10 caractères.'),
    ).toBeInTheDocument();
    expect(calls.password).toHaveLength(0);

    await user.type(form.getByLabelText(/Mot de passe actuel/), 'mauvais');
    await user.clear(form.getByLabelText(/Nouveau mot de passe/));
    await user.type(form.getByLabelText(/Nouveau mot de passe/), 'Nouveau-Secret-2026');
    await user.type(form.getByLabelText(/Confirmer/), 'Nouveau-Secret-2026');
    await user.click(form.getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await form.findByText('Le mot de passe actuel est incorrect.')).toBeInTheDocument();
    expect(calls.password).toHaveLength(1);
  });

  it('lists the sessions and ends one; with no other left, the button for the others is disabled', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderApp('/mon-profil', demo.faithful);
    const list = within(await screen.findByRole('list', { name: 'Sessions' }));
    expect(list.getByText('Chrome sur Linux')).toBeInTheDocument();
    expect(list.getByText('Chrome sur Android')).toBeInTheDocument();
    await user.click(list.getByRole('button', { name: 'Déconnecter Chrome sur Android' }));
    await waitFor(() => expect(calls.ended).toEqual(['bbbbbbbbbbbbbbbb']));
    await waitFor(() => expect(screen.queryByText('Chrome sur Android')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Déconnecter les autres sessions' })).toBeDisabled();
  });
});
