import {
  CHECKOUT_STATUS_LABELS,
  GIVING_COLLECTION_LABELS,
  RECONCILIATION_KIND_LABELS,
  type CheckoutStatus,
  type ReconciliationKind,
} from '@contract/values/giving';
import { CONTRIBUTION_TYPE_LABELS, CONTRIBUTION_TYPES } from '@contract/values/contributions';
import type { BadgeTone } from '@/shared/ui/badge';

export {
  CHECKOUT_STATUS_LABELS,
  CONTRIBUTION_TYPE_LABELS,
  GIVING_COLLECTION_LABELS,
  RECONCILIATION_KIND_LABELS,
};

export const STATUS_TONES: Record<CheckoutStatus, BadgeTone> = {
  started: 'gray',
  pending: 'amber',
  paid: 'green',
  failed: 'red',
  expired: 'gray',
};

export const KIND_TONES: Record<ReconciliationKind, BadgeTone> = {
  matched: 'green',
  missing: 'amber',
  unknown: 'red',
};

/** The gift types a giver chooses (SPEC.md's contribution types; 'Promesse' and 'Autre' included). */
export const TYPE_OPTIONS = CONTRIBUTION_TYPES.map((type) => ({
  value: type,
  label: CONTRIBUTION_TYPE_LABELS[type],
}));

export const STATUS_OPTIONS = (Object.keys(CHECKOUT_STATUS_LABELS) as CheckoutStatus[]).map((status) => ({
  value: status,
  label: CHECKOUT_STATUS_LABELS[status],
}));

/** Mobile money first: what members in francophone Africa use most. */
export const PAY_HINT =
  'Orange Money, MTN MoMo, Moov Money, Wave ou carte bancaire, sur la page sécurisée de LigdiCash.';

/** The public giving page's address (its QR code on the poster). */
export function givingPageUrl(code: string, origin: string = window.location.origin): string {
  return `${origin}/donner/${code}`;
}

/** The public verification address of a receipt (its QR code). */
export function receiptUrl(publicId: string, origin: string = window.location.origin): string {
  return `${origin}/receipt/${publicId}`;
}

/** Leaving for the provider's payment page (an object, so that tests can watch it). */
export const paymentPage = {
  open: (url: string) => window.location.assign(url),
};
