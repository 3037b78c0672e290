import type {
  DonationType,
  ExpenseLineStatus,
  ExpenseRequestStatus,
  PaymentMethod,
  PlannedActivity,
  RecipientEntityType,
} from '@contract/expenses';
import type { BadgeTone } from '@/shared/ui/badge';

export const EXPENSE_REQUEST_STATUS_LABELS: Record<ExpenseRequestStatus, string> = {
  approval_pending: "En attente d'approbation",
  rejected: 'Rejetée',
  approved: 'Approuvée',
  validated: 'Validée',
};

export const EXPENSE_LINE_STATUS_LABELS: Record<ExpenseLineStatus, string> = {
  pending: 'En attente',
  paid: 'Payée partiellement',
  validated: 'Payée',
  cancelled: 'Annulée',
};

export const DONATION_TYPE_LABELS: Record<DonationType, string> = {
  none: 'Dépense ordinaire',
  individual: 'Personne physique',
  legal_entity: 'Personne morale',
  system_entity: 'Entité du système',
};

/** SPEC.md section 9. */
export const RECIPIENT_ENTITY_LABELS: Record<RecipientEntityType, string> = {
  church: 'Église',
  section: 'Section',
  region: 'Région',
  national_office: 'Bureau National',
  activity_group: 'Département',
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Espèces',
  bank_transfer: 'Virement bancaire',
  check: 'Chèque',
  mobile_money: 'Mobile money',
};

/** 'Dépense vérifiée (par {name})' (SPEC.md section 2). */
export function verifiedLabel(name: string): string {
  return `Dépense vérifiée (par ${name})`;
}

/** 'title - type (date)' or 'type (date)' (SPEC.md section 7); date as DD/MM/YYYY. */
export function plannedActivityLabel(activity: PlannedActivity): string {
  const [y, m, d] = activity.planned_date.slice(0, 10).split('-');
  const date = `${d}/${m}/${y}`;
  const type = activity.activityType?.name ?? '';
  return activity.title ? `${activity.title} - ${type} (${date})` : `${type} (${date})`;
}

/** Badges of a request: approval_pending gray, rejected pink, the others green (SPEC.md section 4). */
export function requestStatusTone(status: string): BadgeTone {
  if (status === 'approval_pending') return 'gray';
  if (status === 'rejected') return 'pink';
  return 'green';
}

export function lineStatusTone(status: string): BadgeTone {
  if (status === 'cancelled') return 'red';
  if (status === 'validated') return 'green';
  if (status === 'paid') return 'amber';
  return 'gray';
}

export const ENTITY_TYPE_LABELS = {
  NATIONAL_OFFICE: 'Bureau National',
  REGION: 'Région',
  SECTION: 'Section',
  CHURCH: 'Église',
  ACTIVITY_GROUP: 'Département',
} as const;
