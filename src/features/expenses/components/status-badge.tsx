import type { ExpenseLineStatus, ExpenseRequestStatus } from '@contract/expenses';
import { Badge } from '@/shared/ui/badge';
import {
  EXPENSE_LINE_STATUS_LABELS,
  EXPENSE_REQUEST_STATUS_LABELS,
  lineStatusTone,
  requestStatusTone,
} from '../lib/labels';

export function RequestStatusBadge({ status }: { status: ExpenseRequestStatus }) {
  return <Badge tone={requestStatusTone(status)}>{EXPENSE_REQUEST_STATUS_LABELS[status] ?? status}</Badge>;
}

export function LineStatusBadge({ status }: { status: ExpenseLineStatus }) {
  return <Badge tone={lineStatusTone(status)}>{EXPENSE_LINE_STATUS_LABELS[status] ?? status}</Badge>;
}
