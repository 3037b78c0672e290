import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import type { LigdicashSettings } from './ligdicash';

/*
 * The built-in LigdiCash simulator (decision 0019), for the demo, development and tests: mounted only
 * when LIGDICASH_API_URL is unset and never under NODE_ENV=production. It speaks the provider's HTTP
 * protocol (create, confirm), serves a payment page ('Payer' / 'Refuser', an operator to choose) and,
 * once the payer decides, sends the double notification (JSON, then form-urlencoded) to the
 * callback_url before sending the browser back to return_url (or cancel_url). Its invoices live in
 * memory: a restart forgets them (their attempts then fail at the next check).
 */

type SimCommande = {
  invoice?: Record<string, unknown>;
  actions?: Record<string, unknown>;
  custom_data?: Record<string, unknown>;
};

export const SIMULATOR_PREFIX = '/simulateur-ligdicash';
const API = `${SIMULATOR_PREFIX}/pay/v01/`;

/** not part of the product's API: left out of its OpenAPI document */
const HIDDEN = { schema: { hide: true } };

export const SIMULATOR_OPERATORS = ['Orange Money', 'MTN MoMo', 'Moov Money', 'Wave', 'Carte bancaire'];

type Invoice = {
  token: string;
  amount: number;
  devise: string;
  description: string;
  customer: string;
  externalId: string;
  returnUrl: string;
  cancelUrl: string;
  callbackUrl: string;
  customData: Record<string, unknown>;
  status: 'pending' | 'completed' | 'nocompleted';
  operator: string | null;
  providerTransactionId: string | null;
};

/** Whether the simulator answers on this server (no LigdiCash configured, not production). */
export const simulatorEnabled = (config: Config) => !config.ligdicash.apiUrl && !config.production;

/** The simulator's credentials: the configured ones, or fixed demo values. */
function simulatorCredentials(config: Config) {
  return {
    apiKey: config.ligdicash.apiKey || 'simulateur-apikey',
    apiToken: config.ligdicash.apiToken || 'simulateur-token',
  };
}

/**
 * The provider the payments talk to: LigdiCash when configured; otherwise this server's simulator,
 * reached over real HTTP at the server's own listening address; null when neither can be had.
 */
export function providerSettings(app: FastifyInstance): LigdicashSettings | null {
  const { config } = app.deps;
  if (config.ligdicash.apiUrl)
    return {
      apiUrl: config.ligdicash.apiUrl,
      apiKey: config.ligdicash.apiKey,
      apiToken: config.ligdicash.apiToken,
    };
  if (!simulatorEnabled(config)) return null;
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return null;
  const host = ['0.0.0.0', '::', '::1'].includes(address.address) ? '127.0.0.1' : address.address;
  return { apiUrl: `http://${host}:${address.port}${API}`, ...simulatorCredentials(config) };
}

/** application/x-www-form-urlencoded as an object; `a[0][b]=v` keys become lists of objects. */
export function parseForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const nested = /^(\w+)\[(\d+)\]\[(\w+)\]$/.exec(key);
    if (nested) {
      const list = (Array.isArray(out[nested[1]]) ? out[nested[1]] : (out[nested[1]] = [])) as Record<
        string,
        string
      >[];
      const index = Number(nested[2]);
      if (index > 50) continue;
      list[index] = { ...(list[index] ?? {}), [nested[3]]: value };
    } else {
      out[key] = value;
    }
  }
  for (const value of Object.values(out))
    if (Array.isArray(value)) value.forEach((v, i) => (value[i] = v ?? {}));
  return out;
}

/** The custom_data of a notification: LigdiCash's list of { keyof_customdata, valueof_customdata }. */
function customDataList(data: Record<string, unknown>) {
  return Object.entries(data).map(([key, value]) => ({
    keyof_customdata: key,
    valueof_customdata: String(value),
  }));
}

function formEncode(body: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (Array.isArray(value)) {
      value.forEach((entry: Record<string, string>, i) => {
        for (const [k, v] of Object.entries(entry)) params.append(`${key}[${i}][${k}]`, v);
      });
    } else if (value !== null && value !== undefined) params.append(key, String(value));
  }
  return params.toString();
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const formatXof = (amount: number) =>
  `${new Intl.NumberFormat('fr-FR').format(amount).replace(/\s/g, ' ')} F CFA`;

