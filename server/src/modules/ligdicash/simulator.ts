import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { LigdicashSettings } from './client';

/*
 * The built-in LigdiCash simulator (decision 0019), for the demo, development and tests: mounted only
 * when LIGDICASH_API_URL is unset and never under NODE_ENV=production. It speaks the provider's HTTP
 * protocol (create, confirm), serves a payment page ('Payer' / 'Refuser', an operator to choose) and,
 * once the payer decides, sends the double notification (JSON, then form-urlencoded) to the product's
 * notification route before sending the browser back to the product's return path. Its invoices live
 * in memory: a restart forgets them (their attempts then fail at the next check).
 *
 * It cannot be abused (decision 0043):
 * - create and confirm answer only the server's own client: the configured key and token, or a random
 *   pair drawn when the process starts (never well-known demo values);
 * - an invoice's callback_url must be one of the product's notification routes (`purposes`) at the
 *   product's public address, and the notification is sent to that route at the server's own listening
 *   address: never to an address a request gave;
 * - return_url and cancel_url must be addresses of the product: the browser is sent back to their path
 *   on the product's public address, never elsewhere;
 * - the payment page and its pay step need the payer: each purpose says who may decide its invoices
 *   (the session of whoever pays the group, or the browser that started a guest's gift).
 */

/** Who may decide an invoice on the payment page: a module's answer for the invoices it creates. */
export type PayerCheck = 'ok' | 'unauthenticated' | 'forbidden';

/** A kind of invoice the product creates: its notification route and who may pay it. */
export type SimulatorPurpose = {
  /** the path of the product's notification route, e.g. '/api/subscriptions/payments/notify' */
  notifyPath: string;
  /** whether the browser's request may pay or refuse this invoice (its custom_data, as the product sent it) */
  mayPay: (request: FastifyRequest, customData: Record<string, unknown>) => Promise<PayerCheck>;
};

export type SimulatorOptions = { purposes: SimulatorPurpose[] };

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

/**
 * The fee the simulator reports on a completed payment (`frais`, 2 % rounded to the franc), so that the
 * demo and the tests exercise the fee's recording (decision 0043). The official SDKs' typed answer has
 * no fee field: the client reads one only when the provider names it.
 */
export const SIMULATOR_FEE_RATE = 0.02;

/**
 * The demo seed's invoices still awaiting their payer (db/seed/giving.ts): the simulator keeps its
 * invoices in memory, so it answers `pending` for these tokens instead of forgetting them.
 */
export const DEMO_PENDING_TOKEN_PREFIX = 'sim_demo_';

type Invoice = {
  token: string;
  amount: number;
  devise: string;
  description: string;
  customer: string;
  externalId: string;
  /** where the browser goes back: the product's public address and a path of the product */
  returnUrl: string;
  cancelUrl: string;
  purpose: SimulatorPurpose;
  customData: Record<string, unknown>;
  status: 'pending' | 'completed' | 'nocompleted';
  operator: string | null;
  providerTransactionId: string | null;
};

/** Whether the simulator answers on this server (no LigdiCash configured, not production). */
export const simulatorEnabled = (config: Config) => !config.ligdicash.apiUrl && !config.production;

const drawnCredentials = new WeakMap<Config, { apiKey: string; apiToken: string }>();

/**
 * The simulator's credentials: the configured ones, or a random pair drawn once per configuration
 * (per server process) and known only to the server's own client: no well-known demo values.
 */
function simulatorCredentials(config: Config) {
  if (config.ligdicash.apiKey && config.ligdicash.apiToken)
    return { apiKey: config.ligdicash.apiKey, apiToken: config.ligdicash.apiToken };
  let drawn = drawnCredentials.get(config);
  if (!drawn) {
    drawn = {
      apiKey: randomBytes(24).toString('base64url'),
      apiToken: randomBytes(32).toString('base64url'),
    };
    drawnCredentials.set(config, drawn);
  }
  return drawn;
}

/** The server's own listening address as host and port, or null while it does not listen. */
function listening(app: FastifyInstance): { host: string; port: number } | null {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return null;
  return { host: address.address, port: address.port };
}

