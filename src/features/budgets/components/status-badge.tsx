import type { BudgetStatus } from '@contract/budgets';
import { Badge } from '@/shared/ui/badge';
import { BUDGET_STATUS_TONES, statusLabel } from '../lib/labels';

export function BudgetStatusBadge({ status }: { status: BudgetStatus }) {
  return <Badge tone={BUDGET_STATUS_TONES[status]}>{statusLabel(status)}</Badge>;
}
