import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { useState } from 'react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/shared/api/http-client';
import { IDEMPOTENCY_HEADER } from '@/shared/api/idempotency';
import { canonicalJson } from '@contract/values/idempotency';
import { useMoneyWrite } from '@/shared/api/money-write';
import { FormError } from '@/shared/ui/form-error';
import { AppToaster } from '@/shared/ui/toaster';
import { server } from '../msw/server';

type Body = { amount: number; payment_account_id: number };

/** A payment form reduced to what the hook sees: an amount, a submit, the saving state and the error. */
function Harness({
  onDone,
  onSavingChange,
}: {
  onDone: (result: unknown) => void;
  onSavingChange?: (saving: boolean) => void;
}) {
  const [amount, setAmount] = useState('1000');
  const write = useMoneyWrite({
    write: async ({ body, key }: { body: Body; key: string }) => {
      const { data } = await http.post<{ data: { id: number } }>('/test-payments', body, {
        headers: { [IDEMPOTENCY_HEADER]: key },
      });
      return data.data;
    },
    success: 'Paiement enregistré.',
    fallback: 'Erreur lors du paiement.',
    onSavingChange,
    onDone,
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void write.submit({ amount: Number(amount), payment_account_id: 41 });
      }}
    >
      <label>
        Montant
        <input value={amount} onChange={(event) => setAmount(event.target.value)} />
      </label>
      <FormError message={write.failure} />
      <button type="submit" disabled={write.saving}>
        {write.saving ? 'Enregistrement…' : 'Payer'}
      </button>
    </form>
  );
}

type Sent = { body: unknown; key: string | null };

/** The answers of POST /api/test-payments, one per call (the last one repeats). */
function paymentsApi(answers: Array<'network' | { status: number; body?: unknown }>) {
  const sent: Sent[] = [];
  server.use(
    mock.post('/api/test-payments', async ({ request }) => {
      sent.push({ body: await request.json(), key: request.headers.get(IDEMPOTENCY_HEADER) });
      const answer = answers[Math.min(sent.length, answers.length) - 1]!;
      if (answer === 'network') return HttpResponse.error();
      return HttpResponse.json(answer.body ?? {}, { status: answer.status });
    }),
  );
  return sent;
}

function setup() {
  const onDone = vi.fn();
  const saving: boolean[] = [];
  render(
    <>
      <AppToaster />
      <Harness onDone={onDone} onSavingChange={(value) => saving.push(value)} />
    </>,
  );
  return { user: userEvent.setup(), onDone, saving };
}

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
});

describe('useMoneyWrite', () => {
  it('sends the same key again after a network error, in French, then a new key after the success', async () => {
    const sent = paymentsApi(['network', { status: 201, body: { data: { id: 7 } } }]);
    const { user, onDone, saving } = setup();
    await user.click(screen.getByRole('button', { name: 'Payer' }));
    // the form and the toast say it in French, not axios' 'Network Error'
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors du paiement.');
    expect(screen.queryByText(/Network Error/)).not.toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Payer' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ id: 7 }));
    expect(sent).toHaveLength(2);
    expect(sent[0]!.key).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(sent[1]!.body).toEqual({ amount: 1000, payment_account_id: 41 });
    expect(await screen.findByText('Paiement enregistré.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(saving).toEqual([true, false, true, false]);

    // the same content once more after a success is a new payment: a new key
    await user.click(screen.getByRole('button', { name: 'Payer' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]!.key).not.toBe(sent[1]!.key);
  });

  it("shows the server's French message without its prefix, and takes a new key when the content changes", async () => {
    const sent = paymentsApi([
      {
        status: 409,
        body: { message: 'E_HTTP_EXCEPTION: Solde insuffisant sur le compte de paiement.' },
      },
    ]);
    const { user, onDone } = setup();
    await user.click(screen.getByRole('button', { name: 'Payer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Solde insuffisant sur le compte de paiement\.$/,
    );
    // the toast says it too
    expect(await screen.findAllByText('Solde insuffisant sur le compte de paiement.')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Payer' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.key).toBe(sent[0]!.key);

    const amount = screen.getByLabelText('Montant');
    await user.clear(amount);
    await user.type(amount, '500');
    await user.click(screen.getByRole('button', { name: 'Payer' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]!.body).toEqual({ amount: 500, payment_account_id: 41 });
    expect(sent[2]!.key).not.toBe(sent[0]!.key);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('says the default French text when the server explains nothing and no fallback is given', async () => {
    paymentsApi([{ status: 502 }]);
    function Bare() {
      const write = useMoneyWrite({
        write: ({ body, key }: { body: Body; key: string }) =>
          http.post('/test-payments', body, { headers: { [IDEMPOTENCY_HEADER]: key } }),
        success: 'Paiement enregistré.',
      });
      return (
        <>
          <FormError message={write.failure} />
          <button type="button" onClick={() => void write.submit({ amount: 1, payment_account_id: 41 })}>
            Payer
          </button>
        </>
      );
    }
    render(<Bare />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Payer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Une erreur s'est produite");
  });

  it('fingerprints a body by value, whatever the order of its keys', () => {
    expect(canonicalJson({ a: 1, b: { c: [1, 2], d: undefined } })).toBe(
      canonicalJson({ b: { c: [1, 2] }, a: 1 }),
    );
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: 2 }));
  });
});
