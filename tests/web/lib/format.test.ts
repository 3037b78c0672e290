import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatLongDate,
  formatMoney,
  formatPhone,
  formatTime,
  fullName,
  toApiDate,
} from '@/shared/lib/format';

// fr-FR separates groups with narrow no-break spaces (U+202F) and the currency with U+00A0.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('formatMoney', () => {
  it('formats XOF in fr-FR with the F CFA suffix', () => {
    expect(plain(formatMoney(12500))).toBe('12 500 F CFA');
    expect(plain(formatMoney(1234567))).toBe('1 234 567 F CFA');
    expect(plain(formatMoney(0))).toBe('0 F CFA');
  });

  it('uses no-break spaces so an amount never wraps', () => {
    expect(formatMoney(12500)).toMatch(/^12[\u202f\u00a0]500[\u202f\u00a0]F[\u202f\u00a0 ]CFA$/);
    expect(formatMoney(12500)).not.toContain(' 500');
  });

  it('drops the suffix on demand and keeps the grouping', () => {
    expect(plain(formatMoney(12500, { suffix: false }))).toBe('12 500');
    expect(formatMoney(12500, { suffix: false })).not.toMatch(/CFA/);
  });

  it('shows negative amounts and no decimals', () => {
    expect(plain(formatMoney(-2500))).toBe('-2 500 F CFA');
    expect(plain(formatMoney(999.6, { suffix: false }))).toBe('1 000');
  });

  it('writes exactly what Intl.NumberFormat writes, without loading it', () => {
    const currency = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'XOF' });
    const integer = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
    const amounts = [1, 12, 999, 1000, 9999, 10000, 123456, 1000000, 987654321, 12345678901234];
    for (const base of amounts)
      for (const amount of [base, -base, base + 0.5, -(base + 0.5), base + 0.49, base - 0.5]) {
        expect(formatMoney(amount)).toBe(currency.format(amount));
        expect(formatMoney(amount, { suffix: false })).toBe(integer.format(amount));
      }
    // where Intl writes '-0', a total reads 0
    expect(formatMoney(-0.4)).toBe(currency.format(0));
  });

  it('shows a missing amount as zero', () => {
    expect(plain(formatMoney(null))).toBe('0 F CFA');
    expect(plain(formatMoney(undefined, { suffix: false }))).toBe('0');
    expect(plain(formatMoney(Number.NaN))).toBe('0 F CFA');
  });
});

describe('dates', () => {
  it('formats DD/MM/YYYY from a Date, an ISO day or a timestamp string', () => {
    expect(formatDate(new Date(2026, 2, 5))).toBe('05/03/2026');
    expect(formatDate('2026-03-05')).toBe('05/03/2026');
    expect(formatDate('2026-12-31T10:30:00')).toBe('31/12/2026');
  });

  it('formats the long French date of banners', () => {
    expect(formatLongDate('2026-03-05')).toBe('05 mars 2026');
    expect(formatLongDate(new Date(2026, 7, 15))).toBe('15 août 2026');
  });

  it('does not switch the global dayjs locale', () => {
    formatLongDate('2026-03-05');
    expect(formatDate('2026-03-05')).toBe('05/03/2026');
  });

  it('formats date-times, times and the API date', () => {
    expect(formatDateTime('2026-03-05T14:07:00')).toBe('05/03/2026 14:07');
    expect(formatTime('2026-03-05T09:05:00')).toBe('09:05');
    expect(toApiDate(new Date(2026, 0, 9))).toBe('2026-01-09');
  });

  it('gives an empty text for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatLongDate('pas une date')).toBe('');
    expect(formatDateTime(null)).toBe('');
  });
});

describe('formatPhone', () => {
  it("says 'Non renseigné' when there is no phone", () => {
    expect(formatPhone(null)).toBe('Non renseigné');
    expect(formatPhone(undefined)).toBe('Non renseigné');
    expect(formatPhone('')).toBe('Non renseigné');
    expect(formatPhone('   ')).toBe('Non renseigné');
  });

  it('shows the phone otherwise', () => {
    expect(formatPhone(' +225 07 00 00 00 ')).toBe('+225 07 00 00 00');
  });
});

describe('fullName', () => {
  it('joins first and last names', () => {
    expect(fullName({ firstname: 'Awa', lastname: 'Koné' })).toBe('Awa Koné');
    expect(fullName({ firstname: 'Awa', lastname: null })).toBe('Awa');
    expect(fullName({ firstname: '  ', lastname: 'Koné' })).toBe('Koné');
  });

  it('falls back to the ready-made fullname, then to nothing', () => {
    expect(fullName({ fullname: 'Jean Kouassi' })).toBe('Jean Kouassi');
    expect(fullName(null)).toBe('');
    expect(fullName({})).toBe('');
  });
});
