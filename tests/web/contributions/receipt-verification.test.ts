import { afterEach, describe, expect, it, vi } from 'vitest';
import { http as mock, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  formatReceiptDate,
  publicIdOfPath,
  showReceipt,
} from '@/features/contributions/receipt-verification/render';
import { server } from '../msw/server';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';
const receipt = {
  receipt_number: 'R-2026-000123',
  entity_name: 'Église de Cocody',
  occurred_at: '2026-11-20T10:30:00.000Z',
  amount: 25000,
  type: 'tithe',
  status: 'valid',
  contributor: 'A**** K.',
};

function mount() {
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  return root;
}

afterEach(() => document.body.replaceChildren());

describe('public receipt verification (receipt.html)', () => {
  it('shows church, date, amount, number, status and the masked name of a valid receipt', async () => {
    const calls: string[] = [];
    server.use(
      mock.get('/api/receipts/:id', ({ params, request }) => {
        calls.push(`${params.id} ${request.credentials}`);
        return HttpResponse.json({ data: receipt });
      }),
    );
    const root = mount();
    await showReceipt(root, ID);
    expect(calls).toHaveLength(1);
    expect(screen.getByText('Reçu valide')).toBeInTheDocument();
    const list = within(root.querySelector('dl')!);
    expect(list.getByText('Église de Cocody')).toBeInTheDocument();
    expect(list.getByText('R-2026-000123')).toBeInTheDocument();
    expect(list.getByText(formatReceiptDate(receipt.occurred_at))).toBeInTheDocument();
    expect(list.getByText('Dîme')).toBeInTheDocument();
    expect(list.getByText('A**** K.')).toBeInTheDocument();
    expect(list.getByText('Valide')).toBeInTheDocument();
    expect(root.textContent).toContain('25');
    expect(root.textContent).toMatch(/25\s000\s(F\s?CFA|XOF)/);
  });

  it('shows a cancelled receipt as cancelled, and Anonyme as given', async () => {
    server.use(
      mock.get('/api/receipts/:id', () =>
        HttpResponse.json({ data: { ...receipt, status: 'cancelled', contributor: 'Anonyme' } }),
      ),
    );
    const root = mount();
    await showReceipt(root, ID);
    expect(screen.getByText('Reçu annulé')).toBeInTheDocument();
    expect(screen.getByText('Annulé')).toBeInTheDocument();
    expect(screen.getByText('Anonyme')).toBeInTheDocument();
  });

  it("shows 'Reçu introuvable' for an unknown id", async () => {
    server.use(
      mock.get('/api/receipts/:id', () =>
        HttpResponse.json({ message: 'E_HTTP_EXCEPTION: Reçu introuvable.' }, { status: 404 }),
      ),
    );
    const root = mount();
    await showReceipt(root, ID);
    expect(screen.getByRole('heading', { name: 'Reçu introuvable' })).toBeInTheDocument();
  });

  it('does not call the server for a malformed id', async () => {
    const fetchSpy = vi.fn();
    const root = mount();
    await showReceipt(root, 'pas-un-id', { fetch: fetchSpy as unknown as typeof fetch });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Reçu introuvable' })).toBeInTheDocument();
  });

  it('says when the address is rate-limited and retries on demand', async () => {
    let calls = 0;
    server.use(
      mock.get('/api/receipts/:id', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              {
                message:
                  'E_HTTP_EXCEPTION: Trop de vérifications depuis cette adresse. Réessayez dans quelques instants.',
              },
              { status: 429, headers: { 'Retry-After': '30' } },
            )
          : HttpResponse.json({ data: receipt });
      }),
    );
    const root = mount();
    await showReceipt(root, ID);
    expect(screen.getByText(/Trop de vérifications depuis cette adresse/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Reçu valide')).toBeInTheDocument();
  });

  it('puts server text in the page as text, never as HTML', async () => {
    server.use(
      mock.get('/api/receipts/:id', () =>
        HttpResponse.json({ data: { ...receipt, entity_name: '<img src=x onerror=alert(1)>' } }),
      ),
    );
    const root = mount();
    await showReceipt(root, ID);
    expect(root.querySelector('img')).toBeNull();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
  });

  it('reads the id of /receipt/{id} paths', () => {
    expect(publicIdOfPath(`/receipt/${ID}`)).toBe(ID);
    expect(publicIdOfPath(`/receipt/${ID}/`)).toBe(ID);
    expect(publicIdOfPath('/receipt/')).toBe('');
    expect(publicIdOfPath('/autre/x')).toBe('');
  });
});
