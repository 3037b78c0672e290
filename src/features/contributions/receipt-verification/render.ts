/**
 * The public receipt verification (/receipt/{publicId}), reached by scanning a receipt's QR code.
 *
 * Written without React, the router, TanStack Query or axios: it is the page of its own HTML entry
 * (receipt.html), so that a guest on a cheap phone downloads a few kilobytes of JavaScript only.
 * The SPA's /receipt/:id route renders the same thing (./receipt-verification-page.tsx).
 * Server data is only ever put in the page as text (never as HTML).
 */

export type PublicReceipt = {
  receipt_number: string;
  entity_name: string;
  occurred_at: string;
  amount: number;
  type: string;
  status: 'valid' | 'cancelled';
  contributor: string;
};

export const RECEIPT_TEXTS = {
  title: 'Vérification du reçu',
  loading: 'Vérification en cours…',
  valid: 'Reçu valide',
  validText: 'Ce reçu a bien été émis et enregistré dans la comptabilité.',
  cancelled: 'Reçu annulé',
  cancelledText: 'Ce reçu a été annulé : la contribution n’est plus comptabilisée.',
  notFound: 'Reçu introuvable',
  notFoundText:
    'Aucun reçu ne correspond à ce code. Vérifiez que vous avez scanné le QR code d’un reçu authentique, ou demandez au trésorier de votre église.',
  tooMany: 'Trop de vérifications',
  error: 'Vérification impossible',
  errorText: 'Le reçu ne peut pas être vérifié pour le moment. Vérifiez votre connexion puis réessayez.',
  retry: 'Réessayer',
} as const;

const TYPE_LABELS: Record<string, string> = {
  tithe: 'Dîme',
  offering: 'Offrande',
  special_gift: 'Don spécial',
  pledge: 'Promesse / Engagement',
  other: 'Autre',
};

const PUBLIC_ID = /^[A-Za-z0-9_-]{22}$/;

const money = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'XOF' });
const two = (n: number) => String(n).padStart(2, '0');

/** 'DD/MM/YYYY à HH:mm' in the phone's time zone. */
export function formatReceiptDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()} à ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** The public id of a /receipt/{id} path, or '' */
export function publicIdOfPath(pathname: string): string {
  const match = /^\/receipt\/([^/]+)\/?$/.exec(pathname);
  if (!match) return '';
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return '';
  }
}

type Tag = keyof HTMLElementTagNameMap;
function el(tag: Tag, className: string, text?: string, children: Node[] = []): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  for (const child of children) node.appendChild(child);
  return node;
}

function shell(root: HTMLElement, children: Node[]): void {
  root.replaceChildren(el('div', 'rv-card', undefined, children));
}

function message(root: HTMLElement, tone: 'bad' | 'muted', title: string, text: string, retry?: () => void) {
  const nodes: Node[] = [
    el('p', `rv-mark rv-${tone}`, tone === 'bad' ? '✕' : '!'),
    el('h1', 'rv-title', title),
    el('p', 'rv-text', text),
  ];
  if (retry) {
    const button = el('button', 'rv-button', RECEIPT_TEXTS.retry) as HTMLButtonElement;
    button.type = 'button';
    button.addEventListener('click', retry);
    nodes.push(button);
  }
  shell(root, nodes);
}

function row(label: string, value: string): HTMLElement {
  return el('div', 'rv-row', undefined, [el('dt', '', label), el('dd', '', value)]);
}

export function renderReceipt(root: HTMLElement, receipt: PublicReceipt): void {
  const valid = receipt.status === 'valid';
  shell(root, [
    el(
      'p',
      `rv-badge ${valid ? 'rv-good' : 'rv-bad'}`,
      valid ? RECEIPT_TEXTS.valid : RECEIPT_TEXTS.cancelled,
    ),
    el('h1', 'rv-title', RECEIPT_TEXTS.title),
    el('p', 'rv-text', valid ? RECEIPT_TEXTS.validText : RECEIPT_TEXTS.cancelledText),
    el('p', 'rv-amount', money.format(receipt.amount)),
    el('dl', 'rv-list', undefined, [
      row('Église', receipt.entity_name),
      row('Date', formatReceiptDate(receipt.occurred_at)),
      row('Montant', money.format(receipt.amount)),
      row('Numéro de reçu', receipt.receipt_number),
      row('Type', TYPE_LABELS[receipt.type] ?? receipt.type),
      row('Contributeur', receipt.contributor),
      row('Statut', valid ? 'Valide' : 'Annulé'),
    ]),
  ]);
}

/**
 * Fetches /api/receipts/{publicId} and shows the receipt, 'Reçu introuvable', or an error with a
 * retry button. A malformed id is not sent to the server.
 */
export async function showReceipt(
  root: HTMLElement,
  publicId: string,
  options: { fetch?: typeof fetch; apiBase?: string } = {},
): Promise<void> {
  const doFetch = options.fetch ?? fetch.bind(globalThis);
  const retry = () => void showReceipt(root, publicId, options);
  if (!PUBLIC_ID.test(publicId)) {
    message(root, 'bad', RECEIPT_TEXTS.notFound, RECEIPT_TEXTS.notFoundText);
    return;
  }
  shell(root, [el('p', 'rv-text rv-loading', RECEIPT_TEXTS.loading)]);
  root.setAttribute('aria-busy', 'true');
  try {
    const response = await doFetch(`${options.apiBase ?? ''}/api/receipts/${encodeURIComponent(publicId)}`, {
      headers: { Accept: 'application/json' },
      credentials: 'omit',
    });
    if (response.status === 404) {
      message(root, 'bad', RECEIPT_TEXTS.notFound, RECEIPT_TEXTS.notFoundText);
    } else if (response.status === 429) {
      const body = (await response.json().catch(() => null)) as { message?: string } | null;
      const text = (body?.message ?? '').replace(/^E_HTTP_EXCEPTION: /, '');
      message(root, 'muted', RECEIPT_TEXTS.tooMany, text || RECEIPT_TEXTS.errorText, retry);
    } else if (!response.ok) {
      message(root, 'muted', RECEIPT_TEXTS.error, RECEIPT_TEXTS.errorText, retry);
    } else {
      const body = (await response.json()) as { data: PublicReceipt };
      renderReceipt(root, body.data);
    }
  } catch {
    message(root, 'muted', RECEIPT_TEXTS.error, RECEIPT_TEXTS.errorText, retry);
  } finally {
    root.removeAttribute('aria-busy');
  }
}
