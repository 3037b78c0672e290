import { formatDate } from '@/shared/lib/format';

/** A period picked in a calendar (either end may be missing while the user picks). */
export type DateRangeValue = { from?: Date; to?: Date };

/** The earliest date any form accepts (SPEC.md section 5). */
export const EARLIEST_DATE = new Date(1900, 0, 1);

/** 'Du 05/03/2026 au 12/03/2026' */
export function formatRange(range: DateRangeValue | undefined): string {
  if (!range?.from) return '';
  if (!range.to) return `À partir du ${formatDate(range.from)}`;
  return `Du ${formatDate(range.from)} au ${formatDate(range.to)}`;
}
