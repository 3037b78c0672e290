import type { BadgeTone } from '@/shared/ui/badge';

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
