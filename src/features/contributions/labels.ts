import {
  CONTRIBUTION_PERMISSIONS,
  CONTRIBUTION_TYPE_LABELS,
  CONTRIBUTION_TYPES,
} from '@contract/values/contributions';
import type { Contribution, ContributionStatus } from '@contract/contributions';
import type { BadgeTone } from '@/shared/ui/badge';

export { CONTRIBUTION_TYPE_LABELS, CONTRIBUTION_TYPES };

export const CONTRIBUTION_STATUS_LABELS: Record<ContributionStatus, string> = {
  valid: 'Valide',
  cancelled: 'Annulé',
};

export const TYPE_OPTIONS = CONTRIBUTION_TYPES.map((type) => ({
  value: type,
  label: CONTRIBUTION_TYPE_LABELS[type],
}));

export const STATUS_TONES: Record<ContributionStatus, BadgeTone> = { valid: 'green', cancelled: 'red' };

/** The permission codes the pages ask (defined once in the contract, checked by the server). */
export const PERMISSION_CODES = CONTRIBUTION_PERMISSIONS;

/** 'Prénom Nom', a guest's name (an online gift without an account), or 'Anonyme'. */
export function contributorName(
  contribution: Pick<Contribution, 'contributor' | 'is_anonymous' | 'giver_name'>,
): string {
  if (contribution.is_anonymous) return 'Anonyme';
  if (!contribution.contributor)
    return contribution.giver_name ? `${contribution.giver_name} (visiteur)` : 'Anonyme';
  return `${contribution.contributor.firstname} ${contribution.contributor.lastname}`.trim();
}

/** The public verification address of a receipt (its QR code). */
export function receiptUrl(publicId: string, origin: string = window.location.origin): string {
  return `${origin}/receipt/${publicId}`;
}