/** The server's own address for its own calls (the simulator's API, the simulator's notifications). */
function internalOrigin(app: FastifyInstance): string | null {
  const own = listening(app);
  if (!own) return null;
  const host = ['0.0.0.0', '::', '::1'].includes(own.host)
    ? '127.0.0.1'
    : own.host.includes(':')
      ? `[${own.host}]`
      : own.host;
  return `http://${host}:${own.port}`;
}

/**
 * The address the provider and the browser reach the product at, from which every URL sent to the
 * provider is built (return, cancel and notification): PUBLIC_URL; else, outside production, the
 * server's own listening address (`localhost` when it listens on every interface); never the request's
 * Host header. Null in production without PUBLIC_URL: online payment is then off (503).
 */
export function publicBase(app: FastifyInstance): string | null {
  const { config } = app.deps;
  if (config.publicUrl) return config.publicUrl;
  if (config.production) return null;
  const own = listening(app);
  if (!own) return null;
  const host = ['0.0.0.0', '::', '::1'].includes(own.host)
    ? 'localhost'
    : own.host.includes(':')
      ? `[${own.host}]`
      : own.host;
  return `http://${host}:${own.port}`;
}

/** A merchant's credentials (its `Apikey` and `Authorization: Bearer` token). */
export type MerchantCredentials = { apiKey: string; apiToken: string };

/**
 * The provider the payments talk to: LigdiCash when configured (with `merchant`'s credentials, else
 * the configured LIGDICASH_API_KEY and LIGDICASH_API_TOKEN); otherwise this server's simulator, reached
 * over real HTTP at the server's own listening address, with its own credentials; null when neither can
 * be had.
 */
export function providerSettings(
  app: FastifyInstance,
  merchant?: MerchantCredentials | null,
): LigdicashSettings | null {
  const { config } = app.deps;
  if (config.ligdicash.apiUrl)
    return {
      apiUrl: config.ligdicash.apiUrl,
      apiKey: merchant?.apiKey ?? config.ligdicash.apiKey,
      apiToken: merchant?.apiToken ?? config.ligdicash.apiToken,
    };
  if (!simulatorEnabled(config)) return null;
  const origin = internalOrigin(app);
  if (!origin) return null;
  return { apiUrl: `${origin}${API}`, ...simulatorCredentials(config) };
}

