/**
 * The LigdiCash client (decision 0019): the provider's "redirect checkout invoice" API, over real HTTP.
 *
 * - create: `POST {apiUrl}redirect/checkout-invoice/create`, headers `Apikey` and
 *   `Authorization: Bearer`, body `{ commande: { invoice, store, actions, custom_data } }`; answer
 *   `{ response_code: '00', token, response_text: <payment page URL> }`.
 * - confirm: `GET {apiUrl}redirect/checkout-invoice/confirm/?invoiceToken=<token>`; `status` is
 *   'completed', 'pending', anything else a failure.
 *
 * Every failure to get a usable answer (network, timeout, HTTP error, junk) is a `ProviderError`:
 * the caller answers a French 502 and records nothing.
 */

export type LigdicashSettings = { apiUrl: string; apiKey: string; apiToken: string };

export class ProviderError extends Error {
  readonly kind: 'unavailable' | 'invalid' | 'refused';
  constructor(kind: 'unavailable' | 'invalid' | 'refused', message: string) {
    super(message);
    this.name = 'ProviderError';
    this.kind = kind;
  }
}

export type InvoiceInput = {
  amount: number;
  description: string;
  itemName: string;
  phone: string;
  firstName: string | undefined;
  lastName: string | undefined;
  email: string | undefined;
  /** our transaction id */
  externalId: string;
  storeName: string;
  storeUrl: string;
  returnUrl: string;
  cancelUrl: string;
  callbackUrl: string;
  customData: { subscription: number; payer: number; transaction_id: string };
};

export type ConfirmResult = {
  status: 'completed' | 'pending' | 'failed';
  /** the provider's word, as it said it */
  rawStatus: string;
  amount: number | null;
  currency: string | null;
  operator: string | null;
  providerReference: string | null;
};

const TIMEOUT_MS = 15_000;

/** The JSON body of the invoice (SPEC.md sections 3 and 9: currency 'xof', item quantity 1). */
export function invoiceBody(input: InvoiceInput) {
  return {
    commande: {
      invoice: {
        items: [
          {
            name: input.itemName,
            description: input.description,
            quantity: 1,
            unit_price: input.amount,
            total_price: input.amount,
          },
        ],
        total_amount: input.amount,
        devise: 'xof',
        description: input.description,
        customer: input.phone,
        customer_firstname: input.firstName ?? '',
        customer_lastname: input.lastName ?? '',
        customer_email: input.email ?? '',
        external_id: input.externalId,
      },
      store: { name: input.storeName, website_url: input.storeUrl },
      actions: {
        cancel_url: input.cancelUrl,
        return_url: input.returnUrl,
        callback_url: input.callbackUrl,
      },
      custom_data: input.customData,
    },
  };
}

function headers(settings: LigdicashSettings): Record<string, string> {
  return {
    Apikey: settings.apiKey,
    Authorization: `Bearer ${settings.apiToken}`,
    Accept: 'application/json',
    'Content-Type': 'application/json',
  };
}

async function call(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
  } catch (error) {
    throw new ProviderError('unavailable', `LigdiCash injoignable : ${(error as Error).message}`);
  }
  const text = await response.text().catch(() => '');
  if (response.status >= 500) throw new ProviderError('unavailable', `LigdiCash HTTP ${response.status}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ProviderError('invalid', `LigdiCash : réponse non JSON (HTTP ${response.status})`);
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new ProviderError('invalid', `LigdiCash : réponse inattendue (HTTP ${response.status})`);
  return body as Record<string, unknown>;
}

const str = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== ''
    ? value.trim()
    : typeof value === 'number'
      ? String(value)
      : null;

/** Creates the invoice: the provider's token and the payment page's URL. */
export async function createInvoice(
  settings: LigdicashSettings,
  input: InvoiceInput,
): Promise<{ token: string; paymentUrl: string }> {
  const body = await call(`${settings.apiUrl}redirect/checkout-invoice/create`, {
    method: 'POST',
    headers: headers(settings),
    body: JSON.stringify(invoiceBody(input)),
  });
  const code = str(body.response_code);
  if (code !== '00') {
    const text = str(body.response_text) ?? str(body.description) ?? `code ${code ?? 'absent'}`;
    throw new ProviderError('refused', text.slice(0, 200));
  }
  const token = str(body.token);
  const paymentUrl = str(body.response_text);
  if (!token || token.length > 500 || !paymentUrl || !/^https?:\/\//.test(paymentUrl))
    throw new ProviderError('invalid', 'LigdiCash : jeton ou adresse de paiement absents');
  return { token, paymentUrl };
}

/** Asks the provider where an invoice stands, by the token we stored. */
export async function confirmInvoice(settings: LigdicashSettings, token: string): Promise<ConfirmResult> {
  const body = await call(
    `${settings.apiUrl}redirect/checkout-invoice/confirm/?invoiceToken=${encodeURIComponent(token)}`,
    { method: 'GET', headers: headers(settings) },
  );
  const rawStatus = str(body.status);
  if (!rawStatus) throw new ProviderError('invalid', 'LigdiCash : statut absent de la confirmation');
  const lower = rawStatus.toLowerCase();
  const amountText = str(body.amount) ?? str(body.montant);
  const amount = amountText !== null && /^\d+(\.0+)?$/.test(amountText) ? Number(amountText) : null;
  return {
    status: lower === 'completed' ? 'completed' : lower === 'pending' ? 'pending' : 'failed',
    rawStatus: rawStatus.slice(0, 50),
    amount,
    currency: str(body.devise) ?? str(body.currency),
    operator: (str(body.operator_name) ?? str(body.operator))?.slice(0, 100) ?? null,
    providerReference: (str(body.transaction_id) ?? str(body.operator_id))?.slice(0, 200) ?? null,
  };
}
