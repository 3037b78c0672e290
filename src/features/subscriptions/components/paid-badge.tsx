import { PAYMENT_ATTEMPT_STATUS_LABELS } from '@contract/values/subscriptions';
import type { PaymentAttemptStatus } from '@contract/subscriptions';
import { Badge } from '@/shared/ui/badge';

/** 'Payée' / 'Non payée' (SPEC.md section 4: paid if a payment exists). */
export function PaidBadge({ paid }: { paid: boolean }) {
  return paid ? <Badge tone="green">Payée</Badge> : <Badge tone="red">Non payée</Badge>;
}

const ATTEMPT_TONES = { pending: 'amber', completed: 'green', failed: 'red' } as const;

export function AttemptBadge({ status }: { status: PaymentAttemptStatus }) {
  return <Badge tone={ATTEMPT_TONES[status]}>{PAYMENT_ATTEMPT_STATUS_LABELS[status]}</Badge>;
}
