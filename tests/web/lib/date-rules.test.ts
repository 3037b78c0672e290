import { describe, expect, it } from 'vitest';
import { todayInDenomination } from '@contract/values/dates';
import { assetDateProblems, dayProblem } from '@/shared/lib/date-rules';

const tomorrow = () => {
  const d = new Date(`${todayInDenomination()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

describe('the date rules of the forms', () => {
  it('accepts an empty optional day and refuses a day that is not on the calendar or before 1900', () => {
    expect(dayProblem('')).toBeNull();
    expect(dayProblem('2024-02-29')).toBeNull();
    expect(dayProblem('2023-02-29')).toBe('Date invalide.');
    expect(dayProblem('1899-12-31')).toBe('La date ne peut pas être antérieure au 01/01/1900.');
  });

  it('refuses a money day in the future, not a commissioning day', () => {
    expect(dayProblem(tomorrow())).toBeNull();
    expect(dayProblem(tomorrow(), { money: true })).toBe('La date ne peut pas être dans le futur.');
    expect(assetDateProblems({ purchase_date: tomorrow(), commissioning_date: tomorrow() })).toEqual([
      ['purchase_date', 'La date ne peut pas être dans le futur.'],
    ]);
    expect(assetDateProblems({ purchase_date: '2024-13-01', commissioning_date: '1800-01-01' })).toEqual([
      ['purchase_date', 'Date invalide.'],
      ['commissioning_date', 'La date ne peut pas être antérieure au 01/01/1900.'],
    ]);
  });
});