function paymentPage(invoice: Invoice): string {
  const options = SIMULATOR_OPERATORS.map((o) => `<option>${escapeHtml(o)}</option>`).join('');
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>LigdiCash (simulateur) — Paiement</title>
<style>
body{font-family:system-ui,sans-serif;background:#f1f5f9;margin:0;padding:16px;color:#0f172a}
main{max-width:420px;margin:24px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 3px #0002}
h1{font-size:1.2rem;margin:0 0 4px}.note{font-size:.8rem;color:#b45309;background:#fef3c7;padding:8px;border-radius:6px}
.amount{font-size:1.6rem;font-weight:700;margin:12px 0}label{display:block;font-size:.9rem;margin:16px 0 4px}
select{width:100%;height:40px;font-size:1rem}.actions{display:flex;gap:12px;margin-top:20px;flex-wrap:wrap}
button{flex:1;min-width:120px;height:44px;font-size:1rem;border-radius:8px;border:1px solid #cbd5e1;cursor:pointer}
button[value=pay]{background:#ea580c;color:#fff;border-color:#ea580c}
</style></head><body><main>
<h1>LigdiCash — paiement</h1>
<p class="note">Simulateur de démonstration : aucun argent réel n’est débité.</p>
<p>${escapeHtml(invoice.description)}</p>
<p class="amount">${formatXof(invoice.amount)}</p>
<p>Client : ${escapeHtml(invoice.customer)}</p>
<form method="post" action="${SIMULATOR_PREFIX}/paiement/${encodeURIComponent(invoice.token)}">
<label for="operator">Moyen de paiement</label>
<select id="operator" name="operator">${options}</select>
<div class="actions">
<button type="submit" name="decision" value="pay">Payer</button>
<button type="submit" name="decision" value="refuse">Refuser</button>
</div></form></main></body></html>`;
}

function donePage(message: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>LigdiCash (simulateur)</title></head><body><p>${escapeHtml(message)}</p></body></html>`;
}

export const simulatorRoutes: FastifyPluginAsync = async (app) => {
  const credentials = simulatorCredentials(app.deps.config);
  const invoices = new Map<string, Invoice>();

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 65_536 },
    (_r, body, done) => done(null, parseForm(body as string)),
  );

  const authorised = (headers: Record<string, unknown>) =>
    headers.apikey === credentials.apiKey && headers.authorization === `Bearer ${credentials.apiToken}`;

  app.post(`${API}redirect/checkout-invoice/create`, HIDDEN, async (request, reply) => {
    if (!authorised(request.headers))
      return reply.code(401).send({ response_code: '01', response_text: 'Clé API invalide' });
    const commande = (request.body as { commande?: SimCommande } | null)?.commande;
    const invoice = commande?.invoice;
    const actions = commande?.actions;
    const amount = Number(invoice?.total_amount);
    if (
      !invoice ||
      !actions ||
      !Number.isInteger(amount) ||
      amount <= 0 ||
      typeof actions.return_url !== 'string' ||
      typeof actions.callback_url !== 'string'
    )
      return { response_code: '01', response_text: 'Facture incomplète' };
    const token = `sim_${randomBytes(18).toString('base64url')}`;
    invoices.set(token, {
      token,
      amount,
      devise: String(invoice.devise ?? ''),
      description: String(invoice.description ?? ''),
      customer: String(invoice.customer ?? ''),
      externalId: String(invoice.external_id ?? ''),
      returnUrl: actions.return_url,
      cancelUrl: typeof actions.cancel_url === 'string' ? actions.cancel_url : actions.return_url,
      callbackUrl: actions.callback_url,
      customData: (commande.custom_data ?? {}) as Record<string, unknown>,
      status: 'pending',
      operator: null,
      providerTransactionId: null,
    });
    // The browser reaches the page where it will come back to (return_url's origin).
    const origin = app.deps.config.publicUrl ?? new URL(actions.return_url).origin;
    return {
      response_code: '00',
      token,
      response_text: `${origin}${SIMULATOR_PREFIX}/paiement/${token}`,
      description: '',
    };
  });

  app.get(`${API}redirect/checkout-invoice/confirm/`, HIDDEN, async (request, reply) => {
    if (!authorised(request.headers))
      return reply.code(401).send({ response_code: '01', response_text: 'Clé API invalide' });
    const token = String((request.query as Record<string, unknown>).invoiceToken ?? '');
    const invoice = invoices.get(token);
    if (!invoice)
      return { response_code: '01', response_text: 'Facture introuvable', status: 'nocompleted', token };
    return {
      response_code: '00',
      token,
      status: invoice.status,
      response_text: invoice.status === 'completed' ? 'Paiement effectué' : 'En attente',
      montant: String(invoice.amount),
      amount: invoice.amount,
      operator_name: invoice.operator,
      transaction_id: invoice.providerTransactionId,
      external_id: invoice.externalId,
      custom_data: customDataList(invoice.customData),
    };
  });

  app.get(`${SIMULATOR_PREFIX}/paiement/:token`, HIDDEN, async (request, reply) => {
    const invoice = invoices.get((request.params as { token: string }).token);
    reply.type('text/html; charset=utf-8');
    if (!invoice) return reply.code(404).send(donePage('Facture introuvable.'));
    if (invoice.status !== 'pending') return reply.redirect(invoice.returnUrl, 303);
    return paymentPage(invoice);
  });

  app.post(`${SIMULATOR_PREFIX}/paiement/:token`, HIDDEN, async (request, reply) => {
    const invoice = invoices.get((request.params as { token: string }).token);
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (!invoice)
      return reply.code(404).type('text/html; charset=utf-8').send(donePage('Facture introuvable.'));
    if (invoice.status === 'pending') {
      const pay = body.decision === 'pay';
      const operator = SIMULATOR_OPERATORS.includes(String(body.operator))
        ? String(body.operator)
        : SIMULATOR_OPERATORS[0];
      invoice.status = pay ? 'completed' : 'nocompleted';
      invoice.operator = operator;
      invoice.providerTransactionId = `LGD${Date.now()}${randomBytes(3).toString('hex')}`.toUpperCase();
      const notification = {
        transaction_id: invoice.providerTransactionId,
        token: invoice.token,
        status: invoice.status,
        response_code: '00',
        operator_name: operator,
        customer: invoice.customer,
        montant: String(invoice.amount),
        external_id: invoice.externalId,
        custom_data: customDataList(invoice.customData),
      };
      // LigdiCash notifies twice for one event: JSON, then form-urlencoded.
      for (const [type, payload] of [
        ['application/json', JSON.stringify(notification)],
        ['application/x-www-form-urlencoded', formEncode(notification)],
      ] as const) {
        await fetch(invoice.callbackUrl, {
          method: 'POST',
          headers: { 'content-type': type },
          body: payload,
          signal: AbortSignal.timeout(5000),
        }).catch((error: unknown) =>
          request.log.warn({ err: (error as Error).message }, 'simulator notification failed'),
        );
      }
    }
    return reply.redirect(invoice.status === 'completed' ? invoice.returnUrl : invoice.cancelUrl, 303);
  });
};
