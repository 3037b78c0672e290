import { sql } from 'drizzle-orm';
import {
  GIVING_MESSAGES as M,
  type Reconciliation,
  type ReconciliationLine,
} from '../../../../contract/giving';
import type { Db } from '../../db/client';
import { isoString, queryRows } from '../../db/query';
import { httpError } from '../../http/errors';
import type { CheckoutRow } from './queries';

/*
 * The reconciliation of a church's online gifts with the provider's transaction statement (decision
 * 0043): each line of the statement (CSV) is matched with the checkout it names (our transaction id as
 * external_id, the invoice's token, or the provider's reference) and the contribution it became:
 * 'matched' (recorded, same amount), 'missing' (paid at the provider, not recorded in the product: to
 * verify with LigdiCash then record), 'unknown' (recorded in the product, absent from the statement of
 * that period: to investigate). Nothing is written: the report is answered and exported by the SPA.
 */

export type StatementLine = {
  line: number;
  reference: string | null;
  externalId: string | null;
  token: string | null;
  amount: number | null;
  fee: number | null;
  status: string | null;
  date: string | null;
};

const MAX_LINES = 5_000;

/** A header as a key: lower case, no accents, words joined by '_'. */
const keyOf = (header: string) =>
  header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

const COLUMNS: Record<keyof Omit<StatementLine, 'line'>, string[]> = {
  reference: [
    'transaction_id',
    'id_transaction',
    'transaction',
    'reference',
    'ref',
    'reference_transaction',
    'operator_id',
  ],
  externalId: [
    'external_id',
    'id_externe',
    'reference_externe',
    'reference_marchand',
    'ref_marchand',
    'externalid',
  ],
  token: ['token', 'invoice_token', 'jeton'],
  amount: ['montant', 'amount', 'montant_brut', 'montant_xof'],
  fee: ['frais', 'fees', 'fee', 'commission'],
  status: ['statut', 'status', 'etat'],
  date: ['date', 'date_transaction', 'date_paiement', 'created_at'],
};

/** Splits CSV text into rows of cells (quotes, doubled quotes, ',' or ';' as the header uses). */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === separator) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      if (row.some((v) => v.trim() !== '')) rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  row.push(cell);
  if (row.some((v) => v.trim() !== '')) rows.push(row);
  return rows;
}

/** '2 500', '2500', '2500.00', '2 500,00 F CFA' as 2500; null when it is not a whole amount. */
export function parseAmount(text: string | undefined): number | null {
  if (!text) return null;
  const cleaned = text.replace(/[\s\u00a0\u202f]/g, '').replace(/(F?CFA|XOF|FCFA)$/i, '');
  const match = /^(\d+)(?:[.,]0+)?$/.exec(cleaned);
  return match ? Number(match[1]) : null;
}

/** '2026-03-14 10:12', '14/03/2026' as '2026-03-14'; null otherwise. */
export function parseDay(text: string | undefined): string | null {
  if (!text) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text.trim());
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const fr = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(text.trim());
  return fr ? `${fr[3]}-${fr[2]}-${fr[1]}` : null;
}

/** The statement's lines; a French 400 when it cannot be read. */
export function parseStatement(csv: string): StatementLine[] {
  const rows = parseCsv(csv);
  if (rows.length < 1) throw httpError(400, M.statementUnreadable);
  if (rows.length - 1 > MAX_LINES) throw httpError(400, M.statementTooLarge);
  const headers = rows[0].map(keyOf);
  const index = Object.fromEntries(
    Object.entries(COLUMNS).map(([field, names]) => [field, headers.findIndex((h) => names.includes(h))]),
  ) as Record<keyof typeof COLUMNS, number>;
  if (index.amount < 0 || (index.reference < 0 && index.externalId < 0 && index.token < 0))
    throw httpError(400, M.statementUnreadable);
  const cell = (row: string[], field: keyof typeof COLUMNS) => {
    const value = index[field] >= 0 ? row[index[field]]?.trim() : undefined;
    return value ? value.slice(0, 200) : undefined;
  };
  return rows.slice(1).map((row, i) => ({
    line: i + 1,
    reference: cell(row, 'reference') ?? null,
    externalId: cell(row, 'externalId') ?? null,
    token: cell(row, 'token') ?? null,
    amount: parseAmount(cell(row, 'amount')),
    fee: parseAmount(cell(row, 'fee')),
    status: cell(row, 'status') ?? null,
    date: parseDay(cell(row, 'date')),
  }));
}

/** A line the provider completed (a statement of payments may have no status column: every line then). */
export function completedAtProvider(status: string | null): boolean {
  if (status === null) return true;
  return /^(completed?|succes|success|successful|reussie?|payee?|validee?|ok|00)$/.test(keyOf(status));
}

