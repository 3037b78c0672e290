import type { GENDERS, TransferStatus } from '@contract/faithful';

export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = { M: 'Homme', F: 'Femme' };

export const TRANSFER_STATUS_LABELS: Record<TransferStatus, string> = {
  pending: 'En attente',
  accepted: 'Accepté',
  rejected: 'Refusé',
  cancelled: 'Annulé',
};
