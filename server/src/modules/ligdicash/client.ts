/**
 * The LigdiCash client (decisions 0019 and 0043), shared by the subscriptions and the online giving: the provider's "redirect checkout invoice" API, over real HTTP.
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
  /** sent back in the notifications and by confirm; always holds our `transaction_id` */
  customData: Record<string, string | number> & { transaction_id: string };
};

export type ConfirmResult = {
  status: 'completed' | 'pending' | 'failed';
  /** the provider's word, as it said it */
  rawStatus: string;
  amount: number | null;
  currency: string | null;
  operator: string | null;
  providerReference: string | null;
  /**
   * The fee the provider kept, when its answer names one (`frais`, `fees` or `fee`: not in the official
   * SDKs' typed answer, so read only when present; decision 0043); null otherwise.
   */
  fee: number | null;
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
  const amount = wholeAmount(str(body.amount) ?? str(body.montant));
  const fee = wholeAmount(str(body.frais) ?? str(body.fees) ?? str(body.fee));
  return {
    status: lower === 'completed' ? 'completed' : lower === 'pending' ? 'pending' : 'failed',
    rawStatus: rawStatus.slice(0, 50),
    amount,
    currency: str(body.devise) ?? str(body.currency),
    operator: (str(body.operator_name) ?? str(body.operator))?.slice(0, 100) ?? null,
    providerReference: (str(body.transaction_id) ?? str(body.operator_id))?.slice(0, 200) ?? null,
    fee,
  };
}

/** A whole number of francs ('2500', 2500, '2500.00'), or null. */
function wholeAmount(text: string | null): number | null {
  return text !== null && /^\d+(\.0+)?$/.test(text) ? Number(text) : null;
}

/** Reads a field of a notification's custom_data: LigdiCash's list of { keyof_customdata, valueof_customdata }, or an object. */
export function customValue(body: Record<string, unknown>, key: string): string | null {
  const data = body.custom_data;
  if (Array.isArray(data)) {
    for (const entry of data) {
      if (entry && typeof entry === 'object' && (entry as Record<string, unknown>).keyof_customdata === key) {
        const value = (entry as Record<string, unknown>).valueof_customdata;
        return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
      }
    }
  } else if (data && typeof data === 'object') {
    const value = (data as Record<string, unknown>)[key];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
  }
  return null;
}

/** Whether a database error is a unique violation (a concurrent insert got there first). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}