type Candidate = Pick<
  CheckoutRow,
  | 'id'
  | 'status'
  | 'amount'
  | 'transaction_id'
  | 'token'
  | 'provider_reference'
  | 'contribution_id'
  | 'receipt_number'
  | 'receipt_public_id'
  | 'contribution_status'
  | 'contribution_amount'
  | 'completed_at'
>;

/** Matches the statement with the church's checkouts and recorded online gifts. */
export async function reconcile(db: Db, churchId: number, csv: string): Promise<Reconciliation> {
  const lines = parseStatement(csv);
  const candidates = await queryRows<Candidate>(
    db,
    sql`select k.id, k.status, k.amount, k.transaction_id, k.token, k.provider_reference, k.contribution_id,
               c.receipt_number, c.public_id as receipt_public_id, c.status as contribution_status,
               c.amount as contribution_amount, k.completed_at
        from giving_checkouts k left join contributions c on c.id = k.contribution_id
        where k.church_id = ${churchId}`,
  );
  const byKey = new Map<string, Candidate>();
  for (const c of candidates) {
    byKey.set(`x:${c.transaction_id}`, c);
    if (c.token) byKey.set(`t:${c.token}`, c);
    if (c.provider_reference) byKey.set(`r:${c.provider_reference}`, c);
  }
  const found = (l: StatementLine) =>
    (l.externalId && byKey.get(`x:${l.externalId}`)) ||
    (l.token && byKey.get(`t:${l.token}`)) ||
    (l.reference && byKey.get(`r:${l.reference}`)) ||
    null;
  const contributionOf = (c: Candidate) =>
    c.contribution_id === null
      ? null
      : {
          id: Number(c.contribution_id),
          receipt_number: c.receipt_number ?? '',
          public_id: c.receipt_public_id ?? '',
          status: c.contribution_status ?? 'valid',
          amount: Number(c.contribution_amount ?? 0),
        };
  const out: ReconciliationLine[] = [];
  const seen = new Set<number>();
  let ignored = 0;
  const days: string[] = [];
  for (const l of lines) {
    if (l.date) days.push(l.date);
    if (!completedAtProvider(l.status)) {
      ignored++;
      continue;
    }
    const c = found(l);
    if (c) seen.add(Number(c.id));
    const contribution = c ? contributionOf(c) : null;
    const base = {
      line: l.line,
      reference: l.reference,
      external_id: l.externalId ?? c?.transaction_id ?? null,
      date: l.date,
      amount: l.amount,
      fee: l.fee,
      provider_status: l.status,
      checkout: c ? { id: Number(c.id), status: c.status, amount: Number(c.amount) } : null,
      contribution,
    };
    if (contribution && contribution.status === 'valid' && contribution.amount === l.amount) {
      out.push({ ...base, kind: 'matched', note: `Reçu ${contribution.receipt_number}` });
    } else if (contribution && contribution.status === 'valid') {
      out.push({
        ...base,
        kind: 'missing',
        note: `Montant différent : ${l.amount ?? '?'} chez LigdiCash, ${contribution.amount} sur le reçu ${contribution.receipt_number}.`,
      });
    } else if (contribution) {
      out.push({
        ...base,
        kind: 'missing',
        note: `Payé chez LigdiCash mais le reçu ${contribution.receipt_number} est annulé : à vérifier.`,
      });
    } else if (c) {
      out.push({
        ...base,
        kind: 'missing',
        note: 'Payé chez LigdiCash, non enregistré : vérifiez-le auprès de LigdiCash pour l’enregistrer.',
      });
    } else {
      out.push({
        ...base,
        kind: 'missing',
        note: 'Inconnu du produit : après vérification auprès de LigdiCash, enregistrez-le comme recette.',
      });
    }
  }
  // The product's online gifts of the statement's period that the statement does not list.
  const sorted = days.sort();
  const from = sorted[0] ?? null;
  const to = sorted[sorted.length - 1] ?? null;
  if (from && to) {
    for (const c of candidates) {
      if (c.status !== 'paid' || seen.has(Number(c.id)) || !c.completed_at) continue;
      const day = isoString(c.completed_at).slice(0, 10);
      if (day < from || day > to) continue;
      const contribution = contributionOf(c);
      out.push({
        kind: 'unknown',
        line: null,
        reference: c.provider_reference,
        external_id: c.transaction_id,
        date: day,
        amount: Number(c.amount),
        fee: null,
        provider_status: null,
        checkout: { id: Number(c.id), status: c.status, amount: Number(c.amount) },
        contribution,
        note: `Enregistré (reçu ${contribution?.receipt_number ?? '?'}) mais absent du relevé : à examiner avec LigdiCash.`,
      });
    }
  }
  const total = (kind: ReconciliationLine['kind']) => {
    const of = out.filter((l) => l.kind === kind);
    return { count: of.length, amount: of.reduce((s, l) => s + (l.amount ?? 0), 0) };
  };
  return {
    lines: out,
    totals: { matched: total('matched'), missing: total('missing'), unknown: total('unknown'), ignored },
    period: { from, to },
  };
}
