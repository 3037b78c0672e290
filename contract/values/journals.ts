/** The zod-free part of contract/journals.ts (re-exported there): what the SPA may import without zod (decision 0023). */

/**
 * The four accounting documents ('pièces comptables'), all read from the treasury movements:
 * GET /treasury-journal, GET /general-journal, GET /account-journal, GET /financial-report.
 *
 * Dates are calendar days (YYYY-MM-DD) in the users' time zone, Africa/Abidjan (UTC+0, no daylight
 * saving): a period from_date..to_date covers [from_date 00:00, to_date + 1 day 00:00) in that zone,
 * both days included.
 */
export const JOURNAL_TIME_ZONE = 'Africa/Abidjan';

/** Longest period a document may cover (a little more than 5 years). */
export const JOURNAL_MAX_PERIOD_DAYS = 1830;
/** Rows per page of the journals: default and maximum. */
export const JOURNAL_DEFAULT_LIMIT = 1000;
export const JOURNAL_MAX_LIMIT = 5000;

export const JOURNAL_MESSAGES = {
  entityTypeRequired: "Le type d'entité est requis.",
  /** GET /treasury-totals is read for a group (section, region, national office) */
  totalsGroupOnly: 'Les totaux se lisent pour une section, une région ou un bureau national.',
  entityType: "Type d'entité non supporté",
  entityIdRequired: "L'entité est requise.",
  entityId: 'Entité invalide.',
  typeRequired: 'Le type de journal est requis.',
  type: 'Type de journal invalide (CASH, BANK ou ELECTRONIK).',
  fromRequired: 'La date de début est requise.',
  from: 'Date de début invalide (AAAA-MM-JJ).',
  toRequired: 'La date de fin est requise.',
  to: 'Date de fin invalide (AAAA-MM-JJ).',
  order: 'La date de fin doit être postérieure ou égale à la date de début.',
  tooLong: 'La période ne peut pas dépasser 5 ans.',
  accountRequired: 'Le compte est requis.',
  account: 'Compte invalide.',
  accountNotFound: "Compte d'opération introuvable.",
  page: 'Page invalide.',
  after: 'Opération de reprise invalide.',
  afterNotFound: "L'opération de reprise n'appartient pas à ce journal ni à cette période.",
  limit: `Limite invalide (1 à ${JOURNAL_MAX_LIMIT}).`,
  forbidden: "Vous n'avez pas accès aux documents comptables de cette entité.",
} as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is refused). */
export function isIsoDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Days from `from` to `to` (YYYY-MM-DD), 0 when equal. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
