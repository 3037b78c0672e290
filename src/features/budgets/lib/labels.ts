import { BUDGET_STATUS_LABELS } from '@contract/values/budgets';
import type { BudgetStatus } from '@contract/budgets';
import type { BadgeTone } from '@/shared/ui/badge';

export { BUDGET_CATEGORY_LABELS, BUDGET_STATUS_LABELS } from '@contract/values/budgets';

export const BUDGET_STATUS_TONES: Record<BudgetStatus, BadgeTone> = {
  draft: 'gray',
  submitted: 'amber',
  approved: 'green',
  finalized: 'blue',
  rejected: 'red',
};

export const statusLabel = (status: BudgetStatus) => BUDGET_STATUS_LABELS[status] ?? status;

/** To whom a budget is submitted, after 'à' (contracted: 'au bureau national', never 'à le'). */
export const SUBMITTED_TO_LABELS: Record<string, string> = {
  CHURCH: 'à la section',
  SECTION: 'à la région',
  REGION: 'au bureau national',
  NATIONAL_OFFICE: 'au bureau national',
};

export const ENTITY_LABELS: Record<string, string> = {
  CHURCH: 'Église',
  SECTION: 'Section',
  REGION: 'Région',
  NATIONAL_OFFICE: 'Bureau national',
};

/** The used share of a line, 0-100+ (null when nothing is planned or not followed). */
export function usedPercent(actual: number | null, planned: number): number | null {
  if (actual === null || planned <= 0) return null;
  return Math.round((actual / planned) * 1000) / 10;
}

export function formatPercent(value: number | null): string {
  if (value === null) return '—';
  return `${value.toLocaleString('fr-FR', { maximumFractionDigits: 1 })} %`;
}