/** Constant-time comparison of a presented secret with the expected one. */
function sameSecret(presented: unknown, expected: string): boolean {
  if (typeof presented !== 'string') return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `url` when it is an address of the product (same origin as `base`): its path, query included. */
function productPath(url: unknown, base: string): string | null {
  if (typeof url !== 'string' || url.length > 2000) return null;
  try {
    const parsed = new URL(url);
    if (parsed.origin !== new URL(base).origin) return null;
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return null;
  }
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
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>LigdiCash (simulateur)</title></head><body><main><h1>LigdiCash (simulateur)</h1><p>${escapeHtml(message)}</p></main></body></html>`;
}

const PAYER_REFUSED: Record<Exclude<PayerCheck, 'ok'>, [number, string]> = {
  unauthenticated: [
    401,
    'Connectez-vous à Ekklesia Gestion avec le compte qui a demandé ce paiement, puis rouvrez cette page.',
  ],
  forbidden: [403, 'Ce paiement ne peut être réglé que par la personne qui l’a demandé.'],
};

export const simulatorRoutes: FastifyPluginAsync<SimulatorOptions> = async (app, options) => {
  const credentials = simulatorCredentials(app.deps.config);
  const invoices = new Map<string, Invoice>();
  const purposes = options.purposes;

  /** Whether this browser may see and decide the invoice; answers the refusal page otherwise. */
  const payerMayDecide = async (request: FastifyRequest, reply: FastifyReply, invoice: Invoice) => {
    let check: PayerCheck;
    try {
      check = await invoice.purpose.mayPay(request, invoice.customData);
    } catch (error) {
      request.log.warn({ err: (error as Error).message }, 'simulator: payer not recognised');
      check = 'forbidden';
    }
    if (check === 'ok') return true;
    const [status, message] = PAYER_REFUSED[check];
    await reply.code(status).type('text/html; charset=utf-8').send(donePage(message));
    return false;
  };

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 65_536 },
    (_r, body, done) => done(null, parseForm(body as string)),
  );

  const authorised = (headers: Record<string, unknown>) =>
    sameSecret(headers.apikey, credentials.apiKey) &&
    sameSecret(headers.authorization, `Bearer ${credentials.apiToken}`);

  app.post(`${API}redirect/checkout-invoice/create`, HIDDEN, async (request, reply) => {
    if (!authorised(request.headers))
      return reply.code(401).send({ response_code: '01', response_text: 'Clé API invalide' });
    const commande = (request.body as { commande?: SimCommande } | null)?.commande;
    const invoice = commande?.invoice;
    const actions = commande?.actions;
    const amount = Number(invoice?.total_amount);
    if (!invoice || !actions || !Number.isInteger(amount) || amount <= 0)
      return { response_code: '01', response_text: 'Facture incomplète' };
    const base = publicBase(app);
    if (!base) return { response_code: '01', response_text: 'Adresse publique du produit inconnue' };
    // The notification goes to one of the product's own routes, never to an address a request gave.
    const callbackPath = productPath(actions.callback_url, base);
    const purpose = purposes.find((p) => p.notifyPath === callbackPath);
    if (!purpose) return { response_code: '01', response_text: 'callback_url refusée' };
    // The browser comes back to the product only.
    const returnPath = productPath(actions.return_url, base);
    const cancelPath = actions.cancel_url === undefined ? returnPath : productPath(actions.cancel_url, base);
    if (!returnPath || !cancelPath)
      return { response_code: '01', response_text: 'return_url ou cancel_url refusée' };
    const token = `sim_${randomBytes(18).toString('base64url')}`;
    invoices.set(token, {
      token,
      amount,
      devise: String(invoice.devise ?? ''),
      description: String(invoice.description ?? ''),
      customer: String(invoice.customer ?? ''),
      externalId: String(invoice.external_id ?? ''),
      returnUrl: `${base}${returnPath}`,
      cancelUrl: `${base}${cancelPath}`,
      purpose,
      customData: (commande.custom_data ?? {}) as Record<string, unknown>,
      status: 'pending',
      operator: null,
      providerTransactionId: null,
    });
    return {
      response_code: '00',
      token,
      response_text: `${base}${SIMULATOR_PREFIX}/paiement/${token}`,
      description: '',
    };
  });

  app.get(`${API}redirect/checkout-invoice/confirm/`, HIDDEN, async (request, reply) => {
    if (!authorised(request.headers))
      return reply.code(401).send({ response_code: '01', response_text: 'Clé API invalide' });
    const token = String((request.query as Record<string, unknown>).invoiceToken ?? '');
    const invoice = invoices.get(token);
    // the demo seed's invoice whose payer has not decided yet (its gift expires like any other)
    if (!invoice && token.startsWith(DEMO_PENDING_TOKEN_PREFIX))
      return { response_code: '00', response_text: 'En attente', status: 'pending', token };
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
      ...(invoice.status === 'completed' ? { frais: Math.round(invoice.amount * SIMULATOR_FEE_RATE) } : {}),
    };
  });

  app.get(`${SIMULATOR_PREFIX}/paiement/:token`, HIDDEN, async (request, reply) => {
    const invoice = invoices.get((request.params as { token: string }).token);
    reply.type('text/html; charset=utf-8');
    if (!invoice) return reply.code(404).send(donePage('Facture introuvable.'));
    if (!(await payerMayDecide(request, reply, invoice))) return reply;
    if (invoice.status !== 'pending') return reply.redirect(invoice.returnUrl, 303);
    return paymentPage(invoice);
  });

  app.post(`${SIMULATOR_PREFIX}/paiement/:token`, HIDDEN, async (request, reply) => {
    const invoice = invoices.get((request.params as { token: string }).token);
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (!invoice)
      return reply.code(404).type('text/html; charset=utf-8').send(donePage('Facture introuvable.'));
    if (!(await payerMayDecide(request, reply, invoice))) return reply;
    const own = internalOrigin(app);
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
        if (!own) break;
        await fetch(`${own}${invoice.purpose.notifyPath}`, {
          method: 'POST',
          headers: { 'content-type': type },
          body: payload,
          redirect: 'manual',
          signal: AbortSignal.timeout(5000),
        }).catch((error: unknown) =>
          request.log.warn({ err: (error as Error).message }, 'simulator notification failed'),
        );
      }
    }
    return reply.redirect(invoice.status === 'completed' ? invoice.returnUrl : invoice.cancelUrl, 303);
  });
};
