import dayjs from 'dayjs';
import 'dayjs/locale/fr';

export type DateInput = Date | string | number | null | undefined;

/** fr-FR's group separator (a narrow no-break space) and the space before the currency (no-break). */
const GROUP = '\u202f';
const CURRENCY = '\u00a0F\u202fCFA';

/**
 * Money is an integer of XOF: '12 500 F CFA', or '12 500' with `suffix: false`, exactly as
 * `Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'XOF' })` writes it (rounded half away
 * from zero, the narrow no-break spaces of fr-FR), without it: the first `Intl.NumberFormat` of a page
 * loads the browser's locale data, about 100 ms of a cheap phone's first screen (decision 0049).
 * Missing amounts show as 0 so that a table cell or a total never reads 'NaN'; nor '-0'.
 */
export function formatMoney(amount: number | null | undefined, { suffix = true }: { suffix?: boolean } = {}) {
  const value = amount == null || !Number.isFinite(amount) ? 0 : amount;
  const units = Math.round(Math.abs(value));
  const digits = String(units).replace(/\B(?=(\d{3})+(?!\d))/g, GROUP);
  const text = value < 0 && units !== 0 ? `-${digits}` : digits;
  return suffix ? `${text}${CURRENCY}` : text;
}

function toDayjs(d: DateInput) {
  if (d == null || d === '') return null;
  const value = dayjs(d);
  return value.isValid() ? value : null;
}

/** 'DD/MM/YYYY'; an empty or invalid date gives ''. */
export function formatDate(d: DateInput): string {
  return toDayjs(d)?.format('DD/MM/YYYY') ?? '';
}

/** The banner format 'dd MMMM yyyy' in French, e.g. '05 mars 2026'; '' when empty. */
export function formatLongDate(d: DateInput): string {
  return toDayjs(d)?.locale('fr').format('DD MMMM YYYY') ?? '';
}

/** 'DD/MM/YYYY HH:mm'; '' when empty. */
export function formatDateTime(d: DateInput): string {
  return toDayjs(d)?.format('DD/MM/YYYY HH:mm') ?? '';
}

/** 'HH:mm'; '' when empty. */
export function formatTime(d: DateInput): string {
  return toDayjs(d)?.format('HH:mm') ?? '';
}

/** The wire format of dates sent to the API (journal filters, forms): 'YYYY-MM-DD'; '' when empty. */
export function toApiDate(d: DateInput): string {
  return toDayjs(d)?.format('YYYY-MM-DD') ?? '';
}

export const PHONE_MISSING = 'Non renseigné';

/** The phone as stored, or 'Non renseigné' when there is none. */
export function formatPhone(phone: string | null | undefined): string {
  const value = phone?.trim();
  return value ? value : PHONE_MISSING;
}

export type NamedUser = {
  firstname?: string | null;
  lastname?: string | null;
  fullname?: string | null;
};

/** 'Prénom Nom' from a user's firstname and lastname (or the API's ready-made `fullname`); '' when unknown. */
export function fullName(user: NamedUser | null | undefined): string {
  if (!user) return '';
  const joined = [user.firstname, user.lastname]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return joined || user.fullname?.trim() || '';
}
