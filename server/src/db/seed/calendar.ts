import { MONTH_NAMES } from '../../../../contract/values/dates';

/** The demo's clock arithmetic: every date is a UTC instant, every day starts at 00:00 UTC. */
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export const pad = (value: number, length: number) => String(value).padStart(length, '0');
export const frDate = (d: Date) =>
  `${pad(d.getUTCDate(), 2)}/${pad(d.getUTCMonth() + 1, 2)}/${d.getUTCFullYear()}`;
export const isoDate = (d: Date) => d.toISOString().slice(0, 10);
export const monthLabel = (d: Date) => `${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
export const startOfDay = (d: Date) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
export const atTime = (day: Date, hours: number, minutes = 0) =>
  new Date(day.getTime() + hours * HOUR + minutes * 60_000);
export const addMonths = (d: Date, months: number) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, d.getUTCDate()));
